import {
  RATING_BLIND_DAYS,
  centsToUsd,
  dashboardMonthBounds,
  dashboardMonths,
  dashboardPeriod,
  type CarrierFigures,
  type CarrierMonth,
  type Dashboard,
  type DashboardFilters,
  type ShipperFigures,
  type ShipperMonth,
} from '@yuk/shared';
import type { Db } from '../../db/database.js';
import * as repo from './dashboard.repository.js';

export interface DashboardContext {
  db: Db;
  /** Tests move the clock (the default period ends today; the ratings' blind days count from now). */
  now?: () => Date;
}

const DAY_MS = 24 * 60 * 60_000;

/** Aggregates arrive as numbers on SQLite and as numbers or numeric text on PostgreSQL; null when no rows. */
const num = (value: number | string | null | undefined) => (value === null || value === undefined ? 0 : Number(value));
const round = (value: number, decimals: number) => Math.round(value * 10 ** decimals) / 10 ** decimals;
const ratio = (part: number, whole: number, decimals = 4) => (whole === 0 ? null : round(part / whole, decimals));

/** Rows keyed by their month index, so each month of the period is listed, with zeros when it has none. */
function byMonth<T extends { month: number | string }>(rows: readonly T[]): Map<number, T> {
  return new Map(rows.map((row) => [Number(row.month), row]));
}

async function shipperFigures(db: Db, userId: number, months: string[], bounds: string[]): Promise<ShipperFigures> {
  const whole = [bounds[0] ?? '', bounds.at(-1) ?? ''];
  const [tenders, deals, deliveries, medians, [overall]] = await Promise.all([
    repo.tendersByMonth(db, userId, bounds).then(byMonth),
    repo.dealsByMonth(db, 'owner_id', userId, bounds).then(byMonth),
    repo.deliveriesByMonth(db, 'owner_id', userId, bounds).then(byMonth),
    repo.medianHoursToAward(db, userId, bounds).then(byMonth),
    repo.medianHoursToAward(db, userId, whole),
  ]);
  const rows: ShipperMonth[] = months.map((month, index) => {
    const posted = tenders.get(index);
    const dealt = deals.get(index);
    const delivered = deliveries.get(index);
    const median = medians.get(index);
    const tenderCount = num(posted?.tenders);
    return {
      month,
      tenders: tenderCount,
      bids_per_tender: ratio(num(posted?.bids), tenderCount, 2),
      deals: num(dealt?.deals),
      spend: centsToUsd(num(dealt?.amount_cents)),
      savings: centsToUsd(num(dealt?.saving_cents)),
      median_hours_to_award: median ? round(num(median.hours), 1) : null,
      delivered: num(delivered?.delivered),
      on_time: num(delivered?.on_time),
    };
  });
  const sum = (pick: (row: ShipperMonth) => number) => rows.reduce((total, row) => total + pick(row), 0);
  const tenderTotal = sum((row) => row.tenders);
  const bidTotal = [...tenders.values()].reduce((total, row) => total + num(row.bids), 0);
  const spendCents = [...deals.values()].reduce((total, row) => total + num(row.amount_cents), 0);
  const savingCents = [...deals.values()].reduce((total, row) => total + num(row.saving_cents), 0);
  const delivered = sum((row) => row.delivered);
  const onTime = sum((row) => row.on_time);
  return {
    tenders: tenderTotal,
    bids_per_tender: ratio(bidTotal, tenderTotal, 2),
    deals: sum((row) => row.deals),
    spend: centsToUsd(spendCents),
    savings: centsToUsd(savingCents),
    // against what the deals would have cost at their starting prices
    savings_share: ratio(savingCents, spendCents + savingCents),
    median_hours_to_award: overall ? round(num(overall.hours), 1) : null,
    delivered,
    on_time: onTime,
    on_time_share: ratio(onTime, delivered),
    months: rows,
  };
}

async function carrierFigures(
  db: Db,
  userId: number,
  months: string[],
  bounds: string[],
  now: Date,
): Promise<CarrierFigures> {
  const blindSince = new Date(now.getTime() - RATING_BLIND_DAYS * DAY_MS).toISOString();
  const [bids, deals, deliveries, ratings, decided] = await Promise.all([
    repo.bidsByMonth(db, userId, bounds).then(byMonth),
    repo.dealsByMonth(db, 'carrier_id', userId, bounds).then(byMonth),
    repo.deliveriesByMonth(db, 'carrier_id', userId, bounds).then(byMonth),
    repo.ratingsByMonth(db, userId, bounds, blindSince).then(byMonth),
    repo.decidedTenders(db, userId, bounds),
  ]);
  const rows: CarrierMonth[] = months.map((month, index) => {
    const placed = bids.get(index);
    const won = deals.get(index);
    const delivered = deliveries.get(index);
    const rated = ratings.get(index);
    const ratingCount = num(rated?.ratings);
    return {
      month,
      bids_placed: num(placed?.bids),
      bids_won: num(won?.deals),
      revenue: centsToUsd(num(won?.amount_cents)),
      delivered: num(delivered?.delivered),
      on_time: num(delivered?.on_time),
      ratings: ratingCount,
      rating_average: ratio(num(rated?.score_total), ratingCount, 2),
    };
  });
  const sum = (pick: (row: CarrierMonth) => number) => rows.reduce((total, row) => total + pick(row), 0);
  const revenueCents = [...deals.values()].reduce((total, row) => total + num(row.amount_cents), 0);
  const scoreTotal = [...ratings.values()].reduce((total, row) => total + num(row.score_total), 0);
  const ratingCount = sum((row) => row.ratings);
  const delivered = sum((row) => row.delivered);
  const onTime = sum((row) => row.on_time);
  return {
    bids_placed: sum((row) => row.bids_placed),
    bids_won: sum((row) => row.bids_won),
    decided_tenders: decided.decided,
    tenders_won: decided.won,
    win_rate: ratio(decided.won, decided.decided),
    revenue: centsToUsd(revenueCents),
    delivered,
    on_time: onTime,
    on_time_share: ratio(onTime, delivered),
    ratings: ratingCount,
    rating_average: ratio(scoreTotal, ratingCount, 2),
    months: rows,
  };
}

/**
 * The caller's own figures for a period, by Tashkent month. A section for each side the user has ever been
 * on (posted a tender; placed a bid), null for the other; every month of the period is listed, with zeros.
 */
export async function getDashboard(ctx: DashboardContext, userId: number, query: DashboardFilters): Promise<Dashboard> {
  const now = ctx.now?.() ?? new Date();
  const { from, to } = dashboardPeriod(query, now);
  const months = dashboardMonths(from, to);
  const bounds = dashboardMonthBounds(from, to);
  const sides = await repo.sidesOf(ctx.db, userId);
  const [shipper, carrier] = await Promise.all([
    sides.shipper ? shipperFigures(ctx.db, userId, months, bounds) : null,
    sides.carrier ? carrierFigures(ctx.db, userId, months, bounds, now) : null,
  ]);
  return { from, to, shipper, carrier };
}
