import { bidMatchesLocation, bidMatchesSearch, matchesBidFilters, type MyBid } from '@yuk/shared';

/** The bids screen's part of the shared filter state (empty strings mean "no filter"). */
export interface BidFilters {
  search: string;
  deliverySpeed: string;
  priceRange: string;
  location: string;
}

// The rules live in @yuk/shared: the server applies the same ones to the list's CSV.
export { bidMatchesLocation, bidMatchesSearch };

/** The bids screen's filters on the rows it has (the shared rules; bids whose tender is gone never arrive). */
export function filterBids(bids: readonly MyBid[], filters: BidFilters): MyBid[] {
  return bids.filter((bid) => matchesBidFilters(bid, filters));
}

/**
 * Which empty text the screen shows: 'noResults' when a search or location filter is active,
 * else 'none' ('Hali hech qanday taklif bermagan'), as the spec words it, also when only a price or
 * delivery-time filter is chosen.
 */
export function emptyKind(filters: Pick<BidFilters, 'search' | 'location'>): 'noResults' | 'none' {
  return filters.search.trim() || filters.location.trim() ? 'noResults' : 'none';
}
