import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { AUDIT_USER_AGENT_MAX } from '@yuk/shared';

/** Where a request came from: the client address (TRUST_PROXY decides whether X-Forwarded-For counts) and browser. */
export interface RequestOrigin {
  ip: string | null;
  userAgent: string | null;
}

/**
 * What a request that keeps no origin runs with while origins are checked (the tests): reading it is a mistake
 * the check reports, where in production the reader would find no origin and record none.
 */
const NOT_KEPT = Symbol('origin not kept');

const storage = new AsyncLocalStorage<RequestOrigin | typeof NOT_KEPT>();

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
  const store = storage.getStore();
  if (store === NOT_KEPT) {
    throw new Error('a route that keeps no request origin read it: give the route config.keepsOrigin: true');
  }
  return store;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Whether what the route does records where the request came from (an audit entry, a session), so that it
     * runs inside the async context that carries the origin (see keepRequestOrigin). By default a route that
     * changes something does and a read (GET, HEAD, OPTIONS) does not; false for the bid routes.
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

/** Reads: nothing they do records where the request came from, unless their route says it keeps the origin. */
const READ_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The methods of a route whose handler runs with the request's origin (see FastifyContextConfig.keepsOrigin). */
function methodsKeepingOrigin(route: RouteOptions): string[] {
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  const declared = route.config?.keepsOrigin;
  if (declared !== undefined) return declared ? methods : [];
  return methods.filter((method) => !READ_METHODS.has(method));
}

/**
 * Sets the origin for everything a handler does. A preHandler hook of the routes that keep it, added as each
 * route is added (so a route that does not pays nothing, not even a look at its config): by then the body is
 * read (body parsing runs on the socket's events, outside any context set earlier), and the handler runs inside
 * `done`.
 *
 * On Node 20 an AsyncLocalStorage that has been entered puts a hook on every promise the process makes
 * from then on, whichever request it belongs to: under a burst of bids that was a tenth of the server's
 * time, and a fifth of a small read's (B0, decision 035). So only the routes that record an origin (those that
 * change something, bar the bids) enter it, and the storage is disabled (the promise hook removed) whenever no
 * request that carries an origin is in flight; the next one enables it again. A request whose client went away
 * is counted a minute longer, since its handler may still be writing its audit entry.
 *
 * With `check` (the tests) a route that keeps no origin runs with a store that may not be read: a read route
 * that records an audit entry without saying `keepsOrigin: true` fails its test instead of recording no address.
 */
const keepRequestOrigin = async (app: FastifyInstance, options: { check?: boolean }) => {
  const run = (
    store: RequestOrigin | typeof NOT_KEPT,
    request: FastifyRequest,
    reply: FastifyReply,
    done: () => void,
  ) => {
    carrying.add(request);
    inFlight += 1;
    reply.raw.once('close', () => {
      if (reply.raw.writableFinished) originNoLongerNeeded(request);
      else setTimeout(() => originNoLongerNeeded(request), ABORTED_GRACE_MS).unref();
    });
    storage.run(store, done);
  };
  const keep = (request: FastifyRequest, reply: FastifyReply, done: () => void) =>
    run({ ip: request.ip || null, userAgent: cleanUserAgent(request.headers['user-agent']) }, request, reply, done);

  app.addHook('onRoute', (route: RouteOptions) => {
    const keeping = new Set(methodsKeepingOrigin(route));
    if (keeping.size === 0 && !options.check) return;
    const hook = (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
      if (keeping.has(request.method)) keep(request, reply, done);
      else if (options.check) run(NOT_KEPT, request, reply, done);
      else done();
    };
    const existing = route.preHandler;
    // first among the route's own, as when it was the app's hook
    route.preHandler = [
      hook,
      ...(existing === undefined ? [] : Array.isArray(existing) ? existing : [existing]),
    ] as RouteOptions['preHandler'];
  });
};
export const requestOriginPlugin = fp(keepRequestOrigin, { name: 'request-origin' });
