import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { idIn } from '../../db/id-list.js';
import type { RatingTotalsTable, RatingsTable } from './ratings.tables.js';

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
export async function insertRating(db: Db, values: Omit<RatingsTable, 'id' | 'counted_at'>): Promise<boolean> {
  const rows = await db
    .insertInto('ratings')
    .values(values)
    .onConflict((oc) => oc.columns(['shipment_id', 'rater_id']).doNothing())
    .returning('id')
    .execute();
  return rows.length === 1;
}

/** The newest ratings of a user that everyone may see (those counted in their totals), with who gave them. */
export function newestVisibleReviewsOf(db: Db, userId: number, limit: number) {
  return (
    db
      .selectFrom('ratings as r')
      .innerJoin('users as u', 'u.id', 'r.rater_id')
      .leftJoin('companies as c', 'c.user_id', 'r.rater_id')
      .select(['r.score', 'r.comment', 'r.created_at', 'c.name as company_name', 'u.first_name', 'u.last_name'])
      .where('r.ratee_id', '=', userId)
      // the literal condition is the partial index's (ratings_counted_idx): its first rows are the page
      .where('r.counted_at', 'is not', null)
      .orderBy('r.id', 'desc')
      .limit(limit)
      .execute()
  );
}

/**
 * The ratings everyone may see, by the rule itself at `blindSince`: the other side has rated too, or the blind
 * days since the delivery passed. The totals and reviews read `counted_at` instead, set as each rating passes
 * this rule; the dashboard's monthly figures read a month's ratings of one user through it.
 */
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

/** The kept totals of each of these users that has any, in one read of the primary key. */
export async function ratingTotalsOf(db: Db, userIds: readonly number[]): Promise<RatingTotalsTable[]> {
  if (userIds.length === 0) return [];
  return db
    .selectFrom('rating_totals')
    .selectAll()
    .where(idIn(db, 'user_id', userIds))
    .execute();
}

/**
 * On PostgreSQL, inside the transaction that writes a rating: the shipment's row lock makes its two sides'
 * ratings take turns, so the second to rate sees the first's rating (SQLite's one writer does that itself).
 */
export async function lockShipment(trx: Db, shipmentId: number): Promise<void> {
  await trx.selectFrom('shipments').select('id').where('id', '=', shipmentId).forUpdate().executeTakeFirst();
}

/** How many ratings a shipment has (at most two: one per side). */
export async function ratingCountOf(db: Db, shipmentId: number): Promise<number> {
  const row = await db
    .selectFrom('ratings')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('shipment_id', '=', shipmentId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Marks the ratings of these shipments not counted yet as counted and adds them to their ratees' totals;
 * with `deliveredBy`, only those of shipments delivered by then. The update's condition is what makes each
 * rating count once, whichever of the other side's rating and the due action comes first, or both at once:
 * the totals grow by the rows the update returned, and on PostgreSQL a second update of the same rows waits
 * for the first to commit and then finds them counted.
 */
export async function countRatings(
  trx: Db,
  shipmentIds: readonly number[],
  countedAt: string,
  deliveredBy?: string,
): Promise<void> {
  if (shipmentIds.length === 0) return;
  const counted = await trx
    .updateTable('ratings')
    .set({ counted_at: countedAt })
    .where('shipment_id', 'in', [...shipmentIds])
    .where('counted_at', 'is', null)
    .$if(deliveredBy !== undefined, (qb) =>
      qb.where('shipment_id', 'in', (eb) =>
        eb
          .selectFrom('shipments')
          .select('id')
          .where('id', 'in', [...shipmentIds])
          .where('delivered_at', '<=', deliveredBy ?? ''),
      ),
    )
    .returning(['ratee_id', 'rater_role', 'score', 'on_time', 'payment'])
    .execute();
  const totals = new Map<number, RatingTotalsTable>();
  for (const row of counted) {
    const total = totals.get(row.ratee_id) ?? {
      user_id: row.ratee_id,
      score_total: 0,
      rating_count: 0,
      on_time_count: 0,
      on_time_of: 0,
      payment_on_time_count: 0,
      payment_of: 0,
    };
    total.score_total += row.score;
    total.rating_count += 1;
    if (row.rater_role === 'owner') {
      total.on_time_of += 1;
      if (row.on_time === 1) total.on_time_count += 1;
    } else {
      total.payment_of += 1;
      if (row.payment === 'on_time') total.payment_on_time_count += 1;
    }
    totals.set(row.ratee_id, total);
  }
  if (totals.size === 0) return;
  const add = (column: keyof Omit<RatingTotalsTable, 'user_id'>) =>
    sql<number>`${sql.ref(`rating_totals.${column}`)} + ${sql.ref(`excluded.${column}`)}`;
  await trx
    .insertInto('rating_totals')
    // in the users' order: two transactions adding to the same users take their row locks in one order
    .values([...totals.values()].sort((a, b) => a.user_id - b.user_id))
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet({
        score_total: add('score_total'),
        rating_count: add('rating_count'),
        on_time_count: add('on_time_count'),
        on_time_of: add('on_time_of'),
        payment_on_time_count: add('payment_on_time_count'),
        payment_of: add('payment_of'),
      }),
    )
    .execute();
}

/** The read of noShowCountsOf (its plan is tested: it must not grow with every bid of each bidder). */
export function noShowCountsQuery(db: Db, userIds: readonly number[]) {
  return (
    db
      .selectFrom('bids')
      .select((eb) => ['bidder_id', eb.fn.countAll<number>().as('count')])
      .where(idIn(db, 'bidder_id', userIds))
      // a no-show is dated when marked: its bidder's no-shows alone are read from their partial index
      // (bids_no_shows_idx), never every bid of each bidder, which grows with the market
      .where('no_show_at_ms', 'is not', null)
      .groupBy('bidder_id')
  );
}

/** How many awards each of these users let go unanswered, ever (their no-shows), in one read. */
export async function noShowCountsOf(db: Db, userIds: readonly number[]): Promise<Map<number, number>> {
  if (userIds.length === 0) return new Map();
  const rows = await noShowCountsQuery(db, userIds).execute();
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
    .where(idIn(db, 'b.bidder_id', userIds))
    // an award's no-show dates its bid in the same transaction: the bids are read from the partial index of
    // no-shows (bids_no_shows_idx), not every bid of each bidder
    .where('b.no_show_at_ms', 'is not', null)
    .where('a.outcome', '=', 'no_show')
    .where('a.decided_at', '>=', since)
    .execute();
  return new Set(rows.map((row) => row.bidder_id));
}
