import { z } from 'zod';
import { idParams } from './ids.js';
import { DELIVERY_SPEEDS, PRICE_RANGES, TENDER_INITIAL_STATUSES, TENDER_MODES, TENDER_STATUSES } from './constants.js';
import { parseDecimal, usdToCents } from './money.js';
import { daysBetween, locationFilterOf } from './tender-filters.js';

export const TENDER_TEXT_MAX = 200;
export const TENDER_LONG_TEXT_MAX = 2000;
export const TENDER_PRICE_MAX_USD = 10_000_000;
/** kg: the largest bulk carriers take about 400,000 t. */
export const TENDER_WEIGHT_MAX_KG = 1_000_000_000;
/** m³ */
export const TENDER_VOLUME_MAX_M3 = 10_000_000;
/** The oldest and newest dates a tender may carry (a guard against typos such as 0202 or 20266). */
export const TENDER_DATE_MIN = '2000-01-01';
export const TENDER_DATE_MAX = '2099-12-31';
export const TENDER_LIST_LIMIT_MAX = 500;
export const TENDER_NUMBER_PREFIX = 'YT-';

/** The human number of a tender: YT- and its id with at least six digits (YT-000123). */
export function tenderNumber(id: number): string {
  return `${TENDER_NUMBER_PREFIX}${String(id).padStart(6, '0')}`;
}

/** The seven fields the create form requires, in the form's order. */
export const TENDER_REQUIRED_FIELD_NAMES = [
  'name',
  'cargo_type',
  'cargo_weight',
  'cargo_volume',
  'origin_location',
  'destination_location',
  'initial_price',
] as const;
/** The four dates the create form requires. */
export const TENDER_DATE_FIELD_NAMES = [
  'shipment_date',
  'delivery_date',
  'tender_start_date',
  'tender_end_date',
] as const;

/** Nothing entered: absent, null, or blank text. */
export function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

/**
 * The create form's own check, in its order: first the seven required fields, then the
 * four dates. Gives the error code whose text the screen shows and every blank field; null when all are filled.
 */
export function missingTenderFields(
  values: Partial<Record<string, unknown>>,
): { code: 'TENDER_REQUIRED_FIELDS' | 'TENDER_DATES_REQUIRED'; fields: string[] } | null {
  const required = TENDER_REQUIRED_FIELD_NAMES.filter((name) => isBlank(values[name]));
  const dates = TENDER_DATE_FIELD_NAMES.filter((name) => isBlank(values[name]));
  if (required.length > 0) return { code: 'TENDER_REQUIRED_FIELDS', fields: [...required, ...dates] };
  if (dates.length > 0) return { code: 'TENDER_DATES_REQUIRED', fields: dates };
  return null;
}

/**
 * Whether a text holds control characters (which PostgreSQL partly cannot store, NUL above all). Long texts
 * may keep line breaks and tabs.
 */
export function hasControlCharacters(text: string, allowLineBreaks = false): boolean {
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code === 127) return true;
    if (code < 32 && !(allowLineBreaks && (code === 9 || code === 10 || code === 13))) return true;
  }
  return false;
}

/** A required one-line text: blank → the form's "fill in all required fields" code; trimmed; bounded. */
const requiredText = z
  .string({
    error: (issue) => (issue.input === undefined || issue.input === null ? 'TENDER_REQUIRED_FIELDS' : 'invalid'),
  })
  .trim()
  .min(1, { error: 'TENDER_REQUIRED_FIELDS' })
  .max(TENDER_TEXT_MAX, { error: 'too_long' })
  .refine((text) => !hasControlCharacters(text), { error: 'invalid' });

/** An optional long text: trimmed; blank or absent → null. */
const optionalLongText = z
  .string({ error: 'invalid' })
  .trim()
  .max(TENDER_LONG_TEXT_MAX, { error: 'too_long' })
  .refine((text) => !hasControlCharacters(text, true), { error: 'invalid' })
  .nullish()
  .transform((text) => (text ? text : null));

/** What a user typed in a number box: "12.5", " 12,5 " (decimal comma) or a JSON number. */
export function readTypedNumber(value: unknown): number | undefined {
  if (typeof value === 'string' && /^\s*[+-]?\d*,\d+\s*$/.test(value)) return parseDecimal(value.replace(',', '.'));
  return parseDecimal(value);
}

const numberInput = z.union([z.number(), z.string()], {
  error: (issue) => (issue.input === undefined || issue.input === null ? 'TENDER_REQUIRED_FIELDS' : 'number'),
});

/** A required positive number (weight, volume): finite, > 0, at most `max`. */
const positiveNumber = (max: number) =>
  numberInput
    .transform((value, ctx) => {
      if (isBlank(value)) {
        ctx.addIssue({ code: 'custom', message: 'TENDER_REQUIRED_FIELDS' });
        return z.NEVER;
      }
      const parsed = readTypedNumber(value);
      if (parsed === undefined) {
        ctx.addIssue({ code: 'custom', message: 'number' });
        return z.NEVER;
      }
      return parsed;
    })
    .pipe(z.number().positive({ error: 'positive' }).max(max, { error: 'too_large' }));

/** The initial price in USD: > 0, at most two decimals, at most TENDER_PRICE_MAX_USD. */
const priceField = positiveNumber(TENDER_PRICE_MAX_USD).refine((usd) => usdToCents(usd) !== undefined, {
  error: 'decimals',
});

/** A required calendar date, YYYY-MM-DD. */
const dateField = z
  .string({ error: (issue) => (issue.input === undefined || issue.input === null ? 'TENDER_DATES_REQUIRED' : 'date') })
  .trim()
  .min(1, { error: 'TENDER_DATES_REQUIRED' })
  .pipe(z.iso.date({ error: 'date' }))
  .refine((date) => date >= TENDER_DATE_MIN && date <= TENDER_DATE_MAX, { error: 'date' });

/**
 * POST /api/tenders. The seven required fields come first, then the dates, so that a blank required field
 * answers with the form's first text (TENDER_REQUIRED_FIELDS) and blank dates with the second
 * (TENDER_DATES_REQUIRED). Fields the client may not set (owner, number, bids) are not part of it.
 */
export const createTenderInput = z
  .object({
    name: requiredText,
    cargo_type: requiredText,
    cargo_weight: positiveNumber(TENDER_WEIGHT_MAX_KG),
    cargo_volume: positiveNumber(TENDER_VOLUME_MAX_M3),
    origin_location: requiredText,
    destination_location: requiredText,
    initial_price: priceField,
    shipment_date: dateField,
    delivery_date: dateField,
    tender_start_date: dateField,
    tender_end_date: dateField,
    status: z.enum(TENDER_INITIAL_STATUSES, { error: 'one_of' }).default('opened'),
    requirements: optionalLongText,
    notes: optionalLongText,
    incoterms: optionalLongText,
  })
  .superRefine((tender, ctx) => {
    const delivery = daysBetween(tender.shipment_date, tender.delivery_date);
    if (delivery !== null && delivery < 0) {
      ctx.addIssue({ code: 'custom', path: ['delivery_date'], message: 'delivery_before_shipment' });
    }
    const window = daysBetween(tender.tender_start_date, tender.tender_end_date);
    if (window !== null && window < 0) {
      ctx.addIssue({ code: 'custom', path: ['tender_end_date'], message: 'end_before_start' });
    }
  })
  .meta({
    examples: [
      {
        name: 'Cement, 20 t',
        cargo_type: 'Building materials',
        cargo_weight: 20000,
        cargo_volume: 30,
        origin_location: 'Tashkent',
        destination_location: 'Samarkand',
        initial_price: 1500,
        shipment_date: '2026-12-01',
        delivery_date: '2026-12-03',
        tender_start_date: '2026-11-25',
        tender_end_date: '2026-11-30',
        status: 'opened',
        requirements: 'Tarpaulin truck',
        notes: 'Loading from 9:00',
        incoterms: 'FCA Tashkent',
      },
    ],
  });
export type CreateTenderInput = z.input<typeof createTenderInput>;
export type CreateTenderValues = z.output<typeof createTenderInput>;

/** A tender as every reader sees it. Money in USD, weights in kg, volumes in m³, dates YYYY-MM-DD. */
export const tender = z
  .object({
    id: z.number().int(),
    number: z.string().describe('Human number, e.g. YT-000123'),
    name: z.string(),
    cargo_type: z.string(),
    cargo_weight: z.number().describe('kg'),
    cargo_volume: z.number().describe('m³'),
    origin_location: z.string(),
    destination_location: z.string(),
    shipment_date: z.string(),
    delivery_date: z.string(),
    tender_start_date: z.string(),
    tender_end_date: z.string(),
    initial_price: z.number().describe('USD'),
    status: z.enum(TENDER_STATUSES),
    current_min_bid: z.number().nullable().describe('The lowest bid so far (USD); null when none'),
    bid_count: z.number().int(),
    requirements: z.string().nullable(),
    notes: z.string().nullable(),
    incoterms: z.string().nullable(),
    owner_id: z.number().int(),
    is_owner: z.boolean().describe('Whether the signed-in caller owns the tender'),
    created_at: z.string(),
  })
  .meta({
    examples: [
      {
        id: 123,
        number: 'YT-000123',
        name: 'Cement, 20 t',
        cargo_type: 'Building materials',
        cargo_weight: 20000,
        cargo_volume: 30,
        origin_location: 'Tashkent',
        destination_location: 'Samarkand',
        shipment_date: '2026-12-01',
        delivery_date: '2026-12-03',
        tender_start_date: '2026-11-25',
        tender_end_date: '2026-11-30',
        initial_price: 1500,
        status: 'opened',
        current_min_bid: 1350,
        bid_count: 4,
        requirements: 'Tarpaulin truck',
        notes: null,
        incoterms: 'FCA Tashkent',
        owner_id: 7,
        is_owner: false,
        created_at: '2026-11-24T10:15:00.000Z',
      },
    ],
  });
export type Tender = z.infer<typeof tender>;

// ---------------------------------------------------------------------------------------------------
// GET /api/tenders/all and /api/tenders/me: the spec's parameters, every filter of the screens, paging.
// Empty parameters count as absent (the client's filter state holds empty strings when nothing is chosen).

const blankIsAbsent = <T>(value: T | '' | undefined): T | undefined => (value === '' ? undefined : value);

const enumParam = <const T extends readonly [string, ...string[]]>(values: T) =>
  z
    .union([z.literal(''), z.enum(values, { error: 'one_of' })], { error: 'one_of' })
    .optional()
    .transform(blankIsAbsent);

const searchParam = z
  .string()
  .max(TENDER_TEXT_MAX, { error: 'too_long' })
  .refine((text) => !hasControlCharacters(text), { error: 'invalid' })
  .optional()
  .transform((text) => {
    const trimmed = text?.trim();
    return trimmed ? trimmed : undefined;
  });

const integerParam = (min: number, max: number) =>
  z
    .string()
    .regex(/^\s*\d{0,10}\s*$/, { error: 'integer' })
    .optional()
    .transform((text, ctx) => {
      if (text === undefined || text.trim() === '') return undefined;
      const value = Number(text);
      if (value < min || value > max) {
        ctx.addIssue({ code: 'custom', message: value < min ? 'positive' : 'too_large' });
        return z.NEVER;
      }
      return value;
    });

/** base64url (no padding) of an ASCII text; btoa exists in browsers and in Node alike. */
function toBase64Url(text: string): string {
  return btoa(text).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
}

/** The ASCII text of a base64url value; undefined when it is not valid base64url. */
function fromBase64Url(value: string): string | undefined {
  if (!/^[A-Za-z0-9_-]*$/.test(value) || value.length % 4 === 1) return undefined;
  try {
    return atob(value.replaceAll('-', '+').replaceAll('_', '/'));
  } catch {
    return undefined;
  }
}

/** The paging cursor: base64url of the last row's sort key (newest first, by id). */
export function encodeTenderCursor(lastId: number): string {
  return toBase64Url(JSON.stringify({ id: lastId }));
}

/** The id a cursor continues after; undefined when it is not one of ours. */
export function decodeTenderCursor(cursor: string): number | undefined {
  if (cursor.length > 200) return undefined;
  const text = fromBase64Url(cursor);
  if (text === undefined) return undefined;
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed !== 'object' || parsed === null) return undefined;
    const id = (parsed as { id?: unknown }).id;
    return typeof id === 'number' && Number.isSafeInteger(id) && id > 0 ? id : undefined;
  } catch {
    return undefined;
  }
}

export const tenderListQuery = z
  .object({
    name: searchParam.describe('Part of the tender name, any letter case'),
    id: integerParam(1, 2_147_483_647).describe('Exactly this tender id'),
    tender_start_date: z
      .union([z.literal(''), z.iso.date({ error: 'date' })], { error: 'date' })
      .optional()
      .transform(blankIsAbsent)
      .describe('Tenders starting on this day (YYYY-MM-DD)'),
    initial_price: z
      .string()
      .optional()
      .transform((text, ctx) => {
        if (text === undefined || text.trim() === '') return undefined;
        const cents = usdToCents(text);
        if (cents === undefined || cents < 0) {
          ctx.addIssue({ code: 'custom', message: 'number' });
          return z.NEVER;
        }
        return cents / 100;
      })
      .describe('Tenders with exactly this initial price (USD)'),
    type: enumParam(TENDER_MODES).describe('Mode: truck → Truck, plane → Aviation, ship → Maritime, labo → Local'),
    status: enumParam(TENDER_STATUSES).describe('draft shows only your own drafts'),
    location: z
      .string()
      .max(TENDER_TEXT_MAX, { error: 'too_long' })
      .optional()
      .transform((text, ctx) => {
        if (text === undefined || text.trim() === '') return undefined;
        const location = locationFilterOf(text);
        if (location === undefined) {
          ctx.addIssue({ code: 'custom', message: 'one_of' });
          return z.NEVER;
        }
        return location;
      })
      .describe(
        "Origin city: Tashkent, Samarqand, Namangan, Buxoro, Andijon (also Toshkent, Farg'ona and other spellings) or Boshqa (none of the list's five)",
      ),
    price: enumParam(PRICE_RANGES).describe("Arzon < 1000, O'rtacha 1000–5000 inclusive, Qimmat > 5000 (USD)"),
    delivery: enumParam(DELIVERY_SPEEDS).describe('Days from shipment to delivery: Tez ≤ 3, Odatdagi 4–7, Sekin ≥ 8'),
    q: searchParam.describe('Part of the name, cargo type, origin or destination, any letter case'),
    limit: integerParam(1, TENDER_LIST_LIMIT_MAX).describe(
      `Rows per page, 1–${TENDER_LIST_LIMIT_MAX} (default ${TENDER_LIST_LIMIT_MAX})`,
    ),
    offset: integerParam(0, 10_000_000).describe('Rows to skip (or use cursor)'),
    cursor: z
      .string()
      .optional()
      .transform((text, ctx) => {
        if (text === undefined || text === '') return undefined;
        const afterId = decodeTenderCursor(text);
        if (afterId === undefined) {
          ctx.addIssue({ code: 'custom', message: 'invalid' });
          return z.NEVER;
        }
        return afterId;
      })
      .describe('The X-Next-Cursor of the previous page'),
  })
  .superRefine((query, ctx) => {
    if (query.cursor !== undefined && query.offset !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['offset'], message: 'cursor_or_offset' });
    }
  });
export type TenderListQuery = z.input<typeof tenderListQuery>;
export type TenderListParams = z.output<typeof tenderListQuery>;

export const tenderIdParams = idParams;

/** Headers of a tender list answer. */
export const TOTAL_COUNT_HEADER = 'X-Total-Count';
export const NEXT_CURSOR_HEADER = 'X-Next-Cursor';
