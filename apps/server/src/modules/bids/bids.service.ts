import { centsToUsd, marketToday, type MyBid, type PlacedBid, type TenderBid, type TenderLiveState } from '@yuk/shared';
import type { Db } from '../../db/database.js';
import { AppError } from '../../errors.js';
import type { EventBus } from '../../plugins/event-bus.js';
import { announce, recordNotifications, type NotificationDraft } from '../notifications/notifications.service.js';
import { createShipmentForAward } from '../shipments/shipments.service.js';
import * as repo from './bids.repository.js';

export interface BidsContext {
  db: Db;
  bus: EventBus;
  now?: () => Date;
}

export const tenderChannel = (tenderId: number) => `tender:${tenderId}`;

// one formatter for the process: toLocaleString builds a new one on every call, which cost more than the bid's SQL
const usdFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });
const formatUsd = (cents: number) => usdFormat.format(centsToUsd(cents));

const today = (ctx: BidsContext) => marketToday(ctx.now?.() ?? new Date());

type BiddingTender = NonNullable<Awaited<ReturnType<typeof repo.findTenderForBidding>>>;

/** A tender the user may see: someone else's draft does not exist for them. */
async function visibleTender(ctx: BidsContext, tenderId: number, userId: number): Promise<BiddingTender> {
  const tender = await repo.findTenderForBidding(ctx.db, tenderId);
  if (!tender || (tender.status === 'draft' && tender.owner_id !== userId)) throw new AppError('TENDER_NOT_FOUND');
  return tender;
}

async function ownTender(ctx: BidsContext, tenderId: number, userId: number): Promise<BiddingTender> {
  const tender = await repo.findTenderForBidding(ctx.db, tenderId);
  // someone else's tender answers as if it did not exist: nothing about it leaks
  if (!tender || tender.owner_id !== userId) throw new AppError('TENDER_NOT_FOUND');
  return tender;
}

function liveStateOf(tender: BiddingTender, todayText: string): TenderLiveState {
  const expired = tender.status === 'opened' && tender.tender_end_date < todayText;
  return {
    min_bid: tender.current_min_bid_cents === null ? null : centsToUsd(tender.current_min_bid_cents),
    bid_count: tender.bid_count,
    status: expired ? 'closed' : tender.status,
  };
}

async function publishState(ctx: BidsContext, tenderId: number): Promise<void> {
  const tender = await repo.findTenderForBidding(ctx.db, tenderId);
  if (tender) await ctx.bus.publish(tenderChannel(tenderId), liveStateOf(tender, today(ctx)));
}

export async function getLiveState(ctx: BidsContext, tenderId: number, userId: number): Promise<TenderLiveState> {
  return liveStateOf(await visibleTender(ctx, tenderId, userId), today(ctx));
}

export async function getMinBid(
  ctx: BidsContext,
  tenderId: number,
  userId: number,
): Promise<{ min_bid: number | null }> {
  const tender = await visibleTender(ctx, tenderId, userId);
  return { min_bid: tender.current_min_bid_cents === null ? null : centsToUsd(tender.current_min_bid_cents) };
}

/** Explains why the conditional update refused a bid, in the order a person would want to hear it. */
function refusal(
  tender: BiddingTender | undefined,
  bidderId: number,
  amountCents: number,
  todayText: string,
): AppError {
  if (!tender || (tender.status === 'draft' && tender.owner_id !== bidderId)) return new AppError('TENDER_NOT_FOUND');
  if (tender.owner_id === bidderId) return new AppError('BID_OWN_TENDER');
  if (tender.status === 'awarded') return new AppError('TENDER_ALREADY_AWARDED');
  if (tender.status !== 'opened' || tender.tender_end_date < todayText) return new AppError('TENDER_NOT_OPEN');
  const minimum = tender.current_min_bid_cents ?? tender.initial_price_cents;
  if (amountCents >= minimum) return new AppError('BID_NOT_LOWER', { min: formatUsd(minimum) });
  return new AppError('CONFLICT');
}

interface BidAttempt {
  tenderId: number;
  bidderId: number;
  amountCents: number;
  today: string;
}

/**
 * The writes of one bid inside a transaction, but its notifications: undefined when the conditional update
 * refused it (nothing written). The notifications it makes are returned, for its batch to record at once.
 */
async function writeBid(trx: Db, attempt: BidAttempt) {
  const lowered = await repo.lowerCurrentMinimum(trx, attempt);
  if (!lowered) return undefined;
  const { outbid, ...bid } = await repo.recordLowestBid(trx, {
    tender_id: attempt.tenderId,
    bidder_id: attempt.bidderId,
    amount_cents: attempt.amountCents,
    status: 'active',
    created_at: new Date().toISOString(),
  });
  const params = { number: lowered.number, name: lowered.name, amount: formatUsd(attempt.amountCents) };
  const link = `/tender/${attempt.tenderId}`;
  const notifications: NotificationDraft[] = [
    { userId: lowered.owner_id, kind: 'bid_received', params, link },
    ...outbid
      .filter((userId) => userId !== attempt.bidderId)
      .map((userId): NotificationDraft => ({ userId, kind: 'outbid', params, link })),
  ];
  return { bid, notifications, tender: lowered };
}

/** Writes bids (in this order) and then, in one go, the notifications they make. */
async function writeBids(trx: Db, attempts: BidAttempt[]) {
  const written = [];
  for (const attempt of attempts) written.push(await writeBid(trx, attempt));
  await recordNotifications(
    trx,
    written.flatMap((bid) => bid?.notifications ?? []),
  );
  return written;
}

type WrittenBid = Awaited<ReturnType<typeof writeBid>>;

/** At most this many bids share one commit (and, on PostgreSQL, hold their tenders' row locks until it). */
const MAX_BATCH = 200;

interface QueuedBid {
  attempt: BidAttempt;
  resolve(written: WrittenBid): void;
  reject(error: unknown): void;
}

/**
 * The order a batch is written in: its bids were in flight at the same moment, so any order is a true
 * serialization of them, and the order the sockets happened to be read in means nothing to the bidders.
 * By tender, so that batches of several instances take PostgreSQL's row locks in the same order (no
 * deadlock between them); on each tender the higher amounts first: a bid that undercut the minimum when it
 * was sent is recorded (and at once outbid by the lower one beside it) instead of being refused only because
 * the lower one was read first. The lowest bid wins either way, and accepted amounts still strictly decrease
 * in commit order.
 */
function writeOrder(batch: QueuedBid[]): number[] {
  return batch
    .map((_, i) => i)
    .sort((a, b) => {
      const x = batch[a]!.attempt;
      const y = batch[b]!.attempt;
      return x.tenderId - y.tenderId || y.amountCents - x.amountCents || a - b;
    });
}

/**
 * Group commit. Bids that arrive while the previous batch is being written wait for it and are then written
 * together in one transaction, sharing one commit: on SQLite, which has a single writer anyway, the commit
 * costs more than a bid's own statements; on PostgreSQL the commit waits for the disk (fsync) and, on a
 * contended tender, holds its row lock meanwhile. Each bid is still its own conditional update, so the
 * strictly-lower rule, the order of accepted amounts and the equal-amount rule hold exactly as with one
 * transaction each, and a bid is answered only after its batch has committed. If a batch fails, its bids are
 * written again one per transaction, so one bad bid cannot fail the others.
 */
class BidBatcher {
  private queue: QueuedBid[] = [];
  private scheduled = false;

  constructor(private readonly db: Db) {}

  write(attempt: BidAttempt): Promise<WrittenBid> {
    return new Promise((resolve, reject) => {
      this.queue.push({ attempt, resolve, reject });
      if (!this.scheduled) {
        this.scheduled = true;
        // after the requests already read from the sockets in this turn have queued theirs
        setImmediate(() => void this.flush());
      }
    });
  }

  private async flush(): Promise<void> {
    while (this.queue.length > 0) {
      const batch = this.queue.splice(0, MAX_BATCH);
      let written: WrittenBid[] | undefined;
      try {
        const order = writeOrder(batch);
        const inOrder = await this.db.transaction().execute((trx) =>
          writeBids(
            trx,
            order.map((i) => batch[i]!.attempt),
          ),
        );
        const byArrival = new Array<WrittenBid>(batch.length);
        order.forEach((i, position) => (byArrival[i] = inOrder[position]));
        written = byArrival;
      } catch {
        written = undefined;
      }
      if (written) {
        batch.forEach((queued, i) => queued.resolve(written[i]));
        continue;
      }
      for (const queued of batch) {
        try {
          const [alone] = await this.db.transaction().execute((trx) => writeBids(trx, [queued.attempt]));
          queued.resolve(alone);
        } catch (error) {
          queued.reject(error);
        }
      }
    }
    this.scheduled = false;
  }
}

/** One writer per database (and per instance): its batches follow one another. */
const batchers = new WeakMap<Db, BidBatcher>();

function commitBid(ctx: BidsContext, attempt: BidAttempt): Promise<WrittenBid> {
  let batcher = batchers.get(ctx.db);
  if (!batcher) {
    batcher = new BidBatcher(ctx.db);
    batchers.set(ctx.db, batcher);
  }
  return batcher.write(attempt);
}

export async function placeBid(
  ctx: BidsContext,
  tenderId: number,
  bidderId: number,
  amountUsd: number,
): Promise<PlacedBid> {
  const amountCents = Math.round(amountUsd * 100);
  const todayText = today(ctx);
  const outcome = await commitBid(ctx, { tenderId, bidderId, amountCents, today: todayText });
  if (!outcome) throw refusal(await repo.findTenderForBidding(ctx.db, tenderId), bidderId, amountCents, todayText);
  const { bid: placed, tender } = outcome;
  await announce(ctx.bus, [...new Set(outcome.notifications.map((notification) => notification.userId))]);
  await ctx.bus.publish(tenderChannel(tenderId), {
    min_bid: centsToUsd(amountCents),
    bid_count: tender.bid_count,
    status: tender.status,
  } satisfies TenderLiveState);
  return {
    id: placed.id,
    tender_id: placed.tender_id,
    tender_number: tender.number,
    bid_amount: centsToUsd(placed.amount_cents),
    status: placed.status,
    created_at: placed.created_at,
  };
}

export async function listMyBids(ctx: BidsContext, bidderId: number, tenderId?: number): Promise<MyBid[]> {
  const rows = await repo.listBidsOfBidder(ctx.db, bidderId, tenderId);
  return rows.map(({ amount_cents, ...row }) => ({ ...row, bid_amount: centsToUsd(amount_cents) }));
}

export async function listTenderBids(ctx: BidsContext, tenderId: number, ownerId: number): Promise<TenderBid[]> {
  await ownTender(ctx, tenderId, ownerId);
  const rows = await repo.listBidsOfTender(ctx.db, tenderId);
  return rows.map((row) => ({
    id: row.id,
    tender_id: row.tender_id,
    bid_amount: centsToUsd(row.amount_cents),
    status: row.status,
    created_at: row.created_at,
    bidder: { id: row.bidder_id, first_name: row.first_name, last_name: row.last_name, phone_number: row.phone_number },
  }));
}

/** The owner picks a bid on an opened or closed tender: one transaction makes it awarded, the bid accepted, the rest rejected. */
export async function awardTender(
  ctx: BidsContext,
  tenderId: number,
  ownerId: number,
  bidId: number,
): Promise<TenderLiveState> {
  const tender = await ownTender(ctx, tenderId, ownerId);
  if (tender.status === 'awarded') throw new AppError('TENDER_ALREADY_AWARDED');
  if (tender.status === 'draft') throw new AppError('TENDER_NOT_OPEN');
  const told = await ctx.db.transaction().execute(async (trx) => {
    const moved = await repo.moveTenderStatus(trx, {
      tenderId,
      ownerId,
      from: ['opened', 'closed'],
      to: 'awarded',
      awardedBidId: bidId,
    });
    if (!moved) throw new AppError('TENDER_ALREADY_AWARDED');
    // read after the tender row is locked by the update, so a bid racing the award is either in or refused
    const bid = await repo.findBidOfTender(trx, tenderId, bidId);
    if (!bid) throw new AppError('BID_NOT_FOUND');
    const losers = (await repo.settleBids(trx, tenderId, bidId)).filter((userId) => userId !== bid.bidder_id);
    await createShipmentForAward(trx, tenderId, bidId);
    const about = await repo.findTenderSummary(trx, tenderId);
    const params = { number: about.number, name: about.name, amount: formatUsd(bid.amount_cents) };
    return recordNotifications(trx, [
      {
        userId: bid.bidder_id,
        kind: 'bid_won',
        params,
        link: `/shipment/status?number=${encodeURIComponent(about.number)}`,
      },
      ...losers.map((userId): NotificationDraft => ({ userId, kind: 'bid_lost', params, link: '/bids' })),
    ]);
  });
  await announce(ctx.bus, told);
  await publishState(ctx, tenderId);
  return getLiveState(ctx, tenderId, ownerId);
}

export async function closeTender(ctx: BidsContext, tenderId: number, ownerId: number): Promise<TenderLiveState> {
  const tender = await ownTender(ctx, tenderId, ownerId);
  if (tender.status === 'awarded') throw new AppError('TENDER_ALREADY_AWARDED');
  if (tender.status !== 'opened') throw new AppError('TENDER_NOT_OPEN');
  const told = await ctx.db.transaction().execute(async (trx) => {
    if (!(await repo.moveTenderStatus(trx, { tenderId, ownerId, from: ['opened'], to: 'closed' }))) {
      throw new AppError('TENDER_NOT_OPEN');
    }
    const losers = await repo.rejectUndecidedBids(trx, tenderId);
    const about = await repo.findTenderSummary(trx, tenderId);
    const params = { number: about.number, name: about.name };
    return recordNotifications(
      trx,
      losers.map((userId): NotificationDraft => ({ userId, kind: 'bid_lost', params, link: '/bids' })),
    );
  });
  await announce(ctx.bus, told);
  await publishState(ctx, tenderId);
  return getLiveState(ctx, tenderId, ownerId);
}

export async function publishTender(ctx: BidsContext, tenderId: number, ownerId: number): Promise<TenderLiveState> {
  const tender = await ownTender(ctx, tenderId, ownerId);
  if (tender.status !== 'draft') throw new AppError('TENDER_NOT_DRAFT');
  const moved = await repo.moveTenderStatus(ctx.db, { tenderId, ownerId, from: ['draft'], to: 'opened' });
  if (!moved) throw new AppError('TENDER_NOT_DRAFT');
  await publishState(ctx, tenderId);
  return getLiveState(ctx, tenderId, ownerId);
}

/**
 * Closes every opened tender whose last day (Tashkent time) has ended and rejects its undecided bids.
 * Safe to run from several instances at once: each close is conditional.
 */
export async function closeExpiredTenders(ctx: BidsContext): Promise<number> {
  const todayText = today(ctx);
  let closed = 0;
  for (;;) {
    const expired = await repo.findExpiredOpenTenders(ctx.db, todayText);
    if (expired.length === 0) return closed;
    for (const tender of expired) {
      const told = await ctx.db.transaction().execute(async (trx) => {
        if (!(await repo.closeExpiredTender(trx, tender.id, todayText))) return undefined;
        const losers = await repo.rejectUndecidedBids(trx, tender.id);
        const about = await repo.findTenderSummary(trx, tender.id);
        const params = { number: about.number, name: about.name, bids: about.bid_count };
        return recordNotifications(trx, [
          { userId: about.owner_id, kind: 'tender_closed', params, link: `/tender/${tender.id}` },
          ...losers.map((userId): NotificationDraft => ({ userId, kind: 'bid_lost', params, link: '/bids' })),
        ]);
      });
      if (told) {
        closed += 1;
        await announce(ctx.bus, told);
        await publishState(ctx, tender.id);
      }
    }
  }
}
