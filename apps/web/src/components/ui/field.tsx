import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

export interface FieldFrameProps {
  id: string;
  label: ReactNode;
  /** Keeps the label for screen readers only (e.g. a search box with a visible placeholder). */
  labelHidden?: boolean;
  hint?: ReactNode;
  error?: string;
  children: ReactNode;
  className?: string;
}

/** Label above, control, then the error (or hint) below, wired together by ids. */
export function FieldFrame({ id, label, labelHidden, hint, error, children, className }: FieldFrameProps) {
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <label htmlFor={id} className={cn('text-sm font-medium text-slate-200', labelHidden && 'sr-only')}>
        {label}
      </label>
      {children}
      {error ? (
        <p id={`${id}-error`} className="text-sm text-red-300">
          {error}
        </p>
      ) : hint ? (
        <p id={`${id}-hint`} className="text-xs text-slate-400">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

export function describedBy(id: string, error: string | undefined, hint: ReactNode): string | undefined {
  if (error) return `${id}-error`;
  if (hint) return `${id}-hint`;
  return undefined;
}

export const controlClass = cn(
  'h-10 max-sm:h-11 w-full rounded-lg border bg-navy-950 px-3 text-sm text-slate-100',
  'border-navy-600 hover:border-navy-500 focus:border-sky-400 focus:outline-none focus-visible:outline-2 focus-visible:outline-sky-400',
  'disabled:cursor-not-allowed disabled:opacity-60',
  'aria-invalid:border-red-400',
);
