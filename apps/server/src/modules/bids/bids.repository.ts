import { sql } from 'kysely';
import type { BidStatus } from '@yuk/shared';
import { engineOf, type Db } from '../../db/database.js';
import { preparedQuery } from '../../db/prepared.js';

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
// exactly the previous active bids are demoted. That snapshot is taken after lowering the minimum locked the
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
 * After the tender's minimum was lowered (lowerCurrentMinimum of the tenders module): the previous lowest bid becomes pending and the new one is recorded as active.
 * Returns the new bid and the bidders it outbid. One round trip on PostgreSQL, where each one costs more
 * than the statements; two on SQLite (which has no data-modifying CTE and no round trips).
 */
export async function recordLowestBid(trx: Db, bid: NewBid): Promise<PlacedBidRow> {
  if (engineOf(trx) === 'postgres') {
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
