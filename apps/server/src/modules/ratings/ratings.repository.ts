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
  return db
    .selectFrom('ratings as r')
    .innerJoin('shipments as s', 's.id', 'r.shipment_id')
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
    )
    .orderBy('r.id', 'desc')
    .limit(500)
    .execute();
}

/** Whether the user's awards went unanswered since `since` (no-shows of the recent past). */
export async function hasNoShowSince(db: Db, userId: number, since: string): Promise<boolean> {
  const row = await db
    .selectFrom('tender_awards as a')
    .innerJoin('bids as b', 'b.id', 'a.bid_id')
    .select('a.id')
    .where('b.bidder_id', '=', userId)
    .where('a.outcome', '=', 'no_show')
    .where('a.decided_at', '>=', since)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
