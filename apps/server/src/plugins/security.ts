import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import fp from 'fastify-plugin';

/**
 * Security headers on every answer (a strict CSP: scripts only from our own origin, never inline) and
 * per-route rate limits. Inline styles stay allowed: the toast library injects its stylesheet.
 */
export const securityPlugin = fp(async (app: FastifyInstance, options: { redis?: Redis }) => {
  await app.register(cookie);
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    crossOriginEmbedderPolicy: false,
    hsts: { maxAge: 15552000, includeSubDomains: true },
    referrerPolicy: { policy: 'no-referrer' },
  });
  // With Redis the limits count across every instance; if Redis fails, requests are let through rather than refused.
  await app.register(rateLimit, {
    global: false,
    ...(options.redis ? { redis: options.redis, skipOnError: true, nameSpace: 'yuk:rate:' } : {}),
  });
});
