import { centsToUsd, type MyBid, type PlacedBid, type TenderBid, type TenderLiveState } from '@yuk/shared';
import { AppError } from '../../errors.js';
import { announce } from '../notifications/index.js';
import {
  findTenderState,
  marketDay,
  ownTender,
  tenderChannel,
  visibleTender,
  type TenderState,
  type TenderStateContext,
} from '../tenders/index.js';
import { commitBid, formatUsd } from './bid-batcher.js';
import * as repo from './bids.repository.js';

export type BidsContext = TenderStateContext;

export async function getMinBid(
  ctx: BidsContext,
  userId: number,
  tenderId: number,
): Promise<{ min_bid: number | null }> {
  const tender = await visibleTender(ctx, userId, tenderId);
  return { min_bid: tender.current_min_bid_cents === null ? null : centsToUsd(tender.current_min_bid_cents) };
}

/** Explains why the conditional update refused a bid, in the order a person would want to hear it. */
function refusal(tender: TenderState | undefined, bidderId: number, amountCents: number, todayText: string): AppError {
  if (!tender || (tender.status === 'draft' && tender.owner_id !== bidderId)) return new AppError('TENDER_NOT_FOUND');
  if (tender.owner_id === bidderId) return new AppError('BID_OWN_TENDER');
  if (tender.status === 'awarded') return new AppError('TENDER_ALREADY_AWARDED');
  if (tender.status !== 'opened' || tender.tender_end_date < todayText) return new AppError('TENDER_NOT_OPEN');
  const minimum = tender.current_min_bid_cents ?? tender.initial_price_cents;
  if (amountCents >= minimum) return new AppError('BID_NOT_LOWER', { min: formatUsd(minimum) });
  return new AppError('CONFLICT');
}

export async function placeBid(
  ctx: BidsContext,
  bidderId: number,
  tenderId: number,
  amountUsd: number,
): Promise<PlacedBid> {
  const amountCents = Math.round(amountUsd * 100);
  const todayText = marketDay(ctx);
  const outcome = await commitBid(ctx.db, { tenderId, bidderId, amountCents, today: todayText });
  if (!outcome) throw refusal(await findTenderState(ctx.db, tenderId), bidderId, amountCents, todayText);
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

export async function listTenderBids(ctx: BidsContext, ownerId: number, tenderId: number): Promise<TenderBid[]> {
  await ownTender(ctx, ownerId, tenderId);
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
