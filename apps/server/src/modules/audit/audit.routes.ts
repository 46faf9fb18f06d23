import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiPaths, auditEntry, auditQuery, NEXT_CURSOR_HEADER, TOTAL_COUNT_HEADER } from '@yuk/shared';
import { currentUser } from '../../plugins/auth.js';
import { SIGNED_IN, errorResponses } from '../../plugins/openapi.js';
import * as service from './audit.service.js';

/** The audit trail, read by moderators. Nothing here (or anywhere) changes or deletes an entry. */
export const auditRoutes: FastifyPluginAsyncZod<{ ctx: service.AuditContext }> = async (app, { ctx }) => {
  app.get(
    apiPaths.admin.audit,
    {
      onRequest: app.authenticate,
      schema: {
        operationId: 'listAuditTrail',
        security: SIGNED_IN,
        tags: ['moderation'],
        summary:
          'The audit trail: sign-ins, password resets, phone proofs, role grants, company decisions, resolved reports, awards and their answers, share links',
        description: `Moderators only: anyone else gets 403 MODERATOR_ONLY. Newest first; ${TOTAL_COUNT_HEADER}: how many match; ${NEXT_CURSOR_HEADER}: the cursor of the next page, when there is one.`,
        querystring: auditQuery,
        response: {
          200: z.array(auditEntry).describe('Newest first'),
          ...errorResponses(400, 401, 403),
        },
      },
    },
    async (request, reply) => {
      const page = await service.listAudit(ctx, currentUser(request).userId, request.query);
      reply.header(TOTAL_COUNT_HEADER, String(page.total));
      if (page.nextCursor) reply.header(NEXT_CURSOR_HEADER, page.nextCursor);
      return page.entries;
    },
  );
};
