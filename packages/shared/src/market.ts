import { z } from 'zod';
import { TENDER_MODES } from './constants.js';
import { TENDER_TEXT_MAX } from './tenders.js';

const placeParam = z
  .string({ error: 'required' })
  .trim()
  .min(1, { error: 'required' })
  .max(TENDER_TEXT_MAX, { error: 'too_long' });

export const lanePriceQuery = z.object({
  origin: placeParam.describe('Any spelling: Toshkent, Tashkent and Ташкент are one city'),
  destination: placeParam,
  mode: z.enum(TENDER_MODES, { error: 'one_of' }).describe('truck, plane, ship or labo'),
});
export type LanePriceQuery = z.infer<typeof lanePriceQuery>;

const money = z.number().describe('USD');

/** What the accepted deals of a lane paid; or only that there are too few of them to say. */
export const lanePrice = z
  .union([
    z.object({
      insufficient_data: z.literal(false),
      deals: z.number().int(),
      carriers: z.number().int(),
      median: money,
      p25: money,
      p75: money,
      per_ton_median: money.describe('USD per tonne of cargo'),
      period_start: z.string(),
      period_end: z.string(),
    }),
    z.object({ insufficient_data: z.literal(true) }),
  ])
  .meta({
    examples: [
      {
        insufficient_data: false,
        deals: 24,
        carriers: 9,
        median: 1250,
        p25: 1100,
        p75: 1400,
        per_ton_median: 62.5,
        period_start: '2026-08-28',
        period_end: '2026-11-25',
      },
      { insufficient_data: true },
    ],
  });
export type LanePrice = z.infer<typeof lanePrice>;
