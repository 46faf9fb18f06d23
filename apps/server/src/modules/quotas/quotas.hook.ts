import type { FastifyInstance, FastifyReply, FastifyRequest, RequestPayload, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { QUOTA_NAMES, type QuotaName } from '@yuk/shared';
import { apiError } from '../../plugins/openapi.js';
import type { QuotaTable } from './quotas.config.js';
import type { QuotaGuard } from './quotas.service.js';

type PreParsingDone = (error?: Error | null, payload?: RequestPayload) => void;

const routeKey = (method: string, url: string) => `${method} ${url}`;

/** The quotas of each route of the table (`POST /api/tenders` → tenders), those that are off left out. */
export function quotasByRoute(table: QuotaTable): Map<string, QuotaName[]> {
  const byRoute = new Map<string, QuotaName[]>();
  for (const name of QUOTA_NAMES) {
    const rule = table[name];
    if (rule.windows.length === 0) continue;
    for (const route of rule.routes) {
      const key = routeKey(route.method, route.url);
      byRoute.set(key, [...(byRoute.get(key) ?? []), name]);
    }
  }
  return byRoute;
}

/**
 * The quotas, checked centrally: as each route is added, the routes of the table get one more `preParsing`
 * hook, so the modules' route files know nothing of quotas and every other route pays nothing. The hook
 * runs after authentication (onRequest) and before the body is read, validated or handled: a refused
 * attempt has written nothing, and an upload over its bytes is refused before its first byte is read. The
 * document lists the 429 of each such route. At ready, a route of the table it did not see added stops the
 * start: a renamed path must not leave a quota silently off, nor a module registered before this plugin.
 */
const checkQuotas = async (app: FastifyInstance, options: { table: QuotaTable; guard: QuotaGuard }) => {
  const byRoute = quotasByRoute(options.table);
  const seen = new Set<string>();

  app.addHook('onRoute', (route: RouteOptions) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const mine = methods.filter((method) => byRoute.has(routeKey(method, route.url)));
    if (mine.length === 0) return;
    // the quotas of each method of this route, found once here rather than by a key built per request
    const quotasOf = new Map<string, QuotaName[]>();
    for (const method of mine) {
      seen.add(routeKey(method, route.url));
      quotasOf.set(method, byRoute.get(routeKey(method, route.url)) ?? []);
    }
    // a callback hook, answered at once when the leases hold the attempt: an async one costs every bid promises
    const check = (request: FastifyRequest, _reply: FastifyReply, payload: RequestPayload, done: PreParsingDone) => {
      const quotas = quotasOf.get(request.method);
      let waiting: Promise<void> | undefined;
      try {
        waiting = quotas ? options.guard.admitNow(request, quotas) : undefined;
      } catch (error) {
        return done(error as Error);
      }
      if (!waiting) return done(null, payload);
      waiting.then(
        () => done(null, payload),
        (error: unknown) => done(error as Error),
      );
    };
    const existing = route.preParsing;
    route.preParsing = [
      ...(existing === undefined ? [] : Array.isArray(existing) ? existing : [existing]),
      check,
    ] as RouteOptions['preParsing'];
    const response = route.schema?.response as Record<string, unknown> | undefined;
    if (response && !('429' in response)) response['429'] = apiError;
  });

  app.addHook('onReady', async () => {
    const missing = [...byRoute.keys()].filter((key) => !seen.has(key));
    if (missing.length > 0) {
      throw new Error(`quotas name routes not registered after the quotas plugin: ${missing.join(', ')}`);
    }
  });
};
export const quotasPlugin = fp(checkQuotas, { name: 'quotas', dependencies: ['errors', 'auth'] });
