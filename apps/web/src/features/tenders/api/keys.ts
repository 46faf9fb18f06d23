/**
 * The query keys of tender data. Everything about tenders sits under 'tenders', so one invalidation by that
 * prefix (after creating a tender, say) refreshes every list and detail; a tender's min-bid and bids sit
 * under its detail key, so refreshing a tender refreshes them too.
 */
export const tendersKey = ['tenders'] as const;
export const tenderListsKey = ['tenders', 'list'] as const;
export const tenderKey = (id: number) => ['tenders', 'detail', id] as const;
export const minBidKey = (id: number) => ['tenders', 'detail', id, 'min-bid'] as const;
export const tenderBidsKey = (id: number) => ['tenders', 'detail', id, 'bids'] as const;
/** The signed-in user's own bids (the bids screen's data), refreshed after a bid or an award. */
export const myBidsKey = ['bids'] as const;
