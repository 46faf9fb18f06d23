import { BIDS_LOCATIONS, cityOf, deliverySpeed, OTHER_LOCATION, tenderListPriceBand, type MyBid } from '@yuk/shared';

/** The bids screen's part of the shared filter state (empty strings mean "no filter"). */
export interface BidFilters {
  search: string;
  deliverySpeed: string;
  priceRange: string;
  location: string;
}

/**
 * Search: a case-insensitive substring of the tender's name, origin_location or
 * destination_location.
 */
export function bidMatchesSearch(
  bid: Pick<MyBid, 'name' | 'origin_location' | 'destination_location'>,
  search: string,
) {
  const needle = search.trim().toLowerCase();
  if (!needle) return true;
  return [bid.name, bid.origin_location, bid.destination_location].some((field) =>
    (field ?? '').toLowerCase().includes(needle),
  );
}

const NAMED_LOCATIONS = BIDS_LOCATIONS.filter((location) => location !== OTHER_LOCATION);

/**
 * Whether an origin is in a named city of the location filter: the spec's case-insensitive substring
 * ("Toshkent" in "Toshkent sh., Chilonzor"), and — the shared city rule — the same city in another common
 * spelling ("Tashkent", "Ташкент"), so a tender typed either way is found.
 */
function originInCity(origin: string, location: string): boolean {
  if (origin.toLowerCase().includes(location.trim().toLowerCase())) return true;
  const city = cityOf(location);
  return city !== null && cityOf(origin) === city;
}

/** Location: the origin contains the city; 'Boshqa' keeps the origins in none of the listed cities. */
export function bidMatchesLocation(origin: string | null | undefined, location: string): boolean {
  if (!location.trim()) return true;
  const place = origin ?? '';
  if (location.trim().toLowerCase() === OTHER_LOCATION.toLowerCase()) {
    return !NAMED_LOCATIONS.some((city) => originInCity(place, city));
  }
  return originInCity(place, location);
}

/**
 * The bids screen's filters, applied to what a bid row carries:
 * - search and location: the spec's rules above;
 * - price: the tender list's bands (packages/shared tender-filters: Arzon under 1000, O'rtacha 1000 to 5000
 *   inclusive, Qimmat over 5000) applied to the bid's own amount, bid_amount, which is the price the row shows;
 * - delivery time: the shared rule (days from shipment_date to delivery_date: Tez ≤ 3, Odatdagi 4–7,
 *   Sekin ≥ 8) on the dates of the bid's tender, which every bid row carries.
 * Bids whose tender is gone are hidden: the server joins each bid to its tender and leaves such bids out.
 */
export function filterBids(bids: readonly MyBid[], filters: BidFilters): MyBid[] {
  return bids.filter((bid) => {
    if (!bidMatchesSearch(bid, filters.search)) return false;
    if (!bidMatchesLocation(bid.origin_location, filters.location)) return false;
    if (filters.priceRange && tenderListPriceBand(bid.bid_amount) !== filters.priceRange) return false;
    if (filters.deliverySpeed && deliverySpeed(bid.shipment_date, bid.delivery_date) !== filters.deliverySpeed)
      return false;
    return true;
  });
}

/**
 * Which empty text the screen shows: 'noResults' when a search or location filter is active,
 * else 'none' ('Hali hech qanday taklif bermagan'), as the spec words it, also when only a price or
 * delivery-time filter is chosen.
 */
export function emptyKind(filters: Pick<BidFilters, 'search' | 'location'>): 'noResults' | 'none' {
  return filters.search.trim() || filters.location.trim() ? 'noResults' : 'none';
}
