import { randomBytes } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from './db/database.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { createLoginThrottle, type LoginThrottlePolicy } from './modules/users/login-throttle.js';
import { createTokenService } from './modules/users/tokens.js';
import { usersRoutes } from './modules/users/users.routes.js';
import { authPlugin } from './plugins/auth.js';
import { createMemoryCounterStore, type CounterStore } from './plugins/counter-store.js';
import { errorsPlugin } from './plugins/errors.js';
import { openapiPlugin } from './plugins/openapi.js';
import { securityPlugin } from './plugins/security.js';
import { staticWebPlugin } from './plugins/static-web.js';

export interface AppOptions {
  database: Database;
  jwtSecret: string;
  logLevel?: string;
  /** The built web app to serve; the API alone when absent. */
  webDist?: string;
  trustProxy?: string;
  counterStore?: CounterStore;
  loginPolicy?: LoginThrottlePolicy;
  /** Tests fake the clock of tokens. */
  now?: () => number;
}

/** Request and response logs never carry tokens, passwords or cookies. */
const redact = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  '*.password',
  '*.refreshToken',
  '*.accessToken',
];

/** Builds the whole application without listening: main.ts listens, tests call it with inject. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: options.logLevel ?? 'info', redact },
    bodyLimit: 1024 * 1024,
    trustProxy: options.trustProxy ?? false,
    genReqId: () => randomBytes(8).toString('hex'),
    routerOptions: { maxParamLength: 200 },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const db = options.database.db;
  const tokens = createTokenService(options.jwtSecret, options.now);
  const throttle = createLoginThrottle(options.counterStore ?? createMemoryCounterStore(), options.loginPolicy);

  await app.register(errorsPlugin);
  await app.register(securityPlugin);
  await app.register(openapiPlugin);
  await app.register(authPlugin, { db, tokens });

  await app.register(
    async (api) => {
      await api.register(healthRoutes, { db });
      await api.register(usersRoutes, { prefix: '/users', ctx: { db, tokens, throttle } });
    },
    { prefix: '/api' },
  );

  if (options.webDist) await app.register(staticWebPlugin, { root: options.webDist });
  return app;
}
