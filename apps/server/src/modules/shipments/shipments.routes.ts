import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { shipment, shipmentListQuery, shipmentNumberParams, shipmentStatusInput, apiPaths } from '@yuk/shared';
import { currentUser } from '../../plugins/auth.js';
import { csvLanguage, csvStream, listResponse, sendCsv } from '../../plugins/csv.js';
import { SIGNED_IN, errorResponses } from '../../plugins/openapi.js';
import { contactsOfUsers } from '../users/index.js';
import { SHIPMENT_CSV_COLUMNS } from './shipments.csv.js';
import * as service from './shipments.service.js';

const secured = { security: SIGNED_IN, tags: ['shipments'] };

/** Shipments where I am the owner or the carrier; anyone else's is 404. Mounted at /api/shipments. */
export const shipmentsRoutes: FastifyPluginAsyncZod<{ ctx: service.ShipmentsContext }> = async (app, { ctx }) => {
  app.addHook('onRequest', app.authenticate);

  app.get(
    apiPaths.shipments.list,
    {
      schema: {
        operationId: 'listShipments',
        ...secured,
        summary: 'My shipments, newest first (at most 500; with format=csv every one)',
        querystring: shipmentListQuery,
        response: {
          200: listResponse(z.array(shipment), 'My shipments, or with format=csv all of them as a file'),
          ...errorResponses(400, 401),
        },
      },
    },
    async (request, reply) => {
      const userId = currentUser(request).userId;
      if (request.query.format !== 'csv') return service.listShipments(ctx, userId);
      const setting = (await contactsOfUsers(ctx.db, [userId])).get(userId)?.language;
      const pages = service.shipmentPages(ctx, userId);
      return sendCsv(reply, 'shipments', csvStream(SHIPMENT_CSV_COLUMNS, csvLanguage(request, setting), pages));
    },
  );

  app.get(
    apiPaths.shipments.one,
    {
      schema: {
        operationId: 'getShipment',
        ...secured,
        summary: 'One of my shipments by its number',
        params: shipmentNumberParams,
        response: { 200: shipment, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => service.getShipment(ctx, currentUser(request).userId, request.params.number),
  );

  app.post(
    apiPaths.shipments.status,
    {
      schema: {
        operationId: 'moveShipment',
        ...secured,
        summary: 'Move a shipment on: the carrier sets loaded then on_the_way, the owner confirms delivered',
        params: shipmentNumberParams,
        body: shipmentStatusInput,
        response: { 200: shipment, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      service.moveShipment(ctx, currentUser(request).userId, request.params.number, request.body.status),
  );
};
