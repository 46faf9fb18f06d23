import { sql } from 'kysely';
import type { BidStatus, TenderStatus } from '@yuk/shared';
import { isPostgres, type Db } from '../../db/database.js';
import { preparedQuery } from '../../db/prepared.js';
import type { TenderRow } from '../tenders/tenders.tables.js';

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

type LowerArgs = { tenderId: number; bidderId: number; amountCents: number; today: string };

// RETURNING gives what the notifications and the live state need, without reading the row again
const lowerMinimum = preparedQuery<
  LowerArgs,
  Pick<
    TenderRow,
    'id' | 'number' | 'name' | 'owner_id' | 'status' | 'bid_count' | 'current_min_bid_cents' | 'tender_end_date'
  >
>((db, arg) =>
  db
    .updateTable('tenders')
    .set((eb) => ({ current_min_bid_cents: arg('amountCents'), bid_count: eb('bid_count', '+', 1) }))
    .where('id', '=', arg('tenderId'))
    .where('status', '=', 'opened')
    .where('tender_end_date', '>=', arg('today'))
    .where('owner_id', '<>', arg('bidderId'))
    .where(sql<number>`coalesce(current_min_bid_cents, initial_price_cents)`, '>', arg('amountCents'))
    .returning(['id', 'number', 'name', 'owner_id', 'status', 'bid_count', 'current_min_bid_cents', 'tender_end_date']),
);

/**
 * The atomic heart of bidding: lowers the tender's minimum only if it is open, not past its last day, not the
 * bidder's own, and the amount is strictly lower than the current minimum. One conditional UPDATE, so two bids
 * racing are ordered by the row lock (PostgreSQL) or the single writer (SQLite), and equal amounts cannot
 * both win.
 */
export function lowerCurrentMinimum(trx: Db, args: LowerArgs) {
  return lowerMinimum.first(trx, args);
}

const demoteActive = preparedQuery<{ tenderId: number }, { bidder_id: number }>((db, arg) =>
  db
    .updateTable('bids')
    .set({ status: 'pending' })
    .where('tender_id', '=', arg('tenderId'))
    .where('status', '=', 'active')
    .returning('bidder_id'),
);

/** The previous lowest bid is no longer the lowest: active → pending. Returns the bidders it demoted. */
async function demoteActiveBids(trx: Db, tenderId: number): Promise<number[]> {
  return (await demoteActive.all(trx, { tenderId })).map((row) => row.bidder_id);
}

type NewBid = { tender_id: number; bidder_id: number; amount_cents: number; status: BidStatus; created_at: string };

const insertOneBid = preparedQuery<
  NewBid,
  { id: number; tender_id: number; amount_cents: number; status: BidStatus; created_at: string }
>((db, arg) =>
  db
    .insertInto('bids')
    .values({
      tender_id: arg('tender_id'),
      bidder_id: arg('bidder_id'),
      amount_cents: arg('amount_cents'),
      status: arg('status'),
      created_at: arg('created_at'),
    })
    .returning(['id', 'tender_id', 'amount_cents', 'status', 'created_at']),
);

async function insertBid(trx: Db, bid: NewBid) {
  const row = await insertOneBid.first(trx, bid);
  if (!row) throw new Error('insert into bids returned no row');
  return row;
}

type PlacedBidRow = {
  id: number;
  tender_id: number;
  amount_cents: number;
  status: BidStatus;
  created_at: string;
  outbid: number[];
};

// Both statements of a data-modifying CTE read one snapshot, so the UPDATE cannot see the row the INSERT adds:
// exactly the previous active bids are demoted. That snapshot is taken after lowerCurrentMinimum locked the
// tender row, so every bid committed on this tender before ours is in it.
const demoteAndInsert = preparedQuery<NewBid, PlacedBidRow>((db, arg) => ({
  compile: () =>
    sql<PlacedBidRow>`
      with demoted as (
        update bids set status = 'pending'
        where tender_id = ${arg('tender_id')} and status = 'active'
        returning bidder_id
      ), placed as (
        insert into bids (tender_id, bidder_id, amount_cents, status, created_at)
        values (${arg('tender_id')}, ${arg('bidder_id')}, ${arg('amount_cents')}, ${arg('status')}, ${arg('created_at')})
        returning id, tender_id, amount_cents, status, created_at
      )
      select placed.*, array(select bidder_id from demoted) as outbid from placed`.compile(db),
}));

/**
 * After lowerCurrentMinimum: the previous lowest bid becomes pending and the new one is recorded as active.
 * Returns the new bid and the bidders it outbid. One round trip on PostgreSQL, where each one costs more
 * than the statements; two on SQLite (which has no data-modifying CTE and no round trips).
 */
export async function recordLowestBid(trx: Db, bid: NewBid): Promise<PlacedBidRow> {
  if (isPostgres(trx)) {
    const row = await demoteAndInsert.first(trx, bid);
    if (!row) throw new Error('insert into bids returned no row');
    return row;
  }
  const outbid = await demoteActiveBids(trx, bid.tender_id);
  return { ...(await insertBid(trx, bid)), outbid };
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
