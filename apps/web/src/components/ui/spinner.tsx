import { cn } from '../../lib/cn';

/** A turning ring; decorative unless given a label (then it is announced as a status). */
export function Spinner({ className, label }: { className?: string; label?: string }) {
  const ring = (
    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" className={cn('size-5 animate-spin', className)}>
      <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeOpacity="0.25" strokeWidth="3" />
      <path d="M21 12a9 9 0 0 0-9-9" fill="none" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
  if (!label) return ring;
  return (
    <span role="status" className="inline-flex items-center">
      {ring}
      <span className="sr-only">{label}</span>
    </span>
  );
}

/** The line under a list while its next page is on its way. */
export function LoadingMore({ text }: { text: string }) {
  return (
    <div role="status" className="flex items-center justify-center gap-2 py-3 text-sm text-slate-300">
      <Spinner className="size-4 text-sky-300" />
      <span>{text}</span>
    </div>
  );
}
