import { z } from 'zod';
import { hasControlCharacters } from './typed-input.js';

/**
 * After a delivery each side rates the other once, within RATING_WINDOW_DAYS; neither sees the other's rating
 * until both have rated or RATING_BLIND_DAYS have passed since the delivery (double-blind).
 */
export const RATING_WINDOW_DAYS = 30;
export const RATING_BLIND_DAYS = 14;
export const RATING_PAYMENTS = ['on_time', 'late', 'unpaid'] as const;
export type RatingPayment = (typeof RATING_PAYMENTS)[number];
export const RATING_COMMENT_MAX = 1000;

/**
 * POST /api/shipments/{number}/rating. The carrier rating the owner says how the payment went (`payment`);
 * the owner rating the carrier says whether pickup and delivery kept to the dates (`on_time`).
 */
export const ratingInput = z
  .object({
    score: z
      .number({ error: 'rating_score' })
      .int({ error: 'rating_score' })
      .min(1, { error: 'rating_score' })
      .max(5, { error: 'rating_score' }),
    comment: z
      .string({ error: 'invalid' })
      .trim()
      .max(RATING_COMMENT_MAX, { error: 'too_long' })
      .refine((text) => !hasControlCharacters(text, true), { error: 'invalid' })
      .optional()
      .transform((text) => (text ? text : null)),
    payment: z.enum(RATING_PAYMENTS, { error: 'one_of' }).optional(),
    on_time: z.boolean({ error: 'invalid' }).optional(),
  })
  .meta({
    examples: [
      { score: 5, comment: 'On time, careful with the load', on_time: true },
      { score: 4, payment: 'on_time' },
    ],
  });
export type RatingInput = z.input<typeof ratingInput>;
export type RatingValues = z.output<typeof ratingInput>;

export const rating = z.object({
  score: z.number().int(),
  comment: z.string().nullable(),
  payment: z.enum(RATING_PAYMENTS).nullable(),
  on_time: z.boolean().nullable(),
  created_at: z.string(),
});
export type Rating = z.infer<typeof rating>;

/** The ratings of one shipment as one of its two sides sees them. */
export const shipmentRatings = z
  .object({
    can_rate: z.boolean().describe('Delivered, within the window, and not rated by me yet'),
    rate_until: z.string().nullable().describe('The last moment to rate (30 days after delivery)'),
    mine: rating.nullable(),
    theirs: rating.nullable().describe('Shown once both have rated or 14 days have passed since the delivery'),
    theirs_hidden: z.boolean().describe('The other side has rated, and it is not shown yet'),
  })
  .meta({
    examples: [
      {
        can_rate: false,
        rate_until: '2026-12-24T10:00:00.000Z',
        mine: { score: 5, comment: null, payment: null, on_time: true, created_at: '2026-11-25T10:00:00.000Z' },
        theirs: null,
        theirs_hidden: true,
      },
    ],
  });
export type ShipmentRatings = z.infer<typeof shipmentRatings>;

/** A review on a public profile. */
export const review = z.object({
  score: z.number().int(),
  comment: z.string().nullable(),
  created_at: z.string(),
  from: z.string().describe("The rating side's company name (or its user's name when it has none)"),
});
export type Review = z.infer<typeof review>;
