import { sql } from 'kysely';
import { AWARDABLE_BID_STATUSES, type BidStatus, type TenderStatus } from '@yuk/shared';
import { engineOf, walkingReader, type Db } from '../../db/database.js';
import { preparedQuery } from '../../db/prepared.js';
import { lowerMinimumsInOrder } from '../tenders/index.js';

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

type NewBid = {
  tender_id: number;
  bidder_id: number;
  amount_cents: number;
  status: BidStatus;
  created_at: string;
  valid_until_ms: number | null;
  /** Checked before (mine, fit for the cargo); a vehicle deleted since is stored as null, as its deletion would. */
  vehicle_id: number | null;
};

type InsertedBid = {
  id: number;
  tender_id: number;
  amount_cents: number;
  status: BidStatus;
  created_at: string;
  valid_until_ms: number | null;
};

const insertOneBid = preparedQuery<NewBid, InsertedBid>((db, arg) =>
  db
    .insertInto('bids')
    .values({
      tender_id: arg('tender_id'),
      bidder_id: arg('bidder_id'),
      amount_cents: arg('amount_cents'),
      status: arg('status'),
      created_at: arg('created_at'),
      valid_until_ms: arg('valid_until_ms'),
      vehicle_id: db.selectFrom('vehicles').select('vehicles.id').where('vehicles.id', '=', arg('vehicle_id')),
    })
    .returning(['id', 'tender_id', 'amount_cents', 'status', 'created_at', 'valid_until_ms']),
);

/** One bid as it is (buy-now writes its accepted bid with this). */
export async function insertBid(trx: Db, bid: NewBid) {
  const row = await insertOneBid.first(trx, bid);
  if (!row) throw new Error('insert into bids returned no row');
  return row;
}

type PlacedBidRow = InsertedBid & { outbid: number[] };

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
        insert into bids (tender_id, bidder_id, amount_cents, status, created_at, valid_until_ms, vehicle_id)
        values (${arg('tender_id')}, ${arg('bidder_id')}, ${arg('amount_cents')}, ${arg('status')}, ${arg('created_at')},
          cast(${arg('valid_until_ms')} as bigint), (select id from vehicles where id = ${arg('vehicle_id')}))
        returning id, tender_id, amount_cents, status, created_at, valid_until_ms
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

/** A bid of a batch on PostgreSQL: the bid, and the instant it was placed (for the tender's conditions). */
export type BatchBid = NewBid & { now_ms: number };

type BatchArgs = {
  tender_ids: number[];
  bidder_ids: number[];
  amounts: number[];
  now_ms: number[];
  created_at: string[];
  valid_until_ms: (number | null)[];
  vehicle_ids: (number | null)[];
};

/** A placed bid of a batch: its tender as that bid left it (lowerMinimumsInOrder), the bid, who it outbid. */
export type BatchPlacedRow = {
  ord: number;
  id: number;
  number: string;
  name: string;
  owner_id: number;
  status: TenderStatus;
  bid_count: number;
  current_min_bid_cents: number | null;
  closes_at_ms: number;
  soft_close_minutes: number;
  bid: InsertedBid;
  outbid: number[];
};

// One statement for a batch: the tenders lowered bid after bid (lowerMinimumsInOrder), their previous active
// bids demoted, and the placed bids inserted, each but the last on its tender as pending: the one after it
// outbid it in the same batch, and its bidder is told so, as when each bid was its own statement. The ids are
// drawn first, so that each inserted row is known as its bid's. Every part reads the statement's one snapshot,
// taken after the tender rows were locked.
const placeInOrder = preparedQuery<BatchArgs, BatchPlacedRow>((db, arg) => ({
  compile: () =>
    sql<BatchPlacedRow>`
      with recursive input as (
        select * from unnest(cast(${arg('tender_ids')} as int8[]), cast(${arg('bidder_ids')} as int8[]),
          cast(${arg('amounts')} as int8[]), cast(${arg('now_ms')} as int8[]), cast(${arg('created_at')} as text[]),
          cast(${arg('valid_until_ms')} as int8[]), cast(${arg('vehicle_ids')} as int8[])) with ordinality
          as i(tender_id, bidder_id, amount_cents, now_ms, created_at, valid_until_ms, vehicle_id, ord)
      ), ${lowerMinimumsInOrder('input')}, numbered as (
        select l.ord, l.seq, l.tender_id, l.current_min_bid_cents, l.bid_count, l.closes_at_ms, i.bidder_id,
          i.amount_cents, i.created_at, i.valid_until_ms, i.vehicle_id,
          nextval(pg_get_serial_sequence('bids', 'id')) as bid_id,
          lag(i.bidder_id) over (partition by l.tender_id order by l.seq) as previous_bidder,
          l.seq = max(l.seq) over (partition by l.tender_id) as last
        from lowering l join input i on i.ord = l.ord
        where l.placed
      ), demoted as (
        -- the lowered tenders' ids as one array: the (tender_id, status) index is read for each, whatever the
        -- planner guesses of the table (joined to the CTE it scanned every active bid of the market)
        update bids b set status = 'pending'
        where b.tender_id = any(array(select l.id from lowered l)) and b.status = 'active'
        returning b.tender_id, b.bidder_id
      ), placed as (
        insert into bids (id, tender_id, bidder_id, amount_cents, status, created_at, valid_until_ms, vehicle_id)
        select n.bid_id, n.tender_id, n.bidder_id, n.amount_cents, case when n.last then 'active' else 'pending' end,
          n.created_at, n.valid_until_ms, (select v.id from vehicles v where v.id = n.vehicle_id)
        from numbered n
        returning id
      ), outbid as (
        select d.tender_id, array_agg(d.bidder_id) as bidders from demoted d group by d.tender_id
      )
      select n.ord, l.id, l.number, l.name, l.owner_id, l.status, n.bid_count, n.current_min_bid_cents,
        n.closes_at_ms, l.soft_close_minutes,
        json_build_object('id', n.bid_id, 'tender_id', n.tender_id, 'amount_cents', n.amount_cents,
          'status', 'active', 'created_at', n.created_at, 'valid_until_ms', n.valid_until_ms) as bid,
        -- int4[], as the demoted bidders' column: the driver reads int8[] as strings
        case when n.previous_bidder is null then coalesce(o.bidders, cast('{}' as int4[]))
          else array[cast(n.previous_bidder as int4)] end as outbid
      from numbered n join lowered l on l.id = n.tender_id left join outbid o on o.tender_id = n.tender_id
      order by n.ord`.compile(db),
}));

/**
 * A batch of bids in one round trip, PostgreSQL only, written in this order: each lowers its tender's minimum
 * under the same conditions as lowerCurrentMinimum, against the tender as the bids before it left it, and if
 * it did is recorded as recordLowestBid records one (its answer says active: it was the lowest when placed).
 * Returns the placed ones (by `ord`, the bid's index in `bids` counted from 1, in that order); a bid that is
 * not among them was refused by its tender's conditions, and wrote nothing.
 */
export async function placeBidsInOrder(trx: Db, bids: BatchBid[]): Promise<BatchPlacedRow[]> {
  return placeInOrder.all(trx, {
    tender_ids: bids.map((bid) => bid.tender_id),
    bidder_ids: bids.map((bid) => bid.bidder_id),
    amounts: bids.map((bid) => bid.amount_cents),
    now_ms: bids.map((bid) => bid.now_ms),
    created_at: bids.map((bid) => bid.created_at),
    valid_until_ms: bids.map((bid) => bid.valid_until_ms),
    vehicle_ids: bids.map((bid) => bid.vehicle_id),
  });
}

/** The vehicle a bid names (all null when none). */
const vehicleColumns = [
  'vehicles.id as vehicle_id',
  'vehicles.vehicle_type',
  'vehicles.license_plate as vehicle_plate',
] as const;

/** The most bids one call reads: the whole list for the screen, one page of a CSV. */
const MY_BIDS_LIMIT = 1000;

/**
 * A bidder's bids with their tenders, newest first: at most `limit`, and with `beforeId` only those older
 * than that bid (the next page of a CSV). On PostgreSQL outside a transaction the page is read on the walking
 * pool: the bidder's index walked newest first, each bid's tender read by its key. Left to choose, the planner
 * read a small market's tenders whole to join them by hash, 9 ms at 10,000 tenders against 3 ms for the probes
 * (it prices each probe as a read from disk), and kept probing only as the market grew (decision 036).
 */
export function listBidsOfBidder(db: Db, bidderId: number, page: BidderPage = {}) {
  return bidsOfBidderQuery(db, bidderId, page).execute();
}

type BidderPage = { tenderId?: number; limit?: number; beforeId?: number };

/** The query listBidsOfBidder runs, on the connections it runs on (its plan can be read with `.explain()`). */
export function bidsOfBidderQuery(db: Db, bidderId: number, { tenderId, limit = MY_BIDS_LIMIT, beforeId }: BidderPage) {
  let query = (walkingReader(db) ?? db)
    .selectFrom('bids')
    .innerJoin('tenders', 'tenders.id', 'bids.tender_id')
    .leftJoin('vehicles', 'vehicles.id', 'bids.vehicle_id')
    .select([
      ...vehicleColumns,
      'bids.id',
      'bids.tender_id',
      'bids.amount_cents',
      'bids.status',
      'bids.created_at',
      'bids.valid_until_ms',
      'bids.confirm_by_ms',
      'tenders.closes_at_ms',
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
    .limit(limit);
  if (tenderId !== undefined) query = query.where('bids.tender_id', '=', tenderId);
  if (beforeId !== undefined) query = query.where('bids.id', '<', beforeId);
  return query;
}

export function listBidsOfTender(db: Db, tenderId: number) {
  return db
    .selectFrom('bids')
    .innerJoin('users', 'users.id', 'bids.bidder_id')
    .leftJoin('vehicles', 'vehicles.id', 'bids.vehicle_id')
    .select([
      ...vehicleColumns,
      'bids.id',
      'bids.tender_id',
      'bids.amount_cents',
      'bids.status',
      'bids.created_at',
      'bids.valid_until_ms',
      'bids.confirm_by_ms',
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
    .select(['id', 'bidder_id', 'amount_cents', 'status', 'valid_until_ms'])
    .where('id', '=', bidId)
    .where('tender_id', '=', tenderId)
    .executeTakeFirst();
}

export function findBid(db: Db, bidId: number) {
  return db
    .selectFrom('bids')
    .select(['id', 'tender_id', 'bidder_id', 'amount_cents', 'status', 'confirm_by_ms', 'valid_until_ms'])
    .where('id', '=', bidId)
    .executeTakeFirst();
}

/**
 * Chooses a bid: awarded, to be confirmed by `confirmByMs`, if it may still be chosen (awardable status,
 * not past its valid_until). Undefined when it may not.
 */
export function offerBid(trx: Db, args: { tenderId: number; bidId: number; confirmByMs: number; nowMs: number }) {
  return trx
    .updateTable('bids')
    .set({ status: 'awarded', confirm_by_ms: args.confirmByMs })
    .where('id', '=', args.bidId)
    .where('tender_id', '=', args.tenderId)
    .where('status', 'in', AWARDABLE_BID_STATUSES)
    .where((eb) => eb.or([eb('valid_until_ms', 'is', null), eb('valid_until_ms', '>', args.nowMs)]))
    .returning(['id', 'bidder_id', 'amount_cents'])
    .executeTakeFirst();
}

/** The lowest bid that may still be chosen, at or under `maxCents` when given (the reserve). */
export function lowestAwardableBid(trx: Db, tenderId: number, nowMs: number, maxCents: number | null) {
  let query = trx
    .selectFrom('bids')
    .select(['id', 'bidder_id', 'amount_cents'])
    .where('tender_id', '=', tenderId)
    .where('status', 'in', AWARDABLE_BID_STATUSES)
    .where((eb) => eb.or([eb('valid_until_ms', 'is', null), eb('valid_until_ms', '>', nowMs)]))
    .orderBy('amount_cents')
    .orderBy('id')
    .limit(1);
  if (maxCents !== null) query = query.where('amount_cents', '<=', maxCents);
  return query.executeTakeFirst();
}

/** The carrier confirms their awarded bid before its deadline: accepted. Undefined when that is not so. */
export function acceptAwardedBid(trx: Db, args: { bidId: number; bidderId: number; nowMs: number }) {
  return trx
    .updateTable('bids')
    .set({ status: 'accepted' })
    .where('id', '=', args.bidId)
    .where('bidder_id', '=', args.bidderId)
    .where('status', '=', 'awarded')
    .where('confirm_by_ms', '>', args.nowMs)
    .returning(['id', 'tender_id', 'amount_cents'])
    .executeTakeFirst();
}

/** The carrier declines their awarded bid (also after the deadline, before it is counted as a no-show). */
export function declineAwardedBid(trx: Db, args: { bidId: number; bidderId: number }) {
  return trx
    .updateTable('bids')
    .set({ status: 'declined' })
    .where('id', '=', args.bidId)
    .where('bidder_id', '=', args.bidderId)
    .where('status', '=', 'awarded')
    .returning(['id', 'tender_id', 'amount_cents'])
    .executeTakeFirst();
}

/** An awarded bid not answered by its deadline: no_show. */
export function markNoShow(trx: Db, bidId: number, nowMs: number) {
  return trx
    .updateTable('bids')
    .set({ status: 'no_show', no_show_at_ms: nowMs })
    .where('id', '=', bidId)
    .where('status', '=', 'awarded')
    .where('confirm_by_ms', '<=', nowMs)
    .returning(['id', 'tender_id', 'bidder_id', 'amount_cents'])
    .executeTakeFirst();
}

/** The statuses of a bid nobody has decided on yet: the lowest (active) and those bid under since (pending). */
const UNDECIDED_STATUSES: BidStatus[] = ['active', 'pending'];

/** An undecided bid past its valid_until: expired. */
export async function expireBid(trx: Db, bidId: number, nowMs: number): Promise<boolean> {
  const result = await trx
    .updateTable('bids')
    .set({ status: 'expired' })
    .where('id', '=', bidId)
    .where('status', 'in', UNDECIDED_STATUSES)
    .where('valid_until_ms', '<=', nowMs)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The award is settled (confirmed or bought): every other undecided bid is rejected. Returns their bidders. */
export async function rejectOtherBids(trx: Db, tenderId: number, winningBidId: number): Promise<number[]> {
  const losers = await trx
    .updateTable('bids')
    .set({ status: 'rejected' })
    .where('tender_id', '=', tenderId)
    .where('id', '<>', winningBidId)
    .where('status', 'in', UNDECIDED_STATUSES)
    .returning('bidder_id')
    .execute();
  return [...new Set(losers.map((row) => row.bidder_id))];
}

/** Tenders closed without an award at once: their undecided bids are rejected. Returns each tender's bidders. */
export async function rejectUndecidedBidsByTender(trx: Db, tenderIds: number[]): Promise<Map<number, number[]>> {
  const byTender = new Map<number, number[]>();
  if (tenderIds.length === 0) return byTender;
  const rows = await trx
    .updateTable('bids')
    .set({ status: 'rejected' })
    .where('tender_id', 'in', tenderIds)
    .where('status', 'in', UNDECIDED_STATUSES)
    .returning(['tender_id', 'bidder_id'])
    .execute();
  for (const row of rows) {
    const bidders = byTender.get(row.tender_id) ?? [];
    if (!bidders.includes(row.bidder_id)) bidders.push(row.bidder_id);
    byTender.set(row.tender_id, bidders);
  }
  return byTender;
}

/** One tender closed without an award: its undecided bids are rejected. Returns their bidders. */
export async function rejectUndecidedBidsOfTender(trx: Db, tenderId: number): Promise<number[]> {
  return (await rejectUndecidedBidsByTender(trx, [tenderId])).get(tenderId) ?? [];
}

/** Everyone who has bid on a tender, each once. */
export async function findBidderIds(db: Db, tenderId: number): Promise<number[]> {
  const rows = await db.selectFrom('bids').select('bidder_id').distinct().where('tender_id', '=', tenderId).execute();
  return rows.map((row) => row.bidder_id);
}
