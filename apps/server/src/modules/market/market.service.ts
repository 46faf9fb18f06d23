import {
  LANE_PRICE_MIN_CARRIERS,
  LANE_PRICE_MIN_DEALS,
  cargoTypeModes,
  centsToUsd,
  lanePricePeriod,
  marketToday,
  quantileOfSorted,
  type LanePrice,
  type LanePriceQuery,
} from '@yuk/shared';
import type { Db } from '../../db/database.js';
import * as repo from './market.repository.js';

export interface MarketContext {
  db: Db;
  /** The clock, so tests can place deals in and out of the window. */
  now?: () => number;
}

/** The price per tonne in cents of a deal; weights are kg, and a weightless cargo counts as one tonne. */
function perTonCents(amountCents: number, weightKg: number): number {
  return Math.round(weightKg > 0 ? (amountCents * 1000) / weightKg : amountCents);
}

/**
 * Counts a settled award in its lane's guidance, inside the transaction that settles it: a rolled-back award
 * is never counted, a settled one always is.
 */
export async function recordLaneDeal(
  trx: Db,
  deal: { tenderId: number; carrierId: number; amountCents: number; atMs: number },
): Promise<void> {
  const tender = await repo.findTenderForDeal(trx, deal.tenderId);
  if (!tender) return;
  const modes = cargoTypeModes(tender.cargo_type);
  if (modes.length === 0) return;
  await repo.addLaneDeal(trx, {
    lane: repo.laneOf(tender.origin_location, tender.destination_location),
    modes,
    day: marketToday(new Date(deal.atMs)),
    carrierId: deal.carrierId,
    amountCents: deal.amountCents,
    perTonCents: perTonCents(deal.amountCents, tender.cargo_weight),
  });
}

/** Every price of the day rows, ascending (a typed array sorts numbers natively, without a comparator). */
function sortedNumbersOf(rows: readonly string[]): Float64Array {
  const parsed = rows.map((text) => JSON.parse(text) as number[]);
  const all = new Float64Array(parsed.reduce((sum, list) => sum + list.length, 0));
  let at = 0;
  for (const list of parsed) {
    all.set(list, at);
    at += list.length;
  }
  return all.sort();
}

/** The typical price of a lane over the last 90 days, or that there are too few deals or carriers to say. */
export async function getLanePrice(ctx: MarketContext, query: LanePriceQuery): Promise<LanePrice> {
  const period = lanePricePeriod(marketToday(new Date(ctx.now?.() ?? Date.now())));
  const lane = repo.laneOf(query.origin, query.destination);
  const [days, carriers] = await Promise.all([
    repo.laneDays(ctx.db, lane, query.mode, period.start, period.end),
    repo.laneCarrierCount(ctx.db, lane, query.mode, period.start),
  ]);
  const deals = days.reduce((sum, day) => sum + day.deals, 0);
  if (deals < LANE_PRICE_MIN_DEALS || carriers < LANE_PRICE_MIN_CARRIERS) return { insufficient_data: true };
  const amounts = sortedNumbersOf(days.map((day) => day.amounts));
  const perTon = sortedNumbersOf(days.map((day) => day.per_ton));
  const usd = (cents: number) => centsToUsd(Math.round(cents));
  return {
    insufficient_data: false,
    deals,
    carriers,
    median: usd(quantileOfSorted(amounts, 0.5)),
    p25: usd(quantileOfSorted(amounts, 0.25)),
    p75: usd(quantileOfSorted(amounts, 0.75)),
    per_ton_median: usd(quantileOfSorted(perTon, 0.5)),
    period_start: period.start,
    period_end: period.end,
  };
}
