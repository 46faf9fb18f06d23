import { z } from 'zod';
import { TENDER_STATUSES } from './constants.js';

// Apart from the bid schemas (./bids): a tender's page that follows the stream builds this one alone.

/** What the live stream of a tender sends on every change. */
export const tenderLiveState = z
  .object({
    min_bid: z.number().nullable(),
    bid_count: z.number().int(),
    status: z.enum(TENDER_STATUSES),
    closes_at: z.string().describe('When bidding ends (ISO-8601)'),
    extended_by_minutes: z
      .number()
      .int()
      .optional()
      .describe('Present when this change moved closes_at later (a bid in the soft-close window): by how much'),
  })
  .meta({
    examples: [
      { min_bid: 1300, bid_count: 5, status: 'opened', closes_at: '2026-11-30T18:59:59.000Z' },
      { min_bid: 1290, bid_count: 6, status: 'opened', closes_at: '2026-11-30T19:04:12.000Z', extended_by_minutes: 5 },
    ],
  });
export type TenderLiveState = z.infer<typeof tenderLiveState>;
