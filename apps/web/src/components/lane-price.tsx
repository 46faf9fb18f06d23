import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiPaths, cargoTypeModes, placeInLaneRange, type LanePrice, type LanePriceQuery } from '@yuk/shared';
import { api } from '../lib/api-client';
import { formatUsd } from '../lib/format';
import { marketKeys } from '../lib/query-keys';
import { hasAccessToken } from '../lib/session';
import { useDebouncedValue } from '../lib/use-debounced-value';

/** A range is guidance, not a price: whole dollars read better than $872.50. */
const wholeUsd = (usd: number) => formatUsd(Math.round(usd));

/** The figures only move when a deal settles: asked again at most every five minutes. */
const LANE_PRICE_STALE_MS = 5 * 60_000;

export interface LaneRoute {
  origin: string;
  destination: string;
  /** The cargo type names the mode (Truck, Aviation …); its first mode is the lane's. */
  cargoType: string;
}

/** The lane's typical price, once origin, destination and a mode are there; nothing is asked before. */
export function useLanePrice(route: LaneRoute) {
  const mode = cargoTypeModes(route.cargoType)[0];
  const query: LanePriceQuery | null =
    mode && route.origin.trim() && route.destination.trim()
      ? { origin: route.origin.trim(), destination: route.destination.trim(), mode }
      : null;
  return useQuery({
    queryKey: marketKeys.lanePrice(query ?? {}),
    queryFn: ({ signal }) => api.get<LanePrice>(apiPaths.market.lanePrice, { query: query ?? {}, signal }),
    enabled: query !== null && hasAccessToken(),
    staleTime: LANE_PRICE_STALE_MS,
  });
}

/**
 * Under a tender's starting price while it is written: the lane's typical price range and how many deals it
 * rests on, or that the lane has too few deals to say. Asked as the places are typed, once typing pauses.
 */
export function LanePriceHint({ route }: { route: LaneRoute }) {
  const { t } = useTranslation();
  const settled = useDebouncedValue(route, 400);
  const { data } = useLanePrice(settled);
  if (!data) return null;
  return (
    <span role="status" className="text-slate-300">
      {data.insufficient_data
        ? t('terms.lanePrice.insufficient')
        : t('terms.lanePrice.typical', {
            low: wholeUsd(data.p25),
            high: wholeUsd(data.p75),
            count: data.deals,
          })}
    </span>
  );
}

/** On a tender's page: where its lowest price so far sits against the lane's typical range. */
export function LanePricePosition({ route, price }: { route: LaneRoute; price: number }) {
  const { t } = useTranslation();
  const { data } = useLanePrice(route);
  if (!data || data.insufficient_data) return null;
  const place = placeInLaneRange(price, data);
  const range = { low: wholeUsd(data.p25), high: wholeUsd(data.p75), count: data.deals };
  // a bar from a little under p25 to a little over p75, with the price marked on it
  const span = data.p75 - data.p25 || 1;
  const from = data.p25 - span / 2;
  const to = data.p75 + span / 2;
  const at = Math.min(100, Math.max(0, ((price - from) / (to - from)) * 100));
  const rangeStart = ((data.p25 - from) / (to - from)) * 100;
  const rangeWidth = ((data.p75 - data.p25) / (to - from)) * 100;
  return (
    <div className="flex flex-col gap-3 rounded-xl border border-navy-700 bg-navy-900 px-5 py-4 text-sm">
      <p className="text-slate-200">{t(`terms.lanePrice.position.${place}`, range)}</p>
      <div aria-hidden="true" className="relative h-2 rounded-full bg-navy-700">
        <span
          className="absolute inset-y-0 rounded-full bg-sky-500/60"
          style={{ left: `${rangeStart}%`, width: `${rangeWidth}%` }}
        />
        <span className="absolute -top-1 h-4 w-1 -translate-x-1/2 rounded bg-emerald-300" style={{ left: `${at}%` }} />
      </div>
    </div>
  );
}
