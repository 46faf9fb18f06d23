import type { FastifyRequest } from 'fastify';
import { MAX_FILE_BYTES } from '@yuk/shared';
import { AppError } from '../../errors.js';
import { checkDocument, type CheckedFile } from './file-checks.js';

/** Limits of a multipart form with documents (also given to @fastify/multipart when it is registered). */
export const UPLOAD_LIMITS = {
  fileSize: MAX_FILE_BYTES,
  files: 3,
  fields: 40,
  fieldSize: 16 * 1024,
  fieldNameSize: 100,
  parts: 50,
  headerPairs: 20,
};

export interface UploadForm<F extends string> {
  /** The text fields (a value sent twice becomes a list, which the form schema refuses). */
  fields: Record<string, unknown>;
  /** The checked documents, by file field. */
  files: Partial<Record<F, CheckedFile>>;
}

function hasCode(error: unknown): error is { code: string } {
  return typeof error === 'object' && error !== null && typeof (error as { code?: unknown }).code === 'string';
}

/** The limit and parser errors of @fastify/multipart and busboy → our codes (never a 500 for bad input). */
function uploadError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (hasCode(error)) {
    if (error.code === 'FST_REQ_FILE_TOO_LARGE') return new AppError('FILE_TOO_LARGE');
    if (['FST_FILES_LIMIT', 'FST_FIELDS_LIMIT', 'FST_PARTS_LIMIT'].includes(error.code)) {
      return new AppError('PAYLOAD_TOO_LARGE');
    }
  }
  return new AppError('MALFORMED_BODY');
}

/**
 * After a refusal in the middle of an upload, the rest of the body flows to nowhere (at most about one
 * more full form; beyond that the connection is cut). Without this the unread body would hold the
 * connection open, and the client, still sending, might never read the answer.
 */
function discardRestOfBody(request: FastifyRequest) {
  const raw = request.raw;
  if (raw.complete) return;
  raw.unpipe();
  let allowance = UPLOAD_LIMITS.fileSize * UPLOAD_LIMITS.files + 1024 * 1024;
  raw.on('data', (chunk: Buffer) => {
    allowance -= chunk.length;
    if (allowance < 0) raw.destroy();
  });
  raw.resume();
}

/**
 * Reads a multipart form whose only files may be `fileFields`, each at most once and at most 10 MB,
 * into memory. Every document is judged by its bytes and extension (415 otherwise); anything else
 * wrong with the form answers 400 or 413 before anything is stored.
 */
export async function readUploadForm<F extends string>(
  request: FastifyRequest,
  fileFields: readonly F[],
): Promise<UploadForm<F>> {
  if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE');
  const isFileField = (name: string): name is F => (fileFields as readonly string[]).includes(name);
  const fields: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
  const files: Partial<Record<F, CheckedFile>> = {};
  try {
    for await (const part of request.parts()) {
      const name = part.fieldname;
      if (part.type === 'file') {
        if (!isFileField(name)) throw new AppError('VALIDATION_FAILED', {}, { [name]: 'unknown_field' });
        if (files[name]) throw new AppError('VALIDATION_FAILED', {}, { [name]: 'one_file' });
        const data = await part.toBuffer().catch((error: unknown) => {
          // the file that was too large is named, so that a form can show it beside its field
          throw hasCode(error) && error.code === 'FST_REQ_FILE_TOO_LARGE'
            ? new AppError('FILE_TOO_LARGE', {}, { [name]: 'FILE_TOO_LARGE' })
            : error;
        });
        // An empty file input still sends a part: no name and no bytes means "no new file".
        if (data.length === 0 && !part.filename) continue;
        const checked = checkDocument(part.filename ?? '', data, name);
        if (!checked) throw new AppError('UNSUPPORTED_FILE_TYPE', {}, { [name]: 'UNSUPPORTED_FILE_TYPE' });
        files[name] = checked;
        continue;
      }
      // A text value in a file field (an empty input, or the current link sent back) keeps the document.
      if (isFileField(name)) continue;
      if (part.valueTruncated) throw new AppError('VALIDATION_FAILED', {}, { [name]: 'too_long' });
      const previous = fields[name];
      fields[name] = previous === undefined ? part.value : [previous, part.value].flat();
    }
  } catch (error) {
    discardRestOfBody(request);
    throw uploadError(error);
  }
  return { fields, files };
}
