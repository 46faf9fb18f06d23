import {
  centsToUsd,
  formatMarketTime,
  formatUsd,
  pathTo,
  shipmentStatusLink,
  webRoutes,
  type AwardOrigin,
  type ExpiringDocument,
  type PlacedBid,
  type TenderAward,
  type TenderLiveState,
} from '@yuk/shared';
import type { Db } from '../../db/database.js';
import { cancelDue, finishDue, scheduleDue, type DueAction, type DueKind } from '../../db/due-actions.js';
import { AppError } from '../../errors.js';
import { metrics } from '../../plugins/metrics.js';
import { recordAudit } from '../audit/index.js';
import {
  acceptAwardedBid,
  companyRefusal,
  declineAwardedBid,
  expireBid,
  findBid,
  findBidOfTender,
  insertBid,
  lowestAwardableBid,
  markNoShow,
  offerBid,
  rejectOtherBids,
  rejectUndecidedBids,
  rejectUndecidedBidsOf,
} from '../bids/index.js';
import { announce, recordNotifications, type NotificationDraft } from '../notifications/index.js';
import { notifyMatchingSearches } from '../saved-searches/index.js';
import { recordLaneDeal } from '../market/index.js';
import { createShipmentForAward } from '../shipments/index.js';
import { remindOfExpiringDocument } from '../vehicles/index.js';
import {
  clockMs,
  closeTendersAtDeadline,
  findOpenedTender,
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
  visibleTender,
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

/** What a committed move tells: whose notifications to announce, which tender's page to refresh. */
interface Told {
  users: number[];
  tenderId: number;
}

async function announceTold(ctx: LifecycleContext, told: Told | undefined): Promise<void> {
  if (!told) return;
  await announce(ctx.bus, told.users);
  await publishTenderState(ctx, told.tenderId);
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
  const about = await findTenderSummary(trx, tenderId);
  const next = await lowestAwardableBid(trx, tenderId, nowMs, tender.reserve_price_cents);
  const offered = next ? await offerAward(trx, nowMs, { ...tender, name: about.name }, next.id, 'fallback') : undefined;
  if (offered) {
    const params = { number: about.number, name: about.name, amount: formatUsd(offered.amountCents) };
    return [...offered.drafts, { userId: tender.owner_id, kind: reason, params, link: tenderLink(tenderId) }];
  }
  await moveTenderStatus(trx, { tenderId, from: ['awarded'], to: 'closed', awardedBidId: null });
  const losers = await rejectUndecidedBids(trx, tenderId);
  const params = { number: about.number, name: about.name };
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
  const about = await findTenderSummary(trx, tenderId);
  const params = { number: about.number, name: about.name, amount: formatUsd(winner.amountCents) };
  return recordNotifications(trx, [
    { userId: winner.bidderId, kind: 'bid_won', params, link: shipmentStatusLink(about.number) },
    { userId: about.owner_id, kind: ownerKind, params, link: tenderLink(tenderId) },
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
  const told = await ctx.db.transaction().execute(async (trx) => {
    const moved = await moveTenderStatus(trx, { tenderId, ownerId, from: ['opened', 'closed'], to: 'awarded' });
    if (!moved) throw new AppError('TENDER_ALREADY_AWARDED');
    const about = await findTenderSummary(trx, tenderId);
    // after the tender row is locked by the update, so a bid racing the award is either in or refused
    const offered = await offerAward(trx, nowMs, { ...tender, name: about.name }, bidId, 'owner');
    if (!offered) throw new AppError('BID_NOT_AWARDABLE');
    return { users: await recordNotifications(trx, offered.drafts), tenderId };
  });
  await announceTold(ctx, told);
  return getLiveState(ctx, ownerId, tenderId);
}

function placedBidOf(
  bid: { id: number; tender_id: number; amount_cents: number; created_at?: string },
  number: string,
  status: PlacedBid['status'],
  createdAt: string,
  confirmByMs: number | null,
): PlacedBid {
  return {
    id: bid.id,
    tender_id: bid.tender_id,
    tender_number: number,
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
  if (!bid) return new AppError('BID_NOT_FOUND');
  if (bid.bidder_id !== carrierId) return new AppError('BID_NOT_YOURS');
  if (bid.status !== 'awarded') return new AppError('BID_NOT_AWARDED');
  if (bid.confirm_by_ms !== null && bid.confirm_by_ms <= nowMs) return new AppError('AWARD_CONFIRM_EXPIRED');
  return new AppError('CONFLICT');
}

/** The awarded carrier confirms before the deadline: the bid is accepted and the shipment exists. */
export async function confirmAward(ctx: LifecycleContext, carrierId: number, bidId: number): Promise<PlacedBid> {
  const nowMs = clockMs(ctx);
  const done = await ctx.db.transaction().execute(async (trx) => {
    const bid = await acceptAwardedBid(trx, { bidId, bidderId: carrierId, nowMs });
    if (!bid) return undefined;
    await settleAward(trx, bidId, 'confirmed', new Date(nowMs).toISOString());
    await cancelDue(trx, 'award_confirm', bidId);
    await recordAudit(trx, {
      actorUserId: carrierId,
      action: 'tender.award_confirmed',
      subject: { type: 'tender', id: bid.tender_id },
      details: { bid_id: bidId },
    });
    const users = await settleWinner(
      trx,
      bid.tender_id,
      { bidId, bidderId: carrierId, amountCents: bid.amount_cents, atMs: nowMs },
      'award_confirmed',
    );
    return { bid, users };
  });
  if (!done) throw await answerRefusal(ctx, carrierId, bidId, nowMs);
  await announceTold(ctx, { users: done.users, tenderId: done.bid.tender_id });
  const summary = await findTenderSummary(ctx.db, done.bid.tender_id);
  const stored = await findBid(ctx.db, bidId);
  return placedBidOf(
    done.bid,
    summary.number,
    'accepted',
    new Date(nowMs).toISOString(),
    stored?.confirm_by_ms ?? null,
  );
}

/** The awarded carrier declines: the award passes to the next bid (or the tender closes without a winner). */
export async function declineAward(ctx: LifecycleContext, carrierId: number, bidId: number): Promise<PlacedBid> {
  const nowMs = clockMs(ctx);
  const done = await ctx.db.transaction().execute(async (trx) => {
    const bid = await declineAwardedBid(trx, { bidId, bidderId: carrierId });
    if (!bid) return undefined;
    await settleAward(trx, bidId, 'declined', new Date(nowMs).toISOString());
    await cancelDue(trx, 'award_confirm', bidId);
    await recordAudit(trx, {
      actorUserId: carrierId,
      action: 'tender.award_declined',
      subject: { type: 'tender', id: bid.tender_id },
      details: { bid_id: bidId },
    });
    const users = await recordNotifications(trx, await passAward(trx, nowMs, bid.tender_id, 'award_declined'));
    return { bid, users };
  });
  if (!done) throw await answerRefusal(ctx, carrierId, bidId, nowMs);
  await announceTold(ctx, { users: done.users, tenderId: done.bid.tender_id });
  const summary = await findTenderSummary(ctx.db, done.bid.tender_id);
  return placedBidOf(done.bid, summary.number, 'declined', new Date(nowMs).toISOString(), null);
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
  if (!done) throw await buyNowRefusal(ctx, buyerId, tenderId, nowMs);
  await announceTold(ctx, { users: done.users, tenderId });
  return placedBidOf(done.bid, done.number, 'accepted', nowText, null);
}

async function buyNowRefusal(ctx: LifecycleContext, buyerId: number, tenderId: number, nowMs: number) {
  const tender = await visibleTender(ctx, buyerId, tenderId);
  if (tender.owner_id === buyerId) return new AppError('BID_OWN_TENDER');
  const company = await companyRefusal(ctx, tender, buyerId);
  if (company) return company;
  if (tender.status === 'awarded') return new AppError('TENDER_ALREADY_AWARDED');
  if (tender.status !== 'opened' || tender.closes_at_ms <= nowMs) return new AppError('TENDER_NOT_OPEN');
  return new AppError('BUY_NOW_UNAVAILABLE');
}

export async function closeTender(ctx: LifecycleContext, ownerId: number, tenderId: number): Promise<TenderLiveState> {
  const tender = await ownTender(ctx, ownerId, tenderId);
  if (tender.status === 'awarded') throw new AppError('TENDER_ALREADY_AWARDED');
  if (tender.status !== 'opened') throw new AppError('TENDER_NOT_OPEN');
  const told = await ctx.db.transaction().execute(async (trx) => {
    if (!(await moveTenderStatus(trx, { tenderId, ownerId, from: ['opened'], to: 'closed' }))) {
      throw new AppError('TENDER_NOT_OPEN');
    }
    await cancelDue(trx, 'tender_close', tenderId);
    const losers = await rejectUndecidedBids(trx, tenderId);
    const about = await findTenderSummary(trx, tenderId);
    const params = { number: about.number, name: about.name };
    const users = await recordNotifications(
      trx,
      losers.map((userId): NotificationDraft => ({ userId, kind: 'bid_lost', params, link: webRoutes.bids })),
    );
    return { users, tenderId };
  });
  await announceTold(ctx, told);
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
// What the schedule runs when deadlines come: a batch of due actions in one transaction with the removal of
// their rows. Closes are done together (a few statements for the whole batch: many tenders often close in the
// same second); an automatic award, a no-show and a bid's expiry one by one.

/** What a committed batch tells: whose notifications to announce, live states to send, pages to refresh. */
interface BatchTold {
  users: number[];
  states: { tenderId: number; state: TenderLiveState }[];
  tenders: number[];
}

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

/**
 * Bidding has ended on these tenders: those still opened close. With automatic award the lowest bid that may
 * be chosen and is at or under the reserve is awarded; on the others the undecided bids are rejected and the
 * owner is told (that no bid met the reserve, when one was set and there were bids).
 */
/** A tender that opened: the owners of the saved searches it matches are told (if it is still open). */
async function tellMatchingSearches(trx: Db, tenderId: number, told: BatchTold): Promise<void> {
  const tender = await findOpenedTender(trx, tenderId);
  if (tender) told.users.push(...(await notifyMatchingSearches(trx, tender)));
}

async function closeAtDeadline(trx: Db, tenderIds: number[], nowMs: number, told: BatchTold): Promise<void> {
  const closed = await closeTendersAtDeadline(trx, tenderIds, nowMs);
  metrics.tenders.inc({ event: 'closed' }, closed.length);
  const drafts: NotificationDraft[] = [];
  const unawarded: ClosedTender[] = [];
  for (const tender of closed) {
    const awarded = tender.auto_award === 1 ? await awardAtClose(trx, tender, nowMs) : undefined;
    if (awarded) {
      drafts.push(...awarded);
      told.tenders.push(tender.id);
    } else {
      unawarded.push(tender);
    }
  }
  const losersByTender = await rejectUndecidedBidsOf(
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
    told.states.push({ tenderId: tender.id, state: liveStateOf(tender, nowMs) });
  }
  told.users.push(...(await recordNotifications(trx, drafts)));
}

/** The vehicle paper each reminder kind of the schedule is about. */
const PAPER_OF_DUE_KIND: Partial<Record<DueKind, ExpiringDocument>> = {
  insurance_expiry: 'insurance',
  registration_expiry: 'registration',
  inspection_expiry: 'inspection',
  permit_expiry: 'permit',
};

/** The awarded carrier did not answer in time: a no-show on their record, and the award passes on. */
async function noShowAtDeadline(trx: Db, bidId: number, nowMs: number, told: BatchTold): Promise<void> {
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
  told.users.push(...(await recordNotifications(trx, await passAward(trx, nowMs, bid.tender_id, 'award_no_show'))));
  told.tenders.push(bid.tender_id);
}

/**
 * Does a batch of claimed actions in one transaction, which also removes their rows, then announces what
 * changed. A failure rolls the whole batch back (its rows stay claimed until the lease runs out); the caller
 * then runs the actions one by one, so one bad action cannot hold up the others.
 */
export async function runDueBatch(ctx: LifecycleContext, actions: DueAction[]): Promise<void> {
  const nowMs = clockMs(ctx);
  const told = await ctx.db.transaction().execute(async (trx) => {
    const batch: BatchTold = { users: [], states: [], tenders: [] };
    const closes = actions.filter((action) => action.kind === 'tender_close').map((action) => action.subject_id);
    if (closes.length > 0) await closeAtDeadline(trx, closes, nowMs, batch);
    for (const action of actions) {
      if (action.kind === 'award_confirm') await noShowAtDeadline(trx, action.subject_id, nowMs, batch);
      else if (action.kind === 'bid_expiry') await expireBid(trx, action.subject_id, nowMs);
      else if (action.kind === 'tender_match') await tellMatchingSearches(trx, action.subject_id, batch);
      else {
        const document = PAPER_OF_DUE_KIND[action.kind];
        if (document) batch.users.push(...(await remindOfExpiringDocument(trx, document, action.subject_id, nowMs)));
      }
    }
    await finishDue(
      trx,
      actions.map((action) => action.id),
      nowMs,
    );
    return batch;
  });
  await announce(ctx.bus, [...new Set(told.users)]);
  for (const { tenderId, state } of told.states) await ctx.bus.publish(tenderChannel(tenderId), state);
  for (const tenderId of new Set(told.tenders)) await publishTenderState(ctx, tenderId);
}
