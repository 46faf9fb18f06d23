import { create as contentDisposition, encodeExtended } from 'content-disposition';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ACCEPTED_FILE_TYPES, apiPaths, fileLinkParams, fileLinkQuery } from '@yuk/shared';
import type { Db } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { PUBLIC, errorResponses } from '../../plugins/openapi.js';
import type { FileLinks } from './file-links.js';
import { findFileById } from './files.repository.js';

export interface FilesContext {
  db: Db;
  fileLinks: FileLinks;
}

/** RFC 6266: a quoted ASCII fallback and always the exact UTF-8 name in filename*. */
function dispositionHeader(type: 'inline' | 'attachment', name: string): string {
  const header = contentDisposition(name, { type });
  return header.includes('filename*=') ? header : `${header}; filename*=${encodeExtended(name)}`;
}

/** Bytes for the document (binary); the handler sends a Buffer, which Fastify writes as it is. */
const fileBytes = z.custom<Buffer>((value) => Buffer.isBuffer(value)).meta({ type: 'string', format: 'binary' });

export const filesRoutes: FastifyPluginAsyncZod<{ ctx: FilesContext }> = async (app, { ctx }) => {
  app.get(
    apiPaths.files.one,
    {
      schema: {
        operationId: 'getFile',
        security: PUBLIC,
        tags: ['files'],
        summary:
          'Download a document through a signed link (no token: the link itself is the permission, for a short time)',
        params: fileLinkParams,
        querystring: fileLinkQuery,
        response: {
          200: {
            description: 'The file bytes, with their type; never served as HTML',
            content: Object.fromEntries(Object.keys(ACCEPTED_FILE_TYPES).map((type) => [type, { schema: fileBytes }])),
          },
          ...errorResponses(403, 404),
        },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const secondsLeft = ctx.fileLinks.secondsLeft(id, request.query.exp, request.query.sig);
      if (secondsLeft === undefined) throw new AppError('FILE_LINK_INVALID');
      const file = await findFileById(ctx.db, id);
      if (!file) throw new AppError('FILE_NOT_FOUND');
      // PDFs download: browsers' PDF viewers do not run inside a sandboxed document. Images open in place.
      const disposition = file.content_type === 'application/pdf' ? 'attachment' : 'inline';
      return (
        reply
          .header('content-type', file.content_type)
          .header('content-disposition', dispositionHeader(disposition, file.original_name))
          .header('x-content-type-options', 'nosniff')
          // Nothing in a served file may run or load anything; inline styles only for the browser's own image view.
          .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
          .header('cache-control', `private, max-age=${secondsLeft}`)
          .send(file.data)
      );
    },
  );
};
