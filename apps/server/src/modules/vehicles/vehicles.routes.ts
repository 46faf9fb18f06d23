import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { VEHICLE_DOCUMENTS, vehicle, vehicleFormInput, vehicleIdParams, vehicleListQuery } from '@yuk/shared';
import { currentUser } from '../../plugins/auth.js';
import { errorResponses } from '../../plugins/openapi.js';
import { readUploadForm, UPLOAD_LIMITS } from '../files/upload-form.js';
import * as service from './vehicles.service.js';

/** The multipart form of the spec: the text fields (checked by the shared schema) and up to three documents. */
const vehicleForm = vehicleFormInput.extend({
  registration: z.file().optional().describe('PDF, JPEG, PNG or WebP, at most 10 MB; replaces the current one'),
  insurance: z.file().optional().describe('PDF, JPEG, PNG or WebP, at most 10 MB; replaces the current one'),
  vehicle_photo: z.file().optional().describe('PDF, JPEG, PNG or WebP, at most 10 MB; replaces the current one'),
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

  const security = [{ bearerAuth: [] }];

  app.get(
    '/user',
    {
      schema: {
        tags: ['vehicles'],
        summary: 'My vehicles, newest first (at most 500)',
        security,
        querystring: vehicleListQuery,
        response: { 200: z.array(vehicle), ...errorResponses(400, 401) },
      },
    },
    async (request) => service.listVehicles(ctx, currentUser(request).userId, request.query),
  );

  app.get(
    '/:id',
    {
      schema: {
        tags: ['vehicles'],
        summary: 'One of my vehicles',
        security,
        params: vehicleIdParams,
        response: { 200: vehicle, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => service.getVehicle(ctx, currentUser(request).userId, request.params.id),
  );

  app.post(
    '/',
    {
      preValidation: readVehicleForm,
      schema: {
        tags: ['vehicles'],
        summary: 'Add a vehicle (multipart form, documents optional)',
        security,
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
    '/:id',
    {
      preValidation: async (request) => {
        // Someone else's vehicle answers 404 before any of the upload is read.
        const params = vehicleIdParams.safeParse(request.params);
        if (params.success) await service.ensureOwnVehicle(ctx, currentUser(request).userId, params.data.id);
        await readVehicleForm(request);
      },
      schema: {
        tags: ['vehicles'],
        summary: 'Change one of my vehicles (the same multipart form; a document not sent is kept)',
        security,
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
    '/:id',
    {
      schema: {
        tags: ['vehicles'],
        summary: 'Delete one of my vehicles and its documents',
        security,
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
