import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  awardInput,
  minBidResponse,
  myBid,
  myBidsQuery,
  placeBidInput,
  placedBid,
  tenderBid,
  tenderLiveState,
} from '@yuk/shared';
import { currentUser } from '../../plugins/auth.js';
import { errorResponses } from '../../plugins/openapi.js';
import { openSseStream } from '../../plugins/sse.js';
import * as service from './bids.service.js';

const tenderParams = z.object({
  id: z.coerce
    .number({ error: 'integer' })
    .int({ error: 'integer' })
    .positive({ error: 'integer' })
    .max(2_147_483_647, { error: 'integer' }),
});
const secured = { security: [{ bearerAuth: [] }] };

/** Bidding and the owner's decisions (spec section 7 plus ARCHITECTURE section 4). Mounted at /api. */
export const bidsRoutes: FastifyPluginAsyncZod<{ ctx: service.BidsContext }> = async (app, { ctx }) => {
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/tenders/:id/min-bid',
    {
      schema: {
        ...secured,
        tags: ['bids'],
        summary: 'The current lowest bid of a tender (null when there is none)',
        params: tenderParams,
        response: { 200: minBidResponse, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => service.getMinBid(ctx, request.params.id, currentUser(request).userId),
  );

  app.post(
    '/tenders/:id/bids',
    {
      schema: {
        ...secured,
        tags: ['bids'],
        summary:
          'Bid on an opened tender: strictly lower than the current minimum (lowest bid, else the initial price)',
        params: tenderParams,
        body: placeBidInput,
        response: { 201: placedBid, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const bid = await service.placeBid(ctx, request.params.id, currentUser(request).userId, request.body.bid_amount);
      return reply.status(201).send(bid);
    },
  );

  app.get(
    '/bids/me',
    {
      schema: {
        ...secured,
        tags: ['bids'],
        summary: 'My bids, newest first, with their tenders',
        querystring: myBidsQuery,
        response: { 200: z.array(myBid), ...errorResponses(400, 401) },
      },
    },
    async (request) => service.listMyBids(ctx, currentUser(request).userId, request.query.tender_id),
  );

  app.get(
    '/tenders/:id/bids',
    {
      schema: {
        ...secured,
        tags: ['bids'],
        summary: 'The bids of my tender, lowest first (owner only; others get 404)',
        params: tenderParams,
        response: { 200: z.array(tenderBid), ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => service.listTenderBids(ctx, request.params.id, currentUser(request).userId),
  );

  const ownerAction = (summary: string) => ({
    ...secured,
    tags: ['bids'],
    summary,
    params: tenderParams,
    response: { 200: tenderLiveState, ...errorResponses(400, 401, 404, 409) },
  });

  app.post(
    '/tenders/:id/award',
    {
      schema: {
        ...ownerAction('Award a bid of my opened or closed tender; every other bid is rejected'),
        body: awardInput,
      },
    },
    async (request) => service.awardTender(ctx, request.params.id, currentUser(request).userId, request.body.bid_id),
  );

  app.post('/tenders/:id/close', { schema: ownerAction('Close my opened tender without an award') }, async (request) =>
    service.closeTender(ctx, request.params.id, currentUser(request).userId),
  );

  app.post(
    '/tenders/:id/publish',
    { schema: ownerAction('Publish my draft tender (draft → opened)') },
    async (request) => service.publishTender(ctx, request.params.id, currentUser(request).userId),
  );

  app.get(
    '/tenders/:id/events',
    {
      schema: {
        ...secured,
        tags: ['bids'],
        summary: 'Server-Sent Events: `state` with { min_bid, bid_count, status } now and on every change',
        params: tenderParams,
        response: { ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const { userId } = currentUser(request);
      const state = await service.getLiveState(ctx, request.params.id, userId);
      const stream = openSseStream(request, reply);
      stream.send('state', state);
      const unsubscribe = ctx.bus.subscribe(service.tenderChannel(request.params.id), (next) =>
        stream.send('state', next),
      );
      await stream.closed;
      unsubscribe();
    },
  );
};
