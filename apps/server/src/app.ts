import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { messageInput } from '@yuk/shared';
import type { Database } from './db/database.js';
import { AppError } from './errors.js';
import { dueHandlers } from './due-handlers.js';
import { auditRoutes } from './modules/audit/index.js';
import { authRoutes, issuePasswordReset } from './modules/auth/index.js';
import { bidsRoutes } from './modules/bids/index.js';
import { companiesRoutes } from './modules/companies/index.js';
import { dashboardRoutes } from './modules/dashboard/index.js';
import { startDeadlineRunner } from './modules/deadlines/index.js';
import {
  createDeliveryChannels,
  deliveryRoutes,
  startOutboxSender,
  type DeliveryContext,
  type DeliveryOptions,
} from './modules/delivery/index.js';
import { awardSignaturesRoutes } from './modules/award-signatures/index.js';
import { deliveryProofRoutes } from './modules/delivery-proof/index.js';
import { createEimzoClient, eriRoutes, type EimzoSettings } from './modules/eri/index.js';
import { createFileLinks, filesRoutes } from './modules/files/index.js';
import { healthRoutes, refuseResendableWhileDraining, type Readiness } from './modules/health/index.js';
import { marketRoutes } from './modules/market/index.js';
import { moderationRoutes } from './modules/moderation/index.js';
import { announceEntry, appendSystemLine, conversationsRoutes, sendMessage } from './modules/conversations/index.js';
import { tenderQuestionsRoutes } from './modules/tender-questions/index.js';
import { notificationsRoutes } from './modules/notifications/index.js';
import {
  lastBackup,
  metricsRoutes,
  startBackupSchedule,
  type BackupSchedule,
  type MetricsOptions,
} from './modules/operations/index.js';
import {
  createDatabaseCounters,
  createQuotaGuard,
  createRedisCounters,
  DEFAULT_QUOTAS,
  quotasPlugin,
  quotasRoutes,
  startQuotaCleanup,
  type QuotaTable,
} from './modules/quotas/index.js';
import { ratingsRoutes } from './modules/ratings/index.js';
import { telegramAppRoutes } from './modules/telegram-app/index.js';
import {
  createChannelSender,
  tenderChannelsRoutes,
  withChannelPosts,
  type TenderChannelsSettings,
} from './modules/tender-channels/index.js';
import { savedSearchesRoutes } from './modules/saved-searches/index.js';
import { shipmentsRoutes } from './modules/shipments/index.js';
import { lifecycleRoutes } from './modules/tender-lifecycle/index.js';
import {
  createCbuClient,
  createDidoxClient,
  startWaybillRefresher,
  waybillsRoutes,
  type CbuSettings,
  type DidoxSettings,
  type WaybillStatusChange,
} from './modules/waybills/index.js';
import { tendersRoutes } from './modules/tenders/index.js';
import { trackingRoutes, type MapSettings } from './modules/tracking/index.js';
import {
  assertModerator,
  createLoginThrottle,
  createTokenService,
  isSessionOpenFor,
  usersRoutes,
  type LoginThrottlePolicy,
} from './modules/users/index.js';
import { vehiclesRoutes } from './modules/vehicles/index.js';
import { authPlugin } from './plugins/auth.js';
import { createMemoryCounterStore, type CounterStore } from './plugins/counter-store.js';
import { clientErrorHandler, errorsPlugin } from './plugins/errors.js';
import { createMemoryEventBus, type EventBus } from './plugins/event-bus.js';
import {
  createLiveStreams,
  createMemoryStreamSlots,
  createRedisStreamSlots,
  DEFAULT_LIVE_STREAM_SETTINGS,
  liveStreamsPlugin,
  type LiveStreamSettings,
} from './plugins/live-streams.js';
import { openapiPlugin } from './plugins/openapi.js';
import { createRedisCounterStore, createRedisEventBus } from './plugins/redis.js';
import { requestOriginPlugin } from './plugins/request-origin.js';
import { responseSerializerCompiler } from './plugins/response-serializer.js';
import { requestLogFields, securityPlugin, tileImageSource } from './plugins/security.js';
import { endAllSseStreams } from './plugins/sse.js';
import { staticWebPlugin } from './plugins/static-web.js';
import { lazyRequestLogger } from './request-logger.js';

export interface AppOptions {
  database: Database;
  jwtSecret: string;
  logLevel?: string;
  /** The built web app to serve; the API alone when absent. */
  webDist?: string;
  trustProxy?: string;
  counterStore?: CounterStore;
  loginPolicy?: LoginThrottlePolicy;
  /** Live events between requests (and instances); in process when absent. */
  eventBus?: EventBus;
  /** redis://… shares live events, login counters and rate limits between instances. */
  redisUrl?: string;
  /** How often the schedule of deadlines is checked (ms); 0 turns it off (tests run it by hand). */
  deadlineTickMs?: number;
  /** Telegram, e-mail and push; each is off (or only logged) when not configured. */
  delivery?: DeliveryOptions;
  /** How often the outbox is checked for messages to send (ms); 0 turns it off (tests run it by hand). */
  outboxTickMs?: number;
  /** Every answer is also encoded through its zod schema and compared with what was written (the tests). */
  checkResponses?: boolean;
  /** A route that keeps no request origin fails when its handler reads one (the tests; request-origin.ts). */
  checkOrigins?: boolean;
  /** Tests fake the clock of tokens. */
  now?: () => number;
  /** Called for every route as it is added (tests compare the routes with the API document). */
  onRoute?: (route: RouteOptions) => void;
  /** Where log lines go (stdout when absent); tests read them back. */
  logStream?: { write(line: string): void };
  /** The fonts of the delivery note; the server's own assets/fonts when absent. */
  fontsDir?: string;
  /** The map tiles of the shipment pages (none when absent: the track is drawn alone). */
  map?: MapSettings;
  /** /api/docs and its JSON document; on when absent (API_DOCS=0 turns them off). */
  apiDocs?: boolean;
  /** Caps, heartbeat and idle time of the live streams; the defaults when absent. */
  liveStreams?: Partial<LiveStreamSettings>;
  /** The limits on each person's writes (tenders, bids, uploads …); the defaults when absent. */
  quotas?: QuotaTable;
  /** How often the counters of past quota windows are removed (ms); 0 turns it off (tests run it by hand). */
  quotaCleanupMs?: number;
  /** E-IMZO-SERVER, for ERI-Key sign-in and signed awards; they answer 503 ERI_UNAVAILABLE when absent. */
  eimzo?: EimzoSettings;
  /** The vendor's keys for our domains, handed to the web app's E-IMZO client by GET /api/config; none when absent. */
  eimzoApiKeys?: { domain: string; key: string }[];
  /** Where opened tenders are posted in Telegram (TELEGRAM_CHANNELS); nothing is posted when absent or empty. */
  tenderChannels?: TenderChannelsSettings;
  /** Starting, ready or draining (main.ts moves it); /api/health/ready answers by it. Ready when absent. */
  readiness?: Readiness;
  /** /metrics behind a bearer token on this port, and/or on a port of 127.0.0.1; off when absent. */
  metrics?: MetricsOptions;
  /** Backups the app takes itself, one instance at a time; none when absent. */
  backups?: BackupSchedule;
  /** How often the backup schedule is checked (ms); 0 turns it off (tests run it by hand). */
  backupTickMs?: number;
  /** Didox, where e-waybills are formed and signed; absent: the waybill section says they are not set up. */
  didox?: DidoxSettings;
  /** The Central Bank's rates for the waybill's so'm amounts; absent: only the rates kept in the database. */
  cbu?: CbuSettings;
  /** How often the schedule of waybill refreshes is checked (ms); 0 turns it off (tests run it by hand). */
  waybillRefreshTickMs?: number;
}

/** How long a starting instance waits for its Redis subscriptions before it takes requests regardless. */
const SUBSCRIPTIONS_WAIT_MS = 3000;

/** Request and response logs never carry tokens, passwords or cookies. */
const redact = [
  'req.headers.authorization',
  'req.headers.cookie',
  // plugins log request headers under their own keys too (the multipart reader logs its options at trace)
  '*.headers.authorization',
  '*.headers.cookie',
  'res.headers["set-cookie"]',
  '*.password',
  '*.refreshToken',
  '*.accessToken',
];

/** Builds the whole application without listening: main.ts listens, tests call it with inject. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: options.logLevel ?? 'info',
      redact,
      serializers: { req: requestLogFields },
      ...(options.logStream ? { stream: options.logStream } : {}),
    },
    clientErrorHandler,
    bodyLimit: 1024 * 1024,
    trustProxy: options.trustProxy ?? false,
    // randomUUID draws from a buffered entropy pool: far cheaper per request than randomBytes
    genReqId: () => randomUUID(),
    // a request's logger is made when it first writes a line (see request-logger.ts)
    childLoggerFactory: lazyRequestLogger,
    // `/api/tenders/` answers as `/api/tenders`, as it did when modules were mounted under prefixes
    routerOptions: { maxParamLength: 200, ignoreTrailingSlash: true },
    // while closing, a request already on a connection is answered (with Connection: close), not refused with
    // a 503 the balancer would pass on: the drain has moved new traffic elsewhere by then
    return503OnClosing: false,
  }).withTypeProvider<ZodTypeProvider>();
  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  // first of all: a draining instance sends what its balancer can resend elsewhere before any work is done
  if (options.readiness) app.addHook('onRequest', refuseResendableWhileDraining(options.readiness));
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler({ check: options.checkResponses ?? false }));

  const db = options.database.db;
  const source = options.database.source;
  if (source.engine === 'postgres') {
    // see openDatabase: the pool replaces the connection; the operator sees that it happened
    const connectionLost = (error: Error) =>
      app.log.warn({ err: error }, 'PostgreSQL ended an idle connection; the pool opens another when needed');
    for (const pool of [source.pool, source.walkingPool]) {
      pool.on('error', connectionLost);
      app.addHook('onClose', async () => void pool.off('error', connectionLost));
    }
  }
  const tokens = createTokenService(options.jwtSecret, options.now);
  const fileLinks = createFileLinks(options.jwtSecret, options.now);
  const redisBus =
    options.redisUrl && !options.eventBus ? await createRedisEventBus(options.redisUrl, app.log) : undefined;
  const redis = redisBus?.publisher;
  const counterStore =
    options.counterStore ?? (redis ? createRedisCounterStore(redis, app.log) : createMemoryCounterStore());
  const throttle = createLoginThrottle(counterStore, options.loginPolicy);

  const bus = options.eventBus ?? redisBus ?? createMemoryEventBus();
  // trading on tenders reads and announces their live state: bids, the owner's decisions, the deadlines
  const tenderStateCtx = { db, bus };
  // streams never end by themselves: end them first so that closing can finish
  app.addHook('preClose', async () => endAllSseStreams());
  // a tender that opens is also posted to its channel in Telegram, when channels are set up
  const tenderChannels = options.tenderChannels?.routes.length ? options.tenderChannels : undefined;
  const stopDeadlines = startDeadlineRunner(
    tenderStateCtx,
    withChannelPosts(dueHandlers, tenderChannels),
    options.deadlineTickMs ?? 250,
    app.log,
  );
  const delivery = options.delivery ?? { publicUrl: 'http://localhost:3000' };
  const deliveryChannels = createDeliveryChannels(delivery, app.log);
  const conversationsCtx = { db, bus, fileLinks };
  const deliveryCtx: DeliveryContext = {
    db,
    channels: deliveryChannels,
    ...(tenderChannels
      ? { chatMessages: createChannelSender({ db, telegram: deliveryChannels.telegram, settings: tenderChannels }) }
      : {}),
    // a reply in Telegram to a notification of new messages goes into that shipment's conversation
    chatReplies: async ({ userId, kind, params, text }) => {
      if (kind !== 'shipment_messages' || typeof params.number !== 'string') return false;
      const message = messageInput.safeParse({ text });
      if (!message.success) return false;
      return sendMessage(conversationsCtx, userId, params.number, message.data).then(
        () => true,
        (error: unknown) => {
          if (error instanceof AppError) return false;
          throw error;
        },
      );
    },
    // a reset mail's link is made as it is sent: the request queued the same mail for every address
    passwordResets: (address: string, nowMs: number, expiresAtMs: number) =>
      issuePasswordReset(db, address, nowMs, expiresAtMs),
  };
  const stopOutbox = startOutboxSender(deliveryCtx, options.outboxTickMs ?? 500, app.log);
  app.addHook('onClose', async () => {
    stopDeadlines();
    stopOutbox();
    deliveryCtx.channels.email.close();
    if (!options.eventBus) await bus.close();
  });
  if (delivery.telegramWebhookUrl && deliveryCtx.channels.telegram.enabled) {
    const url = delivery.telegramWebhookUrl;
    // Telegram is told where to post updates; a Bot API that is down must not hold up the start
    deliveryCtx.channels.telegram.setWebhook(url).then(
      () => app.log.info({ url }, 'Telegram webhook set'),
      (error: unknown) => app.log.warn({ err: error }, 'Telegram webhook not set'),
    );
  }

  await app.register(errorsPlugin);
  // before every route: the HTTP figures are counted on all of them
  await metricsRoutes(
    app,
    {
      db,
      source: options.database.source,
      ...(redis ? { redis } : {}),
      backups: Boolean(options.backups),
      quotaNames: Object.keys(options.quotas ?? DEFAULT_QUOTAS),
    },
    options.metrics ?? {},
  );
  if (options.backups) {
    const stopBackups = startBackupSchedule(
      { db, source: options.database.source, schedule: options.backups, log: app.log },
      options.backupTickMs ?? 30_000,
    );
    app.addHook('onClose', async () => stopBackups());
  }
  const map = options.map ?? { tileUrl: null, attribution: '' };
  const tileSource = tileImageSource(map.tileUrl);
  await app.register(securityPlugin, {
    ...(redis ? { redis } : {}),
    ...(tileSource ? { imgSources: [tileSource] } : {}),
  });
  if (options.apiDocs ?? true) await app.register(openapiPlugin);
  await app.register(requestOriginPlugin, { check: options.checkOrigins ?? false });
  await app.register(liveStreamsPlugin, {
    liveStreams: createLiveStreams({
      settings: { ...DEFAULT_LIVE_STREAM_SETTINGS, ...options.liveStreams },
      slots: redis ? createRedisStreamSlots(redis, app.log) : createMemoryStreamSlots(),
      bus,
    }),
  });
  // an instance takes requests once its subscriptions reach Redis (the streams' control channel among them: a
  // stream another instance pushed out would otherwise stay open here); with Redis away it starts after
  // SUBSCRIPTIONS_WAIT_MS all the same, degraded, as its health check says
  if (redisBus) app.addHook('onReady', async () => await redisBus.subscribed(SUBSCRIPTIONS_WAIT_MS));
  await app.register(authPlugin, {
    verifyAccess: (token: string) => tokens.verifyAccess(token),
    isSessionOpen: (sessionId: string, userId: number) => isSessionOpenFor(db, sessionId, userId),
  });
  const quotasCtx = {
    db,
    table: options.quotas ?? DEFAULT_QUOTAS,
    counters: redis ? createRedisCounters(redis, createDatabaseCounters(db), app.log) : createDatabaseCounters(db),
    now: options.now ?? Date.now,
    log: app.log,
  };
  const quotaGuard = createQuotaGuard(quotasCtx);
  await app.register(quotasPlugin, { table: quotasCtx.table, guard: quotaGuard });
  const stopQuotaCleanup = startQuotaCleanup(quotasCtx, options.quotaCleanupMs ?? 10 * 60_000);
  app.addHook('onClose', async () => stopQuotaCleanup());

  // Each module registers its routes at their full paths from the shared `apiPaths`: the paths are named once.
  await app.register(healthRoutes, {
    database: options.database,
    ...(redis ? { redis } : {}),
    ...(options.readiness ? { readiness: options.readiness } : {}),
    ...(options.backups ? { lastBackupAt: async () => (await lastBackup(db))?.finished_at ?? null } : {}),
  });
  await app.register(bidsRoutes, { ctx: tenderStateCtx });
  await app.register(lifecycleRoutes, { ctx: tenderStateCtx });
  await app.register(notificationsRoutes, { ctx: { db, bus } });
  await app.register(shipmentsRoutes, {
    ctx: {
      db,
      bus,
      // each step is a short line in the shipment's conversation
      onStep: async (trx, step) => {
        await appendSystemLine(trx, { shipmentId: step.shipmentId, kind: step.status, at: new Date(step.at) });
      },
    },
  });
  await app.register(trackingRoutes, {
    ctx: { db, bus, publicUrl: delivery.publicUrl },
    map,
    eimzoApiKeys: options.eimzoApiKeys ?? [],
  });
  await app.register(tendersRoutes, {
    ctx: { db },
    // the tenders of an import count against the form's quota, all at once
    quota: {
      shortfall: (request, tenders) => quotaGuard.shortfall(request, 'tenders', tenders),
      admit: (request, tenders) => quotaGuard.admitMany(request, 'tenders', tenders),
    },
  });
  const usersCtx = { db, tokens, throttle };
  await app.register(usersRoutes, { ctx: usersCtx });
  await app.register(authRoutes, {
    ctx: { db, users: usersCtx, secret: options.jwtSecret, ...(options.now ? { now: options.now } : {}) },
  });
  // one E-IMZO-SERVER client for signing in and for signed awards
  const eimzo = options.eimzo ? createEimzoClient(options.eimzo) : undefined;
  await app.register(eriRoutes, {
    ctx: { db, users: usersCtx, eimzo, ...(options.now ? { now: options.now } : {}) },
  });
  // the Mini App's sign-in checks launches signed with the bot's token
  await app.register(telegramAppRoutes, {
    ctx: { db, users: usersCtx, botToken: delivery.telegram?.token, ...(options.now ? { now: options.now } : {}) },
  });
  await app.register(awardSignaturesRoutes, {
    ctx: { db, bus, eimzo, log: app.log, ...(options.now ? { now: options.now } : {}) },
  });
  const waybillsCtx = {
    db,
    bus,
    didox: options.didox ? createDidoxClient(options.didox) : undefined,
    cbu: options.cbu ? createCbuClient(options.cbu) : undefined,
    log: app.log,
    ...(options.now ? { now: options.now } : {}),
    // the consignor's signature on the e-waybill is a step of the load's story: a line in its conversation
    onStatusChange: async (change: WaybillStatusChange) => {
      if (change.status !== 'consignor_signed') return;
      const entryId = await appendSystemLine(db, {
        shipmentId: change.shipmentId,
        kind: 'waybill_signed',
        params: { side: change.by },
        at: new Date(change.at),
      });
      await announceEntry(conversationsCtx, change.number, entryId);
    },
  };
  await app.register(waybillsRoutes, { ctx: waybillsCtx });
  const stopWaybillRefresher = startWaybillRefresher(waybillsCtx, options.waybillRefreshTickMs ?? 30_000, app.log);
  app.addHook('onClose', async () => stopWaybillRefresher());
  await app.register(vehiclesRoutes, { ctx: { db, fileLinks } });
  await app.register(filesRoutes, { ctx: { db, fileLinks } });
  await app.register(companiesRoutes, { ctx: { db, bus, fileLinks } });
  await app.register(moderationRoutes, { ctx: { db, bus, fileLinks } });
  await app.register(auditRoutes, { ctx: { db, assertModerator } });
  await app.register(quotasRoutes, { ctx: quotasCtx });
  await app.register(ratingsRoutes, { ctx: { db } });
  await app.register(marketRoutes, { ctx: { db } });
  await app.register(dashboardRoutes, { ctx: { db } });
  // src/app.ts and the bundle dist/main.js are one folder below the server's root, beside assets/
  const fontsDir = options.fontsDir ?? fileURLToPath(new URL('../assets/fonts/', import.meta.url));
  await app.register(deliveryProofRoutes, { ctx: { db, bus, fileLinks, fontsDir } });
  await app.register(savedSearchesRoutes, { ctx: { db } });
  await app.register(deliveryRoutes, { ctx: deliveryCtx });
  await app.register(tenderChannelsRoutes, {
    ctx: { db, settings: tenderChannels, enabled: deliveryChannels.telegram.enabled },
  });
  await app.register(tenderQuestionsRoutes, { ctx: { db, bus } });
  await app.register(conversationsRoutes, { ctx: conversationsCtx });

  if (options.webDist) await app.register(staticWebPlugin, { root: options.webDist });
  return app;
}
