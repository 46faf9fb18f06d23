import { sql } from 'kysely';
import type { BidStatus, TenderStatus } from '@yuk/shared';
import type { Db } from '../../db/database.js';

/** What bidding needs to know of a tender. */
export function findTenderForBidding(db: Db, tenderId: number) {
  return db
    .selectFrom('tenders')
    .select([
      'id',
      'number',
      'owner_id',
      'status',
      'initial_price_cents',
      'current_min_bid_cents',
      'bid_count',
      'tender_end_date',
      'awarded_bid_id',
    ])
    .where('id', '=', tenderId)
    .executeTakeFirst();
}

/** The words a notification needs about a tender. */
export function findTenderSummary(db: Db, tenderId: number) {
  return db
    .selectFrom('tenders')
    .select(['number', 'name', 'owner_id', 'bid_count'])
    .where('id', '=', tenderId)
    .executeTakeFirstOrThrow();
}

/**
 * The atomic heart of bidding: lowers the tender's minimum only if it is open, not past its last day, not the
 * bidder's own, and the amount is strictly lower than the current minimum. One conditional UPDATE, so two bids
 * racing are ordered by the row lock (PostgreSQL) or the single writer (SQLite), and equal amounts cannot
 * both win.
 */
export function lowerCurrentMinimum(
  trx: Db,
  args: { tenderId: number; bidderId: number; amountCents: number; today: string },
) {
  // RETURNING gives what the notifications and the live state need, without reading the row again
  return trx
    .updateTable('tenders')
    .set((eb) => ({ current_min_bid_cents: args.amountCents, bid_count: eb('bid_count', '+', 1) }))
    .where('id', '=', args.tenderId)
    .where('status', '=', 'opened')
    .where('tender_end_date', '>=', args.today)
    .where('owner_id', '<>', args.bidderId)
    .where(sql<number>`coalesce(current_min_bid_cents, initial_price_cents)`, '>', args.amountCents)
    .returning(['id', 'number', 'name', 'owner_id', 'status', 'bid_count', 'current_min_bid_cents', 'tender_end_date'])
    .executeTakeFirst();
}

/** The previous lowest bid is no longer the lowest: active → pending. Returns the bidders it demoted. */
export async function demoteActiveBids(trx: Db, tenderId: number): Promise<number[]> {
  const demoted = await trx
    .updateTable('bids')
    .set({ status: 'pending' })
    .where('tender_id', '=', tenderId)
    .where('status', '=', 'active')
    .returning('bidder_id')
    .execute();
  return demoted.map((row) => row.bidder_id);
}

export function insertBid(trx: Db, bid: { tender_id: number; bidder_id: number; amount_cents: number; status: BidStatus; created_at: string }) {
  return trx
    .insertInto('bids')
    .values(bid)
    .returning(['id', 'tender_id', 'amount_cents', 'status', 'created_at'])
    .executeTakeFirstOrThrow();
}

export function listBidsOfBidder(db: Db, bidderId: number, tenderId?: number) {
  let query = db
    .selectFrom('bids')
    .innerJoin('tenders', 'tenders.id', 'bids.tender_id')
    .select([
      'bids.id',
      'bids.tender_id',
      'bids.amount_cents',
      'bids.status',
      'bids.created_at',
      'tenders.number',
      'tenders.name',
      'tenders.origin_location',
      'tenders.destination_location',
      'tenders.cargo_weight',
      'tenders.shipment_date',
      'tenders.delivery_date',
      'tenders.status as tender_status',
    ])
    .where('bids.bidder_id', '=', bidderId)
    .orderBy('bids.id', 'desc')
    .limit(1000);
  if (tenderId !== undefined) query = query.where('bids.tender_id', '=', tenderId);
  return query.execute();
}

export function listBidsOfTender(db: Db, tenderId: number) {
  return db
    .selectFrom('bids')
    .innerJoin('users', 'users.id', 'bids.bidder_id')
    .select([
      'bids.id',
      'bids.tender_id',
      'bids.amount_cents',
      'bids.status',
      'bids.created_at',
      'users.id as bidder_id',
      'users.first_name',
      'users.last_name',
      'users.phone_number',
    ])
    .where('bids.tender_id', '=', tenderId)
    .orderBy('bids.amount_cents', 'asc')
    .orderBy('bids.id', 'asc')
    .execute();
}

export function findBidOfTender(db: Db, tenderId: number, bidId: number) {
  return db
    .selectFrom('bids')
    .select(['id', 'bidder_id', 'amount_cents', 'status'])
    .where('id', '=', bidId)
    .where('tender_id', '=', tenderId)
    .executeTakeFirst();
}

/** Moves a tender of this owner from one of `from` to `to`; false when it was not in such a state. */
export async function moveTenderStatus(
  trx: Db,
  args: { tenderId: number; ownerId: number; from: TenderStatus[]; to: TenderStatus; awardedBidId?: number },
): Promise<boolean> {
  const result = await trx
    .updateTable('tenders')
    .set({ status: args.to, ...(args.awardedBidId !== undefined ? { awarded_bid_id: args.awardedBidId } : {}) })
    .where('id', '=', args.tenderId)
    .where('owner_id', '=', args.ownerId)
    .where('status', 'in', args.from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The award: the chosen bid accepted, every other bid of the tender rejected. Returns the losing bidders. */
export async function settleBids(trx: Db, tenderId: number, winningBidId: number): Promise<number[]> {
  await trx.updateTable('bids').set({ status: 'accepted' }).where('id', '=', winningBidId).execute();
  const losers = await trx
    .updateTable('bids')
    .set({ status: 'rejected' })
    .where('tender_id', '=', tenderId)
    .where('id', '<>', winningBidId)
    .where('status', '<>', 'rejected')
    .returning('bidder_id')
    .execute();
  return [...new Set(losers.map((row) => row.bidder_id))];
}

/** A tender closed without an award: its undecided bids are rejected. Returns their bidders. */
export async function rejectUndecidedBids(trx: Db, tenderId: number): Promise<number[]> {
  const rows = await trx
    .updateTable('bids')
    .set({ status: 'rejected' })
    .where('tender_id', '=', tenderId)
    .where('status', 'in', ['active', 'pending'])
    .returning('bidder_id')
    .execute();
  return [...new Set(rows.map((row) => row.bidder_id))];
}

/** Opened tenders whose last day is before `today`. */
export function findExpiredOpenTenders(db: Db, today: string, limit = 500) {
  return db
    .selectFrom('tenders')
    .select(['id', 'owner_id', 'number', 'name'])
    .where('status', '=', 'opened')
    .where('tender_end_date', '<', today)
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** Closes one expired tender; false when someone else (another instance, the owner) got there first. */
export async function closeExpiredTender(trx: Db, tenderId: number, today: string): Promise<boolean> {
  const result = await trx
    .updateTable('tenders')
    .set({ status: 'closed' })
    .where('id', '=', tenderId)
    .where('status', '=', 'opened')
    .where('tender_end_date', '<', today)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
