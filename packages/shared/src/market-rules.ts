/**
 * The lane price guidance's rules (the window, the thresholds, the quantiles, a price's place in the range),
 * apart from its schemas (./market): a tender's page that shows the guidance builds no schema.
 */
import { TENDER_MODES, type TenderMode } from './constants.js';
import { MODE_BITS, modeMaskOf } from './tender-filters.js';

/** Lane price guidance looks at the accepted deals of the last 90 days (Tashkent dates, today included). */
export const LANE_PRICE_WINDOW_DAYS = 90;
/**
 * No figure is shown for a lane with fewer deals or fewer carriers than this: with two carriers, a quartile
 * could be one company's price.
 */
export const LANE_PRICE_MIN_DEALS = 7;
export const LANE_PRICE_MIN_CARRIERS = 3;

/** The modes a cargo type names, in the order of TENDER_MODES: a deal counts in the guidance of each. */
export function cargoTypeModes(cargoType: string | null | undefined): TenderMode[] {
  const mask = modeMaskOf(cargoType);
  return TENDER_MODES.filter((mode) => (mask & MODE_BITS[mode]) !== 0);
}

/** The first and last day (YYYY-MM-DD) of the window that ends on `today`. */
export function lanePricePeriod(today: string): { start: string; end: string } {
  const end = new Date(`${today}T00:00:00.000Z`);
  const start = new Date(end.getTime() - (LANE_PRICE_WINDOW_DAYS - 1) * 86_400_000);
  return { start: start.toISOString().slice(0, 10), end: today };
}

/** The value at fraction `q` (0–1) of sorted numbers, between neighbours as spreadsheets do (type 7). */
export function quantileOfSorted(sorted: ArrayLike<number>, q: number): number {
  if (sorted.length === 0) return Number.NaN;
  const position = (sorted.length - 1) * q;
  const below = Math.floor(position);
  const low = sorted[below] ?? Number.NaN;
  const high = sorted[Math.min(below + 1, sorted.length - 1)] ?? low;
  return low + (high - low) * (position - below);
}

/** Where a price sits against a lane's typical range. */
export function placeInLaneRange(price: number, range: { p25: number; p75: number }): 'below' | 'within' | 'above' {
  if (price < range.p25) return 'below';
  if (price > range.p75) return 'above';
  return 'within';
}
