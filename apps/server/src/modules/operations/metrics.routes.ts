import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import client from 'prom-client';
import { OUTSIDE_CHANNELS } from '@yuk/shared';
import type { Db, DatabaseSource } from '../../db/database.js';
import { dueBacklog } from '../../db/due-actions.js';
import { AppError } from '../../errors.js';
import { httpMetricsPlugin, metrics, METRICS_CONTENT_TYPE, renderMetrics } from '../../plugins/metrics.js';
import { openSseStreamCount } from '../../plugins/sse.js';
import { lastBackup, outboxBacklog } from './operations.repository.js';

export interface MetricsOptions {
  /** /metrics on the app's port for a request bearing this token. */
  token?: string | undefined;
  /** /metrics on this port of 127.0.0.1, without a token. */
  port?: number | undefined;
}

export interface MetricsContext {
  db: Db;
  source: DatabaseSource;
  redis?: Redis;
  /** Scheduled backups are on: their last success is a figure. */
  backups: boolean;
  /** The quotas' names: each has a refusals series from the start (0), so a graph or a rate has one to read. */
  quotaNames: readonly string[];
  now?: () => number;
}

/** One read for the callers while it runs (the gauges of one scrape), a fresh one after it. */
function sharedRead<T>(read: () => Promise<T>): () => Promise<T> {
  let running: Promise<T> | undefined;
  return () => {
    running ??= read().finally(() => {
      running = undefined;
    });
    return running;
  };
}

/** The figures read at scrape time, on a registry of this app's own (each instance reads its own pool, its Redis). */
function appRegistry(ctx: MetricsContext, warn: (error: unknown) => void): client.Registry {
  const registry = new client.Registry();
  const registers = [registry];
  const now = ctx.now ?? Date.now;
  // a figure that cannot be read this time keeps its last value (and a warning is logged): not a failed scrape
  const guarded = <T>(read: (metric: T) => Promise<void> | void) =>
    async function (this: T) {
      try {
        await read(this);
      } catch (error) {
        warn(error);
      }
    };

  // two gauges of one read share it: the registry collects every gauge of a scrape at once
  const outbox = sharedRead(async () => {
    const nowMs = now();
    return { nowMs, rows: await outboxBacklog(ctx.db, nowMs) };
  });
  new client.Gauge({
    name: 'yuk_outbox_waiting',
    help: 'Outbox messages waiting to be sent (pending or being sent), by channel',
    labelNames: ['channel'] as const,
    registers,
    collect: guarded(async (gauge: client.Gauge<'channel'>) => {
      const { rows } = await outbox();
      gauge.reset();
      for (const channel of OUTBOX_CHANNELS) gauge.set({ channel }, 0);
      for (const row of rows) gauge.set({ channel: row.channel }, row.waiting);
    }),
  });
  new client.Gauge({
    name: 'yuk_outbox_oldest_due_seconds',
    help: 'How long the oldest outbox message due to be sent has waited since it became due (0: none is due)',
    labelNames: ['channel'] as const,
    registers,
    collect: guarded(async (gauge: client.Gauge<'channel'>) => {
      const { nowMs, rows } = await outbox();
      gauge.reset();
      for (const channel of OUTBOX_CHANNELS) gauge.set({ channel }, 0);
      for (const row of rows) {
        gauge.set({ channel: row.channel }, row.oldestDueMs === null ? 0 : (nowMs - row.oldestDueMs) / 1000);
      }
    }),
  });

  const deadlines = sharedRead(async () => {
    const nowMs = now();
    return { nowMs, ...(await dueBacklog(ctx.db, nowMs)) };
  });
  new client.Gauge({
    name: 'yuk_deadlines_due',
    help: 'Deadlines (closes, confirmations, expiries, reminders) due now and not yet done',
    registers,
    collect: guarded(async (gauge: client.Gauge) => gauge.set((await deadlines()).due)),
  });
  new client.Gauge({
    name: 'yuk_deadline_overdue_seconds',
    help: 'How long the earliest deadline due and not yet done has been due (0: none)',
    registers,
    collect: guarded(async (gauge: client.Gauge) => {
      const { nowMs, oldestDueAtMs } = await deadlines();
      gauge.set(oldestDueAtMs === null ? 0 : (nowMs - oldestDueAtMs) / 1000);
    }),
  });

  new client.Gauge({
    name: 'yuk_live_streams_open',
    help: 'Live streams (Server-Sent Events) this instance holds open',
    registers,
    collect() {
      this.set(openSseStreamCount());
    },
  });

  const { source, redis } = ctx;
  if (source.engine === 'postgres') {
    new client.Gauge({
      name: 'yuk_db_pool_connections',
      help: 'PostgreSQL pools (the pool and the walking pool of list pages): connections open (total), idle, and requests waiting for one',
      labelNames: ['state'] as const,
      registers,
      collect() {
        const pools = [source.pool, source.walkingPool];
        const summed = (count: (pool: (typeof pools)[number]) => number) =>
          pools.reduce((sum, pool) => sum + count(pool), 0);
        this.set(
          { state: 'total' },
          summed((pool) => pool.totalCount),
        );
        this.set(
          { state: 'idle' },
          summed((pool) => pool.idleCount),
        );
        this.set(
          { state: 'waiting' },
          summed((pool) => pool.waitingCount),
        );
      },
    });
  }
  if (redis) {
    new client.Gauge({
      name: 'yuk_redis_up',
      help: 'Whether this instance is connected to Redis (1) or not (0)',
      registers,
      collect() {
        this.set(redis.status === 'ready' ? 1 : 0);
      },
    });
  }
  if (ctx.backups) {
    new client.Gauge({
      name: 'yuk_backup_last_success_timestamp_seconds',
      help: 'When the last scheduled backup finished (Unix time; 0: none yet)',
      registers,
      collect: guarded(async (gauge: client.Gauge) => {
        const last = await lastBackup(ctx.db);
        gauge.set(last ? Date.parse(last.finished_at) / 1000 : 0);
      }),
    });
  }
  return registry;
}

/** Every channel has its series from the start (0), so that a graph or an alert has one to read. */
const OUTBOX_CHANNELS = [...OUTSIDE_CHANNELS, 'sms'];

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * GET /metrics in Prometheus's text format: on the app's port only for a request bearing METRICS_TOKEN (401
 * otherwise; no such route without a token: 404), and/or on METRICS_PORT of 127.0.0.1. Never public by default.
 */
export async function metricsRoutes(app: FastifyInstance, ctx: MetricsContext, options: MetricsOptions): Promise<void> {
  if (!options.token && !options.port) return;
  await app.register(httpMetricsPlugin);
  for (const quota of ctx.quotaNames) metrics.quotaRefusals.inc({ quota }, 0);
  const registry = appRegistry(ctx, (error) => app.log.warn({ err: error }, 'metrics: a figure could not be read'));
  const render = () => renderMetrics(registry);

  const token = options.token;
  if (token) {
    const expected = digest(`Bearer ${token}`);
    // outside /api: not in the API document, and no quota, session or CSRF rule applies
    app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
      const given = request.headers.authorization;
      if (!given || !timingSafeEqual(digest(given), expected)) throw new AppError('NOT_AUTHENTICATED');
      return reply.type(METRICS_CONTENT_TYPE).send(await render());
    });
  }

  const port = options.port;
  if (port) {
    const server: Server = createServer((request, response) => {
      if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics') {
        response.writeHead(404).end();
        return;
      }
      render().then(
        (text) => response.writeHead(200, { 'content-type': METRICS_CONTENT_TYPE }).end(text),
        (error: unknown) => {
          app.log.error({ err: error }, 'metrics: scrape failed');
          response.writeHead(500).end();
        },
      );
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve());
    });
    app.addHook('onClose', async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    });
  }
}
