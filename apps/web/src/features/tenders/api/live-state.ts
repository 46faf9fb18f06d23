import type { QueryClient } from '@tanstack/react-query';
import { minBidAnswer, usdToCents, type MinBidResponse, type Tender, type TenderLiveState } from '@yuk/shared';
import { bidKeys, tenderKeys } from '../../../lib/query-keys';

/** The min-bid answer for a lowest bid, start price and step (USD), by the server's rule. */
export function minBidOf(minBid: number | null, initialPrice: number, minStep: number): MinBidResponse {
  return minBidAnswer({
    current_min_bid_cents: minBid === null ? null : (usdToCents(minBid) ?? 0),
    initial_price_cents: usdToCents(initialPrice) ?? 0,
    min_step_cents: usdToCents(minStep) ?? 1,
  });
}

/**
 * Puts a tender's live state (from its event stream or an owner action's answer) into the cache: the
 * tender's lowest bid, bid count, status and close time, and its min-bid. Any change refreshes the owner's
 * list of bids and the award history; a changed status (published, closed, awarded,
 * also by the server's clock) the lists that show it and My Bids.
 */
export function applyLiveState(queryClient: QueryClient, id: number, state: TenderLiveState): void {
  const before = queryClient.getQueryData<Tender>(tenderKeys.detail(id));
  if (before) {
    queryClient.setQueryData<Tender>(tenderKeys.detail(id), {
      ...before,
      current_min_bid: state.min_bid,
      bid_count: state.bid_count,
      status: state.status,
      closes_at: state.closes_at,
    });
    queryClient.setQueryData<MinBidResponse>(
      tenderKeys.minBid(id),
      minBidOf(state.min_bid, before.initial_price, before.min_step),
    );
  } else {
    void queryClient.invalidateQueries({ queryKey: tenderKeys.minBid(id) });
  }
  // the owner's bids and award history change also when only a carrier answered (status and count stay)
  if (before?.is_owner) {
    void queryClient.invalidateQueries({ queryKey: tenderKeys.bids(id) });
    void queryClient.invalidateQueries({ queryKey: tenderKeys.awards(id) });
  }
  if (before && before.status !== state.status) {
    void queryClient.invalidateQueries({ queryKey: tenderKeys.lists() });
    void queryClient.invalidateQueries({ queryKey: bidKeys.all });
  }
}
