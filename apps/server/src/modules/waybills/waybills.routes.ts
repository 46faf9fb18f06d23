import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiPaths,
  errorText,
  ERRORS,
  fieldMessage,
  shipmentNumberParams,
  waybillInput,
  waybillSignatureInput,
  waybillState,
  waybillToSign,
} from '@yuk/shared';
import { currentUser } from '../../plugins/auth.js';
import { requestLanguage } from '../../plugins/errors.js';
import { apiError, SIGNED_IN, errorResponses } from '../../plugins/openapi.js';
import { sendAttachment } from '../../plugins/attachment.js';
import * as service from './waybills.service.js';

const secured = { security: SIGNED_IN, tags: ['shipments'] };

/** The 409 of an incomplete waybill names what is missing. */
const incompleteError = apiError.extend({
  missing: z.array(z.string()).optional().describe('WAYBILL_INCOMPLETE: the fields still to be given'),
});

const pdfBytes = z.custom<Buffer>((value) => Buffer.isBuffer(value)).meta({ type: 'string', format: 'binary' });

/** The e-waybill (e-TTN) of a shipment, for its owner and its carrier only (anyone else 404). */
export const waybillsRoutes: FastifyPluginAsyncZod<{ ctx: service.WaybillsContext }> = async (app, { ctx }) => {
  app.addHook('onRequest', app.authenticate);

  // an incomplete waybill's 409 carries the list of what is missing beside the usual body
  app.setErrorHandler((error, request, reply) => {
    if (!(error instanceof service.WaybillIncomplete)) throw error;
    const lang = requestLanguage(request);
    return reply.status(ERRORS.WAYBILL_INCOMPLETE.status).send({
      error: errorText('WAYBILL_INCOMPLETE', lang),
      code: 'WAYBILL_INCOMPLETE',
      fields: Object.fromEntries(error.missing.map((name) => [name, fieldMessage('required', lang)])),
      missing: error.missing,
    });
  });

  app.get(
    apiPaths.shipments.waybill,
    {
      schema: {
        operationId: 'getWaybill',
        ...secured,
        summary: 'The e-waybill of my shipment: its status, what is missing, the document and the rate used',
        params: shipmentNumberParams,
        response: { 200: waybillState, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) =>
      service.getWaybill(ctx, currentUser(request).userId, request.params.number, requestLanguage(request)),
  );

  app.put(
    apiPaths.shipments.waybill,
    {
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        operationId: 'updateWaybill',
        ...secured,
        summary: 'Give my side’s fields of the e-waybill',
        description:
          'The carrier gives driver, truck and trailer; the shipper consignee, loading_point, unloading_point, ' +
          'loading_trustee, unloading_trustee, goods and total_distance_km. A field of the other side: 403 ' +
          'WAYBILL_NOT_YOUR_PART; once the waybill is formed: 409 WAYBILL_LOCKED.',
        params: shipmentNumberParams,
        body: waybillInput,
        response: { 200: waybillState, ...errorResponses(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request) =>
      service.updateWaybill(
        ctx,
        currentUser(request).userId,
        request.params.number,
        request.body,
        requestLanguage(request),
      ),
  );

  app.post(
    apiPaths.shipments.waybill,
    {
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        operationId: 'createWaybill',
        ...secured,
        summary: 'Form the e-waybill at the operator (Didox) as a draft (the shipper)',
        description:
          '409 WAYBILL_INCOMPLETE with `missing`; 409 WAYBILL_EXISTS once formed; 409 DIDOX_SESSION_REQUIRED ' +
          'while the company’s session at Didox is not open (sign what to-sign gives); 503 RATE_UNAVAILABLE ' +
          'without a Central Bank rate of the last three days; 503 DIDOX_UNAVAILABLE when Didox does not answer ' +
          '(nothing changed: try again); 422 DIDOX_REFUSED with Didox’s own message.',
        params: shipmentNumberParams,
        response: {
          200: waybillState,
          409: incompleteError,
          ...errorResponses(401, 403, 404, 422, 429, 503),
        },
      },
    },
    async (request) =>
      service.createWaybill(ctx, currentUser(request).userId, request.params.number, requestLanguage(request)),
  );

  app.get(
    apiPaths.shipments.waybillToSign,
    {
      schema: {
        operationId: 'getWaybillToSign',
        ...secured,
        summary: 'What my E-IMZO signs next: my company’s STIR to open its Didox session, or the waybill’s step',
        params: shipmentNumberParams,
        response: { 200: waybillToSign, ...errorResponses(401, 404, 409, 422, 503) },
      },
    },
    async (request) => service.waybillToSign(ctx, currentUser(request).userId, request.params.number),
  );

  app.post(
    apiPaths.shipments.waybillSignatures,
    {
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        operationId: 'signWaybill',
        ...secured,
        summary: 'Send what my E-IMZO signed: Didox timestamps it and the step it is for is made',
        params: shipmentNumberParams,
        body: waybillSignatureInput,
        response: { 200: waybillState, ...errorResponses(400, 401, 404, 409, 422, 429, 503) },
      },
    },
    async (request) =>
      service.signWaybill(
        ctx,
        currentUser(request).userId,
        request.params.number,
        request.body,
        requestLanguage(request),
      ),
  );

  app.get(
    apiPaths.shipments.waybillPdf,
    {
      schema: {
        operationId: 'getWaybillPdf',
        ...secured,
        summary: 'The e-waybill’s print form from Didox (PDF)',
        params: shipmentNumberParams,
        response: {
          200: {
            description: 'The PDF, as an attachment named waybill-<number>.pdf',
            content: { 'application/pdf': { schema: pdfBytes } },
          },
          ...errorResponses(401, 404, 409, 422, 503),
        },
      },
    },
    async (request, reply) => {
      const { fileName, pdf } = await service.waybillPdf(
        ctx,
        currentUser(request).userId,
        request.params.number,
        requestLanguage(request),
      );
      return sendAttachment(reply, { fileName, contentType: 'application/pdf', body: pdf });
    },
  );
};
