import {
  RATING_BLIND_DAYS,
  RATING_WINDOW_DAYS,
  type Rating,
  type RatingValues,
  type Review,
  type ShipmentRatings,
} from '@yuk/shared';
import { engineOf, type Db } from '../../db/database.js';
import { cancelDue, scheduleDueIfAbsent } from '../../db/due-actions.js';
import type { DueHandlers } from '../deadlines/index.js';
import { AppError } from '../../errors.js';
import * as repo from './ratings.repository.js';
import type { RatingsTable } from './ratings.tables.js';

export interface RatingsContext {
  db: Db;
  /** Tests move the clock. */
  now?: () => Date;
}

const DAY_MS = 24 * 60 * 60_000;

type RatingRow = Pick<RatingsTable, 'score' | 'comment' | 'payment' | 'on_time' | 'created_at'>;

const toRating = (row: RatingRow): Rating => ({
  score: row.score,
  comment: row.comment,
  payment: row.payment,
  on_time: row.on_time === null ? null : row.on_time === 1,
  created_at: row.created_at,
});

/** A shipment of mine (as owner or carrier) and my side in it; anyone else's is "not found". */
async function myShipment(ctx: RatingsContext, userId: number, number: string) {
  const shipment = await repo.findShipmentForRating(ctx.db, number);
  if (!shipment || (shipment.owner_id !== userId && shipment.carrier_id !== userId)) {
    throw new AppError('SHIPMENT_NOT_FOUND');
  }
  const role = shipment.owner_id === userId ? ('owner' as const) : ('carrier' as const);
  return { shipment, role, other: role === 'owner' ? shipment.carrier_id : shipment.owner_id };
}

export async function getShipmentRatings(
  ctx: RatingsContext,
  userId: number,
  number: string,
): Promise<ShipmentRatings> {
  const { shipment } = await myShipment(ctx, userId, number);
  const now = (ctx.now?.() ?? new Date()).getTime();
  const ratings = await repo.ratingsOfShipment(ctx.db, shipment.id);
  const mine = ratings.find((row) => row.rater_id === userId);
  const theirs = ratings.find((row) => row.rater_id !== userId);
  const deliveredMs = shipment.delivered_at ? Date.parse(shipment.delivered_at) : undefined;
  const rateUntil = deliveredMs === undefined ? undefined : deliveredMs + RATING_WINDOW_DAYS * DAY_MS;
  const blindOver = deliveredMs !== undefined && now >= deliveredMs + RATING_BLIND_DAYS * DAY_MS;
  const shown = theirs && (mine || blindOver);
  return {
    can_rate: shipment.status === 'delivered' && !mine && rateUntil !== undefined && now <= rateUntil,
    rate_until: rateUntil === undefined ? null : new Date(rateUntil).toISOString(),
    mine: mine ? toRating(mine) : null,
    theirs: shown ? toRating(theirs) : null,
    theirs_hidden: Boolean(theirs && !shown),
  };
}

/**
 * Rates the other side of a delivered shipment, once, within the window. The carrier says how the payment
 * went, the owner whether the dates were kept.
 */
export async function rateShipment(
  ctx: RatingsContext,
  userId: number,
  number: string,
  values: RatingValues,
): Promise<ShipmentRatings> {
  const { shipment, role, other } = await myShipment(ctx, userId, number);
  if (role === 'carrier' && values.payment === undefined) {
    throw new AppError('VALIDATION_FAILED', { fields: { payment: 'required' } });
  }
  if (role === 'owner' && values.on_time === undefined) {
    throw new AppError('VALIDATION_FAILED', { fields: { on_time: 'required' } });
  }
  if (shipment.status !== 'delivered' || !shipment.delivered_at) throw new AppError('RATING_NOT_OPEN');
  const now = ctx.now?.() ?? new Date();
  if (now.getTime() > Date.parse(shipment.delivered_at) + RATING_WINDOW_DAYS * DAY_MS) {
    throw new AppError('RATING_CLOSED');
  }
  const deliveredAt = shipment.delivered_at;
  const inserted = await ctx.db.transaction().execute(async (trx) => {
    if (engineOf(trx) === 'postgres') await repo.lockShipment(trx, shipment.id);
    const written = await repo.insertRating(trx, {
      shipment_id: shipment.id,
      rater_id: userId,
      ratee_id: other,
      rater_role: role,
      score: values.score,
      comment: values.comment,
      payment: role === 'carrier' ? (values.payment ?? null) : null,
      on_time: role === 'owner' ? (values.on_time ? 1 : 0) : null,
      created_at: now.toISOString(),
    });
    if (written) await countOnceVisible(trx, { id: shipment.id, delivered_at: deliveredAt }, now.getTime());
    return written;
  });
  if (!inserted) throw new AppError('ALREADY_RATED');
  return getShipmentRatings(ctx, userId, number);
}

export interface RatingFigures {
  average: number | null;
  count: number;
  onTimeShare: number | null;
  paymentOnTimeShare: number | null;
  reviews: Review[];
}

/**
 * Inside the transaction that wrote a rating of the shipment: once both sides have rated, or if the blind days
 * after the delivery are over already, its ratings enter their ratees' totals now; else the end of the blind
 * days is scheduled (`rating_visible`), which counts them then.
 */
export async function countOnceVisible(
  trx: Db,
  shipment: { id: number; delivered_at: string },
  nowMs: number,
): Promise<void> {
  const blindEndsMs = Date.parse(shipment.delivered_at) + RATING_BLIND_DAYS * DAY_MS;
  if (nowMs >= blindEndsMs || (await repo.ratingCountOf(trx, shipment.id)) >= 2) {
    await repo.countRatings(trx, [shipment.id], new Date(nowMs).toISOString());
    await cancelDue(trx, 'rating_visible', shipment.id);
  } else {
    await scheduleDueIfAbsent(trx, 'rating_visible', shipment.id, blindEndsMs);
  }
}

/**
 * The schedule's `rating_visible`: the blind days of these shipments are over, and their ratings not counted yet
 * (one side rated alone) enter the totals. A rating counted already, because the other side rated, is not
 * counted again (countRatings' condition).
 */
export const ratingDueHandlers = {
  rating_visible: {
    together: async (trx, shipmentIds, batch) => {
      const blindSince = new Date(batch.nowMs - RATING_BLIND_DAYS * DAY_MS).toISOString();
      await repo.countRatings(trx, shipmentIds, new Date(batch.nowMs).toISOString(), blindSince);
    },
  },
} satisfies Partial<DueHandlers>;

const share = (count: number, of: number) => (of === 0 ? null : Math.round((count / of) * 100) / 100);

/** How many of the newest visible reviews a profile shows. */
const REVIEWS = 5;

/**
 * What everyone may see of a user's ratings: only those past the double-blind, from the totals kept per user
 * and the newest few reviews, whatever the length of the user's history.
 */
export async function ratingFigures(db: Db, userId: number): Promise<RatingFigures> {
  const [[totals], reviews] = await Promise.all([
    repo.ratingTotalsOf(db, [userId]),
    repo.newestVisibleReviewsOf(db, userId, REVIEWS),
  ]);
  return {
    average: totals ? averageOf(totals.score_total, totals.rating_count) : null,
    count: totals?.rating_count ?? 0,
    onTimeShare: totals ? share(totals.on_time_count, totals.on_time_of) : null,
    paymentOnTimeShare: totals ? share(totals.payment_on_time_count, totals.payment_of) : null,
    reviews: reviews.map((row) => ({
      score: row.score,
      comment: row.comment,
      created_at: row.created_at,
      from: row.company_name || `${row.first_name} ${row.last_name}`.trim(),
    })),
  };
}

const averageOf = (total: number, count: number) => (count === 0 ? null : Math.round((total / count) * 10) / 10);

/** How many awards each of these users let go unanswered (the no-shows profiles and bid lists show). */
export const noShowCounts = (db: Db, userIds: readonly number[]) => repo.noShowCountsOf(db, userIds);

export interface UserStanding {
  rating: number | null;
  noShows: number;
  recentNoShow: boolean;
}

/**
 * What an owner weighs before an award, for each of these users in three reads: their visible rating
 * average (from the totals kept per user), their no-shows, and whether one was within the last `days` days.
 */
export async function standingOfUsers(
  db: Db,
  userIds: readonly number[],
  days: number,
  now: Date = new Date(),
): Promise<Map<number, UserStanding>> {
  const [totals, counts, recent] = await Promise.all([
    repo.ratingTotalsOf(db, userIds),
    repo.noShowCountsOf(db, userIds),
    repo.noShowsSinceOf(db, userIds, new Date(now.getTime() - days * DAY_MS).toISOString()),
  ]);
  const averages = new Map(totals.map((row) => [row.user_id, averageOf(row.score_total, row.rating_count)]));
  return new Map(
    userIds.map((userId) => [
      userId,
      { rating: averages.get(userId) ?? null, noShows: counts.get(userId) ?? 0, recentNoShow: recent.has(userId) },
    ]),
  );
}
