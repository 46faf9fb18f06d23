import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';

describe('loadConfig', () => {
  it('has defaults that work on a fresh machine', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      seedDemo: true,
      logLevel: 'info',
      databaseUrl: undefined,
    });
    expect(config.dataDir).toMatch(/data$/);
  });

  it('reads every setting', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '127.0.0.1',
      DATA_DIR: '/srv/yuk',
      DATABASE_URL: 'postgres://u@db:5432/yuk',
      REDIS_URL: 'redis://cache:6379',
      JWT_SECRET: 'x'.repeat(40),
      LOG_LEVEL: 'warn',
      SEED_DEMO: '0',
    });
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      dataDir: '/srv/yuk',
      databaseUrl: 'postgres://u@db:5432/yuk',
      redisUrl: 'redis://cache:6379',
      logLevel: 'warn',
      seedDemo: false,
    });
  });

  it('reads the outside services: off, or logged, until configured', () => {
    const offline = loadConfig({ PORT: '4000' });
    expect(offline).toMatchObject({
      publicUrl: 'http://localhost:4000',
      telegram: { token: undefined, apiBase: 'https://api.telegram.org', webhookUrl: undefined },
      smtpUrl: undefined,
      vapid: undefined,
      pushServices: undefined,
      sms: { provider: 'console' },
    });
    const online = loadConfig({
      PUBLIC_URL: 'https://yuktender.uz',
      TELEGRAM_BOT_TOKEN: '123456:ABC-def_ghi',
      TELEGRAM_WEBHOOK_SECRET: 'a-secret_of-the-bot',
      SMTP_URL: 'smtps://mailer:pass@smtp.example.uz:465',
      VAPID_PUBLIC_KEY: 'BPublic',
      VAPID_PRIVATE_KEY: 'private',
      PUSH_SERVICES: 'https://fcm.googleapis.com, https://*.push.apple.com',
      SMS_PROVIDER: 'eskiz',
      ESKIZ_EMAIL: 'ops@yuktender.uz',
      ESKIZ_PASSWORD: 'eskiz-secret',
    });
    expect(online).toMatchObject({
      publicUrl: 'https://yuktender.uz',
      // an https address: Telegram is told to post its updates there
      telegram: { token: '123456:ABC-def_ghi', webhookUrl: 'https://yuktender.uz/api/telegram/webhook' },
      smtpUrl: 'smtps://mailer:pass@smtp.example.uz:465',
      vapid: { publicKey: 'BPublic', privateKey: 'private' },
      pushServices: ['https://fcm.googleapis.com', 'https://*.push.apple.com'],
      sms: {
        provider: 'eskiz',
        eskiz: {
          email: 'ops@yuktender.uz',
          password: 'eskiz-secret',
          apiBase: 'https://notify.eskiz.uz/api',
          from: '4546',
        },
      },
    });
    expect(() => loadConfig({ SMS_PROVIDER: 'pigeon' })).toThrow(/SMS_PROVIDER/);
    expect(() => loadConfig({ SMS_PROVIDER: 'eskiz', ESKIZ_EMAIL: 'ops@yuktender.uz' })).toThrow(/ESKIZ_PASSWORD/);
    expect(() => loadConfig({ TELEGRAM_BOT_TOKEN: 'not a token' })).toThrow(/TELEGRAM_BOT_TOKEN/);
    expect(() => loadConfig({ SMTP_URL: 'http://mail' })).toThrow(/SMTP_URL/);
    expect(() => loadConfig({ TELEGRAM_WEBHOOK_SECRET: 'has spaces in it' })).toThrow(/TELEGRAM_WEBHOOK_SECRET/);
  });

  it('turns ERI-Key on with EIMZO_SERVER_URL, telling E-IMZO-SERVER our public host', () => {
    expect(loadConfig({}).eimzo).toBeUndefined();
    expect(loadConfig({ EIMZO_SERVER_URL: 'http://127.0.0.1:8080', PUBLIC_URL: 'https://yuktender.uz' }).eimzo).toEqual(
      { serverUrl: 'http://127.0.0.1:8080', host: 'yuktender.uz' },
    );
    expect(loadConfig({ EIMZO_SERVER_URL: 'http://eimzo:8080', PORT: '4000' }).eimzo?.host).toBe('localhost:4000');
    expect(() => loadConfig({ EIMZO_SERVER_URL: 'ftp://eimzo' })).toThrow(/EIMZO_SERVER_URL/);
    expect(() => loadConfig({ EIMZO_SERVER_URL: 'eimzo:8080' })).toThrow(/EIMZO_SERVER_URL/);
  });

  it('refuses nonsense with a message naming the setting', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/PORT/);
    expect(() => loadConfig({ JWT_SECRET: 'short' })).toThrow(/JWT_SECRET must be at least 32 characters/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ SEED_DEMO: 'maybe' })).toThrow(/SEED_DEMO/);
  });
});
