import { z } from 'zod';
import { TENDER_MODES, type TenderMode } from './constants.js';
import { MODE_BITS, modeMaskOf } from './tender-filters.js';
import { TENDER_TEXT_MAX } from './tenders.js';

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

const placeParam = z
  .string({ error: 'required' })
  .trim()
  .min(1, { error: 'required' })
  .max(TENDER_TEXT_MAX, { error: 'too_long' });

export const lanePriceQuery = z.object({
  origin: placeParam.describe('Any spelling: Toshkent, Tashkent and Ташкент are one city'),
  destination: placeParam,
  mode: z.enum(TENDER_MODES, { error: 'one_of' }).describe('truck, plane, ship or labo'),
});
export type LanePriceQuery = z.infer<typeof lanePriceQuery>;

const money = z.number().describe('USD');

/** What the accepted deals of a lane paid; or only that there are too few of them to say. */
export const lanePrice = z
  .union([
    z.object({
      insufficient_data: z.literal(false),
      deals: z.number().int(),
      carriers: z.number().int(),
      median: money,
      p25: money,
      p75: money,
      per_ton_median: money.describe('USD per tonne of cargo'),
      period_start: z.string(),
      period_end: z.string(),
    }),
    z.object({ insufficient_data: z.literal(true) }),
  ])
  .meta({
    examples: [
      {
        insufficient_data: false,
        deals: 24,
        carriers: 9,
        median: 1250,
        p25: 1100,
        p75: 1400,
        per_ton_median: 62.5,
        period_start: '2026-08-28',
        period_end: '2026-11-25',
      },
      { insufficient_data: true },
    ],
  });
export type LanePrice = z.infer<typeof lanePrice>;

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
