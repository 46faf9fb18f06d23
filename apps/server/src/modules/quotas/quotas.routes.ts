import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiPaths, quotaHit, quotaHitsQuery } from '@yuk/shared';
import { currentUser } from '../../plugins/auth.js';
import { SIGNED_IN, errorResponses } from '../../plugins/openapi.js';
import * as service from './quotas.service.js';

/** What moderators see of the quotas: the accounts refused most. */
export const quotasRoutes: FastifyPluginAsyncZod<{ ctx: Pick<service.QuotasContext, 'db' | 'now'> }> = async (
  app,
  { ctx },
) => {
  app.get(
    apiPaths.admin.quotaHits,
    {
      onRequest: app.authenticate,
      schema: {
        operationId: 'listQuotaHits',
        security: SIGNED_IN,
        tags: ['moderation'],
        summary: 'The accounts whose writes the quotas refused most (429 RATE_LIMITED), by quota, over the last days',
        description:
          'Moderators only: anyone else gets 403 MODERATOR_ONLY. At most 100 rows, the most refusals first; days are Tashkent days, today included.',
        querystring: quotaHitsQuery,
        response: { 200: z.array(quotaHit).describe('The most refusals first'), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => service.listQuotaHits(ctx, currentUser(request).userId, request.query),
  );
};
