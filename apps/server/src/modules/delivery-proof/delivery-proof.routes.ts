import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiPaths,
  DELIVERY_PHOTO_MAX_BYTES,
  DELIVERY_PHOTO_TYPES,
  DELIVERY_PROOF_MAX_PHOTOS,
  DELIVERY_SIGNATURE_MAX_BYTES,
  deliveryProof,
  deliveryProofInput,
  shipmentNumberParams,
} from '@yuk/shared';
import { currentUser } from '../../plugins/auth.js';
import { requestLanguage } from '../../plugins/errors.js';
import { SIGNED_IN, errorResponses } from '../../plugins/openapi.js';
import { readFileForm, UPLOAD_LIMITS, type FileFieldRule } from '../files/index.js';
import { sendAttachment } from '../../plugins/attachment.js';
import * as service from './delivery-proof.service.js';

const PROOF_FILES: Record<keyof service.ProofUploads, FileFieldRule> = {
  photos: {
    // one more than allowed reaches the count's own refusal, not the reader's limit
    maxCount: DELIVERY_PROOF_MAX_PHOTOS,
    maxBytes: DELIVERY_PHOTO_MAX_BYTES,
    types: DELIVERY_PHOTO_TYPES,
    tooMany: 'DELIVERY_PHOTOS_COUNT',
    tooLarge: 'FILE_TOO_LARGE',
    wrongType: 'DELIVERY_PHOTO_NOT_IMAGE',
  },
  signature: {
    maxCount: 1,
    maxBytes: DELIVERY_SIGNATURE_MAX_BYTES,
    types: ['image/png'],
    tooMany: 'DELIVERY_SIGNATURE_INVALID',
    tooLarge: 'DELIVERY_SIGNATURE_TOO_LARGE',
    wrongType: 'DELIVERY_SIGNATURE_INVALID',
  },
};

/** The proof form: its text fields (the shared schema) and its files. */
const proofForm = deliveryProofInput
  .safeExtend({
    photos: z
      .array(z.file())
      .optional()
      .describe(
        `1 to ${DELIVERY_PROOF_MAX_PHOTOS} photos (the field repeated), JPEG, PNG or WebP by their bytes, at most 10 MB each`,
      ),
    signature: z.file().optional().describe("The receiver's signature drawn on the screen: a PNG of at most 1 MB"),
  })
  .meta({ examples: deliveryProofInput.meta()?.examples ?? [] });

/** The PDF's bytes; the handler sends a Buffer, which Fastify writes as it is. */
const pdfBytes = z.custom<Buffer>((value) => Buffer.isBuffer(value)).meta({ type: 'string', format: 'binary' });

const uploadsOf = new WeakMap<FastifyRequest, service.ProofUploads>();

/** Reads the form before validation: its text fields are the body the schema checks, its files wait beside. */
async function readProofForm(request: FastifyRequest) {
  const form = await readFileForm(request, PROOF_FILES);
  request.body = form.fields;
  uploadsOf.set(request, form.files);
}

/** Proof of delivery and the delivery note, beside the shipment they belong to. */
export const deliveryProofRoutes: FastifyPluginAsyncZod<{ ctx: service.DeliveryProofContext }> = async (
  app,
  { ctx },
) => {
  // six photos and the signature, and one file more so that a seventh photo gets its own answer
  await app.register(multipart, {
    limits: { ...UPLOAD_LIMITS, files: DELIVERY_PROOF_MAX_PHOTOS + 2 },
    throwFileSizeLimit: true,
  });
  app.addHook('onRequest', app.authenticate);
  const secured = { security: SIGNED_IN, tags: ['shipments'] };

  app.post(
    apiPaths.shipments.proof,
    {
      preValidation: async (request) => {
        // who and when are settled before any of the upload is read
        const params = shipmentNumberParams.safeParse(request.params);
        if (params.success) await service.ensureCanRecord(ctx, currentUser(request).userId, params.data.number);
        await readProofForm(request);
      },
      schema: {
        operationId: 'recordDeliveryProof',
        ...secured,
        summary: "The carrier records the proof of delivery: photos, the receiver's name and signature, the position",
        description:
          'Multipart form. Only the carrier (the owner: 403 DELIVERY_PROOF_CARRIER_ONLY; anyone else: 404), only while ' +
          'the shipment is on the way (409 DELIVERY_PROOF_NOT_ON_THE_WAY), once (409 DELIVERY_PROOF_EXISTS). ' +
          'Photos: 1 to 6 (400 DELIVERY_PHOTOS_COUNT), each a JPEG, PNG or WebP by its bytes (400 ' +
          'DELIVERY_PHOTO_NOT_IMAGE) of at most 10 MB (413 FILE_TOO_LARGE). Signature: a PNG (400 ' +
          'DELIVERY_SIGNATURE_INVALID) of at most 1 MB (413 DELIVERY_SIGNATURE_TOO_LARGE). A position is lat and ' +
          'lon together, or neither. A refused proof stores nothing. The owner is told.',
        consumes: ['multipart/form-data'],
        params: shipmentNumberParams,
        body: proofForm,
        response: { 201: deliveryProof, ...errorResponses(400, 401, 403, 404, 409, 413, 415) },
      },
    },
    async (request, reply) => {
      const { photos: _photos, signature: _signature, ...values } = request.body;
      const proof = await service.recordProof(
        ctx,
        currentUser(request).userId,
        request.params.number,
        values,
        uploadsOf.get(request) ?? { photos: [], signature: [] },
      );
      return reply.status(201).send(proof);
    },
  );

  app.get(
    apiPaths.shipments.proof,
    {
      schema: {
        operationId: 'getDeliveryProof',
        ...secured,
        summary: 'The proof of delivery of my shipment (owner or carrier), or null while none is recorded',
        description: 'The photos and the signature come as signed links, valid about an hour. Anyone else: 404.',
        params: shipmentNumberParams,
        response: {
          200: deliveryProof
            .nullable()
            .describe('The proof, or null while none is recorded')
            .meta({ examples: [...((deliveryProof.meta()?.examples as unknown[] | undefined) ?? []), null] }),
          ...errorResponses(400, 401, 404),
        },
      },
    },
    async (request) => service.getProof(ctx, currentUser(request).userId, request.params.number),
  );

  app.get(
    apiPaths.shipments.deliveryNote,
    {
      schema: {
        operationId: 'getDeliveryNote',
        ...secured,
        summary: 'The delivery note of my shipment as a PDF (owner or carrier)',
        description:
          'Parties, cargo, route, timeline (Tashkent time), price, and the proof: receiver, position, signature and ' +
          'photos. Labels in the Accept-Language language with the other two beside them. Ready once a proof is ' +
          'recorded or the shipment is delivered (409 DELIVERY_NOTE_NOT_READY before). Anyone else: 404.',
        params: shipmentNumberParams,
        response: {
          200: {
            description: 'The PDF, as an attachment named delivery-note-<number>.pdf',
            content: { 'application/pdf': { schema: pdfBytes } },
          },
          ...errorResponses(400, 401, 404, 409),
        },
      },
    },
    async (request, reply) => {
      const { fileName, pdf } = await service.deliveryNote(
        ctx,
        currentUser(request).userId,
        request.params.number,
        requestLanguage(request),
      );
      return sendAttachment(reply, { fileName, contentType: 'application/pdf', body: pdf });
    },
  );
};
