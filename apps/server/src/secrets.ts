import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AppConfig } from './config.js';
import type { VapidKeys } from './modules/delivery/index.js';

/** A value kept in a file of DATA_DIR (readable by this user only): made once by `make`, then read back. */
function keptInDataDir(config: AppConfig, name: string, isValid: (stored: string) => boolean, make: () => string) {
  const file = join(config.dataDir, name);
  if (existsSync(file)) {
    const stored = readFileSync(file, 'utf8').trim();
    if (isValid(stored)) return stored;
  }
  mkdirSync(config.dataDir, { recursive: true });
  const value = make();
  writeFileSync(file, value, { mode: 0o600 });
  chmodSync(file, 0o600);
  return value;
}

/** JWT_SECRET when set; else a secret generated once and kept in DATA_DIR, so sessions survive restarts. */
export function resolveJwtSecret(config: AppConfig): string {
  if (config.jwtSecret) return config.jwtSecret;
  return keptInDataDir(
    config,
    'jwt-secret',
    (stored) => stored.length >= 32,
    () => randomBytes(48).toString('base64url'),
  );
}

/** The secret Telegram sends with each update: TELEGRAM_WEBHOOK_SECRET, else one kept in DATA_DIR. */
export function resolveTelegramWebhookSecret(config: AppConfig): string {
  if (config.telegram.webhookSecret) return config.telegram.webhookSecret;
  return keptInDataDir(
    config,
    'telegram-webhook-secret',
    (stored) => /^[\w-]{32,256}$/.test(stored),
    () => randomBytes(32).toString('base64url'),
  );
}

/** The Web Push key pair: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, else a pair generated once into DATA_DIR. */
export function resolveVapidKeys(config: AppConfig, generate: () => VapidKeys): VapidKeys {
  if (config.vapid) return config.vapid;
  const stored = keptInDataDir(
    config,
    'vapid-keys.json',
    (text) => {
      try {
        const keys = JSON.parse(text) as Partial<VapidKeys>;
        return typeof keys.publicKey === 'string' && typeof keys.privateKey === 'string';
      } catch {
        return false;
      }
    },
    () => JSON.stringify(generate()),
  );
  return JSON.parse(stored) as VapidKeys;
}
