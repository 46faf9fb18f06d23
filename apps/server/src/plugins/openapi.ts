import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z, ZodType } from 'zod';
import { apiPaths, ERRORS, type ErrorCode } from '@yuk/shared';

export const apiError = z
  .object({
    error: z.string().describe('A readable text in the language of Accept-Language (uz, en, ru)'),
    code: z.enum(Object.keys(ERRORS) as [ErrorCode, ...ErrorCode[]]),
    fields: z.record(z.string(), z.string()).optional(),
  })
  .describe('Error');

/** `security` of an operation anyone may call: said explicitly, so that no operation is public by omission. */
export const PUBLIC: [] = [];
/** `security` of an operation that needs a signed-in user's access token. */
export const SIGNED_IN = [{ bearerAuth: [] }];

/** The 200 answer of a Server-Sent Events stream, for the document (the stream itself is written by hand). */
export function eventStreamResponse(description: string) {
  return { description, content: { 'text/event-stream': { schema: z.string().describe(description) } } };
}

/** The error answers of a route, for its OpenAPI description. */
export function errorResponses<S extends number>(...statuses: S[]): Record<S, typeof apiError> {
  return Object.fromEntries(statuses.map((status) => [status, apiError])) as Record<S, typeof apiError>;
}

/**
 * Converts a route's zod schemas for the document, keeping the examples of a request body: the converter
 * drops the metadata of input schemas, where the examples of the shared schemas live.
 */
const withBodyExamples: typeof jsonSchemaTransform = (route) => {
  const converted = jsonSchemaTransform(route);
  const body: unknown = route.schema.body;
  const examples = body instanceof ZodType ? body.meta()?.examples : undefined;
  const convertedBody: unknown = converted.schema.body;
  if (examples && typeof convertedBody === 'object' && convertedBody !== null) {
    converted.schema.body = { ...convertedBody, examples };
  }
  return converted;
};

/** The OpenAPI document, generated from the route schemas, browsable at /api/docs. */
const serveApiDocument = async (app: FastifyInstance) => {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Yuk Tender API',
        description:
          'Freight tender marketplace. Errors answer `{ error, code, fields? }`, localized by Accept-Language (uz, en, ru).',
        version: '0.1.0',
        license: { name: 'Proprietary: all rights reserved by Yuk Tender', identifier: 'LicenseRef-Proprietary' },
      },
      // relative: the document describes the server that serves it, wherever it runs
      servers: [{ url: '/', description: 'This server' }],
      components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: withBodyExamples,
  });
  await app.register(swaggerUi, { routePrefix: apiPaths.docs, staticCSP: true });
};
export const openapiPlugin = fp(serveApiDocument, { name: 'openapi' });
