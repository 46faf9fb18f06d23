import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiPaths, awardInput, tenderIdParams, tenderLiveState } from '@yuk/shared';
import { currentUser } from '../../plugins/auth.js';
import { SIGNED_IN, errorResponses, eventStreamResponse } from '../../plugins/openapi.js';
import { openSseStream } from '../../plugins/sse.js';
import { getLiveState, tenderChannel } from '../tenders/index.js';
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
        ...ownerAction('awardTender', 'Award a bid of my opened or closed tender; every other bid is rejected'),
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

  app.get(
    apiPaths.tenders.events,
    {
      schema: {
        operationId: 'streamTenderEvents',
        ...secured,
        tags: ['tenders'],
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
      const state = await getLiveState(ctx, userId, request.params.id);
      const stream = openSseStream(request, reply);
      stream.send('state', state);
      const unsubscribe = ctx.bus.subscribe(tenderChannel(request.params.id), (next) => stream.send('state', next));
      await stream.closed;
      unsubscribe();
    },
  );
};
