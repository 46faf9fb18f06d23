import { z } from 'zod';

/** GET /api/health: the database answers; Redis, when configured, is reported but does not fail the check. */
export const healthResponse = z
  .object({
    status: z.enum(['ok', 'degraded']).describe('degraded: Redis is down, so live updates reach only this instance'),
    database: z.literal('ok'),
    redis: z.enum(['ok', 'down', 'off']).describe('off: not configured'),
    backup: z
      .object({
        last_success_at: z.iso
          .datetime()
          .nullable()
          .describe('When the last scheduled backup finished (UTC); null: none yet'),
      })
      .optional()
      .describe('Only when the app takes backups itself (BACKUP_DIR and BACKUP_EVERY)'),
  })
  .meta({ examples: [{ status: 'ok', database: 'ok', redis: 'off' }] });
export type HealthResponse = z.infer<typeof healthResponse>;

/** GET /api/health/live: the process answers (nothing else is checked). */
export const healthLiveResponse = z.object({ status: z.literal('live') }).meta({ examples: [{ status: 'live' }] });
export type HealthLiveResponse = z.infer<typeof healthLiveResponse>;

/**
 * GET /api/health/ready: the database answers and every migration this version knows has run; 503 while the
 * instance starts and from the moment it is told to stop (so a load balancer sends it nothing new).
 */
export const healthReadyResponse = z.object({ status: z.literal('ready') }).meta({ examples: [{ status: 'ready' }] });
export type HealthReadyResponse = z.infer<typeof healthReadyResponse>;
