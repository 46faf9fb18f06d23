import { z } from 'zod';

/** GET /api/health: the database answers; Redis, when configured, is reported but does not fail the check. */
export const healthResponse = z
  .object({
    status: z.enum(['ok', 'degraded']).describe('degraded: Redis is down, so live updates reach only this instance'),
    database: z.literal('ok'),
    redis: z.enum(['ok', 'down', 'off']).describe('off: not configured'),
  })
  .meta({ examples: [{ status: 'ok', database: 'ok', redis: 'off' }] });
export type HealthResponse = z.infer<typeof healthResponse>;
