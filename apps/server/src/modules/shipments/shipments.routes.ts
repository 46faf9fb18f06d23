import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { shipment, shipmentNumberParams, shipmentStatusInput } from '@yuk/shared';
import { currentUser } from '../../plugins/auth.js';
import { errorResponses } from '../../plugins/openapi.js';
import * as service from './shipments.service.js';

const secured = { security: [{ bearerAuth: [] }], tags: ['shipments'] };

/** Shipments where I am the owner or the carrier; anyone else's is 404. Mounted at /api/shipments. */
export const shipmentsRoutes: FastifyPluginAsyncZod<{ ctx: service.ShipmentsContext }> = async (app, { ctx }) => {
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/',
    {
      schema: {
        ...secured,
        summary: 'My shipments, newest first',
        response: { 200: z.array(shipment), ...errorResponses(401) },
      },
    },
    async (request) => service.listShipments(ctx, currentUser(request).userId),
  );

  app.get(
    '/:number',
    {
      schema: {
        ...secured,
        summary: 'One of my shipments by its number',
        params: shipmentNumberParams,
        response: { 200: shipment, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => service.getShipment(ctx, request.params.number, currentUser(request).userId),
  );

  app.post(
    '/:number/status',
    {
      schema: {
        ...secured,
        summary: 'Move a shipment on: the carrier sets loaded then on_the_way, the owner confirms delivered',
        params: shipmentNumberParams,
        body: shipmentStatusInput,
        response: { 200: shipment, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      service.moveShipment(ctx, request.params.number, currentUser(request).userId, request.body.status),
  );
};
