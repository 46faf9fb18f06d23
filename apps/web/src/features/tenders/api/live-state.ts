import type { QueryClient } from '@tanstack/react-query';
import type { MinBidResponse, Tender, TenderLiveState } from '@yuk/shared';
import { bidKeys, tenderKeys } from '../../../lib/query-keys';

/**
 * Puts a tender's live state (from its event stream or an owner action's answer) into the cache: the
 * tender's lowest bid, bid count and status, and its min-bid. A changed bid count or status also refreshes
 * the owner's list of bids; a changed status (published, closed, awarded, also by the server's clock) the
 * lists that show it and My Bids.
 */
export function applyLiveState(queryClient: QueryClient, id: number, state: TenderLiveState): void {
  const before = queryClient.getQueryData<Tender>(tenderKeys.detail(id));
  if (before) {
    queryClient.setQueryData<Tender>(tenderKeys.detail(id), {
      ...before,
      current_min_bid: state.min_bid,
      bid_count: state.bid_count,
      status: state.status,
    });
  }
  queryClient.setQueryData<MinBidResponse>(tenderKeys.minBid(id), { min_bid: state.min_bid });
  if (before && before.is_owner && (before.bid_count !== state.bid_count || before.status !== state.status)) {
    void queryClient.invalidateQueries({ queryKey: tenderKeys.bids(id) });
  }
  if (before && before.status !== state.status) {
    void queryClient.invalidateQueries({ queryKey: tenderKeys.lists() });
    void queryClient.invalidateQueries({ queryKey: bidKeys.all });
  }
}
