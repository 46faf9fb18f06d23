import { createECDH } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import webPush from 'web-push';
import { loadConfig } from '../src/config.js';
import { generateVapidKeys } from '../src/modules/delivery/index.js';
import { resolveJwtSecret, resolveTelegramWebhookSecret, resolveVapidKeys } from '../src/secrets.js';

const dataDir = mkdtempSync(join(tmpdir(), 'yuk-secrets-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('secrets kept in DATA_DIR', () => {
  const config = loadConfig({ DATA_DIR: dataDir });

  it('generates each once, readable by this user only, and reads it back after a restart', () => {
    const jwt = resolveJwtSecret(config);
    const webhook = resolveTelegramWebhookSecret(config);
    const vapid = resolveVapidKeys(config, generateVapidKeys);
    expect(jwt.length).toBeGreaterThanOrEqual(32);
    expect(webhook).toMatch(/^[\w-]{32,256}$/);
    expect(vapid.publicKey).toMatch(/^[\w-]{80,}$/);
    for (const file of ['jwt-secret', 'telegram-webhook-secret', 'vapid-keys.json']) {
      expect(statSync(join(dataDir, file)).mode & 0o777).toBe(0o600);
    }
    // the next start finds the same ones
    expect(resolveJwtSecret(config)).toBe(jwt);
    expect(resolveTelegramWebhookSecret(config)).toBe(webhook);
    expect(resolveVapidKeys(config, generateVapidKeys)).toEqual(vapid);
    expect(JSON.parse(readFileSync(join(dataDir, 'vapid-keys.json'), 'utf8'))).toEqual(vapid);
  });

  it('takes the environment first', () => {
    const given = loadConfig({
      DATA_DIR: dataDir,
      TELEGRAM_WEBHOOK_SECRET: 'from-the-environment',
      VAPID_PUBLIC_KEY: 'BPublic',
      VAPID_PRIVATE_KEY: 'private',
    });
    expect(resolveTelegramWebhookSecret(given)).toBe('from-the-environment');
    expect(resolveVapidKeys(given, generateVapidKeys)).toEqual({ publicKey: 'BPublic', privateKey: 'private' });
  });

  it('makes VAPID keys web-push takes: a P-256 pair whose private key gives its public key', () => {
    // many pairs: about one private key in 256 starts with a zero byte and must be padded back to 32
    for (let i = 0; i < 600; i += 1) {
      const keys = generateVapidKeys();
      const publicKey = Buffer.from(keys.publicKey, 'base64url');
      const privateKey = Buffer.from(keys.privateKey, 'base64url');
      expect([publicKey.length, publicKey[0], privateKey.length]).toEqual([65, 4, 32]);
      const again = createECDH('prime256v1');
      again.setPrivateKey(privateKey);
      expect(again.getPublicKey().equals(publicKey)).toBe(true);
      expect(() => webPush.setVapidDetails('mailto:ops@yuk.example', keys.publicKey, keys.privateKey)).not.toThrow();
    }
  });
});
