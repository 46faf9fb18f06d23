import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AUDIT_USER_AGENT_MAX } from '@yuk/shared';

/** Where a request came from: the client address (TRUST_PROXY decides whether X-Forwarded-For counts) and browser. */
export interface RequestOrigin {
  ip: string | null;
  userAgent: string | null;
}

const storage = new AsyncLocalStorage<RequestOrigin>();

/** A user agent as it is kept: control characters dropped, cut to AUDIT_USER_AGENT_MAX. */
export function cleanUserAgent(value: string | string[] | undefined): string | null {
  const text = Array.isArray(value) ? value[0] : value;
  if (!text) return null;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is dropped
  const cleaned = text.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return cleaned === '' ? null : cleaned.slice(0, AUDIT_USER_AGENT_MAX);
}

/**
 * The origin of the request being served, for the records that keep it (the audit trail, a new session):
 * undefined outside a request (the schedule, the command line). Carried in async context so that the
 * services keep their signatures and each audit call stays one line in its own transaction.
 */
export function requestOrigin(): RequestOrigin | undefined {
  return storage.getStore();
}

/**
 * Sets the origin for everything a handler does. A preHandler hook: by then the body is read (body parsing
 * runs on the socket's events, outside any context set earlier), and the handler runs inside `done`.
 */
const keepRequestOrigin = async (app: FastifyInstance) => {
  app.addHook('preHandler', (request, _reply, done) => {
    storage.run({ ip: request.ip || null, userAgent: cleanUserAgent(request.headers['user-agent']) }, done);
  });
};
export const requestOriginPlugin = fp(keepRequestOrigin, { name: 'request-origin' });
