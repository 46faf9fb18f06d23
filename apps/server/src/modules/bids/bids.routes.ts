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
  tenderIdParams,
  tenderLiveState,
  apiPaths,
} from '@yuk/shared';
import { currentUser } from '../../plugins/auth.js';
import { SIGNED_IN, errorResponses, eventStreamResponse } from '../../plugins/openapi.js';
import { openSseStream } from '../../plugins/sse.js';
import * as service from './bids.service.js';

const secured = { security: SIGNED_IN };

/** Bidding and the owner's decisions (spec section 7 plus ARCHITECTURE section 4). Mounted at /api. */
export const bidsRoutes: FastifyPluginAsyncZod<{ ctx: service.BidsContext }> = async (app, { ctx }) => {
  app.addHook('onRequest', app.authenticate);

  app.get(
    apiPaths.tenders.minBid,
    {
      schema: {
        operationId: 'getMinBid',
        ...secured,
        tags: ['bids'],
        summary: 'The current lowest bid of a tender (null when there is none)',
        params: tenderIdParams,
        response: { 200: minBidResponse, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => service.getMinBid(ctx, request.params.id, currentUser(request).userId),
  );

  app.post(
    apiPaths.tenders.bids,
    {
      schema: {
        operationId: 'placeBid',
        ...secured,
        tags: ['bids'],
        summary:
          'Bid on an opened tender: strictly lower than the current minimum (lowest bid, else the initial price)',
        params: tenderIdParams,
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
    apiPaths.bids.mine,
    {
      schema: {
        operationId: 'listMyBids',
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
    apiPaths.tenders.bids,
    {
      schema: {
        operationId: 'listTenderBids',
        ...secured,
        tags: ['bids'],
        summary: 'The bids of my tender, lowest first (owner only; others get 404)',
        params: tenderIdParams,
        response: { 200: z.array(tenderBid), ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => service.listTenderBids(ctx, request.params.id, currentUser(request).userId),
  );

  const ownerAction = (operationId: string, summary: string) => ({
    operationId,
    ...secured,
    tags: ['bids'],
    summary,
    params: tenderIdParams,
    response: { 200: tenderLiveState, ...errorResponses(400, 401, 404, 409) },
  });

  app.post(
    apiPaths.tenders.award,
    {
      schema: {
        ...ownerAction('awardTender', 'Award a bid of my opened or closed tender; every other bid is rejected'),
        body: awardInput,
      },
    },
    async (request) => service.awardTender(ctx, request.params.id, currentUser(request).userId, request.body.bid_id),
  );

  app.post(
    apiPaths.tenders.close,
    { schema: ownerAction('closeTender', 'Close my opened tender without an award') },
    async (request) => service.closeTender(ctx, request.params.id, currentUser(request).userId),
  );

  app.post(
    apiPaths.tenders.publish,
    { schema: ownerAction('publishTender', 'Publish my draft tender (draft → opened)') },
    async (request) => service.publishTender(ctx, request.params.id, currentUser(request).userId),
  );

  app.get(
    apiPaths.tenders.events,
    {
      schema: {
        operationId: 'streamTenderEvents',
        ...secured,
        tags: ['bids'],
        summary: 'Server-Sent Events: `state` with { min_bid, bid_count, status } now and on every change',
        params: tenderIdParams,
        response: {
          200: eventStreamResponse('`state` events: { min_bid, bid_count, status } now and on every change'),
          ...errorResponses(400, 401, 404),
        },
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
