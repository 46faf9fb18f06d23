import { centsToUsd, marketToday, type TenderLiveState } from '@yuk/shared';
import type { Db } from '../../db/database.js';
import { AppError } from '../../errors.js';
import type { EventBus } from '../../plugins/event-bus.js';
import * as repo from './tenders.repository.js';

/** What reading and announcing a tender's live state needs. */
export interface TenderStateContext {
  db: Db;
  bus: EventBus;
  /** Tests move the clock. */
  now?: () => Date;
}

/** The event-bus channel of a tender's live state (its page's stream listens to it). */
export const tenderChannel = (tenderId: number) => `tender:${tenderId}`;

/** The channel that tells a tender's open pages its questions changed (they read them again). */
export const tenderQuestionsChannel = (tenderId: number) => `tender:${tenderId}:questions`;

/** Today's date in Tashkent, the market's business day. */
export const marketDay = (ctx: { now?: () => Date }) => marketToday(ctx.now?.() ?? new Date());

/** The instant now (epoch ms) on the context's clock, which tests move. */
export const clockMs = (ctx: { now?: () => Date }) => (ctx.now?.() ?? new Date()).getTime();

export type TenderState = NonNullable<Awaited<ReturnType<typeof repo.findTenderState>>>;

/** A tender the user may see: someone else's draft does not exist for them. */
export async function visibleTender(ctx: { db: Db }, userId: number, tenderId: number): Promise<TenderState> {
  const tender = await repo.findTenderState(ctx.db, tenderId);
  if (!tender || (tender.status === 'draft' && tender.owner_id !== userId)) throw new AppError('TENDER_NOT_FOUND');
  return tender;
}

/** A tender of this owner; someone else's answers as if it did not exist, so nothing about it leaks. */
export async function ownTender(ctx: { db: Db }, ownerId: number, tenderId: number): Promise<TenderState> {
  const tender = await repo.findTenderState(ctx.db, tenderId);
  if (!tender || tender.owner_id !== ownerId) throw new AppError('TENDER_NOT_FOUND');
  return tender;
}

/** The live state readers see: an opened tender past its close already reads as closed. */
export function liveStateOf(
  tender: Pick<TenderState, 'status' | 'current_min_bid_cents' | 'bid_count' | 'closes_at_ms'>,
  nowMs: number,
): TenderLiveState {
  const expired = tender.status === 'opened' && tender.closes_at_ms <= nowMs;
  return {
    min_bid: tender.current_min_bid_cents === null ? null : centsToUsd(tender.current_min_bid_cents),
    bid_count: tender.bid_count,
    status: expired ? 'closed' : tender.status,
    closes_at: new Date(tender.closes_at_ms).toISOString(),
  };
}

/** Tells the tender's open pages (on every instance) its state now. */
export async function publishTenderState(ctx: TenderStateContext, tenderId: number): Promise<void> {
  const tender = await repo.findTenderState(ctx.db, tenderId);
  if (tender) await ctx.bus.publish(tenderChannel(tenderId), liveStateOf(tender, clockMs(ctx)));
}

export async function getLiveState(
  ctx: TenderStateContext,
  userId: number,
  tenderId: number,
): Promise<TenderLiveState> {
  return liveStateOf(await visibleTender(ctx, userId, tenderId), clockMs(ctx));
}
