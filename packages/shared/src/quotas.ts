import { z } from 'zod';
import { MAX_RECORD_ID } from './ids.js';

/**
 * The quotas on what a person writes (decision 027): each is a name here, its routes and limits are the
 * server's configuration. An attempt over a quota answers 429 RATE_LIMITED with Retry-After; moderators see
 * which accounts meet the quotas most.
 */
export const QUOTA_NAMES = [
  'tenders',
  'bids',
  'uploads',
  'uploadBytes',
  'reports',
  'savedSearches',
  'shareLinks',
  'smsCodes',
  'passwordResets',
  'messages',
  'questions',
] as const;
export type QuotaName = (typeof QUOTA_NAMES)[number];

export const QUOTA_HITS_DAYS_MAX = 90;
export const QUOTA_HITS_DAYS_DEFAULT = 7;

/** GET /api/admin/quota-hits?days=: the Tashkent days counted back from today, today included. */
export const quotaHitsQuery = z.object({
  days: z.coerce
    .number({ error: 'integer' })
    .int({ error: 'integer' })
    .min(1, { error: 'positive' })
    .max(QUOTA_HITS_DAYS_MAX, { error: 'too_large' })
    .default(QUOTA_HITS_DAYS_DEFAULT)
    .describe(`Days back from today (Tashkent), 1 to ${QUOTA_HITS_DAYS_MAX}`),
});
export type QuotaHitsQuery = z.infer<typeof quotaHitsQuery>;

export const quotaHit = z
  .object({
    user_id: z.number().int().min(1).max(MAX_RECORD_ID),
    name: z.string(),
    email: z.string(),
    company: z
      .object({ id: z.number().int(), name: z.string() })
      .nullable()
      .describe('The account’s company, when its profile is filled in'),
    quota: z.enum(QUOTA_NAMES),
    hits: z.number().int().describe('Attempts refused with 429 RATE_LIMITED in the period'),
    last_hit_at: z.string().describe('The latest refusal (UTC, ISO 8601)'),
  })
  .meta({
    examples: [
      {
        user_id: 42,
        name: 'Aziz Karimov',
        email: 'aziz@example.uz',
        company: { id: 7, name: 'Karimov Logistics' },
        quota: 'tenders',
        hits: 118,
        last_hit_at: '2026-03-02T09:15:04.000Z',
      },
    ],
  });
export type QuotaHit = z.infer<typeof quotaHit>;
