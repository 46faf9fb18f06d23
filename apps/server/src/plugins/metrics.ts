import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import client from 'prom-client';
import { apiPaths } from '@yuk/shared';

/**
 * The figures an operator graphs and alerts on (Prometheus's text format at /metrics). One registry for the
 * process: the counters the modules add to (each a one-line call where the thing happens), the HTTP figures
 * of every request, and Node's own (event loop lag, heap, GC). Figures read from the database at scrape time
 * (outbox backlog, deadlines due, the last backup) are registered by the operations module on a registry of
 * the app's own. Labels are bounded: route patterns, methods, statuses, error codes, quota names, channels;
 * never a user, a tender or a raw path.
 */
export const processRegistry = new client.Registry();

/** A route nobody registered (a scanner's guesses) is one label, not one per path. */
export const UNKNOWN_ROUTE = 'unmatched';

const registers = [processRegistry];

export const metrics = {
  httpRequests: new client.Counter({
    name: 'yuk_http_requests_total',
    help: 'HTTP requests answered, by route pattern, method and status',
    labelNames: ['route', 'method', 'status'] as const,
    registers,
  }),
  httpDuration: new client.Histogram({
    name: 'yuk_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by route pattern and method',
    labelNames: ['route', 'method'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  }),
  bids: new client.Counter({
    name: 'yuk_bids_total',
    help: 'Bids placed: accepted, or refused with the error code as the reason',
    labelNames: ['outcome', 'reason'] as const,
    registers,
  }),
  tenders: new client.Counter({
    name: 'yuk_tenders_total',
    help: 'Tenders opened (published), closed (bidding ended) and awarded',
    labelNames: ['event'] as const,
    registers,
  }),
  quotaRefusals: new client.Counter({
    name: 'yuk_quota_refusals_total',
    help: 'Writes refused by a quota, by quota',
    labelNames: ['quota'] as const,
    registers,
  }),
  deadlineLastLag: new client.Gauge({
    name: 'yuk_deadline_last_lag_seconds',
    help: 'How late after their due time the last deadlines this instance claimed ran',
    registers,
  }),
  queryDuration: new client.Histogram({
    name: 'yuk_db_query_duration_seconds',
    help: 'Time of a database query (PostgreSQL), by outcome',
    labelNames: ['outcome'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers,
  }),
  backups: new client.Counter({
    name: 'yuk_backups_total',
    help: 'Scheduled backups this instance took, by outcome',
    labelNames: ['outcome'] as const,
    registers,
  }),
};

// the series a graph or an alert reads exist from the start (0), before the first of each happens
for (const event of ['opened', 'closed', 'awarded']) metrics.tenders.inc({ event }, 0);
metrics.bids.inc({ outcome: 'accepted', reason: '' }, 0);
for (const outcome of ['ok', 'failed']) metrics.backups.inc({ outcome }, 0);

let defaultsStarted = false;
/** Node's own figures (event loop lag, heap, GC, handles): started once, with the first app that serves metrics. */
function startDefaultMetrics(): void {
  if (defaultsStarted) return;
  defaultsStarted = true;
  client.collectDefaultMetrics({ register: processRegistry, eventLoopMonitoringPrecision: 10 });
}

/** A query's time, for openDatabase's onQuery. */
export function observeQuery(durationMs: number, failed: boolean): void {
  metrics.queryDuration.observe({ outcome: failed ? 'error' : 'ok' }, durationMs / 1000);
}

/** A tender moved from one of `from` to `to` (counted when the move succeeded). */
export function countTenderMove(from: readonly string[], to: string): void {
  if (to === 'opened' || to === 'awarded') metrics.tenders.inc({ event: to });
  // an award passed on closes an awarded tender again: bidding had ended already, so that is no close
  else if (to === 'closed' && from.includes('opened')) metrics.tenders.inc({ event: 'closed' });
}

/** The error code an answer carried (set by the one error handler), for the bids' refusal reasons. */
const errorCodes = new WeakMap<FastifyRequest, string>();
export function noteErrorCode(reply: FastifyReply, code: string): void {
  errorCodes.set(reply.request, code);
}

const bidRoute = apiPaths.tenders.bids;

/** Both registries' figures as one text (the app's own first; no name is in both). */
export async function renderMetrics(appRegistry: client.Registry): Promise<string> {
  return `${await appRegistry.metrics()}\n${await processRegistry.metrics()}`;
}

export const METRICS_CONTENT_TYPE = processRegistry.contentType;

/** Counts every answer by its route pattern (request.routeOptions.url, never the raw URL), and the bids' outcomes. */
export const httpMetricsPlugin = fp(async (app: FastifyInstance) => {
  startDefaultMetrics();
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? UNKNOWN_ROUTE;
    const method = request.method;
    const status = reply.statusCode;
    metrics.httpRequests.inc({ route, method, status });
    metrics.httpDuration.observe({ route, method }, reply.elapsedTime / 1000);
    if (method === 'POST' && route === bidRoute) {
      if (status === 201) metrics.bids.inc({ outcome: 'accepted', reason: '' });
      else metrics.bids.inc({ outcome: 'refused', reason: errorCodes.get(request) ?? `HTTP_${status}` });
    }
    done();
  });
});
