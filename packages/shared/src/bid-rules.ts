/**
 * The rules about bids that the server (in its queries and answers) and the web app (on the screens that show
 * bids) both apply: which bids a tender's owner may still choose, and what the min-bid answer holds.
 */
import { nextMaxBidCents } from './auction.js';
import type { MinBidResponse } from './bids.js';
import type { BidStatus } from './constants.js';
import { centsToUsd } from './money.js';

/**
 * The statuses of a bid its tender's owner may still choose: undecided (active, pending), or rejected only
 * because the tender closed. The server's award queries filter on this list.
 */
export const AWARDABLE_BID_STATUSES = ['active', 'pending', 'rejected'] as const satisfies readonly BidStatus[];

/** Whether the owner may still choose a bid: an awardable status, and its valid_until (if any) still ahead. */
export function isAwardableBid(bid: { status: BidStatus; valid_until: string | null }, nowMs: number): boolean {
  const statusAllows = (AWARDABLE_BID_STATUSES as readonly BidStatus[]).includes(bid.status);
  return statusAllows && (bid.valid_until === null || Date.parse(bid.valid_until) > nowMs);
}

/** What the min-bid answer is computed from: the tender's lowest bid (null: none yet), start price and step. */
export interface MinBidBasis {
  current_min_bid_cents: number | null;
  initial_price_cents: number;
  min_step_cents: number;
}

/**
 * The min-bid answer (GET /api/tenders/:id/min-bid): the lowest bid so far, the step, and the highest amount a
 * new bid may have (the lowest bid, else the start price, less the step).
 */
export function minBidAnswer(tender: MinBidBasis): MinBidResponse {
  const next = nextMaxBidCents(tender.current_min_bid_cents ?? tender.initial_price_cents, tender.min_step_cents);
  return {
    min_bid: tender.current_min_bid_cents === null ? null : centsToUsd(tender.current_min_bid_cents),
    min_step: centsToUsd(tender.min_step_cents),
    next_max_bid: next === null ? null : centsToUsd(next),
  };
}

/** The bid a user may offer: strictly lower than the current minimum (lowest bid, else the initial price). */
export function currentMinimum(tender: { current_min_bid: number | null; initial_price: number }): number {
  return tender.current_min_bid ?? tender.initial_price;
}
