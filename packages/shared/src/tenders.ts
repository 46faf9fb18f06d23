import { z } from 'zod';
import { idParams } from './ids.js';
import { DELIVERY_SPEEDS, PRICE_RANGES, TENDER_INITIAL_STATUSES, TENDER_MODES, TENDER_STATUSES } from './constants.js';
import {
  CONFIRM_WITHIN_MINUTES_DEFAULT,
  CONFIRM_WITHIN_MINUTES_MAX,
  CONFIRM_WITHIN_MINUTES_MIN,
  marketDateOf,
  MIN_STEP_DEFAULT_USD,
  SOFT_CLOSE_MINUTES_MAX,
} from './auction.js';
import { usdToCents } from './money.js';
import { hasControlCharacters, isBlank, readTypedNumber } from './typed-input.js';
import { daysBetween, locationFilterOf } from './tender-filters.js';
import { listFormatParam } from './csv.js';

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

/** An optional amount in USD (buy-now, reserve): blank or absent → null; else checked as the initial price. */
export const optionalPriceField = z
  .union([z.number(), z.string(), z.null()], { error: 'number' })
  .optional()
  .transform((value) => (isBlank(value) ? null : value))
  .pipe(priceField.nullable());

/** A whole number of minutes within [min, max]; blank or absent → the default. */
const minutesField = (min: number, max: number, fallback: number, rangeMessage: string) =>
  z
    .union([z.number(), z.string(), z.null()], { error: 'integer' })
    .optional()
    .transform((value, ctx) => {
      if (isBlank(value)) return fallback;
      const parsed = readTypedNumber(value);
      if (parsed === undefined || !Number.isInteger(parsed)) {
        ctx.addIssue({ code: 'custom', message: 'integer' });
        return z.NEVER;
      }
      if (parsed < min || parsed > max) {
        ctx.addIssue({ code: 'custom', message: rangeMessage });
        return z.NEVER;
      }
      return parsed;
    });

/** An optional instant with its offset (2026-11-30T18:00:00+05:00 or …Z): blank or absent → null; else epoch ms. */
export const optionalInstantField = z
  .union([z.string(), z.null()], { error: 'instant' })
  .optional()
  .transform((value, ctx) => {
    if (isBlank(value)) return null;
    const text = (value as string).trim();
    const ms = Date.parse(text);
    if (!z.iso.datetime({ offset: true }).safeParse(text).success || !Number.isFinite(ms)) {
      ctx.addIssue({ code: 'custom', message: 'instant' });
      return z.NEVER;
    }
    if (ms > Date.parse(`${TENDER_DATE_MAX}T23:59:59Z`)) {
      ctx.addIssue({ code: 'custom', message: 'too_large' });
      return z.NEVER;
    }
    return ms;
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
    closes_at: optionalInstantField.describe(
      'When bidding ends (ISO-8601 with offset); default: 23:59:59 of tender_end_date in Tashkent. Must be in the future and on tender_end_date (Tashkent time)',
    ),
    soft_close_minutes: minutesField(0, SOFT_CLOSE_MINUTES_MAX, 0, 'soft_close_range').describe(
      `A bid in the last N minutes moves closes_at to the bid's time + N minutes (0–${SOFT_CLOSE_MINUTES_MAX}, default 0: off)`,
    ),
    min_step: optionalPriceField
      .transform((usd) => usd ?? MIN_STEP_DEFAULT_USD)
      .describe(
        `USD a bid must be below the current minimum at least (default ${MIN_STEP_DEFAULT_USD}); below initial_price`,
      ),
    buy_now_price: optionalPriceField.describe('USD a carrier may take the tender for at once (at most initial_price)'),
    reserve_price: optionalPriceField.describe(
      'The highest USD the owner will take (at most initial_price); only the owner ever sees it',
    ),
    auto_award: z
      .boolean({ error: 'invalid' })
      .optional()
      .transform((value) => value ?? false)
      .describe('At closes_at, award the lowest valid bid at or under the reserve automatically'),
    verified_only: z
      .boolean({ error: 'invalid' })
      .optional()
      .transform((value) => value ?? false)
      .describe('Only users of verified companies may bid or buy now'),
    confirm_within_minutes: minutesField(
      CONFIRM_WITHIN_MINUTES_MIN,
      CONFIRM_WITHIN_MINUTES_MAX,
      CONFIRM_WITHIN_MINUTES_DEFAULT,
      'confirm_within_range',
    ).describe(
      `Minutes a winner has to confirm (${CONFIRM_WITHIN_MINUTES_MIN}–${CONFIRM_WITHIN_MINUTES_MAX}, default ${CONFIRM_WITHIN_MINUTES_DEFAULT})`,
    ),
  })
  .superRefine((tender, ctx) => {
    const initialCents = usdToCents(tender.initial_price);
    const atMostInitial = (field: 'buy_now_price' | 'reserve_price' | 'min_step', orEqual: boolean) => {
      const cents = tender[field] === null ? undefined : usdToCents(tender[field]);
      if (initialCents === undefined || initialCents <= 0 || cents === undefined) return;
      if (orEqual ? cents > initialCents : cents >= initialCents) {
        ctx.addIssue({
          code: 'custom',
          path: [field],
          message: field === 'min_step' ? 'step_not_below_price' : 'above_initial_price',
        });
      }
    };
    atMostInitial('min_step', false);
    atMostInitial('buy_now_price', true);
    atMostInitial('reserve_price', true);
    if (tender.closes_at !== null && marketDateOf(tender.closes_at) !== tender.tender_end_date) {
      ctx.addIssue({ code: 'custom', path: ['closes_at'], message: 'closes_off_end_date' });
    }
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
        closes_at: '2026-11-30T18:00:00+05:00',
        soft_close_minutes: 5,
        min_step: 10,
        buy_now_price: 1200,
        reserve_price: 1300,
        auto_award: true,
        confirm_within_minutes: 120,
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
    closes_at: z.string().describe('When bidding ends (ISO-8601, UTC); a soft close may move it later'),
    soft_close_minutes: z.number().int(),
    min_step: z.number().describe('USD a bid must be below the current minimum at least'),
    buy_now_price: z.number().nullable().describe('USD to take the tender at once; null when not offered'),
    reserve_price: z
      .number()
      .nullable()
      .optional()
      .describe('The owner only, on GET /api/tenders/{id}: the highest USD they will take (null: none)'),
    auto_award: z.boolean(),
    confirm_within_minutes: z.number().int(),
    verified_only: z.boolean().describe('Only users of verified companies may bid or buy now'),
    owner_company: z
      .object({ id: z.number().int(), name: z.string(), verified: z.boolean() })
      .nullable()
      .optional()
      .describe("The owner's company, once its profile is filled in, with its verified mark"),
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
        closes_at: '2026-11-30T13:00:00.000Z',
        soft_close_minutes: 5,
        min_step: 10,
        buy_now_price: 1200,
        auto_award: true,
        confirm_within_minutes: 120,
        verified_only: false,
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
    format: listFormatParam,
  })
  .superRefine((query, ctx) => {
    if (query.cursor !== undefined && query.offset !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['offset'], message: 'cursor_or_offset' });
    }
  });
export type TenderListQuery = z.input<typeof tenderListQuery>;
export type TenderListParams = z.output<typeof tenderListQuery>;

export const tenderIdParams = idParams;
