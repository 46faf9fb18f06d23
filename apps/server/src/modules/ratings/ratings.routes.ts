import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiPaths, ratingInput, shipmentNumberParams, shipmentRatings } from '@yuk/shared';
import { currentUser } from '../../plugins/auth.js';
import { SIGNED_IN, errorResponses } from '../../plugins/openapi.js';
import * as service from './ratings.service.js';

/** The two sides of a delivered shipment rate each other; double-blind until both have or 14 days passed. */
export const ratingsRoutes: FastifyPluginAsyncZod<{ ctx: service.RatingsContext }> = async (app, { ctx }) => {
  app.addHook('onRequest', app.authenticate);
  const secured = { security: SIGNED_IN, tags: ['shipments'] };

  app.get(
    apiPaths.shipments.rating,
    {
      schema: {
        operationId: 'getShipmentRatings',
        ...secured,
        summary: "My rating of a shipment's other side, and theirs once it may be shown",
        params: shipmentNumberParams,
        response: { 200: shipmentRatings, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => service.getShipmentRatings(ctx, currentUser(request).userId, request.params.number),
  );

  app.post(
    apiPaths.shipments.rating,
    {
      schema: {
        operationId: 'rateShipment',
        ...secured,
        summary: 'Rate the other side of my delivered shipment, once, within 30 days',
        description:
          'The carrier adds `payment` (on_time, late, unpaid), the owner `on_time` (true or false). Not a party: 404; ' +
          'before delivery: 409 RATING_NOT_OPEN; after 30 days: 409 RATING_CLOSED; twice: 409 ALREADY_RATED.',
        params: shipmentNumberParams,
        body: ratingInput,
        response: { 201: shipmentRatings, ...errorResponses(400, 401, 404, 409) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await service.rateShipment(ctx, currentUser(request).userId, request.params.number, request.body)),
  );
};
