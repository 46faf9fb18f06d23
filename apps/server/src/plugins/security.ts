import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { Redis } from 'ioredis';
import fp from 'fastify-plugin';
import { API_PREFIX, apiPaths } from '@yuk/shared';
import { AppError } from '../errors.js';

/** Query parameters that carry a credential: a signed link's signature, or a token a client wrongly put in a URL. */
const SECRET_QUERY_PARAMS =
  /([?&;](?:sig|signature|token|access_?token|refresh_?token|id_?token|password|code|key)=)[^&;#]*/gi;

/** A URL as the log may show it: every credential in its query replaced by "***". */
export function maskUrlSecrets(url: string): string {
  return url.replace(SECRET_QUERY_PARAMS, '$1***');
}

/** How a request appears in the log (Fastify's own fields), its URL masked. */
export function requestLogFields(request: FastifyRequest) {
  return {
    method: request.method,
    url: maskUrlSecrets(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * Where `value` holds a text no field of the product may hold: a NUL character (PostgreSQL cannot store it,
 * and C code reading it stops early) or a lone surrogate (not Unicode at all). The path of the first one, or undefined.
 */
export function badTextPath(value: unknown, path = '', depth = 0): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') || LONE_SURROGATE.test(value) ? path : undefined;
  if (value === null || typeof value !== 'object' || depth > 32 || Buffer.isBuffer(value)) return undefined;
  for (const [key, inner] of Object.entries(value)) {
    const at = path ? `${path}.${key}` : key;
    if (badTextPath(key) !== undefined) return at;
    const found = badTextPath(inner, at, depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}

const HELMET_OPTIONS: HelmetOptions = {
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
      // Telegram's web clients (web.telegram.org/k and /a) show the Mini App in a frame; no one else may (decision 032)
      frameAncestors: ['https://web.telegram.org'],
    },
  },
  crossOriginEmbedderPolicy: false,
  hsts: { maxAge: 15552000, includeSubDomains: true },
  referrerPolicy: { policy: 'no-referrer' },
};

/** The policy with more places images may come from (the map's tile server). */
function withImageSources(sources: string[]): HelmetOptions {
  if (sources.length === 0) return HELMET_OPTIONS;
  const csp = HELMET_OPTIONS.contentSecurityPolicy as { useDefaults: boolean; directives: Record<string, string[]> };
  return {
    ...HELMET_OPTIONS,
    contentSecurityPolicy: {
      ...csp,
      directives: { ...csp.directives, imgSrc: [...(csp.directives.imgSrc ?? []), ...sources] },
    },
  };
}

/**
 * The CSP source of a map tile URL template: its scheme and host, a `{s}` subdomain as `*`
 * (https://{s}.tile.example.org/{z}/{x}/{y}.png → https://*.tile.example.org); none for a data: URL or no tiles.
 */
export function tileImageSource(tileUrl: string | null): string | undefined {
  const origin = tileUrl ? /^(https?:\/\/[^/?#]+)/.exec(tileUrl)?.[1] : undefined;
  if (!origin) return undefined;
  const source = origin.replace(/\{[^}]*\}/g, '*');
  // a wildcard is allowed only as the host's first label
  return /^https?:\/\/(\*\.)?[^*]+$/.test(source) ? source : `${origin.split(':')[0]}:`;
}

/**
 * The headers helmet sets, worked out once: they are the same on every answer, and building helmet's
 * middleware per request (as its Fastify plugin does) cost a tenth of a small request's time.
 */
export function securityHeaders(options: HelmetOptions = HELMET_OPTIONS): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  // helmet writes its headers synchronously through setHeader/removeHeader only
  helmet(options)({} as never, response as never, (error?: unknown) => {
    if (error) throw error instanceof Error ? error : new Error('helmet could not set its headers', { cause: error });
  });
  return headers;
}

/**
 * The headers of the API's own answers (JSON, event streams, errors): those that protect a response no browser
 * shows as a page, as OWASP's REST Security Cheat Sheet gives them, the policy allowing nothing at all. Helmet's
 * other headers (a page's sources, DNS prefetch, IE's download prompt, Flash's cross-domain policy, the XSS
 * auditor, origin-keyed agent clusters) only mean something for a page, and cost each answer 371 bytes and a
 * sixth of node:http's rate on a small one (decision 035).
 */
export function apiSecurityHeaders(pageHeaders: Record<string, string> = securityHeaders()): Record<string, string> {
  const kept = [
    'cross-origin-opener-policy',
    'cross-origin-resource-policy',
    'referrer-policy',
    'strict-transport-security',
    'x-content-type-options',
  ];
  return {
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    ...Object.fromEntries(kept.flatMap((name) => (pageHeaders[name] ? [[name, pageHeaders[name]]] : []))),
    'x-frame-options': 'DENY',
  };
}

const API_ANSWERS = `${API_PREFIX}/`;

/** Whether an answer to `url` is the API's own (not a page, nor the API's documentation, which is a page). */
export function isApiAnswer(url: string): boolean {
  return url.startsWith(API_ANSWERS) && !url.startsWith(apiPaths.docs);
}

/**
 * Security headers on every answer (on a page, a strict CSP: scripts only from our own origin, never inline;
 * on the API's answers, the short set above) and per-route rate limits. Inline styles stay allowed: the toast
 * library injects its stylesheet.
 */
const secureAnswers = async (app: FastifyInstance, options: { redis?: Redis; imgSources?: string[] }) => {
  // After validation, before any handler: bad text in a path, query or body is refused with 400 and never reaches the database.
  // (a callback hook: an async one costs every request a promise)
  app.addHook('preHandler', (request, _reply, done) => {
    for (const [part, value] of [
      ['params', request.params],
      ['query', request.query],
      ['body', request.body],
    ] as const) {
      const path = badTextPath(value);
      if (path !== undefined) return done(new AppError('VALIDATION_FAILED', { fields: { [path || part]: 'invalid' } }));
    }
    done();
  });
  const pageHeaders = securityHeaders(withImageSources(options.imgSources ?? []));
  const apiHeaders = apiSecurityHeaders(pageHeaders);
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(isApiAnswer(request.url) ? apiHeaders : pageHeaders);
    done();
  });
  // With Redis the limits count across every instance; if Redis fails, requests are let through rather than refused.
  await app.register(rateLimit, {
    global: false,
    ...(options.redis ? { redis: options.redis, skipOnError: true, nameSpace: 'yuk:rate:' } : {}),
  });
};
export const securityPlugin = fp(secureAnswers, { name: 'security', dependencies: ['errors'] });
