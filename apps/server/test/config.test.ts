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

  it('refuses nonsense with a message naming the setting', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/PORT/);
    expect(() => loadConfig({ JWT_SECRET: 'short' })).toThrow(/JWT_SECRET must be at least 32 characters/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ SEED_DEMO: 'maybe' })).toThrow(/SEED_DEMO/);
  });
});
