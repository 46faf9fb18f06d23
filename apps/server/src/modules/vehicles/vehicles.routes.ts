import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { VEHICLE_DOCUMENTS, vehicle, vehicleFormInput, vehicleIdParams, vehicleListQuery, apiPaths } from '@yuk/shared';
import { currentUser } from '../../plugins/auth.js';
import { csvLanguage, csvStream, listResponse, sendCsv } from '../../plugins/csv.js';
import { SIGNED_IN, errorResponses } from '../../plugins/openapi.js';
import { readUploadForm, UPLOAD_LIMITS } from '../files/index.js';
import { contactsOfUsers } from '../users/index.js';
import { VEHICLE_CSV_COLUMNS } from './vehicles.csv.js';
import * as service from './vehicles.service.js';

/** The multipart form of the spec: the text fields (checked by the shared schema) and up to three documents. */
const vehicleForm = vehicleFormInput
  .extend({
    registration: z.file().optional().describe('PDF, JPEG, PNG or WebP, at most 10 MB; replaces the current one'),
    insurance: z.file().optional().describe('PDF, JPEG, PNG or WebP, at most 10 MB; replaces the current one'),
    vehicle_photo: z.file().optional().describe('PDF, JPEG, PNG or WebP, at most 10 MB; replaces the current one'),
  })
  .meta({
    examples: [
      {
        vehicle_name: 'MAN TGX',
        vehicle_type: 'Tented Truck',
        license_plate: '01 A 123 BC',
        vin: 'WMA06XZZ1KM123456',
        year_of_manufacture: '2019',
        current_status: 'Available',
        max_load_weight: '20',
        weight_unit: 'ton',
        max_volume: '82',
        volume_unit: 'm³',
        axle_count: '5',
        length: '13.6',
        width: '2.45',
        height: '2.7',
        equipment_features: '["GPS"]',
      },
    ],
  });

const uploadsOf = new WeakMap<FastifyRequest, service.VehicleUploads>();

/**
 * Reads the multipart form before validation: its text fields become the body that the schema checks,
 * its documents (judged by bytes and extension) wait beside the request.
 */
async function readVehicleForm(request: FastifyRequest) {
  const form = await readUploadForm(request, VEHICLE_DOCUMENTS);
  request.body = form.fields;
  uploadsOf.set(request, form.files);
}

export const vehiclesRoutes: FastifyPluginAsyncZod<{ ctx: service.VehiclesContext }> = async (app, { ctx }) => {
  // Registered here only: no other route accepts multipart bodies.
  await app.register(multipart, { limits: UPLOAD_LIMITS, throwFileSizeLimit: true });
  app.addHook('onRequest', app.authenticate);

  app.get(
    apiPaths.vehicles.mine,
    {
      schema: {
        operationId: 'listMyVehicles',
        tags: ['vehicles'],
        summary: 'My vehicles, newest first (at most 500; with format=csv every one)',
        security: SIGNED_IN,
        querystring: vehicleListQuery,
        response: {
          200: listResponse(z.array(vehicle), 'My vehicles, or with format=csv all of them as a file'),
          ...errorResponses(400, 401),
        },
      },
    },
    async (request, reply) => {
      const userId = currentUser(request).userId;
      if (request.query.format !== 'csv') return service.listVehicles(ctx, userId, request.query);
      const setting = (await contactsOfUsers(ctx.db, [userId])).get(userId)?.language;
      const pages = service.vehiclePages(ctx, userId, request.query);
      return sendCsv(reply, 'vehicles', csvStream(VEHICLE_CSV_COLUMNS, csvLanguage(request, setting), pages));
    },
  );

  app.get(
    apiPaths.vehicles.one,
    {
      schema: {
        operationId: 'getVehicle',
        tags: ['vehicles'],
        summary: 'One of my vehicles',
        security: SIGNED_IN,
        params: vehicleIdParams,
        response: { 200: vehicle, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => service.getVehicle(ctx, currentUser(request).userId, request.params.id),
  );

  app.post(
    apiPaths.vehicles.collection,
    {
      preValidation: readVehicleForm,
      schema: {
        operationId: 'createVehicle',
        tags: ['vehicles'],
        summary: 'Add a vehicle (multipart form, documents optional)',
        security: SIGNED_IN,
        consumes: ['multipart/form-data'],
        body: vehicleForm,
        response: { 201: vehicle, ...errorResponses(400, 401, 413, 415) },
      },
    },
    async (request, reply) => {
      const created = await service.createVehicle(
        ctx,
        currentUser(request).userId,
        request.body,
        uploadsOf.get(request) ?? {},
      );
      return reply.status(201).send(created);
    },
  );

  app.put(
    apiPaths.vehicles.one,
    {
      preValidation: async (request) => {
        // Someone else's vehicle answers 404 before any of the upload is read.
        const params = vehicleIdParams.safeParse(request.params);
        if (params.success) await service.ensureOwnVehicle(ctx, currentUser(request).userId, params.data.id);
        await readVehicleForm(request);
      },
      schema: {
        operationId: 'updateVehicle',
        tags: ['vehicles'],
        summary: 'Change one of my vehicles (the same multipart form; a document not sent is kept)',
        security: SIGNED_IN,
        consumes: ['multipart/form-data'],
        params: vehicleIdParams,
        body: vehicleForm,
        response: { 200: vehicle, ...errorResponses(400, 401, 404, 413, 415) },
      },
    },
    async (request) =>
      service.updateVehicle(
        ctx,
        currentUser(request).userId,
        request.params.id,
        request.body,
        uploadsOf.get(request) ?? {},
      ),
  );

  app.delete(
    apiPaths.vehicles.one,
    {
      schema: {
        operationId: 'deleteVehicle',
        tags: ['vehicles'],
        summary: 'Delete one of my vehicles and its documents',
        security: SIGNED_IN,
        params: vehicleIdParams,
        response: { 204: z.null().describe('Deleted'), ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      await service.deleteVehicle(ctx, currentUser(request).userId, request.params.id);
      return reply.status(204).send(null);
    },
  );
};
