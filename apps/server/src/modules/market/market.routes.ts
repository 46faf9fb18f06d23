import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiPaths, lanePrice, lanePriceQuery } from '@yuk/shared';
import { SIGNED_IN, errorResponses } from '../../plugins/openapi.js';
import * as service from './market.service.js';

/** What the market's accepted deals say: a lane's typical price. */
export const marketRoutes: FastifyPluginAsyncZod<{ ctx: service.MarketContext }> = async (app, { ctx }) => {
  app.addHook('onRequest', app.authenticate);

  app.get(
    apiPaths.market.lanePrice,
    {
      schema: {
        operationId: 'getLanePrice',
        tags: ['market'],
        summary: 'The typical price of a lane: quartiles of the accepted deals of the last 90 days',
        description:
          'Places match under any spelling (Toshkent, Tashkent, Ташкент). With fewer than 7 deals or fewer than 3 ' +
          'carriers the answer is only `{ "insufficient_data": true }`, so that no figure is one company\'s price.',
        security: SIGNED_IN,
        querystring: lanePriceQuery,
        response: { 200: lanePrice, ...errorResponses(400, 401) },
      },
    },
    async (request, reply) => {
      // the figures move only when a deal settles; a minute of private caching spares a form's repeated asks
      void reply.header('Cache-Control', 'private, max-age=60');
      return service.getLanePrice(ctx, request.query);
    },
  );
};
