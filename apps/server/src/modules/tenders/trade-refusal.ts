import { formatUsd, nextMaxBidCents } from '@yuk/shared';
import type { Db } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { findCompanyStanding } from '../companies/index.js';
import * as repo from './tenders.repository.js';

/** A bid of this amount, or taking the tender at its buy-now price. */
export type Trade = { amountCents: number } | { buyNow: true };

/**
 * Why a user may not trade on a tender now, in the order a person would want to hear it; undefined when
 * nothing stands in the way. The trade itself is one conditional update (`lowerCurrentMinimum`,
 * `takeAtBuyNowPrice` in tenders.repository.ts), which alone decides, race-free; this reads the tender after a
 * refusal and names the condition that failed. The two are kept equal by trade-refusal.test.ts.
 */
export async function tradeRefusal(
  db: Db,
  userId: number,
  tenderId: number,
  trade: Trade,
  nowMs: number,
): Promise<AppError | undefined> {
  const tender = await repo.findTenderState(db, tenderId);
  if (!tender || (tender.status === 'draft' && tender.owner_id !== userId)) return new AppError('TENDER_NOT_FOUND');
  if (tender.owner_id === userId) return new AppError('BID_OWN_TENDER');
  const standing = await findCompanyStanding(db, userId);
  if (standing?.suspended_at) return new AppError('COMPANY_SUSPENDED');
  if (tender.verified_only === 1 && standing?.verification_status !== 'verified') {
    return new AppError('COMPANY_NOT_VERIFIED');
  }
  if (tender.status === 'awarded') return new AppError('TENDER_ALREADY_AWARDED');
  if (tender.status !== 'opened' || tender.closes_at_ms <= nowMs) return new AppError('TENDER_NOT_OPEN');
  const minimum = tender.current_min_bid_cents ?? tender.initial_price_cents;
  if ('buyNow' in trade) {
    const buyNowCents = tender.buy_now_price_cents;
    const reached = tender.current_min_bid_cents !== null && buyNowCents !== null && minimum <= buyNowCents;
    return buyNowCents === null || reached ? new AppError('BUY_NOW_UNAVAILABLE') : undefined;
  }
  if (trade.amountCents >= minimum) {
    return new AppError('BID_NOT_LOWER', { params: { min: formatUsd(minimum) } });
  }
  const next = nextMaxBidCents(minimum, tender.min_step_cents);
  if (next === null || trade.amountCents > next) {
    return new AppError('BID_STEP_TOO_SMALL', {
      params: { step: formatUsd(tender.min_step_cents), max: next === null ? '—' : formatUsd(next) },
    });
  }
  return undefined;
}
