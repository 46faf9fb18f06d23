import { cn } from '../../lib/cn';

/** A small count pill (e.g. unread notifications); the label is read instead of the bare number. */
export function CountBadge({ count, label, className }: { count: number; label: string; className?: string }) {
  if (count <= 0) return null;
  return (
    <span
      className={cn(
        'inline-flex min-w-5 items-center justify-center rounded-full bg-orange-500 px-1.5 text-xs leading-5 font-bold text-navy-950',
        className,
      )}
    >
      <span aria-hidden="true">{count > 99 ? '99+' : count}</span>
      <span className="sr-only">{`, ${label}`}</span>
    </span>
  );
}
