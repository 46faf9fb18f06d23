import { z } from 'zod';
import {
  AWARD_ORIGINS,
  AWARD_OUTCOMES,
  BID_STATUSES,
  DELIVERY_SPEEDS,
  PRICE_RANGES,
  TENDER_STATUSES,
  VEHICLE_TYPES,
} from './constants.js';
import { listFormatParam } from './csv.js';
import { usdToCents } from './money.js';
import { optionalInstantField, TENDER_TEXT_MAX } from './tenders.js';

/** The largest amount anyone may offer (USD): far above any freight price, far below integer limits. */
export const MAX_BID_USD = 10_000_000;

/**
 * `bid_amount`: a JSON number or the typed text, > 0, at most two decimals. The spec's one text for every
 * bad amount is 'Iltimos, to'g'ri narx kiriting' (BID_AMOUNT_INVALID), used by the client and the server.
 */
export const bidAmountField = z
  .union([z.number(), z.string()], { error: 'BID_AMOUNT_INVALID' })
  .transform((value, ctx) => {
    const cents = usdToCents(value);
    if (cents === undefined || cents <= 0 || cents > MAX_BID_USD * 100) {
      ctx.addIssue({ code: 'custom', message: 'BID_AMOUNT_INVALID' });
      return z.NEVER;
    }
    return cents / 100;
  });

export const placeBidInput = z
  .object({
    bid_amount: bidAmountField,
    valid_until: optionalInstantField.describe(
      'Optional ISO-8601 instant (with offset): after it the bid is expired and skipped by awards',
    ),
    vehicle_id: z
      .number({ error: 'integer' })
      .int({ error: 'integer' })
      .positive({ error: 'integer' })
      .max(2_147_483_647, { error: 'integer' })
      .nullish()
      .describe(
        'Optional: the id of one of my vehicles that will carry the cargo (someone else’s or a missing one: 404 ' +
          'VEHICLE_NOT_FOUND). It must not be Inactive (400 VEHICLE_INACTIVE), have no run-out insurance or ' +
          'registration (400 VEHICLE_PAPERS_EXPIRED) and carry at least the cargo weight (400 VEHICLE_TOO_SMALL)',
      ),
  })
  .meta({
    examples: [
      { bid_amount: 1300 },
      { bid_amount: 1290, valid_until: '2026-11-30T18:00:00+05:00' },
      { bid_amount: 1280, vehicle_id: 3 },
    ],
  });
export type PlaceBidInput = z.input<typeof placeBidInput>;

export const bidStatus = z.enum(BID_STATUSES);

/** The vehicle a bid names, as the tender's owner and the bidder see it; null when the bid names none. */
export const bidVehicle = z
  .object({ id: z.number().int(), type: z.enum(VEHICLE_TYPES), plate: z.string() })
  .nullable()
  .describe('The vehicle named in the bid (its type and license plate), or null');
export type BidVehicle = z.infer<typeof bidVehicle>;

/** A bid as its bidder sees it (GET /api/bids/me), joined with its tender's display fields. */
export const myBid = z
  .object({
    id: z.number().int(),
    tender_id: z.number().int(),
    bid_amount: z.number(),
    status: bidStatus,
    created_at: z.string(),
    number: z.string(),
    name: z.string(),
    origin_location: z.string(),
    destination_location: z.string(),
    cargo_weight: z.number(),
    /** The tender's dates (YYYY-MM-DD), so the bids screen can apply the delivery-time filter. */
    shipment_date: z.string(),
    delivery_date: z.string(),
    tender_status: z.enum(TENDER_STATUSES),
    tender_closes_at: z.string().describe('When bidding on the tender ends (ISO-8601)'),
    valid_until: z.string().nullable().describe('After it the bid is expired (ISO-8601); null: no limit'),
    confirm_by: z.string().nullable().describe('An awarded bid: confirm or decline before this instant'),
    vehicle: bidVehicle,
  })
  .meta({
    examples: [
      {
        id: 55,
        tender_id: 123,
        bid_amount: 1300,
        status: 'pending',
        created_at: '2026-11-24T11:00:00.000Z',
        tender_closes_at: '2026-11-30T18:59:59.000Z',
        valid_until: null,
        confirm_by: null,
        number: 'YT-000123',
        name: 'Cement, 20 t',
        origin_location: 'Tashkent',
        destination_location: 'Samarkand',
        cargo_weight: 20000,
        shipment_date: '2026-12-01',
        delivery_date: '2026-12-03',
        tender_status: 'opened',
        vehicle: { id: 3, type: 'Tented Truck', plate: '01 A 123 BC' },
      },
    ],
  });
export type MyBid = z.infer<typeof myBid>;

const blankIsAbsent = (text: string | undefined) => {
  const trimmed = text?.trim();
  return trimmed ? trimmed : undefined;
};

/** The My Bids screen's filters (packages/shared bid-filters); blank values count as absent. */
export const myBidsQuery = z.object({
  tender_id: z.coerce
    .number({ error: 'integer' })
    .int({ error: 'integer' })
    .positive({ error: 'integer' })
    .max(2_147_483_647, { error: 'integer' })
    .optional(),
  q: z
    .string()
    .max(TENDER_TEXT_MAX, { error: 'too_long' })
    .optional()
    .transform(blankIsAbsent)
    .describe("Part of the tender's name, origin or destination, any letter case"),
  price: z
    .union([z.literal(''), z.enum(PRICE_RANGES, { error: 'one_of' })], { error: 'one_of' })
    .optional()
    .transform((value) => value || undefined)
    .describe("The bid amount's band: Arzon < 1000, O'rtacha 1000–5000 inclusive, Qimmat > 5000 (USD)"),
  delivery: z
    .union([z.literal(''), z.enum(DELIVERY_SPEEDS, { error: 'one_of' })], { error: 'one_of' })
    .optional()
    .transform((value) => value || undefined)
    .describe("Days from the tender's shipment to delivery: Tez ≤ 3, Odatdagi 4–7, Sekin ≥ 8"),
  location: z
    .string()
    .max(TENDER_TEXT_MAX, { error: 'too_long' })
    .optional()
    .transform(blankIsAbsent)
    .describe('The origin is in this city (any common spelling); Boshqa: in none of Toshkent, Samarqand'),
  format: listFormatParam,
});
export type MyBidsQuery = z.input<typeof myBidsQuery>;
export type MyBidsParams = z.output<typeof myBidsQuery>;

/** A bid as the tender's owner sees it, with who offered it. */
export const tenderBid = z
  .object({
    id: z.number().int(),
    tender_id: z.number().int(),
    bid_amount: z.number(),
    status: bidStatus,
    created_at: z.string(),
    valid_until: z.string().nullable(),
    confirm_by: z.string().nullable(),
    vehicle: bidVehicle,
    bidder: z.object({
      id: z.number().int(),
      first_name: z.string(),
      last_name: z.string(),
      phone_number: z.string(),
      no_shows: z.number().int().describe('Awards this carrier let pass without an answer, on any tender'),
      recent_no_show: z.boolean().describe('An award let pass without an answer in the last 90 days'),
      rating_average: z.number().nullable().describe('1–5 over the ratings shown on their profile'),
      company: z
        .object({ id: z.number().int(), name: z.string(), verified: z.boolean() })
        .nullable()
        .describe('Their company, once its profile is filled in'),
    }),
  })
  .meta({
    examples: [
      {
        id: 55,
        tender_id: 123,
        bid_amount: 1300,
        status: 'pending',
        created_at: '2026-11-24T11:00:00.000Z',
        valid_until: null,
        confirm_by: null,
        vehicle: { id: 3, type: 'Tented Truck', plate: '01 A 123 BC' },
        bidder: {
          id: 9,
          first_name: 'Aziz',
          last_name: 'Rahimov',
          phone_number: '+998901234567',
          no_shows: 0,
          recent_no_show: false,
          rating_average: 4.7,
          company: { id: 4, name: 'Silk Road Logistics MChJ', verified: true },
        },
      },
    ],
  });
export type TenderBid = z.infer<typeof tenderBid>;

export const placedBid = z
  .object({
    id: z.number().int(),
    tender_id: z.number().int(),
    tender_number: z.string(),
    bid_amount: z.number(),
    status: bidStatus,
    created_at: z.string(),
    valid_until: z.string().nullable(),
    confirm_by: z.string().nullable(),
  })
  .meta({
    examples: [
      {
        id: 55,
        tender_id: 123,
        tender_number: 'YT-000123',
        bid_amount: 1300,
        status: 'active',
        created_at: '2026-11-24T11:00:00.000Z',
        valid_until: null,
        confirm_by: null,
      },
    ],
  });
export type PlacedBid = z.infer<typeof placedBid>;

export const minBidResponse = z
  .object({
    min_bid: z.number().nullable().describe('The lowest bid so far (USD); null when none'),
    min_step: z.number().describe('USD a bid must be below the current minimum at least'),
    next_max_bid: z
      .number()
      .nullable()
      .describe('The highest amount (USD) accepted now: the current minimum less the step; null when none can be'),
  })
  .meta({ examples: [{ min_bid: 1300, min_step: 10, next_max_bid: 1290 }] });
export type MinBidResponse = z.infer<typeof minBidResponse>;

export const awardInput = z
  .object({
    bid_id: z
      .number({ error: 'integer' })
      .int({ error: 'integer' })
      .positive({ error: 'integer' })
      .max(2_147_483_647, { error: 'integer' }),
  })
  .meta({ examples: [{ bid_id: 55 }] });

/** One award of a tender as its owner sees the history: who was chosen, how, and what they answered. */
export const tenderAward = z
  .object({
    id: z.number().int(),
    bid_id: z.number().int(),
    bid_amount: z.number(),
    origin: z.enum(AWARD_ORIGINS).describe('owner: by hand; auto: at closes_at; fallback: passed on; buy_now'),
    outcome: z.enum(AWARD_OUTCOMES),
    awarded_at: z.string(),
    confirm_by: z.string().nullable(),
    decided_at: z.string().nullable(),
    bidder: z.object({ id: z.number().int(), first_name: z.string(), last_name: z.string() }),
  })
  .meta({
    examples: [
      {
        id: 3,
        bid_id: 55,
        bid_amount: 1300,
        origin: 'auto',
        outcome: 'no_show',
        awarded_at: '2026-11-30T19:00:01.000Z',
        confirm_by: '2026-11-30T21:00:01.000Z',
        decided_at: '2026-11-30T21:00:02.000Z',
        bidder: { id: 9, first_name: 'Aziz', last_name: 'Rahimov' },
      },
    ],
  });
export type TenderAward = z.infer<typeof tenderAward>;
