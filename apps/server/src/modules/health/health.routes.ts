import type { Redis } from 'ioredis';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiPaths, healthLiveResponse, healthReadyResponse, healthResponse } from '@yuk/shared';
import type { Database } from '../../db/database.js';
import { pendingMigrations } from '../../db/migrate.js';
import { AppError } from '../../errors.js';
import { PUBLIC, errorResponses } from '../../plugins/openapi.js';
import { createReadiness, type Readiness } from './readiness.js';

async function redisState(redis: Redis | undefined): Promise<'ok' | 'down' | 'off'> {
  if (!redis) return 'off';
  if (redis.status !== 'ready') return 'down';
  try {
    const pong = await Promise.race([
      redis.ping(),
      new Promise<string>((resolve) => setTimeout(() => resolve('timeout'), 500)),
    ]);
    return pong === 'PONG' ? 'ok' : 'down';
  } catch {
    return 'down';
  }
}

export interface HealthOptions {
  database: Database;
  redis?: Redis;
  /** Starting, ready or draining; ready when absent (an app built without a main, as in tests). */
  readiness?: Readiness;
  /** When the app takes backups itself: when the last one finished (null: none yet). */
  lastBackupAt?: () => Promise<string | null>;
}

export const healthRoutes: FastifyPluginAsyncZod<HealthOptions> = async (
  app,
  { database, redis, readiness = createReadiness('ready'), lastBackupAt },
) => {
  const databaseAnswers = async (log: { error(o: object, m: string): void }) => {
    try {
      await database.ping();
    } catch (error) {
      log.error({ err: error }, 'health check: database unreachable');
      throw new AppError('SERVICE_UNAVAILABLE');
    }
  };

  app.get(
    apiPaths.health,
    {
      schema: {
        operationId: 'getHealth',
        security: PUBLIC,
        tags: ['health'],
        summary: 'Answers 200 once the database answers; reports Redis (a Redis outage degrades, it does not fail)',
        response: { 200: healthResponse, ...errorResponses(429, 503) },
      },
    },
    async (request) => {
      await databaseAnswers(request.log);
      const redisStatus = await redisState(redis);
      return {
        status: redisStatus === 'down' ? ('degraded' as const) : ('ok' as const),
        database: 'ok' as const,
        redis: redisStatus,
        ...(lastBackupAt ? { backup: { last_success_at: await lastBackupAt() } } : {}),
      };
    },
  );

  app.get(
    apiPaths.healthLive,
    {
      schema: {
        operationId: 'getLiveness',
        security: PUBLIC,
        tags: ['health'],
        summary: 'Answers 200 while the process answers (nothing else is checked: a supervisor restarts it when not)',
        response: { 200: healthLiveResponse, ...errorResponses(429) },
      },
    },
    async () => ({ status: 'live' as const }),
  );

  // once every migration has been seen to have run, it stays so (a newer version's only add to them)
  let migrated = false;
  app.get(
    apiPaths.healthReady,
    {
      schema: {
        operationId: 'getReadiness',
        security: PUBLIC,
        tags: ['health'],
        summary: 'Answers 200 when this instance takes traffic: started, database answering, migrations run',
        description:
          '503 SERVICE_UNAVAILABLE while the instance starts, from the moment it is told to stop (SIGTERM: it ' +
          'keeps serving for a short drain, so the load balancer stops sending first), and while the database ' +
          'does not answer or a migration of this version has not run.',
        response: { 200: healthReadyResponse, ...errorResponses(429, 503) },
      },
    },
    async (request) => {
      if (readiness.state !== 'ready') throw new AppError('SERVICE_UNAVAILABLE');
      await databaseAnswers(request.log);
      if (!migrated) {
        const pending = await pendingMigrations(database);
        if (pending.length > 0) {
          request.log.warn({ pending }, 'readiness: migrations not run');
          throw new AppError('SERVICE_UNAVAILABLE');
        }
        migrated = true;
      }
      return { status: 'ready' as const };
    },
  );
};
