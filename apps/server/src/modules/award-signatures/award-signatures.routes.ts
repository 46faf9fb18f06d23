import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiPaths, awardP7sQuery, awardSignatureInput, awardState, shipmentNumberParams } from '@yuk/shared';
import { currentUser } from '../../plugins/auth.js';
import { SIGNED_IN, errorResponses } from '../../plugins/openapi.js';
import { sendAttachment } from '../../plugins/attachment.js';
import * as service from './award-signatures.service.js';

const secured = { security: SIGNED_IN, tags: ['shipments'] };

/** The PKCS#7's bytes; the handler sends a Buffer, which Fastify writes as it is. */
const p7sBytes = z.custom<Buffer>((value) => Buffer.isBuffer(value)).meta({ type: 'string', format: 'binary' });

/** The signed award of a shipment, for its owner and its carrier only (anyone else 404). */
export const awardSignaturesRoutes: FastifyPluginAsyncZod<{ ctx: service.AwardSignaturesContext }> = async (
  app,
  { ctx },
) => {
  app.addHook('onRequest', app.authenticate);

  app.get(
    apiPaths.shipments.award,
    {
      schema: {
        operationId: 'getAward',
        ...secured,
        summary: 'The award of my shipment as the canonical document both parties sign, and who has signed it',
        params: shipmentNumberParams,
        response: { 200: awardState, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => service.getAward(ctx, currentUser(request).userId, request.params.number),
  );

  app.post(
    apiPaths.shipments.awardSignatures,
    {
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        operationId: 'signAward',
        ...secured,
        summary: 'Sign my side of the award with my ERI key (the PKCS#7 E-IMZO made over document_base64)',
        description:
          'E-IMZO-SERVER attaches a timestamp token and checks the signature. 400 AWARD_SIGNATURE_REFUSED when it ' +
          'does not confirm it; 409 AWARD_DOCUMENT_MISMATCH when what was signed is not the current document; 409 ' +
          'AWARD_SIGNER_NOT_LINKED without an ERI link; 403 AWARD_SIGNER_MISMATCH when the key’s holder is not the ' +
          'person linked to me; 409 AWARD_ALREADY_SIGNED the second time; 503 ERI_UNAVAILABLE when E-IMZO-SERVER is ' +
          'not set up or not answering.',
        params: shipmentNumberParams,
        body: awardSignatureInput,
        response: { 200: awardState, ...errorResponses(400, 401, 403, 404, 409, 429, 503) },
      },
    },
    async (request) =>
      service.signAward(ctx, currentUser(request).userId, request.params.number, request.body.pkcs7, request.ip),
  );

  app.get(
    apiPaths.shipments.awardP7s,
    {
      schema: {
        operationId: 'getSignedAward',
        ...secured,
        summary: 'The signed award: both signers in one PKCS#7 (DER), or one side’s own',
        description:
          'Without `side`: once both parties have signed, one PKCS#7 that carries both signatures (joined by ' +
          'E-IMZO-SERVER; 503 ERI_UNAVAILABLE while it cannot join them), while one has signed that side’s, 404 ' +
          'AWARD_SIGNATURE_NOT_FOUND before anyone has. With `side`: that side’s own timestamped PKCS#7.',
        params: shipmentNumberParams,
        querystring: awardP7sQuery,
        response: {
          200: {
            description: 'The PKCS#7, as an attachment named award-<number>.p7s (both) or award-<number>-<side>.p7s',
            content: { 'application/pkcs7-signature': { schema: p7sBytes } },
          },
          ...errorResponses(400, 401, 404, 503),
        },
      },
    },
    async (request, reply) => {
      const { fileName, p7s } = await service.awardP7s(
        ctx,
        currentUser(request).userId,
        request.params.number,
        request.query.side,
        request.ip,
      );
      return sendAttachment(reply, { fileName, contentType: 'application/pkcs7-signature', body: p7s });
    },
  );
};
