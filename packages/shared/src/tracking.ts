import { z } from 'zod';
import { TENDER_MODES } from './constants.js';
import type { Language, Localized } from './language.js';
import { SHIPMENT_STATUSES } from './notifications.js';
import { shipmentNumberParam } from './shipments.js';
import { hasControlCharacters } from './typed-input.js';

/**
 * Live position of a shipment: the carrier's phone sends the points it takes in batches while the shipment is
 * loaded or on the way (and, after delivery, those it took before and could not send); both parties read the
 * track, and a share link shows it to the receiver without an account.
 */

/** The most points one batch may carry (a larger one is refused whole with 413). */
export const POSITION_BATCH_MAX = 100;
/** At most one point is kept per this much time: a point closer than this to a kept one is dropped. */
export const POSITION_MIN_INTERVAL_MS = 10_000;
/** How far ahead of the server's clock a point's time may be (phones' clocks drift). */
export const POSITION_FUTURE_TOLERANCE_MS = 2 * 60_000;
/** The largest accuracy radius a point may state, and the highest speed (an airliner's, with margin). */
export const POSITION_ACCURACY_MAX_M = 100_000;
export const POSITION_SPEED_MAX_KMH = 1_500;
/** A page of GET …/positions. */
export const POSITIONS_PAGE_MAX = 2_000;
/** The public track shows at most this many points of the way (evenly picked, the last always among them). */
export const PUBLIC_TRACK_POINTS_MAX = 500;
/** A share link stops working this many days after the delivery. */
export const SHARE_LINK_DAYS_AFTER_DELIVERY = 7;

/** One point as the phone sends it. Types are checked here; ranges and times by `checkPosition`, per point. */
export const positionPointInput = z.object({
  lat: z.number({ error: 'number' }).describe('Latitude, −90 … 90'),
  lon: z.number({ error: 'number' }).describe('Longitude, −180 … 180'),
  accuracy_m: z.number({ error: 'number' }).describe('Accuracy radius in metres, 0 … 100,000 (kept in whole metres)'),
  speed_kmh: z
    .number({ error: 'number' })
    .nullable()
    .optional()
    .describe('Speed the phone measured, km/h, 0 … 1,500 (kept in whole km/h)'),
  recorded_at: z
    .string({ error: 'instant' })
    .max(40, { error: 'instant' })
    .describe('When the point was taken: ISO-8601 with offset, at most 2 minutes ahead, not before loading'),
});
export type PositionPointInput = z.input<typeof positionPointInput>;
export type PositionPoint = z.output<typeof positionPointInput>;

/** POST /api/shipments/{number}/positions. */
export const positionBatchInput = z
  .object({
    points: z
      .array(positionPointInput, { error: 'invalid' })
      .min(1, { error: 'required' })
      .max(POSITION_BATCH_MAX, { error: 'POSITIONS_BATCH_TOO_LARGE' }),
  })
  .meta({
    examples: [
      {
        points: [
          { lat: 41.2995, lon: 69.2401, accuracy_m: 12, speed_kmh: 0, recorded_at: '2026-12-01T06:05:00.000Z' },
          { lat: 41.2871, lon: 69.2153, accuracy_m: 8, speed_kmh: 54, recorded_at: '2026-12-01T06:06:00.000Z' },
        ],
      },
    ],
  });
export type PositionBatchInput = z.input<typeof positionBatchInput>;

/** Why a point of a batch was not taken: the stable code of each rule, with its field. */
export const POSITION_REJECTIONS = {
  lat_range: {
    field: 'lat',
    uz: "Kenglik -90 dan 90 gacha bo'lishi kerak",
    en: 'The latitude must be from -90 to 90',
    ru: 'Широта должна быть от -90 до 90',
  },
  lon_range: {
    field: 'lon',
    uz: "Uzunlik -180 dan 180 gacha bo'lishi kerak",
    en: 'The longitude must be from -180 to 180',
    ru: 'Долгота должна быть от -180 до 180',
  },
  accuracy_range: {
    field: 'accuracy_m',
    uz: "Aniqlik 0 dan 100 000 metrgacha bo'lishi kerak",
    en: 'The accuracy must be from 0 to 100,000 m',
    ru: 'Точность должна быть от 0 до 100 000 м',
  },
  speed_range: {
    field: 'speed_kmh',
    uz: "Tezlik 0 dan 1500 km/soatgacha bo'lishi kerak",
    en: 'The speed must be from 0 to 1,500 km/h',
    ru: 'Скорость должна быть от 0 до 1500 км/ч',
  },
  recorded_at_invalid: {
    field: 'recorded_at',
    uz: "Vaqt noto'g'ri: ISO-8601, mintaqa bilan (masalan 2026-12-01T06:05:00Z)",
    en: 'Invalid time: ISO-8601 with an offset (for example 2026-12-01T06:05:00Z)',
    ru: 'Неверное время: ISO-8601 со смещением (например 2026-12-01T06:05:00Z)',
  },
  recorded_at_future: {
    field: 'recorded_at',
    uz: "Nuqta vaqti 2 daqiqadan ko'proq kelajakda",
    en: 'The point is more than 2 minutes in the future',
    ru: 'Время точки больше чем на 2 минуты в будущем',
  },
  recorded_at_before_loaded: {
    field: 'recorded_at',
    uz: 'Nuqta yuk ortilishidan oldin olingan',
    en: 'The point was taken before the shipment was loaded',
    ru: 'Точка снята до погрузки',
  },
  recorded_at_after_delivered: {
    field: 'recorded_at',
    uz: 'Nuqta yuk yetkazib berilganidan keyin olingan',
    en: 'The point was taken after the shipment was delivered',
    ru: 'Точка снята после доставки',
  },
} as const satisfies Record<string, Localized & { field: string }>;
export type PositionRejectionCode = keyof typeof POSITION_REJECTIONS;

export function positionRejectionText(code: PositionRejectionCode, lang: Language): string {
  return POSITION_REJECTIONS[code][lang];
}

/** An ISO-8601 instant with its offset, as epoch ms; null when the text is not one. */
export function parseInstant(text: string): number | null {
  const trimmed = text.trim();
  if (!z.iso.datetime({ offset: true }).safeParse(trimmed).success) return null;
  const ms = Date.parse(trimmed);
  return Number.isFinite(ms) ? ms : null;
}

/**
 * The rules of one point, in the order a reader fixes them: the place, then the time. `loadedAtMs` is when the
 * shipment was loaded (a point taken before it is not of this trip), `deliveredAtMs` when it was delivered.
 */
export function checkPosition(
  point: PositionPoint,
  at: { nowMs: number; loadedAtMs: number | null; deliveredAtMs: number | null },
): PositionRejectionCode | null {
  if (point.lat < -90 || point.lat > 90) return 'lat_range';
  if (point.lon < -180 || point.lon > 180) return 'lon_range';
  if (point.accuracy_m < 0 || point.accuracy_m > POSITION_ACCURACY_MAX_M) return 'accuracy_range';
  if (point.speed_kmh != null && (point.speed_kmh < 0 || point.speed_kmh > POSITION_SPEED_MAX_KMH))
    return 'speed_range';
  const ms = parseInstant(point.recorded_at);
  if (ms === null) return 'recorded_at_invalid';
  if (ms > at.nowMs + POSITION_FUTURE_TOLERANCE_MS) return 'recorded_at_future';
  if (at.loadedAtMs === null || ms < at.loadedAtMs) return 'recorded_at_before_loaded';
  if (at.deliveredAtMs !== null && ms > at.deliveredAtMs) return 'recorded_at_after_delivered';
  return null;
}

export const positionRejection = z.object({
  index: z.number().int().describe('The place of the point in the batch, from 0'),
  field: z.string(),
  code: z.enum(Object.keys(POSITION_REJECTIONS) as [PositionRejectionCode, ...PositionRejectionCode[]]),
  error: z.string().describe('A readable text in the language of Accept-Language'),
});
export type PositionRejection = z.infer<typeof positionRejection>;

/** The answer to a batch: every point is accounted for, and the bad ones are named by their index. */
export const positionBatchResult = z
  .object({
    accepted: z.number().int().describe('Points kept'),
    duplicates: z.number().int().describe('Points already kept (the same time): ignored'),
    thinned: z.number().int().describe('Points within 10 s of a kept one: dropped'),
    rejected: z.array(positionRejection).describe('Points refused by a rule, by index; the others were taken'),
  })
  .meta({
    examples: [
      {
        accepted: 1,
        duplicates: 0,
        thinned: 0,
        rejected: [{ index: 1, field: 'lat', code: 'lat_range', error: 'The latitude must be from -90 to 90' }],
      },
    ],
  });
export type PositionBatchResult = z.infer<typeof positionBatchResult>;

/** One kept point of a track. */
export const trackPoint = z.object({
  lat: z.number(),
  lon: z.number(),
  accuracy_m: z.number().int(),
  speed_kmh: z.number().int().nullable(),
  recorded_at: z.string(),
});
export type TrackPoint = z.infer<typeof trackPoint>;

/** GET /api/shipments/{number}/positions?since=: the points taken after `since` (all when absent). */
export const positionsQuery = z.object({
  since: z
    .string({ error: 'instant' })
    .max(40, { error: 'instant' })
    .optional()
    .transform((text, ctx) => {
      if (text === undefined || text.trim() === '') return null;
      const ms = parseInstant(text);
      if (ms === null) {
        ctx.addIssue({ code: 'custom', message: 'instant' });
        return z.NEVER;
      }
      return ms;
    })
    .describe('ISO-8601 instant with offset: only the points taken after it'),
});

export const positionsPage = z
  .object({
    points: z.array(trackPoint).describe('Oldest first, at most 2,000'),
    more: z.boolean().describe('More points follow: ask again with since = the last point’s recorded_at'),
  })
  .meta({
    examples: [
      {
        points: [{ lat: 41.2995, lon: 69.2401, accuracy_m: 12, speed_kmh: 0, recorded_at: '2026-12-01T06:05:00.000Z' }],
        more: false,
      },
    ],
  });
export type PositionsPage = z.infer<typeof positionsPage>;

/** POST /api/shipments/{number}/share: a link anyone may open to follow the shipment. */
export const shareLink = z
  .object({
    token: z.string().describe('Random, 144 bits; only its hash is stored, so it is shown once'),
    url: z.string(),
    expires_at: z
      .string()
      .nullable()
      .describe('7 days after the delivery; null while the shipment is not delivered yet'),
  })
  .meta({
    examples: [
      {
        token: 'q8mN3vX0aB7cD2eF4gH6iJ9k',
        url: 'https://yuktender.uz/track/q8mN3vX0aB7cD2eF4gH6iJ9k',
        expires_at: null,
      },
    ],
  });
export type ShareLink = z.infer<typeof shareLink>;

/** DELETE /api/shipments/{number}/share: every working link of the shipment revoked. */
export const shareLinksRevoked = z
  .object({ revoked: z.number().int().describe('How many links stopped working') })
  .meta({ examples: [{ revoked: 2 }] });

/** A tracking link's token in a path: one line, bounded (it is hashed, but a NUL has no business there). */
const shareTokenParam = z
  .string()
  .min(1, { error: 'required' })
  .max(200, { error: 'too_long' })
  .refine((text) => !hasControlCharacters(text), { error: 'invalid' });

export const shareTokenParams = z.object({ number: shipmentNumberParam, token: shareTokenParam });

export const trackTokenParams = z.object({ token: shareTokenParam });

const geoPoint = z.object({ lat: z.number(), lon: z.number() });

/**
 * GET /api/track/{token}: what the receiver sees. Nothing personal: no names of people, no phone numbers, no
 * prices, no notes; the places are the cities of the route.
 */
export const publicTrack = z
  .object({
    number: z.string(),
    status: z.enum(SHIPMENT_STATUSES),
    mode: z.enum(TENDER_MODES).nullable(),
    origin: z.string(),
    destination: z.string(),
    origin_point: geoPoint.nullable().describe('The origin city’s centre, when the city is known'),
    destination_point: geoPoint.nullable().describe('The destination city’s centre, when the city is known'),
    loaded_at: z.string().nullable(),
    on_the_way_at: z.string().nullable(),
    delivered_at: z.string().nullable(),
    points: z.array(trackPoint).describe('The way so far, oldest first, at most 500 evenly picked points'),
    last_position: trackPoint.nullable(),
    expires_at: z.string().nullable().describe('When the link stops working; null until the delivery'),
  })
  .meta({
    examples: [
      {
        number: 'SH-000045',
        status: 'on_the_way',
        mode: 'truck',
        origin: 'Tashkent',
        destination: 'Samarkand',
        origin_point: { lat: 41.2995, lon: 69.2401 },
        destination_point: { lat: 39.6542, lon: 66.9597 },
        loaded_at: '2026-12-01T06:00:00.000Z',
        on_the_way_at: '2026-12-01T06:30:00.000Z',
        delivered_at: null,
        points: [{ lat: 41.2995, lon: 69.2401, accuracy_m: 12, speed_kmh: 0, recorded_at: '2026-12-01T06:05:00.000Z' }],
        last_position: {
          lat: 41.2995,
          lon: 69.2401,
          accuracy_m: 12,
          speed_kmh: 0,
          recorded_at: '2026-12-01T06:05:00.000Z',
        },
        expires_at: null,
      },
    ],
  });
export type PublicTrack = z.infer<typeof publicTrack>;

/** The events of GET /api/shipments/{number}/events (Server-Sent Events). */
export const shipmentPositionEvent = z.object({ points: z.array(trackPoint) });
export const shipmentStatusEvent = z.object({ status: z.enum(SHIPMENT_STATUSES) });

/** GET /api/config: the settings the web client needs before anyone signs in. */
export const publicConfig = z
  .object({
    map: z.object({
      tile_url: z
        .string()
        .nullable()
        .describe('Leaflet tile URL template ({z}/{x}/{y}); null: no tiles, the track is drawn alone'),
      attribution: z.string().describe('The tiles’ attribution, shown on the map'),
    }),
    eimzo: z.object({
      api_keys: z
        .array(z.object({ domain: z.string(), key: z.string() }))
        .describe('The vendor’s key for each of our domains, sent to the local E-IMZO before its first call'),
    }),
  })
  .meta({
    examples: [
      {
        map: {
          tile_url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
          attribution: '© OpenStreetMap contributors',
        },
        eimzo: { api_keys: [{ domain: 'yuktender.uz', key: '86F3E2D1C0B9A8F7E6D5C4B3A2918070' }] },
      },
    ],
  });
export type PublicConfig = z.infer<typeof publicConfig>;
