import { cn } from '../../lib/cn';

export type BadgeTone = 'yellow' | 'green' | 'red' | 'blue' | 'orange' | 'grey';

const tones: Record<BadgeTone, string> = {
  yellow: 'bg-yellow-400/15 text-yellow-200 ring-yellow-400/40',
  green: 'bg-emerald-400/15 text-emerald-200 ring-emerald-400/40',
  red: 'bg-red-400/15 text-red-200 ring-red-400/40',
  blue: 'bg-sky-400/15 text-sky-200 ring-sky-400/40',
  orange: 'bg-orange-400/15 text-orange-200 ring-orange-400/40',
  grey: 'bg-slate-400/15 text-slate-200 ring-slate-400/40',
};

/**
 * The colours of a bid status: pending yellow (also when empty), accepted green,
 * rejected red, active blue, anything else grey.
 */
export function bidStatusTone(status: string | null | undefined): BadgeTone {
  switch ((status ?? '').trim().toLowerCase()) {
    case '':
    case 'pending':
      return 'yellow';
    case 'accepted':
      return 'green';
    case 'rejected':
      return 'red';
    case 'active':
      return 'blue';
    default:
      return 'grey';
  }
}

/** A small coloured pill with the (translated) status text. */
export function StatusBadge({ label, tone, className }: { label: string; tone: BadgeTone; className?: string }) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset',
        tones[tone],
        className,
      )}
    >
      {label}
    </span>
  );
}
