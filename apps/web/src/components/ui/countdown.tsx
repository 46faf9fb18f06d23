import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/cn';
import { useNow } from '../../lib/use-now';

const pad = (n: number) => String(n).padStart(2, '0');

/** Milliseconds as "2 d 03:04:05", or "03:04:05" under a day (never negative). */
export function formatTimeLeft(ms: number, days: (n: number) => string): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const d = Math.floor(total / 86_400);
  const clock = `${pad(Math.floor((total % 86_400) / 3600))}:${pad(Math.floor((total % 3600) / 60))}:${pad(total % 60)}`;
  return d > 0 ? `${days(d)} ${clock}` : clock;
}

/**
 * The time left until an instant, ticking every second; `endedLabel` once it has passed. Screen readers hear
 * it only when asked (a timer that announced every second would drown everything else).
 */
export function Countdown({
  until,
  endedLabel,
  urgentBelowMs = 5 * 60_000,
  className,
}: {
  /** An ISO-8601 instant. */
  until: string;
  endedLabel: string;
  /** Under this much time left the figure turns orange. */
  urgentBelowMs?: number;
  className?: string;
}) {
  const { t } = useTranslation();
  const target = Date.parse(until);
  const now = useNow(1000, Number.isFinite(target));
  const left = target - now;
  if (!Number.isFinite(target)) return null;
  return (
    <time
      role="timer"
      dateTime={until}
      className={cn(
        'font-semibold tabular-nums',
        left <= 0 ? 'text-slate-400' : left < urgentBelowMs ? 'text-orange-300' : 'text-slate-100',
        className,
      )}
    >
      {left <= 0 ? endedLabel : formatTimeLeft(left, (n) => t('common.daysShort', { n }))}
    </time>
  );
}
