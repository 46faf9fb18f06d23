import { z } from 'zod';
import { BID_STATUSES, TENDER_STATUSES } from './constants.js';
import { usdToCents } from './money.js';

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

export const placeBidInput = z.object({ bid_amount: bidAmountField }).meta({ examples: [{ bid_amount: 1300 }] });
export type PlaceBidInput = z.input<typeof placeBidInput>;

export const bidStatus = z.enum(BID_STATUSES);

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
  })
  .meta({
    examples: [
      {
        id: 55,
        tender_id: 123,
        bid_amount: 1300,
        status: 'pending',
        created_at: '2026-11-24T11:00:00.000Z',
        number: 'YT-000123',
        name: 'Cement, 20 t',
        origin_location: 'Tashkent',
        destination_location: 'Samarkand',
        cargo_weight: 20000,
        shipment_date: '2026-12-01',
        delivery_date: '2026-12-03',
        tender_status: 'opened',
      },
    ],
  });
export type MyBid = z.infer<typeof myBid>;

export const myBidsQuery = z.object({
  tender_id: z.coerce
    .number({ error: 'integer' })
    .int({ error: 'integer' })
    .positive({ error: 'integer' })
    .max(2_147_483_647, { error: 'integer' })
    .optional(),
});

/** A bid as the tender's owner sees it, with who offered it. */
export const tenderBid = z
  .object({
    id: z.number().int(),
    tender_id: z.number().int(),
    bid_amount: z.number(),
    status: bidStatus,
    created_at: z.string(),
    bidder: z.object({
      id: z.number().int(),
      first_name: z.string(),
      last_name: z.string(),
      phone_number: z.string(),
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
        bidder: { id: 9, first_name: 'Aziz', last_name: 'Rahimov', phone_number: '+998901234567' },
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
  })
  .meta({
    examples: [
      {
        id: 55,
        tender_id: 123,
        tender_number: 'YT-000123',
        bid_amount: 1300,
        status: 'pending',
        created_at: '2026-11-24T11:00:00.000Z',
      },
    ],
  });
export type PlacedBid = z.infer<typeof placedBid>;

export const minBidResponse = z.object({ min_bid: z.number().nullable() }).meta({ examples: [{ min_bid: 1300 }] });
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

/** What the live stream of a tender sends on every change. */
export const tenderLiveState = z
  .object({
    min_bid: z.number().nullable(),
    bid_count: z.number().int(),
    status: z.enum(TENDER_STATUSES),
  })
  .meta({ examples: [{ min_bid: 1300, bid_count: 5, status: 'opened' }] });
export type TenderLiveState = z.infer<typeof tenderLiveState>;

/** The bid a user may offer: strictly lower than the current minimum (lowest bid, else the initial price). */
export function currentMinimum(tender: { current_min_bid: number | null; initial_price: number }): number {
  return tender.current_min_bid ?? tender.initial_price;
}
