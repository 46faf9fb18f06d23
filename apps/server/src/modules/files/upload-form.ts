import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { MAX_FILE_BYTES, type AcceptedContentType, type ErrorCode } from '@yuk/shared';
import { AppError } from '../../errors.js';
import { checkDocument, nameForType, sniffContentType, type CheckedFile } from './file-checks.js';

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

/**
 * The limit and parser errors of @fastify/multipart and busboy → our codes (never a 500 for bad input), for
 * every form read here and the tender import's: too many fields or parts is FORM_TOO_MANY_FIELDS, a file
 * over its size `fileTooLarge` (FILE_TOO_LARGE unless the form names its own), too many files
 * PAYLOAD_TOO_LARGE, anything else a body that could not be read.
 */
export function uploadError(error: unknown, fileTooLarge: AppError = new AppError('FILE_TOO_LARGE')): AppError {
  if (error instanceof AppError) return error;
  if (hasCode(error)) {
    if (error.code === 'FST_REQ_FILE_TOO_LARGE') return fileTooLarge;
    if (error.code === 'FST_FIELDS_LIMIT' || error.code === 'FST_PARTS_LIMIT') {
      return new AppError('FORM_TOO_MANY_FIELDS');
    }
    if (error.code === 'FST_FILES_LIMIT') return new AppError('PAYLOAD_TOO_LARGE');
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
  const isFileField = (name: string): name is F => (fileFields as readonly string[]).includes(name);
  const files: Partial<Record<F, CheckedFile>> = {};
  const fields = await readParts(request, isFileField, async (part, name) => {
    if (files[name]) throw new AppError('VALIDATION_FAILED', { fields: { [name]: 'one_file' } });
    const data = await part.toBuffer().catch((error: unknown) => {
      // the file that was too large is named, so that a form can show it beside its field
      throw hasCode(error) && error.code === 'FST_REQ_FILE_TOO_LARGE'
        ? new AppError('FILE_TOO_LARGE', { fields: { [name]: 'FILE_TOO_LARGE' } })
        : error;
    });
    // An empty file input still sends a part: no name and no bytes means "no new file".
    if (data.length === 0 && !part.filename) return;
    const checked = checkDocument(part.filename ?? '', data, name);
    if (!checked) throw new AppError('UNSUPPORTED_FILE_TYPE', { fields: { [name]: 'UNSUPPORTED_FILE_TYPE' } });
    files[name] = checked;
  });
  return { fields, files };
}

/**
 * The loop both readers share: each file part goes to `readFile` (a file in a field that takes none is
 * refused), the text values are gathered (a value sent twice becomes a list, which the form schema
 * refuses), and after any refusal the rest of the body is discarded and the error told in our codes.
 */
async function readParts<F extends string>(
  request: FastifyRequest,
  isFileField: (name: string) => name is F,
  readFile: (part: MultipartFile, name: F) => Promise<void>,
): Promise<Record<string, unknown>> {
  if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE');
  const fields: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
  try {
    for await (const part of request.parts()) {
      const name = part.fieldname;
      if (part.type === 'file') {
        if (!isFileField(name)) throw new AppError('VALIDATION_FAILED', { fields: { [name]: 'unknown_field' } });
        await readFile(part, name);
        continue;
      }
      if (part.valueTruncated) throw new AppError('VALIDATION_FAILED', { fields: { [name]: 'too_long' } });
      // A text value in a file field (an empty input, or the current link sent back) carries no file.
      if (isFileField(name)) continue;
      const previous = fields[name];
      fields[name] = previous === undefined ? part.value : [previous, part.value].flat();
    }
  } catch (error) {
    discardRestOfBody(request);
    throw uploadError(error);
  }
  return fields;
}

/** What one file field of a form accepts, and the codes it refuses with (each names the field). */
export interface FileFieldRule {
  /** At most this many files in the field (a repeated field carries several). */
  maxCount: number;
  /** The largest file in bytes; never above UPLOAD_LIMITS.fileSize. */
  maxBytes: number;
  /** The types accepted, judged by the first bytes alone: the name is not asked, the client's type ignored. */
  types: readonly AcceptedContentType[];
  tooMany: ErrorCode;
  tooLarge: ErrorCode;
  wrongType: ErrorCode;
}

/** Enough of a file to tell its type by its magic number (WebP's is the longest: 12 bytes). */
const SNIFF_BYTES = 12;

/**
 * Reads a multipart form whose files are judged by content only (photos from a phone's camera, a drawing
 * of a signature): each file field by its rule, in order, refused as soon as a file is one too many, too
 * large or of another type, before the rest of it is read. Nothing is stored here: a refusal leaves
 * nothing behind. A stored name keeps the extension of the type found.
 */
export async function readFileForm<F extends string>(
  request: FastifyRequest,
  rules: Readonly<Record<F, FileFieldRule>>,
): Promise<{ fields: Record<string, unknown>; files: Record<F, CheckedFile[]> }> {
  const isFileField = (name: string): name is F => Object.hasOwn(rules, name);
  const files = Object.fromEntries(Object.keys(rules).map((name) => [name, []])) as unknown as Record<F, CheckedFile[]>;
  const fields = await readParts(request, isFileField, async (part, name) => {
    const rule = rules[name];
    const refuse = (code: ErrorCode) => new AppError(code, { fields: { [name]: code } });
    if (files[name].length >= rule.maxCount) throw refuse(rule.tooMany);
    const chunks: Buffer[] = [];
    let size = 0;
    let type: AcceptedContentType | undefined;
    for await (const chunk of part.file as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (part.file.truncated || size > rule.maxBytes) throw refuse(rule.tooLarge);
      chunks.push(chunk);
      if (type === undefined && size >= SNIFF_BYTES) {
        type = sniffContentType(Buffer.concat(chunks));
        if (!type || !rule.types.includes(type)) throw refuse(rule.wrongType);
      }
    }
    if (part.file.truncated) throw refuse(rule.tooLarge);
    // An empty file input still sends a part: no name and no bytes means "no file".
    if (size === 0 && !part.filename) return;
    const data = Buffer.concat(chunks);
    type ??= sniffContentType(data);
    if (!type || !rule.types.includes(type)) throw refuse(rule.wrongType);
    files[name].push({ content_type: type, original_name: nameForType(part.filename ?? '', type, name), data });
  });
  return { fields, files };
}
