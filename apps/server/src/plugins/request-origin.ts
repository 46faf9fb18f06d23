import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance, FastifyRequest } from 'fastify';
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

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * false: nothing the route does records where the request came from (no audit entry, no session), so it
     * runs outside the async context that carries the origin (see keepRequestOrigin). The bid routes.
     */
    keepsOrigin?: boolean;
  }
}

/** How long after its client went away a request may still be writing with its origin. */
const ABORTED_GRACE_MS = 60_000;

/** Requests in flight that carry an origin (see keepRequestOrigin). */
const carrying = new WeakSet<FastifyRequest>();
let inFlight = 0;

/**
 * The request will record nothing more with its origin: it no longer keeps the storage on. Called when a
 * request is done, and by a stream once open (an event stream may stay open for hours, and writes no audit).
 */
export function originNoLongerNeeded(request: FastifyRequest): void {
  if (!carrying.delete(request)) return;
  inFlight -= 1;
  if (inFlight === 0) storage.disable();
}

/**
 * Sets the origin for everything a handler does. A preHandler hook: by then the body is read (body parsing
 * runs on the socket's events, outside any context set earlier), and the handler runs inside `done`.
 *
 * On Node 20 an AsyncLocalStorage that has been entered puts a hook on every promise the process makes
 * from then on, whichever request it belongs to: under a burst of bids that was a tenth of the server's
 * time. So routes that record no origin (`config.keepsOrigin: false`) skip it, and the storage is disabled
 * (the promise hook removed) whenever no request that carries an origin is in flight; the next one enables
 * it again. A request whose client went away is counted a minute longer, since its handler may still be
 * writing its audit entry.
 */
const keepRequestOrigin = async (app: FastifyInstance) => {
  app.addHook('preHandler', (request, reply, done) => {
    if (request.routeOptions.config.keepsOrigin === false) return done();
    carrying.add(request);
    inFlight += 1;
    reply.raw.once('close', () => {
      if (reply.raw.writableFinished) originNoLongerNeeded(request);
      else setTimeout(() => originNoLongerNeeded(request), ABORTED_GRACE_MS).unref();
    });
    storage.run({ ip: request.ip || null, userAgent: cleanUserAgent(request.headers['user-agent']) }, done);
  });
};
export const requestOriginPlugin = fp(keepRequestOrigin, { name: 'request-origin' });
