import { cityOf, type CityKey } from './cities.js';
import { MODE_CARGO_TYPE, TENDER_MODES, type TenderMode } from './constants.js';

/** A place on the earth in decimal degrees (WGS 84, as phones report it). */
export interface GeoPoint {
  lat: number;
  lon: number;
}

/**
 * The centre of every city of the city table: what the remaining distance of a shipment is measured to (its
 * destination names a city; the street address is not known). `satisfies` keeps the two tables in step: a
 * city added to the table without its place does not compile.
 */
export const CITY_COORDINATES = {
  tashkent: { lat: 41.2995, lon: 69.2401 },
  samarqand: { lat: 39.6542, lon: 66.9597 },
  namangan: { lat: 40.9983, lon: 71.6726 },
  buxoro: { lat: 39.7681, lon: 64.4556 },
  andijon: { lat: 40.7821, lon: 72.3442 },
  fargona: { lat: 40.3842, lon: 71.7843 },
  nukus: { lat: 42.4531, lon: 59.6103 },
  urganch: { lat: 41.55, lon: 60.6333 },
  qarshi: { lat: 38.8606, lon: 65.7891 },
  termiz: { lat: 37.2242, lon: 67.2783 },
  jizzax: { lat: 40.1158, lon: 67.8422 },
  guliston: { lat: 40.4897, lon: 68.7842 },
  navoiy: { lat: 40.0844, lon: 65.3792 },
  nurafshon: { lat: 41.0411, lon: 69.3578 },
  qoqon: { lat: 40.5286, lon: 70.9425 },
  xiva: { lat: 41.3783, lon: 60.3639 },
  chirchiq: { lat: 41.4689, lon: 69.5822 },
  olmaliq: { lat: 40.8447, lon: 69.5983 },
  angren: { lat: 41.0167, lon: 70.1436 },
  margilon: { lat: 40.4711, lon: 71.7247 },
  almaty: { lat: 43.2389, lon: 76.8897 },
  astana: { lat: 51.1605, lon: 71.4704 },
  shymkent: { lat: 42.3417, lon: 69.5901 },
  bishkek: { lat: 42.8746, lon: 74.5698 },
  osh: { lat: 40.5283, lon: 72.7985 },
  dushanbe: { lat: 38.5598, lon: 68.787 },
  xojand: { lat: 40.2826, lon: 69.6222 },
  ashgabat: { lat: 37.9601, lon: 58.3261 },
  turkmenabat: { lat: 39.0733, lon: 63.5786 },
  mazarisharif: { lat: 36.709, lon: 67.1109 },
  kabul: { lat: 34.5553, lon: 69.2075 },
  moscow: { lat: 55.7558, lon: 37.6173 },
  urumqi: { lat: 43.8256, lon: 87.6168 },
} as const satisfies Record<CityKey, GeoPoint>;

/** The centre of the city a place text names ("Toshkent sh." → Tashkent's); null for a place the table lacks. */
export function placeCoordinates(place: string | null | undefined): GeoPoint | null {
  const city = cityOf(place);
  return city ? CITY_COORDINATES[city] : null;
}

const EARTH_RADIUS_KM = 6371.0088;
const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** The great-circle distance between two places (haversine), in km. */
export function distanceKm(a: GeoPoint, b: GeoPoint): number {
  const dLat = radians(b.lat - a.lat);
  const dLon = radians(b.lon - a.lon);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(radians(a.lat)) * Math.cos(radians(b.lat)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The mode a shipment travels by, read from its description ("Cement (Truck - tented)" → truck); null if none. */
export function shipmentMode(description: string): TenderMode | null {
  const text = description.toLowerCase();
  return TENDER_MODES.find((mode) => text.includes(MODE_CARGO_TYPE[mode].toLowerCase())) ?? null;
}

/** The speed an estimate assumes when the recent track does not tell one (stopped, or too few points), km/h. */
export const DEFAULT_SPEED_KMH: Record<TenderMode, number> = { truck: 60, labo: 45, plane: 650, ship: 25 };
/**
 * Roads are longer than the straight line: the estimate of arrival stretches the great-circle distance by
 * this much by road (the distance shown stays the straight one, and says so).
 */
export const ROUTE_DETOUR: Record<TenderMode, number> = { truck: 1.25, labo: 1.25, plane: 1, ship: 1.15 };
/** The recent speed is the track's own over this last stretch of time… */
export const RECENT_SPEED_WINDOW_MS = 30 * 60_000;
/** …when that stretch covers at least this long… */
export const RECENT_SPEED_MIN_SPAN_MS = 5 * 60_000;
/** …and is faster than this (slower is a stop: the default speed of the mode is assumed for the way left). */
export const RECENT_SPEED_MIN_KMH = 5;
/** Closer to the destination than this counts as arrived (its city's centre is all that is known of it). */
export const ARRIVED_WITHIN_KM = 2;

export interface TimedPoint extends GeoPoint {
  /** ISO-8601 instant. */
  recorded_at: string;
}

export interface TrackProgress {
  /** Great-circle distance from the last position to the destination city, km. */
  remaining_km: number;
  /** The speed the estimate assumes, km/h. */
  speed_kmh: number;
  /** recent: the track's own average over the last half hour; default: the mode's usual speed. */
  speed_source: 'recent' | 'default';
  /** Estimated arrival (ISO-8601 UTC); null once arrived. */
  eta: string | null;
  arrived: boolean;
}

/** The average speed along the track's last half hour, km/h; null when it covers too little time. */
export function recentSpeedKmh(points: readonly TimedPoint[]): number | null {
  const last = points.at(-1);
  if (!last) return null;
  const lastMs = Date.parse(last.recorded_at);
  let travelled = 0;
  let startMs = lastMs;
  for (let i = points.length - 1; i > 0; i--) {
    const before = points[i - 1]!;
    const beforeMs = Date.parse(before.recorded_at);
    if (lastMs - beforeMs > RECENT_SPEED_WINDOW_MS) break;
    travelled += distanceKm(before, points[i]!);
    startMs = beforeMs;
  }
  const span = lastMs - startMs;
  if (span < RECENT_SPEED_MIN_SPAN_MS) return null;
  return travelled / (span / 3_600_000);
}

/**
 * How far the shipment still has to go from its last position (`points` oldest first) and when it may arrive:
 * the remaining great-circle distance, and an estimate from the recent average speed (or the mode's usual
 * speed), counted from `nowMs`. Null without a position or a known destination.
 */
export function trackProgress(
  points: readonly TimedPoint[],
  destination: GeoPoint | null,
  mode: TenderMode | null,
  nowMs: number,
): TrackProgress | null {
  const last = points.at(-1);
  if (!last || !destination) return null;
  const remaining = distanceKm(last, destination);
  const recent = recentSpeedKmh(points);
  const moving = recent !== null && recent >= RECENT_SPEED_MIN_KMH;
  const speed = moving ? recent : DEFAULT_SPEED_KMH[mode ?? 'truck'];
  const arrived = remaining < ARRIVED_WITHIN_KM;
  const hours = (remaining * ROUTE_DETOUR[mode ?? 'truck']) / speed;
  return {
    remaining_km: Math.round(remaining * 10) / 10,
    speed_kmh: Math.round(speed),
    speed_source: moving ? 'recent' : 'default',
    eta: arrived ? null : new Date(nowMs + hours * 3_600_000).toISOString(),
    arrived,
  };
}
