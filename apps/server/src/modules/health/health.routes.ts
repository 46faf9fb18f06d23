import { apiPaths, healthResponse } from '@yuk/shared';
import type { Redis } from 'ioredis';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { PUBLIC, errorResponses } from '../../plugins/openapi.js';

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

export const healthRoutes: FastifyPluginAsyncZod<{ database: Database; redis?: Redis }> = async (
  app,
  { database, redis },
) => {
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
      try {
        await database.ping();
      } catch (error) {
        request.log.error({ err: error }, 'health check: database unreachable');
        throw new AppError('SERVICE_UNAVAILABLE');
      }
      const redisStatus = await redisState(redis);
      return {
        status: redisStatus === 'down' ? ('degraded' as const) : ('ok' as const),
        database: 'ok' as const,
        redis: redisStatus,
      };
    },
  );
};
