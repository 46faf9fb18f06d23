/**
 * The filter rules of the tender screens, as pure functions: the web client uses
 * them for what it filters itself (My Orders), and the server's SQL follows the same definitions.
 */
import {
  DELIVERY_SPEEDS,
  MODE_CARGO_TYPE,
  OTHER_LOCATION,
  PRICE_BAND_HIGH,
  PRICE_BAND_LOW,
  TENDER_MODES,
  type DeliverySpeed,
  type PriceRange,
  type TenderMode,
} from './constants.js';
import { cityOf, cityOfQuery, citySpellings, type CityKey } from './cities.js';
import { parseDecimal } from './money.js';

// ---------------------------------------------------------------------------------------------------
// Modes: truck, plane, ship, labo ↔ the cargo-type texts Truck, Aviation, Maritime, Local

export function isTenderMode(value: unknown): value is TenderMode {
  return typeof value === 'string' && (TENDER_MODES as readonly string[]).includes(value);
}

/** The cargo-type text a mode keeps (truck → 'Truck'). */
export function cargoTypeForMode(mode: TenderMode): string {
  return MODE_CARGO_TYPE[mode];
}

/** The mode of a route or route segment: 'truck', '/tenders/truck' or '/tenders/truck/' → 'truck'; else null. */
export function modeOfPath(path: string | null | undefined): TenderMode | null {
  if (!path) return null;
  const segments = path.split(/[?#]/)[0]?.split('/').filter(Boolean) ?? [];
  const last = segments.at(-1)?.toLowerCase();
  if (!last) return null;
  if (segments.length > 1 && segments.at(-2)?.toLowerCase() !== 'tenders') return null;
  return isTenderMode(last) ? last : null;
}

/** Whether a tender's cargo type belongs to a mode: it contains the mode's text, in any letter case. */
export function cargoTypeMatchesMode(cargoType: string | null | undefined, mode: TenderMode): boolean {
  if (!cargoType) return false;
  return cargoType.toLowerCase().includes(MODE_CARGO_TYPE[mode].toLowerCase());
}

/** One bit per mode, so a cargo type naming two modes ("Truck + Maritime") is found under both. */
export const MODE_BITS: Record<TenderMode, number> = { truck: 1, plane: 2, ship: 4, labo: 8 };
const ALL_MODE_MASKS = Array.from({ length: 16 }, (_, mask) => mask);

/** The set of modes a cargo type belongs to, as a bit mask (0 when it names none). */
export function modeMaskOf(cargoType: string | null | undefined): number {
  let mask = 0;
  for (const mode of TENDER_MODES) if (cargoTypeMatchesMode(cargoType, mode)) mask |= MODE_BITS[mode];
  return mask;
}

/** Every mask value that includes a mode (an IN list the database can answer from an index). */
export function modeMasksWith(mode: TenderMode): number[] {
  return ALL_MODE_MASKS.filter((mask) => (mask & MODE_BITS[mode]) !== 0);
}

// ---------------------------------------------------------------------------------------------------
// Price bands: the two screens keep their own edges, exactly as the spec writes them

/** Tender list: Arzon under 1000, O'rtacha 1000 to 5000 inclusive, Qimmat over 5000; null when not a number. */
export function tenderListPriceBand(price: unknown): PriceRange | null {
  const value = parseDecimal(price);
  if (value === undefined) return null;
  if (value < PRICE_BAND_LOW) return 'Arzon';
  if (value <= PRICE_BAND_HIGH) return "O'rtacha";
  return 'Qimmat';
}

/** My Orders: Arzon up to 1000 inclusive, O'rtacha above 1000 up to 5000, Qimmat above 5000; null when not a number. */
export function ordersPriceBand(price: unknown): PriceRange | null {
  const value = parseDecimal(price);
  if (value === undefined) return null;
  if (value <= PRICE_BAND_LOW) return 'Arzon';
  if (value <= PRICE_BAND_HIGH) return "O'rtacha";
  return 'Qimmat';
}

// ---------------------------------------------------------------------------------------------------
// Delivery speed: days from shipment_date to delivery_date — Tez ≤ 3, Odatdagi 4–7, Sekin ≥ 8

export const DELIVERY_FAST_MAX_DAYS = 3;
export const DELIVERY_NORMAL_MAX_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Whole calendar days of a `YYYY-MM-DD` date (an ISO timestamp counts by its date part); null when invalid. */
function dayNumber(date: string | null | undefined): number | null {
  if (typeof date !== 'string') return null;
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:$|T)/.exec(date.trim());
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const time = Date.UTC(year, month - 1, day);
  const check = new Date(time);
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) return null;
  return Math.round(time / DAY_MS);
}

/** Days from one date to another (negative when `to` is earlier); null when either is not a valid date. */
export function daysBetween(from: string | null | undefined, to: string | null | undefined): number | null {
  const start = dayNumber(from);
  const end = dayNumber(to);
  return start === null || end === null ? null : end - start;
}

export function deliverySpeedOfDays(days: number): DeliverySpeed {
  if (days <= DELIVERY_FAST_MAX_DAYS) return 'Tez';
  if (days <= DELIVERY_NORMAL_MAX_DAYS) return 'Odatdagi';
  return 'Sekin';
}

/** The delivery speed of a tender; null when a date is missing or invalid. */
export function deliverySpeed(
  shipmentDate: string | null | undefined,
  deliveryDate: string | null | undefined,
): DeliverySpeed | null {
  const days = daysBetween(shipmentDate, deliveryDate);
  return days === null ? null : deliverySpeedOfDays(days);
}

/** The range of delivery days of a speed (inclusive; open ends are null). */
export function deliveryDaysRange(speed: DeliverySpeed): { min: number | null; max: number | null } {
  switch (speed) {
    case 'Tez':
      return { min: null, max: DELIVERY_FAST_MAX_DAYS };
    case 'Odatdagi':
      return { min: DELIVERY_FAST_MAX_DAYS + 1, max: DELIVERY_NORMAL_MAX_DAYS };
    case 'Sekin':
      return { min: DELIVERY_NORMAL_MAX_DAYS + 1, max: null };
  }
}

export function isDeliverySpeed(value: unknown): value is DeliverySpeed {
  return typeof value === 'string' && (DELIVERY_SPEEDS as readonly string[]).includes(value);
}

// ---------------------------------------------------------------------------------------------------
// Cities: origins are matched by city, in any of its common spellings

/** The cities of the tender list's location filter; 'Boshqa' there means an origin outside all of them. */
export const TENDER_LIST_CITY_KEYS: readonly CityKey[] = ['tashkent', 'samarqand', 'namangan', 'buxoro', 'andijon'];
/** The cities of the My Orders location filter. */
export const ORDERS_CITY_KEYS: readonly CityKey[] = ['tashkent', 'samarqand', 'buxoro', 'andijon', 'fargona'];

/** A location filter value → the city it selects, 'other' for Boshqa, undefined when it names no known city. */
export function locationFilterOf(value: string): CityKey | 'other' | undefined {
  if (value.trim().toLowerCase() === OTHER_LOCATION.toLowerCase()) return 'other';
  return cityOf(value) ?? undefined;
}

/** Whether an origin passes a location filter; `cities` are the named cities of the screen, for Boshqa. */
export function originMatchesLocation(
  origin: string | null | undefined,
  location: string,
  cities: readonly CityKey[],
): boolean {
  const wanted = locationFilterOf(location);
  const city = cityOf(origin);
  if (wanted === 'other') return city === null || !cities.includes(city);
  if (wanted) return city === wanted;
  // A place the city list does not know: plain case-insensitive containment.
  return (origin ?? '').toLowerCase().includes(location.trim().toLowerCase());
}

// ---------------------------------------------------------------------------------------------------
// Search: case-insensitive substring of name, cargo type, origin or destination

export interface SearchableTender {
  name?: string | null;
  cargo_type?: string | null;
  origin_location?: string | null;
  destination_location?: string | null;
}

/** The text a search looks in: the four searchable fields, lower-cased, one per line. */
export function tenderSearchText(tender: SearchableTender): string {
  return [tender.name, tender.cargo_type, tender.origin_location, tender.destination_location]
    .map((part) => (part ?? '').toLowerCase())
    .join('\n');
}

/**
 * The texts a search looks for: a search that is a city as a whole looks for the city under every spelling
 * (Toshkent finds Tashkent and Ташкент); any other, for itself. Lower case.
 */
export function searchNeedles(search: string): string[] {
  const needle = search.trim().toLowerCase();
  if (!needle) return [];
  const city = cityOfQuery(needle);
  return city ? [...new Set([needle, ...citySpellings(city)])] : [needle];
}

export function matchesSearch(tender: SearchableTender, search: string): boolean {
  const needles = searchNeedles(search);
  if (needles.length === 0) return true;
  return [tender.name, tender.cargo_type, tender.origin_location, tender.destination_location].some((part) => {
    const text = (part ?? '').toLowerCase();
    return needles.some((needle) => text.includes(needle));
  });
}

// ---------------------------------------------------------------------------------------------------
// Whole-screen filters

export interface FilterableTender extends SearchableTender {
  status?: string | null;
  initial_price?: number | string | null;
  shipment_date?: string | null;
  delivery_date?: string | null;
}

/** The client filter state of My Orders (empty strings mean "no filter"). */
export interface OrdersFilters {
  search?: string;
  deliverySpeed?: string;
  priceRange?: string;
  location?: string;
}

/** My Orders: search in the four fields, delivery speed, the orders price bands (non-numbers excluded), origin city. */
export function matchesOrdersFilters(tender: FilterableTender, filters: OrdersFilters): boolean {
  if (filters.search && !matchesSearch(tender, filters.search)) return false;
  if (filters.deliverySpeed && deliverySpeed(tender.shipment_date, tender.delivery_date) !== filters.deliverySpeed) {
    return false;
  }
  if (filters.priceRange && ordersPriceBand(tender.initial_price) !== filters.priceRange) return false;
  if (filters.location && !originMatchesLocation(tender.origin_location, filters.location, ORDERS_CITY_KEYS)) {
    return false;
  }
  return true;
}

/** The filters of the tender list (the server applies them in SQL; this is the same rule in code). */
export interface TenderListFilters {
  type?: string;
  status?: string;
  location?: string;
  price?: string;
  delivery?: string;
  q?: string;
  name?: string;
}

export function matchesTenderListFilters(tender: FilterableTender, filters: TenderListFilters): boolean {
  if (filters.type) {
    if (!isTenderMode(filters.type) || !cargoTypeMatchesMode(tender.cargo_type, filters.type)) return false;
  }
  if (filters.status && tender.status !== filters.status) return false;
  if (filters.location && !originMatchesLocation(tender.origin_location, filters.location, TENDER_LIST_CITY_KEYS)) {
    return false;
  }
  if (filters.price && tenderListPriceBand(tender.initial_price) !== filters.price) return false;
  if (filters.delivery && deliverySpeed(tender.shipment_date, tender.delivery_date) !== filters.delivery) return false;
  if (filters.q && !matchesSearch(tender, filters.q)) return false;
  if (filters.name) {
    const needle = filters.name.trim().toLowerCase();
    if (needle && !(tender.name ?? '').toLowerCase().includes(needle)) return false;
  }
  return true;
}
