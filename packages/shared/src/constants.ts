/** Business constants shared by server and client. */

/** Uzbekistan's calling code: every phone number of the app starts with it. */
export const PHONE_PREFIX = '+998';

// the session's lifetimes and cookies (kept apart from the user schemas: the first screen reads them without zod)
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const REFRESH_TOKEN_TTL_SECONDS = 7 * 24 * 60 * 60;
/** The web client's cookie lifetimes: access 1 day, refresh 7 days. */
export const ACCESS_COOKIE_DAYS = 1;
export const REFRESH_COOKIE_DAYS = 7;
export const ACCESS_COOKIE_NAME = 'accessToken';
export const REFRESH_COOKIE_NAME = 'refreshToken';
export const REFRESH_COOKIE_PATH = '/api/users';

export const TENDER_MODES = ['plane', 'ship', 'truck', 'labo'] as const;
export type TenderMode = (typeof TENDER_MODES)[number];
/** A mode keeps the tenders whose cargo_type contains this text. */
export const MODE_CARGO_TYPE: Record<TenderMode, string> = {
  truck: 'Truck',
  plane: 'Aviation',
  ship: 'Maritime',
  labo: 'Local',
};

export const TENDER_STATUSES = ['opened', 'closed', 'awarded', 'draft'] as const;
export type TenderStatus = (typeof TENDER_STATUSES)[number];
/** The statuses a tender may be created with. */
export const TENDER_INITIAL_STATUSES = ['opened', 'closed', 'draft'] as const;
/** The statuses offered by the tender list's status filter. */
export const TENDER_LIST_STATUSES = ['opened', 'closed', 'awarded'] as const;

/**
 * active: the current lowest; pending: outbid, tender undecided; awarded: chosen, waiting for the carrier to
 * confirm; accepted: confirmed or bought now; declined; no_show: no answer in time; expired: past its
 * valid_until; rejected: another bid won or the tender closed without an award.
 */
export const BID_STATUSES = [
  'active',
  'pending',
  'awarded',
  'accepted',
  'declined',
  'no_show',
  'expired',
  'rejected',
] as const;
export type BidStatus = (typeof BID_STATUSES)[number];
/** How a bid came to be awarded, and what its carrier answered. */
export const AWARD_ORIGINS = ['owner', 'auto', 'fallback', 'buy_now'] as const;
export type AwardOrigin = (typeof AWARD_ORIGINS)[number];
export const AWARD_OUTCOMES = ['awaiting', 'confirmed', 'declined', 'no_show'] as const;
export type AwardOutcome = (typeof AWARD_OUTCOMES)[number];

export const DELIVERY_SPEEDS = ['Tez', 'Odatdagi', 'Sekin'] as const;
export type DeliverySpeed = (typeof DELIVERY_SPEEDS)[number];
export const PRICE_RANGES = ['Arzon', "O'rtacha", 'Qimmat'] as const;
export type PriceRange = (typeof PRICE_RANGES)[number];
export const PRICE_BAND_LOW = 1000;
export const PRICE_BAND_HIGH = 5000;

export const TENDER_LIST_LOCATIONS = ['Tashkent', 'Samarqand', 'Namangan', 'Buxoro', 'Andijon', 'Boshqa'] as const;
export const ORDERS_LOCATIONS = ['Toshkent', 'Samarqand', 'Buxoro', 'Andijon', "Farg'ona"] as const;
export const BIDS_LOCATIONS = ['Toshkent', 'Samarqand', 'Boshqa'] as const;
/** 'Boshqa' (other) means: none of the named cities of the list. */
export const OTHER_LOCATION = 'Boshqa';

export const VEHICLE_TYPES = [
  'Tented Truck',
  'Refrigerated Truck',
  'Flatbed Truck',
  'Box Truck',
  'Open Truck',
  'Van',
  'Trailer',
  'Bus',
] as const;
export const VEHICLE_STATUSES = ['Active', 'Inactive', 'Maintenance', 'Available', 'In Transit'] as const;
export const WEIGHT_UNITS = ['kg', 'ton'] as const;
export const DEFAULT_WEIGHT_UNIT = 'ton';
export const VOLUME_UNITS = ['m³', 'ft³', 'L'] as const;
export const DEFAULT_VOLUME_UNIT = 'm³';
export const EQUIPMENT_OPTIONS = [
  'GPS',
  'Temperature Control',
  'Refrigerated',
  'Liftgate',
  'Camera',
  'Tracking System',
] as const;

export const NOTIFICATION_TABS = ['all', 'unread', 'system', 'offers'] as const;

/** Query freshness, in milliseconds. */
export const STALE_TIMES = {
  currentUser: 5 * 60_000,
  lists: 2 * 60_000,
  minBid: 30_000,
} as const;

export const TOAST_DURATION_MS = 4000;
export const DATE_FORMAT = 'dd.MM.yyyy';
