import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { Button } from './button';
import { AlertIcon, InboxIcon } from './icons';
import { Spinner } from './spinner';

/** A list or page that is loading: spinner and text, announced politely. */
export function LoadingState({ text, className }: { text: string; className?: string }) {
  return (
    <div role="status" className={cn('flex items-center justify-center gap-3 py-12 text-slate-300', className)}>
      <Spinner className="size-6 text-sky-300" />
      <span>{text}</span>
    </div>
  );
}

/** Nothing to show: a short text, an optional explanation and action. */
export function EmptyState({
  title,
  description,
  action,
  className,
}: {
  title: ReactNode;
  description?: ReactNode;
  action?: ReactNode;
  className?: string;
}) {
  return (
    <div
      className={cn(
        'flex flex-col items-center gap-3 rounded-xl border border-dashed border-navy-600 px-6 py-12 text-center',
        className,
      )}
    >
      <InboxIcon className="size-9 text-slate-400" />
      <p className="font-medium text-slate-100">{title}</p>
      {description && <p className="max-w-md text-sm text-slate-300">{description}</p>}
      {action}
    </div>
  );
}

/** A failure: the error text (announced), and a retry button when the caller can retry. */
export function ErrorState({
  message,
  onRetry,
  retryLabel,
  retrying,
  className,
}: {
  message: ReactNode;
  onRetry?: () => void;
  retryLabel?: string;
  retrying?: boolean;
  className?: string;
}) {
  return (
    <div
      role="alert"
      className={cn(
        'flex flex-col items-center gap-3 rounded-xl border border-red-400/40 bg-red-950/30 px-6 py-10 text-center',
        className,
      )}
    >
      <AlertIcon className="size-8 text-red-300" />
      <p className="text-red-100">{message}</p>
      {onRetry && retryLabel && (
        <Button variant="secondary" onClick={onRetry} pending={retrying}>
          {retryLabel}
        </Button>
      )}
    </div>
  );
}

/** The whole window while the app starts (or a screen's code loads). */
export function FullScreenLoader({ label }: { label: string }) {
  return (
    <div role="status" className="flex min-h-dvh flex-col items-center justify-center gap-4 bg-navy-950 text-slate-200">
      <span className="text-2xl font-bold tracking-tight text-white">Yuk Tender</span>
      <Spinner className="size-8 text-sky-300" />
      <span>{label}</span>
    </div>
  );
}

/** A failure said in place, under what failed (announced to screen readers as it appears). */
export function AlertMessage({ children }: { children: ReactNode }) {
  return (
    <p role="alert" className="rounded-lg border border-red-500/40 bg-red-500/10 p-3 text-sm text-red-100">
      {children}
    </p>
  );
}
