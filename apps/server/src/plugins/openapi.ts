import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ERRORS, type ErrorCode } from '@yuk/shared';

export const apiError = z
  .object({
    error: z.string().describe('A readable text in the language of Accept-Language (uz, en, ru)'),
    code: z.enum(Object.keys(ERRORS) as [ErrorCode, ...ErrorCode[]]),
    fields: z.record(z.string(), z.string()).optional(),
  })
  .describe('Error');

/** The error answers of a route, for its OpenAPI description. */
export function errorResponses<S extends number>(...statuses: S[]): Record<S, typeof apiError> {
  return Object.fromEntries(statuses.map((status) => [status, apiError])) as Record<S, typeof apiError>;
}

/** The OpenAPI document, generated from the route schemas, browsable at /api/docs. */
export const openapiPlugin = fp(async (app: FastifyInstance) => {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Yuk Tender API',
        description:
          'Freight tender marketplace. Errors answer `{ error, code, fields? }`, localized by Accept-Language (uz, en, ru).',
        version: '0.1.0',
      },
      components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
});
