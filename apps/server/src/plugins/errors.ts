import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import {
  DEFAULT_LANGUAGE,
  ERRORS,
  errorText,
  fieldMessage,
  FIELD_MESSAGES,
  isErrorCode,
  pickLanguage,
  type ApiErrorBody,
  type ErrorCode,
  type Language,
} from '@yuk/shared';
import { AppError } from '../errors.js';
import { noteErrorCode } from './metrics.js';
import { apiSecurityHeaders } from './security.js';

export function requestLanguage(request: FastifyRequest): Language {
  return pickLanguage(request.headers['accept-language']);
}

interface ValidationIssue {
  keyword: string;
  instancePath: string;
  message?: string;
  params?: Record<string, unknown>;
}

/** Turns a zod issue into a key of FIELD_MESSAGES: schemas name their key as the message, the rest is guessed from the issue code. */
function issueMessageKey(issue: ValidationIssue): string {
  if (issue.message && (issue.message in FIELD_MESSAGES || isErrorCode(issue.message))) return issue.message;
  switch (issue.keyword) {
    case 'invalid_type':
      return /received undefined/.test(issue.message ?? '') ? 'required' : 'invalid';
    case 'too_big':
      return issue.params?.origin === 'string' ? 'too_long' : 'too_large';
    case 'too_small':
      return issue.params?.origin === 'string' ? 'required' : 'positive';
    case 'invalid_value':
      return 'one_of';
    case 'unrecognized_keys':
      return 'unknown_field';
    default:
      return 'invalid';
  }
}

function validationFields(issues: ValidationIssue[], lang: Language): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const name = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
    const names =
      issue.keyword === 'unrecognized_keys' && Array.isArray(issue.params?.keys)
        ? (issue.params.keys as string[])
        : [name];
    const messageKey = issueMessageKey(issue);
    const text = isErrorCode(messageKey) ? errorText(messageKey, lang) : fieldMessage(messageKey, lang);
    for (const each of names) {
      const field = issue.keyword === 'unrecognized_keys' && name ? `${name}.${each}` : each;
      if (field && !(field in fields)) fields[field] = text;
    }
  }
  return fields;
}

export function sendError(
  reply: FastifyReply,
  code: ErrorCode,
  lang: Language,
  params?: Record<string, string | number>,
  fields?: Record<string, string>,
) {
  const body: ApiErrorBody = { error: errorText(code, lang, params), code };
  if (fields && Object.keys(fields).length > 0) body.fields = fields;
  noteErrorCode(reply, code);
  return reply.status(ERRORS[code].status).type('application/json; charset=utf-8').send(body);
}

/** Fastify's own client errors (bad JSON, wrong content type, oversized bodies) → our codes. */
function frameworkErrorCode(error: FastifyError): ErrorCode | undefined {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' ? 'UNSUPPORTED_MEDIA_TYPE' : 'MALFORMED_BODY';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
    case 'FST_REQ_FILE_TOO_LARGE':
    case 'FST_FILES_LIMIT':
      return 'PAYLOAD_TOO_LARGE';
    case 'FST_FIELDS_LIMIT':
    case 'FST_PARTS_LIMIT':
      return 'FORM_TOO_MANY_FIELDS';
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return 'MALFORMED_BODY';
    default:
      break;
  }
  if (error.statusCode === 429) return 'TOO_MANY_REQUESTS';
  if (error.statusCode === 413) return 'PAYLOAD_TOO_LARGE';
  if (error.statusCode === 415) return 'UNSUPPORTED_MEDIA_TYPE';
  if (error.statusCode === 404) return 'NOT_FOUND';
  if (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500) return 'MALFORMED_BODY';
  return undefined;
}

/** One error handler: every failure answers `{ error, code, fields? }` in the reader's language; a 5xx hides its inside. */
const answerErrors = async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const lang = requestLanguage(request);
    if (error instanceof AppError) {
      const fields = error.fields
        ? Object.fromEntries(
            Object.entries(error.fields).map(([name, key]) => [
              name,
              isErrorCode(key) ? errorText(key, lang) : fieldMessage(key, lang),
            ]),
          )
        : undefined;
      if (error.retryAfterSeconds !== undefined) reply.header('retry-after', String(error.retryAfterSeconds));
      return sendError(reply, error.code, lang, error.params, fields);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      // A schema may name an error code as its message (e.g. BID_AMOUNT_INVALID): the answer then carries that code.
      const named = error.validation.map((issue) => issue.message).find(isErrorCode);
      return sendError(reply, named ?? 'VALIDATION_FAILED', lang, {}, validationFields(error.validation, lang));
    }
    if (Array.isArray((error as { validation?: unknown }).validation)) {
      return sendError(reply, 'VALIDATION_FAILED', lang);
    }
    const code = frameworkErrorCode(error);
    if (code) return sendError(reply, code, lang);
    request.log.error({ err: error }, 'unhandled error');
    return sendError(reply, 'INTERNAL', lang);
  });

  app.setNotFoundHandler((request, reply) =>
    sendError(reply, 'ROUTE_NOT_FOUND', requestLanguage(request), {
      method: request.method,
      url: request.url.split('?')[0]?.slice(0, 200) ?? '',
    }),
  );
};
export const errorsPlugin = fp(answerErrors, { name: 'errors' });

/** The API's security headers as lines of a raw answer, worked out on the first refusal (helmet runs once). */
let refusalHeaderLines: string[] | undefined;

/**
 * Requests Node's HTTP parser refuses before any route sees them (headers too large, a broken request line,
 * a client too slow to send its head) answer in the same shape, in the default language, then the socket closes.
 */
export function clientErrorHandler(this: FastifyInstance, error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const code: ErrorCode =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? 'REQUEST_TIMEOUT'
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? 'HEADERS_TOO_LARGE'
        : 'BAD_REQUEST';
  const status = ERRORS[code].status;
  const body = JSON.stringify({ error: errorText(code, DEFAULT_LANGUAGE), code } satisfies ApiErrorBody);
  // the code only: the error also carries the raw bytes received, which may hold a token
  this.log.debug({ code: error.code }, 'client error before routing');
  if (socket.writable) {
    const headers = [
      `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}`,
      'content-type: application/json; charset=utf-8',
      `content-length: ${Buffer.byteLength(body)}`,
      // the same protections the security plugin gives the API's other answers
      ...(refusalHeaderLines ??= Object.entries(apiSecurityHeaders()).map(([name, value]) => `${name}: ${value}`)),
      'connection: close',
    ];
    socket.write(`${headers.join('\r\n')}\r\n\r\n${body}`);
  }
  socket.destroy(error);
}
