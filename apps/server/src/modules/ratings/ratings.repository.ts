import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { RatingsTable } from './ratings.tables.js';

export function findShipmentForRating(db: Db, number: string) {
  return db
    .selectFrom('shipments')
    .select(['id', 'owner_id', 'carrier_id', 'status', 'delivered_at'])
    .where('number', '=', number)
    .executeTakeFirst();
}

export function ratingsOfShipment(db: Db, shipmentId: number) {
  return db.selectFrom('ratings').selectAll().where('shipment_id', '=', shipmentId).execute();
}

/** Inserts a rating unless this rater already rated the shipment; false then. */
export async function insertRating(db: Db, values: Omit<RatingsTable, 'id'>): Promise<boolean> {
  const rows = await db
    .insertInto('ratings')
    .values(values)
    .onConflict((oc) => oc.columns(['shipment_id', 'rater_id']).doNothing())
    .returning('id')
    .execute();
  return rows.length === 1;
}

/**
 * The ratings of a user that everyone may see: the other side has rated too, or the blind days have passed
 * since the delivery. Newest first.
 */
export function visibleRatingsOf(db: Db, userId: number, blindSince: string) {
  return visibleRatings(db, blindSince)
    .innerJoin('users as u', 'u.id', 'r.rater_id')
    .leftJoin('companies as c', 'c.user_id', 'r.rater_id')
    .select([
      'r.score',
      'r.comment',
      'r.payment',
      'r.on_time',
      'r.rater_role',
      'r.created_at',
      'c.name as company_name',
      'u.first_name',
      'u.last_name',
    ])
    .where('r.ratee_id', '=', userId)
    .orderBy('r.id', 'desc')
    .limit(500)
    .execute();
}

/** The ratings everyone may see: the other side has rated too, or the blind days since the delivery passed. */
export function visibleRatings(db: Db, blindSince: string) {
  return db
    .selectFrom('ratings as r')
    .innerJoin('shipments as s', 's.id', 'r.shipment_id')
    .where((eb) =>
      eb.or([
        eb('s.delivered_at', '<=', blindSince),
        eb.exists(
          eb
            .selectFrom('ratings as other')
            .select('other.id')
            .whereRef('other.shipment_id', '=', 'r.shipment_id')
            .whereRef('other.rater_id', '<>', 'r.rater_id'),
        ),
      ]),
    );
}

/** The sum and count of the visible scores of each of these users, in one read. */
export async function visibleScoresOf(db: Db, userIds: readonly number[], blindSince: string) {
  if (userIds.length === 0) return [];
  return visibleRatings(db, blindSince)
    .select((eb) => ['r.ratee_id', eb.fn.sum<number>('r.score').as('total'), eb.fn.countAll<number>().as('count')])
    .where('r.ratee_id', 'in', [...userIds])
    .groupBy('r.ratee_id')
    .execute();
}

/** How many awards each of these users let go unanswered, ever (their no-shows), in one read. */
export async function noShowCountsOf(db: Db, userIds: readonly number[]): Promise<Map<number, number>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('bids')
    .select((eb) => ['bidder_id', eb.fn.countAll<number>().as('count')])
    .where('bidder_id', 'in', [...userIds])
    // a literal, not a parameter: the planner then knows, whatever plan it keeps, that the query is the
    // partial index's (bids_no_show_idx)
    .where('status', '=', sql.lit('no_show'))
    .groupBy('bidder_id')
    .execute();
  return new Map(rows.map((row) => [row.bidder_id, Number(row.count)]));
}

/** Which of these users let an award go unanswered since `since`, in one read. */
export async function noShowsSinceOf(db: Db, userIds: readonly number[], since: string): Promise<Set<number>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('tender_awards as a')
    .innerJoin('bids as b', 'b.id', 'a.bid_id')
    .select('b.bidder_id')
    .distinct()
    .where('b.bidder_id', 'in', [...userIds])
    // an award's no-show marks its bid no_show in the same transaction: the literal lets the bids be read
    // from the partial index of no-shows, instead of every bid of each bidder (which grows with the market)
    .where('b.status', '=', sql.lit('no_show'))
    .where('a.outcome', '=', 'no_show')
    .where('a.decided_at', '>=', since)
    .execute();
  return new Set(rows.map((row) => row.bidder_id));
}
