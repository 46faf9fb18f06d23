import { fileURLToPath } from 'node:url';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { openDatabase, warmConnections } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { createPrettyLogStream } from './log-format.js';
import { generateVapidKeys, PUSH_SERVICES_DEFAULT } from './modules/delivery/index.js';
import { createReadiness } from './modules/health/index.js';
import { listWarmUpStatements } from './modules/tenders/index.js';
import { observeQuery } from './plugins/metrics.js';
import { endAllSseStreams } from './plugins/sse.js';
import { resolveJwtSecret, resolveTelegramWebhookSecret, resolveVapidKeys } from './secrets.js';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemoData } from './seed/demo-seed.js';
import { stopAccepting } from './stop-accepting.js';

const SHUTDOWN_GRACE_MS = 10_000;
// after the drain, how long connections still open may take to end by themselves: one a balancer has just
// opened carries its request within this time; one left idle by a client is dropped after it
const CONNECTIONS_END_MS = 1_000;

async function main() {
  const config = loadConfig();
  const metricsOn = Boolean(config.metrics.token ?? config.metrics.port);
  const database = openDatabase({
    url: config.databaseUrl,
    dataDir: config.dataDir,
    keepConnections: true,
    ...(metricsOn ? { onQuery: observeQuery } : {}),
  });
  await migrateToLatest(database);
  // not ready (503 at /api/health/ready) until listening, and again from the moment SIGTERM arrives
  const readiness = createReadiness('starting');
  const app = await buildApp({
    database,
    readiness,
    metrics: config.metrics,
    ...(config.backups ? { backups: config.backups } : {}),
    jwtSecret: resolveJwtSecret(config),
    logLevel: config.logLevel,
    ...(config.logFormat === 'pretty' ? { logStream: await createPrettyLogStream() } : {}),
    webDist: config.webDist ?? fileURLToPath(new URL('../../web/dist', import.meta.url)),
    trustProxy: config.trustProxy,
    map: config.map,
    apiDocs: config.apiDocs,
    ...(config.eimzo ? { eimzo: config.eimzo } : {}),
    eimzoApiKeys: config.eimzoApiKeys,
    ...(config.didox ? { didox: config.didox } : {}),
    ...(config.cbuRatesUrl ? { cbu: { ratesUrl: config.cbuRatesUrl } } : {}),
    liveStreams: config.liveStreams,
    quotas: config.quotas,
    redisUrl: config.redisUrl,
    tenderChannels: {
      routes: config.telegram.channels,
      miniAppName: config.telegram.miniAppName,
      language: config.telegram.channelsLanguage,
    },
    delivery: {
      publicUrl: config.publicUrl,
      telegram: {
        token: config.telegram.token,
        webhookSecret: config.telegram.token ? resolveTelegramWebhookSecret(config) : undefined,
        apiBase: config.telegram.apiBase,
        botUsername: config.telegram.botUsername,
      },
      telegramWebhookUrl: config.telegram.webhookUrl,
      email: { smtpUrl: config.smtpUrl, from: config.mailFrom },
      push: {
        vapid: resolveVapidKeys(config, generateVapidKeys),
        subject: config.vapidSubject,
        services: config.pushServices ?? PUSH_SERVICES_DEFAULT,
      },
      sms: config.sms,
    },
  });

  if (config.seedDemo && (await seedDemoData(database.db))) {
    const lines = DEMO_ACCOUNTS.map((a) => `  ${a.role.padEnd(8)} ${a.email.padEnd(24)} ${DEMO_PASSWORD}`);
    app.log.info({ accounts: DEMO_ACCOUNTS.map((a) => a.email) }, 'demo data loaded');
    console.log(`\nYuk Tender demo logins (password ${DEMO_PASSWORD}):\n${lines.join('\n')}\n`);
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    readiness.state = 'draining';
    // SIGTERM (a supervisor, a rolling restart): keep serving a while, answering not-ready and closing each
    // connection after its answer, so the load balancer moves on before the port closes. Ctrl-C stops at once.
    const drainMs = signal === 'SIGTERM' ? config.shutdownDrainMs : 0;
    if (drainMs > 0) {
      app.log.info(`${signal}: not ready; draining for ${drainMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, drainMs));
    }
    app.log.info(`${signal}: finishing in-flight requests`);
    const timer = setTimeout(
      () => {
        app.log.error('shutdown took too long; exiting');
        process.exit(1);
      },
      SHUTDOWN_GRACE_MS + (drainMs > 0 ? CONNECTIONS_END_MS : 0),
    );
    timer.unref();
    try {
      if (drainMs > 0) {
        // the port closes (a balancer's next connection is refused, and it tries another instance), but open
        // connections are served to their end: only then does the app close what is left
        endAllSseStreams();
        const connections = await stopAccepting(app.server, CONNECTIONS_END_MS);
        app.log.info(`${signal}: port closed; open connections ${connections}`);
      }
      await app.close(); // stops accepting, waits for in-flight requests
      await database.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'error during shutdown');
      process.exit(1);
    }
  };
  // Answers finished during shutdown close their keep-alive connection, so the server can stop promptly.
  // (a callback hook: an async one costs every answer a promise)
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });
  // Ctrl-C reaches this process twice (from the terminal and from `npm start` passing it on): later signals
  // wait for the first shutdown instead of killing it halfway.
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  // every connection opened and warm before the first request (a cold one answered a search ten times slower)
  const warm = await warmConnections(database, listWarmUpStatements(database.db));
  if (warm.error !== undefined) {
    app.log.warn({ err: warm.error }, `${warm.warmed} of ${warm.wanted} database connections warmed before starting`);
  }
  await app.listen({ port: config.port, host: config.host });
  readiness.state = 'ready';
  const docs = config.apiDocs ? '; API docs at /api/docs' : '';
  console.log(`Yuk Tender is running at http://localhost:${config.port} (${database.describe})${docs}`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
