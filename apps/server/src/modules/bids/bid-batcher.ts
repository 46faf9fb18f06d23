import { formatMarketTime, formatUsd, pathTo, webRoutes } from '@yuk/shared';
import { engineOf, type Db } from '../../db/database.js';
import { scheduleDue } from '../../db/due-actions.js';
import { recordNotifications, type NotificationDraft } from '../notifications/index.js';
import { noteTendersChanged } from '../tender-channels/index.js';
import { extendedClose, lockTenders, lowerCurrentMinimum, moveScheduledClose } from '../tenders/index.js';
import * as repo from './bids.repository.js';

export interface BidAttempt {
  tenderId: number;
  bidderId: number;
  amountCents: number;
  /** The instant of the bid (epoch ms): before the close, and the start of a soft-close extension. */
  nowMs: number;
  validUntilMs: number | null;
  vehicleId: number | null;
}

type LoweredTender = NonNullable<Awaited<ReturnType<typeof lowerCurrentMinimum>>>;
type InsertedBid = Omit<Awaited<ReturnType<typeof repo.recordLowestBid>>, 'outbid'>;

/**
 * What a bid written makes besides itself (its expiry scheduled), and the notifications it makes, returned
 * for its batch to record at once.
 */
async function afterBid(trx: Db, attempt: BidAttempt, lowered: LoweredTender, bid: InsertedBid, outbid: number[]) {
  if (attempt.validUntilMs !== null) await scheduleDue(trx, 'bid_expiry', bid.id, attempt.validUntilMs);
  const params = { number: lowered.number, name: lowered.name, amount: formatUsd(attempt.amountCents) };
  const link = pathTo(webRoutes.tender, { id: attempt.tenderId });
  const others = outbid.filter((userId) => userId !== attempt.bidderId);
  const notifications: NotificationDraft[] = [
    { userId: lowered.owner_id, kind: 'bid_received', params, link },
    ...others.map((userId): NotificationDraft => ({ userId, kind: 'outbid', params, link })),
  ];
  if (lowered.extended) {
    // the owner and whoever was just outbid learn they have more time; everyone watching sees it live
    const extension = { number: lowered.number, name: lowered.name, closes_at: formatMarketTime(lowered.closes_at_ms) };
    for (const userId of [lowered.owner_id, ...others]) {
      notifications.push({ userId, kind: 'bidding_extended', params: extension, link });
    }
  }
  return { bid, notifications, tender: lowered };
}

const newBid = (attempt: BidAttempt) => ({
  tender_id: attempt.tenderId,
  bidder_id: attempt.bidderId,
  amount_cents: attempt.amountCents,
  status: 'active' as const,
  created_at: new Date(attempt.nowMs).toISOString(),
  valid_until_ms: attempt.validUntilMs,
  vehicle_id: attempt.vehicleId,
});

/**
 * The writes of one bid inside a transaction, but its notifications: undefined when the conditional update
 * refused it (nothing written). Two statements and no round trip on SQLite.
 */
async function writeBid(trx: Db, attempt: BidAttempt) {
  const lowered = await lowerCurrentMinimum(trx, attempt);
  if (!lowered) return undefined;
  const { outbid, ...bid } = await repo.recordLowestBid(trx, newBid(attempt));
  return afterBid(trx, attempt, lowered, bid, outbid);
}

/**
 * The bids of a batch (in write order) on PostgreSQL, where each round trip costs more than its statements:
 * one statement locks the batch's tenders and one writes every bid (placeBidsInOrder), whether the bids are
 * spread over the market or all on one tender in its last minutes. A close extended by several bids of the
 * batch is rescheduled once, to where the last of them moved it.
 */
async function writeBidsInOrder(trx: Db, attempts: BidAttempt[]): Promise<WrittenBid[]> {
  const written = new Array<WrittenBid>(attempts.length);
  const tenderIds = [...new Set(attempts.map((attempt) => attempt.tenderId))];
  // every tender of the batch locked first, then the statement's snapshot holds every bid committed before
  await lockTenders(trx, tenderIds);
  const bids = attempts.map((attempt) => ({ ...newBid(attempt), now_ms: attempt.nowMs }));
  const closes = new Map<number, number>();
  for (const { ord, bid, outbid, ...tender } of await repo.placeBidsInOrder(trx, bids)) {
    const i = ord - 1;
    const extended = extendedClose(tender, attempts[i]!.nowMs);
    if (extended) closes.set(tender.id, tender.closes_at_ms);
    written[i] = await afterBid(trx, attempts[i]!, { ...tender, extended }, bid, outbid);
  }
  for (const [tenderId, closesAtMs] of closes) await moveScheduledClose(trx, tenderId, closesAtMs);
  return written;
}

/** Writes bids (in this order) and then, in one go, the notifications they make. */
async function writeBids(trx: Db, attempts: BidAttempt[]) {
  const written: WrittenBid[] = [];
  if (engineOf(trx) === 'postgres') written.push(...(await writeBidsInOrder(trx, attempts)));
  else for (const attempt of attempts) written.push(await writeBid(trx, attempt));
  // the tenders' channel posts show the new minimums (one statement for the batch; none without posts)
  const lowered = written.flatMap((bid) => (bid ? [bid.tender.id] : []));
  if (lowered.length > 0) await noteTendersChanged(trx, lowered, attempts[0]?.nowMs ?? Date.now());
  await recordNotifications(
    trx,
    written.flatMap((bid) => bid?.notifications ?? []),
  );
  return written;
}

export type WrittenBid = Awaited<ReturnType<typeof writeBid>>;

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
 * Batches in flight at once: one on SQLite (a single writer; a second would wait for the first's connection),
 * two on PostgreSQL, where a batch spends most of its time waiting for round trips and the commit's flush, and
 * the next one can be written meanwhile on another connection (decision 035).
 */
const IN_FLIGHT = { sqlite: 1, postgres: 2 } as const;

/**
 * Group commit. Bids that arrive while the previous batch is being written wait for it and are then written
 * together in one transaction, sharing one commit: on SQLite, which has a single writer anyway, the commit
 * costs more than a bid's own statements; on PostgreSQL the commit waits for the disk (fsync) and, on a
 * contended tender, holds its row lock meanwhile. Each bid is still its own conditional update, so the
 * strictly-lower rule, the order of accepted amounts and the equal-amount rule hold exactly as with one
 * transaction each, and a bid is answered only after its batch has committed. If a batch fails, its bids are
 * written again one per transaction, so one bad bid cannot fail the others.
 * On PostgreSQL a second batch may be written while one is in flight, of bids on other tenders only: a bid on a
 * tender being written waits for that batch, as it would wait for its row lock (two instances' batches are
 * already written side by side in the same way, their tenders locked in the same order).
 */
class BidBatcher {
  private queue: QueuedBid[] = [];
  private scheduled = false;
  private inFlight = 0;
  /** The tenders of the batches in flight. */
  private readonly writing = new Set<number>();

  constructor(
    private readonly db: Db,
    private readonly maxInFlight: number,
  ) {}

  write(attempt: BidAttempt): Promise<WrittenBid> {
    return new Promise((resolve, reject) => {
      this.queue.push({ attempt, resolve, reject });
      if (!this.scheduled && this.inFlight < this.maxInFlight) {
        this.scheduled = true;
        // after the requests already read from the sockets in this turn have queued theirs
        setImmediate(() => {
          this.scheduled = false;
          this.start();
        });
      }
    });
  }

  /** Starts batches of the queued bids while there is room in flight and bids that may go. */
  private start(): void {
    while (this.inFlight < this.maxInFlight && this.queue.length > 0) {
      const batch = this.take();
      if (batch.length === 0) return;
      const tenders = new Set(batch.map((queued) => queued.attempt.tenderId));
      for (const tenderId of tenders) this.writing.add(tenderId);
      this.inFlight += 1;
      void this.writeBatch(batch).finally(() => {
        for (const tenderId of tenders) this.writing.delete(tenderId);
        this.inFlight -= 1;
        this.start();
      });
    }
  }

  /** Up to MAX_BATCH queued bids on tenders no batch in flight is writing; the others keep their place. */
  private take(): QueuedBid[] {
    if (this.writing.size === 0) return this.queue.splice(0, MAX_BATCH);
    const batch: QueuedBid[] = [];
    const kept: QueuedBid[] = [];
    for (const queued of this.queue) {
      if (batch.length < MAX_BATCH && !this.writing.has(queued.attempt.tenderId)) batch.push(queued);
      else kept.push(queued);
    }
    this.queue = kept;
    return batch;
  }

  private async writeBatch(batch: QueuedBid[]): Promise<void> {
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
      return;
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
}

/** One writer per database (and per instance): its batches follow one another. */
const batchers = new WeakMap<Db, BidBatcher>();

/** Writes a bid through the database's batcher; undefined when the conditional update refused it. */
export function commitBid(db: Db, attempt: BidAttempt): Promise<WrittenBid> {
  let batcher = batchers.get(db);
  if (!batcher) {
    batcher = new BidBatcher(db, IN_FLIGHT[engineOf(db)]);
    batchers.set(db, batcher);
  }
  return batcher.write(attempt);
}
