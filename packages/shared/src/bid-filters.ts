/**
 * The My Bids screen's filters as pure rules: the web applies them to the rows on screen, the server to the
 * same rows when it answers GET /api/bids/me with filters (and its CSV), so both show the same bids.
 */
import { BIDS_LOCATIONS, OTHER_LOCATION } from './constants.js';
import { cityOf } from './cities.js';
import { deliverySpeed, tenderListPriceBand } from './tender-filters.js';

/** What a bid row carries that the filters look at. */
export interface FilterableBid {
  name: string;
  origin_location: string;
  destination_location: string;
  bid_amount: number;
  shipment_date: string;
  delivery_date: string;
}

/** The filters; empty strings and absent values mean "no filter". */
export interface MyBidFilters {
  search?: string;
  deliverySpeed?: string;
  priceRange?: string;
  location?: string;
}

/** Search: a case-insensitive substring of the tender's name, origin_location or destination_location. */
export function bidMatchesSearch(
  bid: Pick<FilterableBid, 'name' | 'origin_location' | 'destination_location'>,
  search: string,
): boolean {
  const needle = search.trim().toLowerCase();
  if (!needle) return true;
  return [bid.name, bid.origin_location, bid.destination_location].some((field) =>
    (field ?? '').toLowerCase().includes(needle),
  );
}

const NAMED_LOCATIONS = BIDS_LOCATIONS.filter((location) => location !== OTHER_LOCATION);

/**
 * Whether an origin is in a named city of the location filter: the spec's case-insensitive substring
 * ("Toshkent" in "Toshkent sh., Chilonzor"), and the same city in another common spelling ("Tashkent",
 * "Ташкент"), so a tender typed either way is found.
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
 * All four filters on one bid: search and location as above; price by the tender list's bands (Arzon under
 * 1000, O'rtacha 1000 to 5000 inclusive, Qimmat over 5000) on the bid's own amount, the price the row shows;
 * delivery time by the days from the tender's shipment_date to its delivery_date.
 */
export function matchesBidFilters(bid: FilterableBid, filters: MyBidFilters): boolean {
  if (filters.search && !bidMatchesSearch(bid, filters.search)) return false;
  if (filters.location && !bidMatchesLocation(bid.origin_location, filters.location)) return false;
  if (filters.priceRange && tenderListPriceBand(bid.bid_amount) !== filters.priceRange) return false;
  if (filters.deliverySpeed && deliverySpeed(bid.shipment_date, bid.delivery_date) !== filters.deliverySpeed) {
    return false;
  }
  return true;
}
