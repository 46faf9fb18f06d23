import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createTenderInput,
  NEXT_CURSOR_HEADER,
  tender,
  tenderIdParams,
  tenderListQuery,
  TOTAL_COUNT_HEADER,
  apiPaths,
} from '@yuk/shared';
import { currentUser } from '../../plugins/auth.js';
import { SIGNED_IN, errorResponses } from '../../plugins/openapi.js';
import * as service from './tenders.service.js';

const tenderList = z
  .array(tender)
  .describe(
    `Newest first. ${TOTAL_COUNT_HEADER}: how many match in all; ${NEXT_CURSOR_HEADER}: the cursor of the next page, when there is one`,
  );

function sendPage(reply: FastifyReply, result: service.TenderListResult) {
  reply.header(TOTAL_COUNT_HEADER, String(result.total));
  if (result.nextCursor) reply.header(NEXT_CURSOR_HEADER, result.nextCursor);
  return result.tenders;
}

/** Tenders: create, the list of all, my own, one. Mounted at /api/tenders. */
export const tendersRoutes: FastifyPluginAsyncZod<{ ctx: service.TendersContext }> = async (app, { ctx }) => {
  app.addHook('onRequest', app.authenticate);

  app.post(
    apiPaths.tenders.collection,
    {
      schema: {
        operationId: 'createTender',
        tags: ['tenders'],
        summary: 'Create a tender (status opened by default, closed or draft); the signed-in user owns it',
        description:
          "A blank required field answers TENDER_REQUIRED_FIELDS ('Iltimos, barcha majburiy maydonlarni to'ldiring'), " +
          "a blank date TENDER_DATES_REQUIRED ('Iltimos, barcha sanalarni tanlang'), with the fields named.",
        security: SIGNED_IN,
        body: createTenderInput,
        response: { 201: tender, ...errorResponses(400, 401) },
      },
    },
    async (request, reply) => {
      const created = await service.createTender(ctx, currentUser(request).userId, request.body);
      return reply.status(201).send(created);
    },
  );

  app.get(
    apiPaths.tenders.all,
    {
      schema: {
        operationId: 'listTenders',
        tags: ['tenders'],
        summary: 'All tenders the caller may see (drafts only their own), filtered and paged, newest first',
        security: SIGNED_IN,
        querystring: tenderListQuery,
        response: { 200: tenderList, ...errorResponses(400, 401) },
      },
    },
    async (request, reply) =>
      sendPage(reply, await service.listTenders(ctx, currentUser(request).userId, request.query, 'all')),
  );

  app.get(
    apiPaths.tenders.mine,
    {
      schema: {
        operationId: 'listMyTenders',
        tags: ['tenders'],
        summary: 'My tenders (My Orders), drafts included, newest first; the same filters and paging as /all',
        security: SIGNED_IN,
        querystring: tenderListQuery,
        response: { 200: tenderList, ...errorResponses(400, 401) },
      },
    },
    async (request, reply) =>
      sendPage(reply, await service.listTenders(ctx, currentUser(request).userId, request.query, 'mine')),
  );

  app.get(
    apiPaths.tenders.one,
    {
      schema: {
        operationId: 'getTender',
        tags: ['tenders'],
        summary: "One tender (404 when missing or someone else's draft)",
        security: SIGNED_IN,
        params: tenderIdParams,
        response: { 200: tender, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => service.getTender(ctx, currentUser(request).userId, request.params.id),
  );
};
