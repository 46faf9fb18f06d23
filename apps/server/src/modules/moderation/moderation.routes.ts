import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiPaths,
  grantedModerator,
  grantModeratorInput,
  idParams,
  report,
  reportInput,
  REPORTS_PER_DAY,
} from '@yuk/shared';
import { currentUser } from '../../plugins/auth.js';
import { SIGNED_IN, errorResponses } from '../../plugins/openapi.js';
import * as service from './moderation.service.js';

/** Reports: anyone signed in files them, moderators read and resolve them. */
export const moderationRoutes: FastifyPluginAsyncZod<{ ctx: service.ModerationContext }> = async (app, { ctx }) => {
  app.addHook('onRequest', app.authenticate);
  const secured = { security: SIGNED_IN };

  app.post(
    apiPaths.reports.collection,
    {
      schema: {
        operationId: 'fileReport',
        ...secured,
        tags: ['moderation'],
        summary: `Report a company, a tender, a question on a tender or a message of a shipment (at most ${REPORTS_PER_DAY} a day; more: 429 TOO_MANY_REPORTS)`,
        body: reportInput,
        response: { 201: report, ...errorResponses(400, 401, 404, 429) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.fileReport(ctx, currentUser(request).userId, request.body)),
  );

  app.get(
    apiPaths.admin.reports,
    {
      schema: {
        operationId: 'listReports',
        ...secured,
        tags: ['moderation'],
        summary: 'Reports for moderators, open ones first, newest first',
        description: 'Moderators only: anyone else gets 403 MODERATOR_ONLY.',
        response: { 200: z.array(report), ...errorResponses(401, 403) },
      },
    },
    async (request) => service.listReports(ctx, currentUser(request).userId),
  );

  app.post(
    apiPaths.admin.moderators,
    {
      schema: {
        operationId: 'grantModerator',
        ...secured,
        tags: ['moderation'],
        summary: 'Make another user (by e-mail) a moderator',
        description: 'Moderators only: anyone else gets 403 MODERATOR_ONLY; no such user: 404 USER_NOT_FOUND.',
        body: grantModeratorInput,
        response: { 200: grantedModerator, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => service.grantModeratorRole(ctx, currentUser(request).userId, request.body.email),
  );

  app.post(
    apiPaths.admin.resolveReport,
    {
      schema: {
        operationId: 'resolveReport',
        ...secured,
        tags: ['moderation'],
        summary: 'Mark a report resolved',
        description: 'Moderators only: anyone else gets 403 MODERATOR_ONLY.',
        params: idParams,
        response: { 200: report, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => service.resolveReport(ctx, currentUser(request).userId, request.params.id),
  );

  app.post(
    apiPaths.admin.hideReportSubject,
    {
      schema: {
        operationId: 'hideReportSubject',
        ...secured,
        tags: ['moderation'],
        summary: 'Hide the question or message a report is about, and resolve the report',
        description:
          'Moderators only: anyone else gets 403 MODERATOR_ONLY. A report about a company or a tender: 409 ' +
          'REPORT_NOT_HIDEABLE. The question or message is kept (shown as hidden by a moderator to everyone) and ' +
          'the audit trail records who hid it.',
        params: idParams,
        response: { 200: report, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => service.hideReportSubject(ctx, currentUser(request).userId, request.params.id),
  );
};
