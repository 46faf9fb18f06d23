import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiPaths,
  awardInput,
  idParams,
  placedBid,
  QUESTIONS_EVENT,
  tenderAward,
  tenderIdParams,
  tenderLiveState,
} from '@yuk/shared';
import { currentUser } from '../../plugins/auth.js';
import { SIGNED_IN, errorResponses, eventStreamResponse } from '../../plugins/openapi.js';
import { openSseStream } from '../../plugins/sse.js';
import { getLiveState, tenderChannel, tenderQuestionsChannel } from '../tenders/index.js';
import * as service from './lifecycle.service.js';

/** The owner's decisions on a tender (publish, close, award) and the tender's live state as it changes. */
export const lifecycleRoutes: FastifyPluginAsyncZod<{ ctx: service.LifecycleContext }> = async (app, { ctx }) => {
  app.addHook('onRequest', app.authenticate);
  const secured = { security: SIGNED_IN };

  const ownerAction = (operationId: string, summary: string) => ({
    operationId,
    ...secured,
    tags: ['tenders'],
    summary,
    params: tenderIdParams,
    response: { 200: tenderLiveState, ...errorResponses(400, 401, 404, 409) },
  });

  app.post(
    apiPaths.tenders.award,
    {
      schema: {
        ...ownerAction(
          'awardTender',
          'Award a bid of my opened or closed tender: the bid becomes awarded and its carrier must confirm by confirm_by',
        ),
        description:
          'The tender becomes awarded. The carrier confirms (bid accepted, shipment created, other bids rejected) or ' +
          'declines; no answer by confirm_by makes the bid no_show and the award passes to the next lowest valid bid. ' +
          'A declined, no_show or expired bid answers 409 BID_NOT_AWARDABLE.',
        body: awardInput,
      },
    },
    async (request) => service.awardTender(ctx, currentUser(request).userId, request.params.id, request.body.bid_id),
  );

  app.post(
    apiPaths.tenders.close,
    { schema: ownerAction('closeTender', 'Close my opened tender without an award') },
    async (request) => service.closeTender(ctx, currentUser(request).userId, request.params.id),
  );

  app.post(
    apiPaths.tenders.publish,
    { schema: ownerAction('publishTender', 'Publish my draft tender (draft → opened)') },
    async (request) => service.publishTender(ctx, currentUser(request).userId, request.params.id),
  );

  app.post(
    apiPaths.tenders.buyNow,
    {
      schema: {
        operationId: 'buyNow',
        ...secured,
        tags: ['tenders'],
        summary:
          'Take an opened tender at its buy-now price: awarded to me at once, my bid accepted, the shipment created',
        description:
          'Of two at the same instant exactly one wins; the other gets 409 TENDER_ALREADY_AWARDED. No buy-now price, ' +
          'or bids already at or below it: 409 BUY_NOW_UNAVAILABLE; my own tender: 403 BID_OWN_TENDER; after closes_at: ' +
          '409 TENDER_NOT_OPEN.',
        params: tenderIdParams,
        response: { 201: placedBid, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.buyNow(ctx, currentUser(request).userId, request.params.id)),
  );

  app.get(
    apiPaths.tenders.awards,
    {
      schema: {
        operationId: 'listTenderAwards',
        ...secured,
        tags: ['tenders'],
        summary: 'The award history of my tender, oldest first: who was chosen, how, and what they answered',
        params: tenderIdParams,
        response: { 200: z.array(tenderAward), ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => service.listTenderAwards(ctx, currentUser(request).userId, request.params.id),
  );

  const carrierAnswer = (operationId: string, summary: string) => ({
    operationId,
    ...secured,
    tags: ['bids'],
    summary,
    description:
      "Someone else's bid and a missing one: 404 BID_NOT_FOUND; a bid not awaiting confirmation: 409 BID_NOT_AWARDED; " +
      'after confirm_by: 409 AWARD_CONFIRM_EXPIRED.',
    params: idParams,
    response: { 200: placedBid, ...errorResponses(400, 401, 404, 409) },
  });

  app.post(
    apiPaths.bids.confirm,
    {
      schema: carrierAnswer(
        'confirmAward',
        'Confirm my awarded bid before confirm_by: accepted, the shipment is created',
      ),
    },
    async (request) => service.confirmAward(ctx, currentUser(request).userId, request.params.id),
  );

  app.post(
    apiPaths.bids.decline,
    { schema: carrierAnswer('declineAward', 'Decline my awarded bid: the award passes to the next lowest valid bid') },
    async (request) => service.declineAward(ctx, currentUser(request).userId, request.params.id),
  );

  app.get(
    apiPaths.tenders.events,
    {
      schema: {
        operationId: 'streamTenderEvents',
        ...secured,
        tags: ['tenders'],
        summary:
          'Server-Sent Events: `state` with { min_bid, bid_count, status, closes_at } now and on every change; ' +
          'extended_by_minutes when a soft close moved closes_at; `questions` with { id } when a question is asked, ' +
          'answered or hidden',
        params: tenderIdParams,
        response: {
          200: eventStreamResponse(
            '`state` events: { min_bid, bid_count, status, closes_at, extended_by_minutes? } now and on every change; ' +
              '`questions` events: { id } of a question asked, answered or hidden',
          ),
          ...errorResponses(400, 401, 404),
        },
      },
    },
    async (request, reply) => {
      const { userId } = currentUser(request);
      const state = await getLiveState(ctx, userId, request.params.id);
      const stream = openSseStream(request, reply);
      stream.send('state', state);
      const unsubscribe = ctx.bus.subscribe(tenderChannel(request.params.id), (next) => stream.send('state', next));
      // its questions changed: the page reads them again (each reader sees only what is theirs to see)
      const unsubscribeQuestions = ctx.bus.subscribe(tenderQuestionsChannel(request.params.id), (changed) =>
        stream.send(QUESTIONS_EVENT, changed),
      );
      await stream.closed;
      unsubscribe();
      unsubscribeQuestions();
    },
  );
};
