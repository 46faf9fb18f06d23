import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { trackProgress, type GeoPoint, type TenderMode, type TimedPoint } from '@yuk/shared';
import { formatDateTime, formatNumber } from '../../lib/format';

/** The current time, renewed every `intervalMs` (the age of the last position grows while the page is open). */
function useNow(intervalMs = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

/** How old a position is, in the words of terms.tracking.age: just now, minutes, hours, then days. */
export function positionAge(
  recordedAt: string,
  nowMs: number,
): { key: 'now' | 'minutes' | 'hours' | 'days'; n: number } {
  const minutes = Math.max(0, Math.floor((nowMs - Date.parse(recordedAt)) / 60_000));
  if (minutes < 1) return { key: 'now', n: 0 };
  if (minutes < 60) return { key: 'minutes', n: minutes };
  if (minutes < 48 * 60) return { key: 'hours', n: Math.floor(minutes / 60) };
  return { key: 'days', n: Math.floor(minutes / (24 * 60)) };
}

/**
 * What a shipment's track says in words: how old its last position is, the distance left to the destination
 * city (great circle) and an estimated arrival, said to be an estimate and what it rests on.
 */
export function TrackSummary({
  points,
  destination,
  mode,
  delivered,
}: {
  /** Oldest first. */
  points: readonly TimedPoint[];
  destination: GeoPoint | null;
  mode: TenderMode | null;
  /** A delivered shipment needs no distance or estimate. */
  delivered: boolean;
}) {
  const { t } = useTranslation();
  const now = useNow();
  const last = points.at(-1) ?? null;
  const progress = useMemo(() => trackProgress(points, destination, mode, now), [points, destination, mode, now]);
  const age = last ? positionAge(last.recorded_at, now) : null;

  const row = (label: string, value: ReactNode, hint?: string) => (
    <div className="flex flex-col gap-0.5">
      <dt className="text-xs font-medium tracking-wide text-slate-400 uppercase">{label}</dt>
      <dd className="text-slate-100">
        {value}
        {hint && <span className="block text-xs text-slate-400">{hint}</span>}
      </dd>
    </div>
  );

  return (
    <dl className="grid gap-3 sm:grid-cols-3">
      {row(
        t('terms.tracking.lastPosition'),
        last && age ? (
          <span data-testid="last-position-age">
            {t(`terms.tracking.age.${age.key}`, { n: age.n })}{' '}
            <time dateTime={last.recorded_at} className="text-sm text-slate-400">
              ({formatDateTime(last.recorded_at)})
            </time>
          </span>
        ) : (
          t('terms.tracking.noPosition')
        ),
      )}
      {!delivered &&
        last &&
        row(
          t('terms.tracking.remaining'),
          !destination
            ? t('terms.tracking.destinationUnknown')
            : progress?.arrived
              ? t('terms.tracking.arrived')
              : t('terms.tracking.remainingKm', { km: formatNumber(Math.round(progress?.remaining_km ?? 0)) }),
        )}
      {!delivered &&
        progress?.eta &&
        row(
          t('terms.tracking.eta'),
          <time dateTime={progress.eta}>{formatDateTime(progress.eta)}</time>,
          progress.speed_source === 'recent'
            ? t('terms.tracking.etaRecent', { speed: progress.speed_kmh })
            : t('terms.tracking.etaDefault', { speed: progress.speed_kmh }),
        )}
    </dl>
  );
}
