import {
  RATING_BLIND_DAYS,
  RATING_WINDOW_DAYS,
  type Rating,
  type RatingValues,
  type Review,
  type ShipmentRatings,
} from '@yuk/shared';
import type { Db } from '../../db/database.js';
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
  const inserted = await repo.insertRating(ctx.db, {
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

const share = (values: boolean[]) =>
  values.length === 0 ? null : Math.round((values.filter(Boolean).length / values.length) * 100) / 100;

/** What everyone may see of a user's ratings: only those past the double-blind. */
export async function ratingFigures(db: Db, userId: number, now: Date = new Date()): Promise<RatingFigures> {
  const blindSince = new Date(now.getTime() - RATING_BLIND_DAYS * DAY_MS).toISOString();
  const rows = await repo.visibleRatingsOf(db, userId, blindSince);
  const average = averageOf(
    rows.reduce((sum, row) => sum + row.score, 0),
    rows.length,
  );
  return {
    average,
    count: rows.length,
    onTimeShare: share(rows.filter((row) => row.rater_role === 'owner').map((row) => row.on_time === 1)),
    paymentOnTimeShare: share(
      rows.filter((row) => row.rater_role === 'carrier').map((row) => row.payment === 'on_time'),
    ),
    reviews: rows.slice(0, 5).map((row) => ({
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
 * average, their no-shows, and whether one was within the last `days` days.
 */
export async function standingOfUsers(
  db: Db,
  userIds: readonly number[],
  days: number,
  now: Date = new Date(),
): Promise<Map<number, UserStanding>> {
  const blindSince = new Date(now.getTime() - RATING_BLIND_DAYS * DAY_MS).toISOString();
  const [scores, counts, recent] = await Promise.all([
    repo.visibleScoresOf(db, userIds, blindSince),
    repo.noShowCountsOf(db, userIds),
    repo.noShowsSinceOf(db, userIds, new Date(now.getTime() - days * DAY_MS).toISOString()),
  ]);
  const averages = new Map(scores.map((row) => [row.ratee_id, averageOf(Number(row.total), Number(row.count))]));
  return new Map(
    userIds.map((userId) => [
      userId,
      { rating: averages.get(userId) ?? null, noShows: counts.get(userId) ?? 0, recentNoShow: recent.has(userId) },
    ]),
  );
}
