import { resolve } from 'node:path';
import { z } from 'zod';
import { resolveLogFormat, type LogFormat } from './log-format.js';
import { quotaTableFromEnv, type QuotaTable } from './modules/quotas/index.js';
import { parseTenderChannels, type TenderChannelRoute } from './modules/tender-channels/index.js';

const flag = (fallback: boolean) =>
  z
    .enum(['0', '1', 'true', 'false', 'yes', 'no'])
    .optional()
    .transform((value) => (value === undefined ? fallback : ['1', 'true', 'yes'].includes(value)));

/** OpenStreetMap's standard tiles: fine for a modest audience under its tile usage policy; set your own at scale. */
export const DEFAULT_MAP_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
const OSM_ATTRIBUTION = '© OpenStreetMap contributors';

const configSchema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default('0.0.0.0'),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z
      .string()
      .regex(/^(postgres(ql)?:\/\/|sqlite:)/, 'DATABASE_URL must start with postgres:// or sqlite:')
      .optional(),
    REDIS_URL: z
      .string()
      .regex(/^rediss?:\/\//, 'REDIS_URL must start with redis://')
      .optional(),
    JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /** json or pretty; unset: pretty on a terminal, json otherwise. */
    LOG_FORMAT: z.enum(['json', 'pretty']).optional(),
    SEED_DEMO: flag(true),
    /** Where the built web app lives; served on every path that is not /api. */
    WEB_DIST: z.string().optional(),
    /** Trust X-Forwarded-For from these proxies (e.g. "127.0.0.1"); off unless set. */
    TRUST_PROXY: z.string().optional(),
    /** The address people reach the app at: the links in Telegram, e-mail and push messages. */
    PUBLIC_URL: z.url({ error: 'PUBLIC_URL must be an http(s) address' }).optional(),
    /** The bot's token; without it Telegram is off. */
    TELEGRAM_BOT_TOKEN: z
      .string()
      .regex(/^\d+:[\w-]+$/, 'TELEGRAM_BOT_TOKEN must look like 123456:ABC-def')
      .optional(),
    /** The secret Telegram sends with each update (1–256 of A–Z a–z 0–9 _ -); generated into DATA_DIR if unset. */
    TELEGRAM_WEBHOOK_SECRET: z
      .string()
      .regex(/^[\w-]{1,256}$/, 'TELEGRAM_WEBHOOK_SECRET: 1 to 256 of A-Z a-z 0-9 _ -')
      .optional(),
    TELEGRAM_API_BASE: z.url().default('https://api.telegram.org'),
    /** The bot's @name without the @; asked of the Bot API when unset. */
    TELEGRAM_BOT_USERNAME: z
      .string()
      .regex(/^\w{3,64}$/)
      .optional(),
    /** Where Telegram posts updates; default PUBLIC_URL + /api/telegram/webhook when PUBLIC_URL is https. */
    TELEGRAM_WEBHOOK_URL: z.url().optional(),
    /** Where open tenders are posted, by mode: "truck:@yuk_truck,plane:@yuk_avia,*:-1001234" (* every other mode). */
    TELEGRAM_CHANNELS: z.string().optional(),
    /** The Mini App's short name at @BotFather (https://t.me/<bot>/<name>); unset: the bot's main Mini App. */
    TELEGRAM_MINI_APP: z
      .string()
      .regex(
        /^[A-Za-z0-9_]{3,30}$/,
        'TELEGRAM_MINI_APP must be the short name of the Mini App (3 to 30 of A-Z a-z 0-9 _)',
      )
      .optional(),
    /** The language the channel posts are written in. */
    TELEGRAM_CHANNELS_LANGUAGE: z.enum(['uz', 'en', 'ru']).default('uz'),
    /** smtp://user:pass@host:587 or smtps://…; without it e-mails are written to the log. */
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, 'SMTP_URL must start with smtp:// or smtps://')
      .optional(),
    MAIL_FROM: z.string().default('Yuk Tender <no-reply@yuktender.uz>'),
    /** Web Push keys (URL-safe base64); generated into DATA_DIR when unset. */
    VAPID_PUBLIC_KEY: z.string().optional(),
    VAPID_PRIVATE_KEY: z.string().optional(),
    VAPID_SUBJECT: z
      .string()
      .regex(/^(mailto:|https:)/, 'VAPID_SUBJECT must be mailto: or https:')
      .optional(),
    /** console (the code goes to the server log) or eskiz. */
    SMS_PROVIDER: z.enum(['console', 'eskiz']).default('console'),
    ESKIZ_EMAIL: z.string().optional(),
    ESKIZ_PASSWORD: z.string().optional(),
    ESKIZ_API_BASE: z.url().default('https://notify.eskiz.uz/api'),
    /** The sender name approved for the Eskiz account; 4546 is Eskiz's own short number. */
    ESKIZ_FROM: z.string().min(1).max(20).default('4546'),
    /** Comma-separated origins of the accepted push services (https://*.push.apple.com covers subdomains). */
    PUSH_SERVICES: z.string().optional(),
    /** Map tiles: a Leaflet URL template ({z}/{x}/{y}, {s} for subdomains), a data:image URL, or off. */
    MAP_TILE_URL: z
      .string()
      .regex(
        /^(https?:\/\/|data:image\/|off$)/,
        'MAP_TILE_URL must be an http(s) URL template, a data:image URL or off',
      )
      .default(DEFAULT_MAP_TILE_URL),
    /** The tiles' attribution shown on every map (OpenStreetMap's for its tiles). */
    MAP_ATTRIBUTION: z.string().max(300).optional(),
    /** E-IMZO-SERVER (the vendor's service run beside us) for ERI-Key sign-in; unset: ERI-Key is off. */
    EIMZO_SERVER_URL: z.url({ protocol: /^https?$/, error: 'EIMZO_SERVER_URL must be an http(s) address' }).optional(),
    /**
     * The keys the vendor issues for our domains, which the web app hands to the user's E-IMZO before its first
     * call: "example.uz:HEXKEY,www.example.uz:HEXKEY" (localhost needs none).
     */
    EIMZO_API_KEYS: z
      .string()
      .regex(
        /^\s*([a-z0-9.-]+(:\d+)?:[0-9a-f]{16,512})(\s*,\s*[a-z0-9.-]+(:\d+)?:[0-9a-f]{16,512})*\s*$/i,
        'EIMZO_API_KEYS must be domain:KEY pairs (the key in hex), separated by commas',
      )
      .optional(),
    /** The OpenAPI document and its page at /api/docs; 0 turns both off (404). */
    API_DOCS: flag(true),
    /** Live streams (Server-Sent Events) of each kind one user may hold open; a new one closes the oldest. */
    LIVE_STREAMS_PER_USER: z.coerce.number().int().min(1).max(100).default(5),
    /** The same, per client address (behind a proxy, set TRUST_PROXY or every client shares its address). */
    LIVE_STREAMS_PER_ADDRESS: z.coerce.number().int().min(1).max(10_000).default(20),
    /** The comment line that keeps a stream open through proxies, every so many seconds. */
    LIVE_STREAM_HEARTBEAT_SECONDS: z.coerce.number().int().min(1).max(300).default(25),
    /** A stream with no event for this long is closed (the client comes back when its tab is shown); 0: never. */
    LIVE_STREAM_IDLE_SECONDS: z.coerce
      .number()
      .int()
      .min(0)
      .max(86_400)
      .refine((seconds) => seconds === 0 || seconds >= 60, 'LIVE_STREAM_IDLE_SECONDS must be 0 (never) or at least 60')
      .default(900),
    /** Operations (metrics, backups, draining): see docs/operations.md. */
    /** /metrics on the app's port, for a request carrying this as its bearer token; unset: not served there (404). */
    METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN must be at least 16 characters').optional(),
    /** /metrics on this port of 127.0.0.1 (no token); unset: no separate port. */
    METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
    /** Where scheduled backups are written; with BACKUP_EVERY the app takes them itself. */
    BACKUP_DIR: z.string().min(1).optional(),
    /** How often: a number and m, h or d (30m, 6h, 1d). */
    BACKUP_EVERY: z
      .string()
      .regex(/^\d+[mhd]$/, 'BACKUP_EVERY must be a number and m, h or d (e.g. 6h)')
      .refine((value) => durationMs(value) >= 60_000, 'BACKUP_EVERY must be at least 1m')
      .optional(),
    /** How many of the scheduled backups are kept (the oldest beyond are deleted). */
    BACKUP_KEEP: z.coerce.number().int().min(1).max(10_000).default(14),
    /** After SIGTERM: answer /api/health/ready with 503 but keep serving this long, so the balancer stops first. */
    SHUTDOWN_DRAIN_SECONDS: z.coerce.number().min(0).max(300).default(5),
    /** Didox's partner API, where e-waybills are formed and signed (its test host: https://testapi3.didox.uz); unset: off. */
    DIDOX_API_BASE: z.url({ protocol: /^https?$/, error: 'DIDOX_API_BASE must be an http(s) address' }).optional(),
    /** Our partner token at Didox (Partner-Authorization); required with DIDOX_API_BASE. */
    DIDOX_PARTNER_TOKEN: z.string().min(1).max(2000).optional(),
    /** The Central Bank's JSON rates, read as <url>USD/YYYY-MM-DD/ (https://cbu.uz/uz/arkhiv-kursov-valyut/json/); unset: only kept rates. */
    CBU_RATES_URL: z.url({ protocol: /^https?$/, error: 'CBU_RATES_URL must be an http(s) address' }).optional(),
  })
  .refine((c) => !c.DIDOX_API_BASE || c.DIDOX_PARTNER_TOKEN, {
    message: 'DIDOX_PARTNER_TOKEN is required with DIDOX_API_BASE',
    path: ['DIDOX_PARTNER_TOKEN'],
  });

/** 30m, 6h, 1d → milliseconds (the format BACKUP_EVERY takes). */
export function durationMs(text: string): number {
  const unit = { m: 60_000, h: 3_600_000, d: 86_400_000 }[text.slice(-1)] ?? Number.NaN;
  return Number.parseInt(text, 10) * unit;
}

export type RawConfig = z.input<typeof configSchema>;

export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  jwtSecret: string | undefined;
  logLevel: z.infer<typeof configSchema>['LOG_LEVEL'];
  logFormat: LogFormat;
  seedDemo: boolean;
  webDist: string | undefined;
  trustProxy: string | undefined;
  publicUrl: string;
  telegram: {
    token: string | undefined;
    webhookSecret: string | undefined;
    apiBase: string;
    botUsername: string | undefined;
    webhookUrl: string | undefined;
    /** Where open tenders are posted, by mode (none: no posting). */
    channels: TenderChannelRoute[];
    miniAppName: string | undefined;
    channelsLanguage: 'uz' | 'en' | 'ru';
  };
  smtpUrl: string | undefined;
  mailFrom: string;
  vapid: { publicKey: string; privateKey: string } | undefined;
  vapidSubject: string;
  pushServices: string[] | undefined;
  sms:
    | { provider: 'console' }
    | { provider: 'eskiz'; eskiz: { email: string; password: string; apiBase: string; from: string } };
  /** The map of a shipment's track: tiles (null: none, the track is drawn alone) and their attribution. */
  map: { tileUrl: string | null; attribution: string };
  /** Whether /api/docs and /api/docs/json are served. */
  apiDocs: boolean;
  /** E-IMZO-SERVER and our host as it must see it (PUBLIC_URL's); undefined: ERI-Key is off. */
  eimzo: { serverUrl: string; host: string } | undefined;
  /** The vendor's keys for our domains, for the web app's E-IMZO client (none: localhost only). */
  eimzoApiKeys: { domain: string; key: string }[];
  liveStreams: { perUser: number; perAddress: number; heartbeatMs: number; idleMs: number };
  /** The limits on each person's writes: the defaults, each replaced by its QUOTA_<NAME> setting. */
  quotas: QuotaTable;
  /** /metrics: on the app's port behind a bearer token, and/or on a port of 127.0.0.1. */
  metrics: { token: string | undefined; port: number | undefined };
  /** Scheduled backups (undefined: none): where, how often (ms) and how many are kept. */
  backups: { dir: string; everyMs: number; keep: number } | undefined;
  /** How long an instance keeps serving after SIGTERM while /api/health/ready answers 503 (ms). */
  shutdownDrainMs: number;
  /** Didox's partner API for e-waybills; undefined: e-waybills are not set up. */
  didox: { apiBase: string; partnerToken: string } | undefined;
  /** The Central Bank's JSON rates; undefined: only the rates kept in the database. */
  cbuRatesUrl: string | undefined;
}

/** Parses the environment once, at start; the defaults work on a fresh machine. */
export function loadConfig(
  env: Record<string, string | undefined> = process.env,
  stdoutIsTTY = process.stdout.isTTY === true,
): AppConfig {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = configSchema.safeParse(cleaned);
  const quotas = quotaTableFromEnv(cleaned);
  const channels = parseTenderChannels(cleaned.TELEGRAM_CHANNELS);
  if (!parsed.success || quotas.errors.length > 0 || channels.errors.length > 0) {
    const lines = [
      ...(parsed.success ? [] : parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`)),
      ...quotas.errors.map((error) => `  ${error}`),
      ...channels.errors.map((error) => `  ${error}`),
    ];
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  if (c.SMS_PROVIDER === 'eskiz' && !(c.ESKIZ_EMAIL && c.ESKIZ_PASSWORD)) {
    throw new Error('Invalid configuration:\n  SMS_PROVIDER=eskiz needs ESKIZ_EMAIL and ESKIZ_PASSWORD');
  }
  if (Boolean(c.BACKUP_DIR) !== Boolean(c.BACKUP_EVERY)) {
    throw new Error('Invalid configuration:\n  scheduled backups need both BACKUP_DIR and BACKUP_EVERY');
  }
  return {
    port: c.PORT,
    host: c.HOST,
    dataDir: resolve(c.DATA_DIR),
    databaseUrl: c.DATABASE_URL,
    redisUrl: c.REDIS_URL,
    jwtSecret: c.JWT_SECRET,
    logLevel: c.LOG_LEVEL,
    logFormat: resolveLogFormat(c.LOG_FORMAT, stdoutIsTTY),
    seedDemo: c.SEED_DEMO,
    webDist: c.WEB_DIST ? resolve(c.WEB_DIST) : undefined,
    trustProxy: c.TRUST_PROXY,
    publicUrl: c.PUBLIC_URL ?? `http://localhost:${c.PORT}`,
    telegram: {
      token: c.TELEGRAM_BOT_TOKEN,
      webhookSecret: c.TELEGRAM_WEBHOOK_SECRET,
      apiBase: c.TELEGRAM_API_BASE,
      botUsername: c.TELEGRAM_BOT_USERNAME,
      webhookUrl:
        c.TELEGRAM_WEBHOOK_URL ??
        (c.PUBLIC_URL?.startsWith('https://') ? new URL('/api/telegram/webhook', c.PUBLIC_URL).toString() : undefined),
      channels: channels.routes,
      miniAppName: c.TELEGRAM_MINI_APP,
      channelsLanguage: c.TELEGRAM_CHANNELS_LANGUAGE,
    },
    smtpUrl: c.SMTP_URL,
    mailFrom: c.MAIL_FROM,
    vapid:
      c.VAPID_PUBLIC_KEY && c.VAPID_PRIVATE_KEY
        ? { publicKey: c.VAPID_PUBLIC_KEY, privateKey: c.VAPID_PRIVATE_KEY }
        : undefined,
    vapidSubject: c.VAPID_SUBJECT ?? 'mailto:no-reply@yuktender.uz',
    pushServices: c.PUSH_SERVICES?.split(',')
      .map((origin) => origin.trim())
      .filter(Boolean),
    sms:
      c.SMS_PROVIDER === 'eskiz' && c.ESKIZ_EMAIL && c.ESKIZ_PASSWORD
        ? {
            provider: 'eskiz',
            eskiz: { email: c.ESKIZ_EMAIL, password: c.ESKIZ_PASSWORD, apiBase: c.ESKIZ_API_BASE, from: c.ESKIZ_FROM },
          }
        : { provider: 'console' },
    map: {
      tileUrl: c.MAP_TILE_URL === 'off' ? null : c.MAP_TILE_URL,
      attribution: c.MAP_ATTRIBUTION ?? (c.MAP_TILE_URL.includes('openstreetmap.org') ? OSM_ATTRIBUTION : ''),
    },
    apiDocs: c.API_DOCS,
    eimzo: c.EIMZO_SERVER_URL
      ? {
          serverUrl: c.EIMZO_SERVER_URL,
          host: new URL(c.PUBLIC_URL ?? `http://localhost:${c.PORT}`).host,
        }
      : undefined,
    eimzoApiKeys: (c.EIMZO_API_KEYS ?? '')
      .split(',')
      .map((pair) => pair.trim())
      .filter(Boolean)
      .map((pair) => {
        // the domain may carry a port; the key, hex, never holds a colon
        const at = pair.lastIndexOf(':');
        return { domain: pair.slice(0, at).toLowerCase(), key: pair.slice(at + 1).toUpperCase() };
      }),
    liveStreams: {
      perUser: c.LIVE_STREAMS_PER_USER,
      perAddress: c.LIVE_STREAMS_PER_ADDRESS,
      heartbeatMs: c.LIVE_STREAM_HEARTBEAT_SECONDS * 1000,
      idleMs: c.LIVE_STREAM_IDLE_SECONDS * 1000,
    },
    quotas: quotas.table,
    metrics: { token: c.METRICS_TOKEN, port: c.METRICS_PORT },
    backups:
      c.BACKUP_DIR && c.BACKUP_EVERY
        ? { dir: resolve(c.BACKUP_DIR), everyMs: durationMs(c.BACKUP_EVERY), keep: c.BACKUP_KEEP }
        : undefined,
    shutdownDrainMs: c.SHUTDOWN_DRAIN_SECONDS * 1000,
    didox:
      c.DIDOX_API_BASE && c.DIDOX_PARTNER_TOKEN
        ? { apiBase: c.DIDOX_API_BASE, partnerToken: c.DIDOX_PARTNER_TOKEN }
        : undefined,
    cbuRatesUrl: c.CBU_RATES_URL,
  };
}
