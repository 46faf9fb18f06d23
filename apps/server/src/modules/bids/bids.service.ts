import {
  centsToUsd,
  marketToday,
  type MyBid,
  type PlacedBid,
  type TenderBid,
  type TenderLiveState,
} from '@yuk/shared';
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

const formatUsd = (cents: number) => centsToUsd(cents).toLocaleString('en-US', { maximumFractionDigits: 2 });

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

export async function getMinBid(ctx: BidsContext, tenderId: number, userId: number): Promise<{ min_bid: number | null }> {
  const tender = await visibleTender(ctx, tenderId, userId);
  return { min_bid: tender.current_min_bid_cents === null ? null : centsToUsd(tender.current_min_bid_cents) };
}


/** Explains why the conditional update refused a bid, in the order a person would want to hear it. */
function refusal(tender: BiddingTender | undefined, bidderId: number, amountCents: number, todayText: string): AppError {
  if (!tender || (tender.status === 'draft' && tender.owner_id !== bidderId)) return new AppError('TENDER_NOT_FOUND');
  if (tender.owner_id === bidderId) return new AppError('BID_OWN_TENDER');
  if (tender.status === 'awarded') return new AppError('TENDER_ALREADY_AWARDED');
  if (tender.status !== 'opened' || tender.tender_end_date < todayText) return new AppError('TENDER_NOT_OPEN');
  const minimum = tender.current_min_bid_cents ?? tender.initial_price_cents;
  if (amountCents >= minimum) return new AppError('BID_NOT_LOWER', { min: formatUsd(minimum) });
  return new AppError('CONFLICT');
}

export async function placeBid(ctx: BidsContext, tenderId: number, bidderId: number, amountUsd: number): Promise<PlacedBid> {
  const amountCents = Math.round(amountUsd * 100);
  const todayText = today(ctx);
  const outcome = await ctx.db.transaction().execute(async (trx) => {
    const lowered = await repo.lowerCurrentMinimum(trx, { tenderId, bidderId, amountCents, today: todayText });
    if (!lowered) return undefined;
    const outbid = await repo.demoteActiveBids(trx, tenderId);
    const bid = await repo.insertBid(trx, {
      tender_id: tenderId,
      bidder_id: bidderId,
      amount_cents: amountCents,
      status: 'active',
      created_at: new Date().toISOString(),
    });
    const params = { number: lowered.number, name: lowered.name, amount: formatUsd(amountCents) };
    const link = `/tender/${tenderId}`;
    const told = await recordNotifications(trx, [
      { userId: lowered.owner_id, kind: 'bid_received', params, link },
      ...outbid.filter((userId) => userId !== bidderId).map((userId): NotificationDraft => ({ userId, kind: 'outbid', params, link })),
    ]);
    return { bid, told, tender: lowered };
  });
  if (!outcome) throw refusal(await repo.findTenderForBidding(ctx.db, tenderId), bidderId, amountCents, todayText);
  const { bid: placed, tender } = outcome;
  await announce(ctx.bus, outcome.told);
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
export async function awardTender(ctx: BidsContext, tenderId: number, ownerId: number, bidId: number): Promise<TenderLiveState> {
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
      { userId: bid.bidder_id, kind: 'bid_won', params, link: `/shipment/status?number=${encodeURIComponent(about.number)}` },
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
    return recordNotifications(trx, losers.map((userId): NotificationDraft => ({ userId, kind: 'bid_lost', params, link: '/bids' })));
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
