import {
  centsToUsd,
  formatMarketTime,
  formatUsd,
  pathTo,
  shipmentStatusLink,
  webRoutes,
  type AwardOrigin,
  type PlacedBid,
  type TenderAward,
  type TenderLiveState,
} from '@yuk/shared';
import type { Db } from '../../db/database.js';
import { cancelDue, scheduleDue } from '../../db/due-actions.js';
import { AppError } from '../../errors.js';
import { metrics } from '../../plugins/metrics.js';
import { recordAudit } from '../audit/index.js';
import type { DueBatch, DueHandlers } from '../deadlines/index.js';
import {
  acceptAwardedBid,
  declineAwardedBid,
  findBid,
  findBidOfTender,
  insertBid,
  lowestAwardableBid,
  markNoShow,
  offerBid,
  rejectOtherBids,
  rejectUndecidedBidsByTender,
  rejectUndecidedBidsOfTender,
} from '../bids/index.js';
import { announce, announceAfterBatch, recordNotifications, type NotificationDraft } from '../notifications/index.js';
import { noteTendersChanged } from '../tender-channels/index.js';
import { recordLaneDeal } from '../market/index.js';
import { createShipmentForAward } from '../shipments/index.js';
import {
  clockMs,
  closeTendersAtDeadline,
  findTenderState,
  findTenderSummary,
  getLiveState,
  liveStateOf,
  moveTenderStatus,
  ownTender,
  publishTenderState,
  setAwardedBid,
  takeAtBuyNowPrice,
  tenderChannel,
  tradeRefusal,
  type TenderState,
  type TenderStateContext,
} from '../tenders/index.js';
import { listAwards, recordAward, settleAward } from './awards.repository.js';

/**
 * A tender's life after it is written: the owner publishes a draft, closes an opened tender or awards a bid;
 * the chosen carrier confirms or declines, and silence passes the award on; a carrier may buy a tender now;
 * the schedule closes tenders at their close time (awarding automatically when asked). Each move is
 * conditional updates with its bids and notifications in one transaction, then announced to open pages.
 */
export type LifecycleContext = TenderStateContext;

/** After a move is committed: the users it left notifications for, and the tender whose pages show it. */
interface MoveAnnouncement {
  notifiedUsers: number[];
  tenderId: number;
}

async function announceMove(ctx: LifecycleContext, move: MoveAnnouncement): Promise<void> {
  await announce(ctx.bus, move.notifiedUsers);
  await publishTenderState(ctx, move.tenderId);
}

const tenderLink = (tenderId: number) => pathTo(webRoutes.tender, { id: tenderId });

/**
 * Awards a bid that may still be chosen: the bid awarded with its confirmation deadline on the schedule, the
 * tender pointing at it, the history written, the carrier told. Undefined when the bid may not be chosen.
 */
async function offerAward(
  trx: Db,
  nowMs: number,
  tender: Pick<TenderState, 'id' | 'number' | 'confirm_within_minutes' | 'owner_id'> & { name: string },
  bidId: number,
  origin: AwardOrigin,
): Promise<{ drafts: NotificationDraft[]; amountCents: number } | undefined> {
  const confirmByMs = nowMs + tender.confirm_within_minutes * 60_000;
  const bid = await offerBid(trx, { tenderId: tender.id, bidId, confirmByMs, nowMs });
  if (!bid) return undefined;
  await setAwardedBid(trx, tender.id, bid.id);
  await recordAward(trx, {
    tenderId: tender.id,
    bidId: bid.id,
    origin,
    outcome: 'awaiting',
    awardedAt: new Date(nowMs).toISOString(),
    confirmByMs,
  });
  await scheduleDue(trx, 'award_confirm', bid.id, confirmByMs);
  // the owner's choice is theirs; an automatic or passed-on award is the schedule's, from no request
  await recordAudit(trx, {
    actorUserId: origin === 'owner' ? tender.owner_id : null,
    action: 'tender.awarded',
    subject: { type: 'tender', id: tender.id },
    details: { bid_id: bid.id, origin },
    at: new Date(nowMs).toISOString(),
    ...(origin === 'owner' ? {} : { origin: null }),
  });
  const params = {
    number: tender.number,
    name: tender.name,
    amount: formatUsd(bid.amount_cents),
    confirm_by: formatMarketTime(confirmByMs),
  };
  return {
    drafts: [{ userId: bid.bidder_id, kind: 'award_offered', params, link: webRoutes.bids }],
    amountCents: bid.amount_cents,
  };
}

/**
 * The awarded carrier said no or nothing: the award passes to the next lowest bid that may still be chosen
 * (at or under the reserve, if there is one). With none left the tender closes and the owner is told.
 */
async function passAward(
  trx: Db,
  nowMs: number,
  tenderId: number,
  reason: 'award_declined' | 'award_no_show',
): Promise<NotificationDraft[]> {
  const tender = await findTenderState(trx, tenderId);
  if (!tender) return [];
  const summary = await findTenderSummary(trx, tenderId);
  const next = await lowestAwardableBid(trx, tenderId, nowMs, tender.reserve_price_cents);
  const offered = next
    ? await offerAward(trx, nowMs, { ...tender, name: summary.name }, next.id, 'fallback')
    : undefined;
  if (offered) {
    const params = { number: summary.number, name: summary.name, amount: formatUsd(offered.amountCents) };
    return [...offered.drafts, { userId: tender.owner_id, kind: reason, params, link: tenderLink(tenderId) }];
  }
  await moveTenderStatus(trx, { tenderId, from: ['awarded'], to: 'closed', awardedBidId: null });
  await noteTendersChanged(trx, [tenderId], nowMs);
  const losers = await rejectUndecidedBidsOfTender(trx, tenderId);
  const params = { number: summary.number, name: summary.name };
  return [
    { userId: tender.owner_id, kind: 'award_unfilled', params, link: tenderLink(tenderId) },
    ...losers.map((userId): NotificationDraft => ({ userId, kind: 'bid_lost', params, link: webRoutes.bids })),
  ];
}

/** The settled award: the other undecided bids lose, the shipment is created, everyone is told. */
async function settleWinner(
  trx: Db,
  tenderId: number,
  winner: { bidId: number; bidderId: number; amountCents: number; atMs: number },
  ownerKind: 'award_confirmed' | 'bought_now',
): Promise<number[]> {
  const losers = (await rejectOtherBids(trx, tenderId, winner.bidId)).filter((userId) => userId !== winner.bidderId);
  await createShipmentForAward(trx, tenderId, winner.bidId);
  await recordLaneDeal(trx, {
    tenderId,
    carrierId: winner.bidderId,
    amountCents: winner.amountCents,
    atMs: winner.atMs,
  });
  const summary = await findTenderSummary(trx, tenderId);
  const params = { number: summary.number, name: summary.name, amount: formatUsd(winner.amountCents) };
  return recordNotifications(trx, [
    { userId: winner.bidderId, kind: 'bid_won', params, link: shipmentStatusLink(summary.number) },
    { userId: summary.owner_id, kind: ownerKind, params, link: tenderLink(tenderId) },
    ...losers.map((userId): NotificationDraft => ({ userId, kind: 'bid_lost', params, link: webRoutes.bids })),
  ]);
}

/**
 * The owner picks a bid on an opened or closed tender: the tender is awarded and the bid awaits its carrier's
 * confirmation. A declined, unanswered or expired bid cannot be picked.
 */
export async function awardTender(
  ctx: LifecycleContext,
  ownerId: number,
  tenderId: number,
  bidId: number,
): Promise<TenderLiveState> {
  const tender = await ownTender(ctx, ownerId, tenderId);
  if (tender.status === 'awarded') throw new AppError('TENDER_ALREADY_AWARDED');
  if (tender.status === 'draft') throw new AppError('TENDER_NOT_OPEN');
  if (!(await findBidOfTender(ctx.db, tenderId, bidId))) throw new AppError('BID_NOT_FOUND');
  const nowMs = clockMs(ctx);
  const move = await ctx.db.transaction().execute(async (trx) => {
    const moved = await moveTenderStatus(trx, { tenderId, ownerId, from: ['opened', 'closed'], to: 'awarded' });
    if (!moved) throw new AppError('TENDER_ALREADY_AWARDED');
    await noteTendersChanged(trx, [tenderId], nowMs);
    const summary = await findTenderSummary(trx, tenderId);
    // after the tender row is locked by the update, so a bid racing the award is either in or refused
    const offered = await offerAward(trx, nowMs, { ...tender, name: summary.name }, bidId, 'owner');
    if (!offered) throw new AppError('BID_NOT_AWARDABLE');
    return { notifiedUsers: await recordNotifications(trx, offered.drafts), tenderId };
  });
  await announceMove(ctx, move);
  return getLiveState(ctx, ownerId, tenderId);
}

/** A carrier's bid after their answer or purchase, as the API shows it. */
function placedBidOf(
  bid: { id: number; tender_id: number; amount_cents: number },
  answer: { tenderNumber: string; status: PlacedBid['status']; createdAt: string; confirmByMs: number | null },
): PlacedBid {
  const { tenderNumber, status, createdAt, confirmByMs } = answer;
  return {
    id: bid.id,
    tender_id: bid.tender_id,
    tender_number: tenderNumber,
    bid_amount: centsToUsd(bid.amount_cents),
    status,
    created_at: createdAt,
    valid_until: null,
    confirm_by: confirmByMs === null ? null : new Date(confirmByMs).toISOString(),
  };
}

/** Why a carrier's answer on a bid was refused. */
async function answerRefusal(ctx: LifecycleContext, carrierId: number, bidId: number, nowMs: number) {
  const bid = await findBid(ctx.db, bidId);
  // someone else's bid is "not found", as a missing one: bid ids are sequential and tell nothing more
  if (!bid || bid.bidder_id !== carrierId) return new AppError('BID_NOT_FOUND');
  if (bid.status !== 'awarded') return new AppError('BID_NOT_AWARDED');
  if (bid.confirm_by_ms !== null && bid.confirm_by_ms <= nowMs) return new AppError('AWARD_CONFIRM_EXPIRED');
  return new AppError('CONFLICT');
}

/** The awarded carrier confirms before the deadline: the bid is accepted and the shipment exists. */
export function confirmAward(ctx: LifecycleContext, carrierId: number, bidId: number): Promise<PlacedBid> {
  return answerAward(ctx, { carrierId, bidId, answer: 'confirmed' });
}

/** The awarded carrier declines: the award passes to the next bid (or the tender closes without a winner). */
export function declineAward(ctx: LifecycleContext, carrierId: number, bidId: number): Promise<PlacedBid> {
  return answerAward(ctx, { carrierId, bidId, answer: 'declined' });
}

/**
 * The awarded carrier's answer, in one transaction: the bid moves only while it is still awarded to them (and,
 * to confirm, before the deadline), the award is settled and audited, and then either the shipment is made or
 * the award passes on. A refused answer says why.
 */
async function answerAward(
  ctx: LifecycleContext,
  { carrierId, bidId, answer }: { carrierId: number; bidId: number; answer: 'confirmed' | 'declined' },
): Promise<PlacedBid> {
  const nowMs = clockMs(ctx);
  const done = await ctx.db.transaction().execute(async (trx) => {
    const bid =
      answer === 'confirmed'
        ? await acceptAwardedBid(trx, { bidId, bidderId: carrierId, nowMs })
        : await declineAwardedBid(trx, { bidId, bidderId: carrierId });
    if (!bid) return undefined;
    await settleAward(trx, bidId, answer, new Date(nowMs).toISOString());
    await cancelDue(trx, 'award_confirm', bidId);
    await recordAudit(trx, {
      actorUserId: carrierId,
      action: answer === 'confirmed' ? 'tender.award_confirmed' : 'tender.award_declined',
      subject: { type: 'tender', id: bid.tender_id },
      details: { bid_id: bidId },
    });
    const users =
      answer === 'confirmed'
        ? await settleWinner(
            trx,
            bid.tender_id,
            { bidId, bidderId: carrierId, amountCents: bid.amount_cents, atMs: nowMs },
            'award_confirmed',
          )
        : await recordNotifications(trx, await passAward(trx, nowMs, bid.tender_id, 'award_declined'));
    return { bid, users };
  });
  if (!done) throw await answerRefusal(ctx, carrierId, bidId, nowMs);
  await announceMove(ctx, { notifiedUsers: done.users, tenderId: done.bid.tender_id });
  const summary = await findTenderSummary(ctx.db, done.bid.tender_id);
  const confirmByMs = answer === 'confirmed' ? ((await findBid(ctx.db, bidId))?.confirm_by_ms ?? null) : null;
  return placedBidOf(done.bid, {
    tenderNumber: summary.number,
    status: answer === 'confirmed' ? 'accepted' : 'declined',
    createdAt: new Date(nowMs).toISOString(),
    confirmByMs,
  });
}

/**
 * A carrier takes an open tender at its buy-now price: the tender is awarded to them at once, their bid
 * accepted, the shipment created, the other bids rejected. Of two at the same instant, exactly one wins.
 */
export async function buyNow(ctx: LifecycleContext, buyerId: number, tenderId: number): Promise<PlacedBid> {
  const nowMs = clockMs(ctx);
  const nowText = new Date(nowMs).toISOString();
  const done = await ctx.db.transaction().execute(async (trx) => {
    const taken = await takeAtBuyNowPrice(trx, { tenderId, buyerId, nowMs });
    if (taken) metrics.tenders.inc({ event: 'awarded' });
    if (!taken || taken.buy_now_price_cents === null) return undefined;
    const bid = await insertBid(trx, {
      tender_id: tenderId,
      bidder_id: buyerId,
      amount_cents: taken.buy_now_price_cents,
      status: 'accepted',
      created_at: nowText,
      valid_until_ms: null,
      vehicle_id: null,
    });
    await setAwardedBid(trx, tenderId, bid.id);
    await recordAward(trx, {
      tenderId,
      bidId: bid.id,
      origin: 'buy_now',
      outcome: 'confirmed',
      awardedAt: nowText,
      confirmByMs: null,
    });
    await cancelDue(trx, 'tender_close', tenderId);
    await noteTendersChanged(trx, [tenderId], nowMs);
    await recordAudit(trx, {
      actorUserId: buyerId,
      action: 'tender.bought_now',
      subject: { type: 'tender', id: tenderId },
      details: { bid_id: bid.id },
    });
    const users = await settleWinner(
      trx,
      tenderId,
      { bidId: bid.id, bidderId: buyerId, amountCents: bid.amount_cents, atMs: nowMs },
      'bought_now',
    );
    return { bid, number: taken.number, users };
  });
  // refused by the conditional update; a state that changed again since reads as a conflict
  if (!done) throw (await tradeRefusal(ctx.db, buyerId, tenderId, { buyNow: true }, nowMs)) ?? new AppError('CONFLICT');
  await announceMove(ctx, { notifiedUsers: done.users, tenderId });
  return placedBidOf(done.bid, {
    tenderNumber: done.number,
    status: 'accepted',
    createdAt: nowText,
    confirmByMs: null,
  });
}

export async function closeTender(ctx: LifecycleContext, ownerId: number, tenderId: number): Promise<TenderLiveState> {
  const tender = await ownTender(ctx, ownerId, tenderId);
  if (tender.status === 'awarded') throw new AppError('TENDER_ALREADY_AWARDED');
  if (tender.status !== 'opened') throw new AppError('TENDER_NOT_OPEN');
  const move = await ctx.db.transaction().execute(async (trx) => {
    if (!(await moveTenderStatus(trx, { tenderId, ownerId, from: ['opened'], to: 'closed' }))) {
      throw new AppError('TENDER_NOT_OPEN');
    }
    await cancelDue(trx, 'tender_close', tenderId);
    await noteTendersChanged(trx, [tenderId], clockMs(ctx));
    const losers = await rejectUndecidedBidsOfTender(trx, tenderId);
    const summary = await findTenderSummary(trx, tenderId);
    const params = { number: summary.number, name: summary.name };
    const notifiedUsers = await recordNotifications(
      trx,
      losers.map((userId): NotificationDraft => ({ userId, kind: 'bid_lost', params, link: webRoutes.bids })),
    );
    return { notifiedUsers, tenderId };
  });
  await announceMove(ctx, move);
  return getLiveState(ctx, ownerId, tenderId);
}

export async function publishTender(
  ctx: LifecycleContext,
  ownerId: number,
  tenderId: number,
): Promise<TenderLiveState> {
  const tender = await ownTender(ctx, ownerId, tenderId);
  if (tender.status !== 'draft') throw new AppError('TENDER_NOT_DRAFT');
  const moved = await ctx.db.transaction().execute(async (trx) => {
    if (!(await moveTenderStatus(trx, { tenderId, ownerId, from: ['draft'], to: 'opened' }))) return false;
    // the saved searches it matches are told by the schedule, at once
    await scheduleDue(trx, 'tender_match', tenderId, clockMs(ctx));
    return true;
  });
  if (!moved) throw new AppError('TENDER_NOT_DRAFT');
  await publishTenderState(ctx, tenderId);
  return getLiveState(ctx, ownerId, tenderId);
}

/** The award history of my tender (owner only; others get 404). */
export async function listTenderAwards(
  ctx: LifecycleContext,
  ownerId: number,
  tenderId: number,
): Promise<TenderAward[]> {
  await ownTender(ctx, ownerId, tenderId);
  const rows = await listAwards(ctx.db, tenderId);
  return rows.map((row) => ({
    id: row.id,
    bid_id: row.bid_id,
    bid_amount: centsToUsd(row.amount_cents),
    origin: row.origin,
    outcome: row.outcome,
    awarded_at: row.awarded_at,
    confirm_by: row.confirm_by_ms === null ? null : new Date(Number(row.confirm_by_ms)).toISOString(),
    decided_at: row.decided_at,
    bidder: { id: row.bidder_id, first_name: row.first_name, last_name: row.last_name },
  }));
}

// ---------------------------------------------------------------------------------------------------
// The market's clock: what the schedule does for the tender's life when its deadlines come.

type ClosedTender = Awaited<ReturnType<typeof closeTendersAtDeadline>>[number];

/**
 * An automatic award at the close: the lowest bid that may be chosen and is at or under the reserve.
 * Undefined when there is none (the tender then closes as any other).
 */
async function awardAtClose(trx: Db, tender: ClosedTender, nowMs: number): Promise<NotificationDraft[] | undefined> {
  const best = await lowestAwardableBid(trx, tender.id, nowMs, tender.reserve_price_cents);
  if (!best) return undefined;
  await moveTenderStatus(trx, { tenderId: tender.id, from: ['closed'], to: 'awarded' });
  const offered = await offerAward(trx, nowMs, tender, best.id, 'auto');
  if (offered) return offered.drafts;
  await moveTenderStatus(trx, { tenderId: tender.id, from: ['awarded'], to: 'closed' });
  return undefined;
}

/** Once the batch is committed, the tender's open pages read its state again. */
function refreshAfterBatch(batch: DueBatch, tenderId: number): void {
  batch.afterCommit(`tender:${tenderId}`, (ctx) => publishTenderState(ctx, tenderId));
}

/**
 * Bidding has ended on these tenders: those still opened close. With automatic award the lowest bid that may
 * be chosen and is at or under the reserve is awarded; on the others the undecided bids are rejected and the
 * owner is told (that no bid met the reserve, when one was set and there were bids).
 */
async function closeAtDeadline(trx: Db, tenderIds: number[], batch: DueBatch): Promise<void> {
  const { nowMs } = batch;
  const closed = await closeTendersAtDeadline(trx, tenderIds, nowMs);
  metrics.tenders.inc({ event: 'closed' }, closed.length);
  await noteTendersChanged(
    trx,
    closed.map((tender) => tender.id),
    nowMs,
  );
  const drafts: NotificationDraft[] = [];
  const unawarded: ClosedTender[] = [];
  const awardedIds: number[] = [];
  for (const tender of closed) {
    const awarded = tender.auto_award === 1 ? await awardAtClose(trx, tender, nowMs) : undefined;
    if (awarded) {
      drafts.push(...awarded);
      awardedIds.push(tender.id);
    } else {
      unawarded.push(tender);
    }
  }
  const losersByTender = await rejectUndecidedBidsByTender(
    trx,
    unawarded.map((tender) => tender.id),
  );
  for (const tender of unawarded) {
    const params = { number: tender.number, name: tender.name, bids: tender.bid_count };
    const reserveMissed = tender.auto_award === 1 && tender.reserve_price_cents !== null && tender.bid_count > 0;
    drafts.push({
      userId: tender.owner_id,
      kind: reserveMissed ? 'reserve_not_met' : 'tender_closed',
      params,
      link: tenderLink(tender.id),
    });
    for (const userId of losersByTender.get(tender.id) ?? []) {
      drafts.push({ userId, kind: 'bid_lost', params, link: webRoutes.bids });
    }
  }
  announceAfterBatch(batch, await recordNotifications(trx, drafts));
  // the closed state is known from the update itself: sent as it is, without reading each tender again
  const states = unawarded.map((tender) => ({ tenderId: tender.id, state: liveStateOf(tender, nowMs) }));
  batch.afterCommit('closed tenders', async (ctx) => {
    for (const { tenderId, state } of states) await ctx.bus.publish(tenderChannel(tenderId), state);
  });
  for (const tenderId of awardedIds) refreshAfterBatch(batch, tenderId);
}

/** The awarded carrier did not answer in time: a no-show on their record, and the award passes on. */
async function noShowAtDeadline(trx: Db, bidId: number, batch: DueBatch): Promise<void> {
  const { nowMs } = batch;
  const bid = await markNoShow(trx, bidId, nowMs);
  if (!bid) return;
  await settleAward(trx, bidId, 'no_show', new Date(nowMs).toISOString());
  await recordAudit(trx, {
    actorUserId: null,
    action: 'tender.award_no_show',
    subject: { type: 'tender', id: bid.tender_id },
    details: { bid_id: bidId, carrier_id: bid.bidder_id },
    at: new Date(nowMs).toISOString(),
    origin: null,
  });
  announceAfterBatch(
    batch,
    await recordNotifications(trx, await passAward(trx, nowMs, bid.tender_id, 'award_no_show')),
  );
  refreshAfterBatch(batch, bid.tender_id);
}

/** The deadlines of a tender's life: its close (many at once), and the awarded carrier's time to confirm. */
export const lifecycleDueHandlers = {
  tender_close: { together: closeAtDeadline },
  award_confirm: { each: noShowAtDeadline },
} satisfies Partial<DueHandlers>;
