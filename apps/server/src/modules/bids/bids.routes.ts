import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiPaths,
  minBidResponse,
  myBid,
  myBidsQuery,
  placeBidInput,
  placedBid,
  tenderBid,
  tenderIdParams,
} from '@yuk/shared';
import { currentUser } from '../../plugins/auth.js';
import { csvLanguage, csvStream, listResponse, sendCsv } from '../../plugins/csv.js';
import { SIGNED_IN, errorResponses } from '../../plugins/openapi.js';
import { contactsOfUsers } from '../users/index.js';
import { MY_BID_CSV_COLUMNS } from './bids.csv.js';
import * as service from './bids.service.js';

const secured = { security: SIGNED_IN };
/** The bid routes record no audit entry nor session: they run outside the request-origin context (its reason). */
const noOrigin = { keepsOrigin: false };

/** Bids: a tender's current minimum, placing a bid, my bids, and a tender's bids for its owner. */
export const bidsRoutes: FastifyPluginAsyncZod<{ ctx: service.BidsContext }> = async (app, { ctx }) => {
  app.addHook('onRequest', app.authenticate);

  app.get(
    apiPaths.tenders.minBid,
    {
      config: noOrigin,
      schema: {
        operationId: 'getMinBid',
        ...secured,
        tags: ['bids'],
        summary:
          'The current lowest bid of a tender (null when none), the minimum step and the highest bid accepted now',
        params: tenderIdParams,
        response: { 200: minBidResponse, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => service.getMinBid(ctx, currentUser(request).userId, request.params.id),
  );

  app.post(
    apiPaths.tenders.bids,
    {
      config: noOrigin,
      schema: {
        operationId: 'placeBid',
        ...secured,
        tags: ['bids'],
        summary:
          'Bid on an opened tender before its close: at least min_step below the current minimum (lowest bid, else the initial price)',
        description:
          'Not lower than the minimum: 409 BID_NOT_LOWER; lower by less than min_step: 400 BID_STEP_TOO_SMALL; ' +
          'after closes_at: 409 TENDER_NOT_OPEN. A bid in the soft-close window moves closes_at (announced on the live stream). ' +
          'An optional vehicle_id names the bidder’s vehicle: 404 VEHICLE_NOT_FOUND unless theirs; 400 VEHICLE_INACTIVE, ' +
          'VEHICLE_PAPERS_EXPIRED or VEHICLE_TOO_SMALL (on vehicle_id) when it may not carry the cargo.',
        params: tenderIdParams,
        body: placeBidInput,
        response: { 201: placedBid, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const { bid_amount, valid_until, vehicle_id } = request.body;
      const bid = await service.placeBid(ctx, currentUser(request).userId, request.params.id, {
        amountUsd: bid_amount,
        validUntilMs: valid_until,
        vehicleId: vehicle_id ?? null,
      });
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
        summary: 'My bids, newest first, with their tenders (the My Bids screen’s filters applied)',
        querystring: myBidsQuery,
        response: {
          200: listResponse(z.array(myBid), 'My bids, or with format=csv all of them as a file'),
          ...errorResponses(400, 401),
        },
      },
    },
    async (request, reply) => {
      const userId = currentUser(request).userId;
      if (request.query.format !== 'csv') return service.listMyBids(ctx, userId, request.query);
      const setting = (await contactsOfUsers(ctx.db, [userId])).get(userId)?.language;
      const pages = service.myBidPages(ctx, userId, request.query);
      return sendCsv(reply, 'my-bids', csvStream(MY_BID_CSV_COLUMNS, csvLanguage(request, setting), pages));
    },
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
    async (request) => service.listTenderBids(ctx, currentUser(request).userId, request.params.id),
  );
};
