import { resolve } from 'node:path';
import { z } from 'zod';
import { resolveLogFormat, type LogFormat } from './log-format.js';

const flag = (fallback: boolean) =>
  z
    .enum(['0', '1', 'true', 'false', 'yes', 'no'])
    .optional()
    .transform((value) => (value === undefined ? fallback : ['1', 'true', 'yes'].includes(value)));

const configSchema = z.object({
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
});

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
}

/** Parses the environment once, at start; the defaults work on a fresh machine. */
export function loadConfig(
  env: Record<string, string | undefined> = process.env,
  stdoutIsTTY = process.stdout.isTTY === true,
): AppConfig {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = configSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
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
  };
}
