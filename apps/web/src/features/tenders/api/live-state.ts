import type { QueryClient } from '@tanstack/react-query';
import type { MinBidResponse, Tender, TenderLiveState } from '@yuk/shared';
import { minBidKey, tenderBidsKey, tenderKey } from './keys';

/**
 * Puts a tender's live state (from its event stream or an owner action's answer) into the cache: the
 * tender's lowest bid, bid count and status, and its min-bid. A changed bid count or status also refreshes
 * the owner's list of bids.
 */
export function applyLiveState(queryClient: QueryClient, id: number, state: TenderLiveState): void {
  const before = queryClient.getQueryData<Tender>(tenderKey(id));
  if (before) {
    queryClient.setQueryData<Tender>(tenderKey(id), {
      ...before,
      current_min_bid: state.min_bid,
      bid_count: state.bid_count,
      status: state.status,
    });
  }
  queryClient.setQueryData<MinBidResponse>(minBidKey(id), { min_bid: state.min_bid });
  if (before && before.is_owner && (before.bid_count !== state.bid_count || before.status !== state.status)) {
    void queryClient.invalidateQueries({ queryKey: tenderBidsKey(id) });
  }
}
