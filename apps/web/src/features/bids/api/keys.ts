/**
 * The query keys of the bids screen. Everything sits under 'bids', the key other screens refresh after a
 * bid or an award.
 */
export const bidsKey = ['bids'] as const;
export const myBidsKey = (tenderId: number | null) => ['bids', 'me', tenderId ?? 'all'] as const;
