import { pathTo, shipmentStatusLink, webRoutes, type TenderLiveState } from '@yuk/shared';
import { AppError } from '../../errors.js';
import { findBidOfTender, formatUsd, rejectUndecidedBids, settleBids } from '../bids/index.js';
import { announce, recordNotifications, type NotificationDraft } from '../notifications/index.js';
import { createShipmentForAward } from '../shipments/index.js';
import {
  closeExpiredTender,
  findExpiredOpenTenders,
  findTenderSummary,
  getLiveState,
  marketDay,
  moveTenderStatus,
  ownTender,
  publishTenderState,
  type TenderStateContext,
} from '../tenders/index.js';

/**
 * A tender's life after it is written: the owner publishes a draft, closes an opened tender or awards a bid,
 * and the market's clock closes tenders whose last day has ended. Each move is one conditional update of the
 * tender with its bids and notifications in the same transaction, then announced to open pages.
 */
export type LifecycleContext = TenderStateContext;

/** The owner picks a bid on an opened or closed tender: one transaction makes it awarded, the bid accepted, the rest rejected. */
export async function awardTender(
  ctx: LifecycleContext,
  ownerId: number,
  tenderId: number,
  bidId: number,
): Promise<TenderLiveState> {
  const tender = await ownTender(ctx, ownerId, tenderId);
  if (tender.status === 'awarded') throw new AppError('TENDER_ALREADY_AWARDED');
  if (tender.status === 'draft') throw new AppError('TENDER_NOT_OPEN');
  const told = await ctx.db.transaction().execute(async (trx) => {
    const moved = await moveTenderStatus(trx, {
      tenderId,
      ownerId,
      from: ['opened', 'closed'],
      to: 'awarded',
      awardedBidId: bidId,
    });
    if (!moved) throw new AppError('TENDER_ALREADY_AWARDED');
    // read after the tender row is locked by the update, so a bid racing the award is either in or refused
    const bid = await findBidOfTender(trx, tenderId, bidId);
    if (!bid) throw new AppError('BID_NOT_FOUND');
    const losers = (await settleBids(trx, tenderId, bidId)).filter((userId) => userId !== bid.bidder_id);
    await createShipmentForAward(trx, tenderId, bidId);
    const about = await findTenderSummary(trx, tenderId);
    const params = { number: about.number, name: about.name, amount: formatUsd(bid.amount_cents) };
    return recordNotifications(trx, [
      {
        userId: bid.bidder_id,
        kind: 'bid_won',
        params,
        link: shipmentStatusLink(about.number),
      },
      ...losers.map((userId): NotificationDraft => ({ userId, kind: 'bid_lost', params, link: webRoutes.bids })),
    ]);
  });
  await announce(ctx.bus, told);
  await publishTenderState(ctx, tenderId);
  return getLiveState(ctx, ownerId, tenderId);
}

export async function closeTender(ctx: LifecycleContext, ownerId: number, tenderId: number): Promise<TenderLiveState> {
  const tender = await ownTender(ctx, ownerId, tenderId);
  if (tender.status === 'awarded') throw new AppError('TENDER_ALREADY_AWARDED');
  if (tender.status !== 'opened') throw new AppError('TENDER_NOT_OPEN');
  const told = await ctx.db.transaction().execute(async (trx) => {
    if (!(await moveTenderStatus(trx, { tenderId, ownerId, from: ['opened'], to: 'closed' }))) {
      throw new AppError('TENDER_NOT_OPEN');
    }
    const losers = await rejectUndecidedBids(trx, tenderId);
    const about = await findTenderSummary(trx, tenderId);
    const params = { number: about.number, name: about.name };
    return recordNotifications(
      trx,
      losers.map((userId): NotificationDraft => ({ userId, kind: 'bid_lost', params, link: webRoutes.bids })),
    );
  });
  await announce(ctx.bus, told);
  await publishTenderState(ctx, tenderId);
  return getLiveState(ctx, ownerId, tenderId);
}

export async function publishTender(
  ctx: LifecycleContext,
  ownerId: number,
  tenderId: number,
): Promise<TenderLiveState> {
  const tender = await ownTender(ctx, ownerId, tenderId);
  if (tender.status !== 'draft') throw new AppError('TENDER_NOT_DRAFT');
  const moved = await moveTenderStatus(ctx.db, { tenderId, ownerId, from: ['draft'], to: 'opened' });
  if (!moved) throw new AppError('TENDER_NOT_DRAFT');
  await publishTenderState(ctx, tenderId);
  return getLiveState(ctx, ownerId, tenderId);
}

/**
 * Closes every opened tender whose last day (Tashkent time) has ended and rejects its undecided bids.
 * Safe to run from several instances at once: each close is conditional.
 */
export async function closeExpiredTenders(ctx: LifecycleContext): Promise<number> {
  const todayText = marketDay(ctx);
  let closed = 0;
  for (;;) {
    const expired = await findExpiredOpenTenders(ctx.db, todayText);
    if (expired.length === 0) return closed;
    for (const tender of expired) {
      const told = await ctx.db.transaction().execute(async (trx) => {
        if (!(await closeExpiredTender(trx, tender.id, todayText))) return undefined;
        const losers = await rejectUndecidedBids(trx, tender.id);
        const about = await findTenderSummary(trx, tender.id);
        const params = { number: about.number, name: about.name, bids: about.bid_count };
        return recordNotifications(trx, [
          { userId: about.owner_id, kind: 'tender_closed', params, link: pathTo(webRoutes.tender, { id: tender.id }) },
          ...losers.map((userId): NotificationDraft => ({ userId, kind: 'bid_lost', params, link: webRoutes.bids })),
        ]);
      });
      if (told) {
        closed += 1;
        await announce(ctx.bus, told);
        await publishTenderState(ctx, tender.id);
      }
    }
  }
}
