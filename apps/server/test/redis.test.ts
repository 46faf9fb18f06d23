import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { apiPaths } from '@yuk/shared';
import { createRedisCounterStore, createRedisEventBus } from '../src/plugins/redis.js';
import { buildTestApp } from './helpers.js';

// Needs a Redis server: CI sets REDIS_TEST_URL (redis://127.0.0.1:6379).
const redisUrl = process.env.REDIS_TEST_URL;
const log = Fastify({ logger: false }).log;
const next = <T>(subscribe: (resolve: (value: T) => void) => void) => new Promise<T>((resolve) => subscribe(resolve));
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.skipIf(!redisUrl)('Redis-backed events and counters', () => {
  it('an event published by one instance reaches a subscriber of another', async () => {
    const a = await createRedisEventBus(redisUrl!, log);
    const b = await createRedisEventBus(redisUrl!, log);
    const channel = `test:${Math.random()}`;
    const received = next<unknown>((resolve) => b.subscribe(channel, resolve));
    // until Redis has acknowledged the SUBSCRIBE, a message on the channel would pass b by
    await b.subscribed(10_000);
    await a.publish(channel, { min_bid: 10 });
    expect(await received).toEqual({ min_bid: 10 });
    await Promise.all([a.close(), b.close()]);
  });

  it('counters are shared between instances', async () => {
    const a = await createRedisEventBus(redisUrl!, log);
    const b = await createRedisEventBus(redisUrl!, log);
    const key = `test-${Math.random()}`;
    const storeA = createRedisCounterStore(a.publisher, log);
    const storeB = createRedisCounterStore(b.publisher, log);
    await wait(100);
    await storeA.increment(key, 60_000);
    const second = await storeB.increment(key, 60_000);
    expect(second.count).toBe(2);
    expect((await storeA.get(key))?.count).toBe(2);
    await storeB.reset(key);
    expect(await storeA.get(key)).toBeUndefined();
    await Promise.all([a.close(), b.close()]);
  });

  it('with Redis unreachable: publishing still reaches local viewers, counting falls back, health says degraded', async () => {
    const dead = 'redis://127.0.0.1:1';
    const bus = await createRedisEventBus(dead, log);
    const channel = 'test:local';
    const received = next<unknown>((resolve) => bus.subscribe(channel, resolve));
    // the subscription cannot reach Redis: waiting for it ends after the time given
    const startedMs = Date.now();
    await bus.subscribed(300);
    expect(Date.now() - startedMs).toBeGreaterThanOrEqual(250);
    await bus.publish(channel, { ok: true });
    expect(await received).toEqual({ ok: true });
    const store = createRedisCounterStore(bus.publisher, log);
    expect((await store.increment('k', 1000)).count).toBe(1);
    await bus.close();

    const { app } = await buildTestApp({ redisUrl: dead });
    const health = await app.inject({ method: 'GET', url: apiPaths.health });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'degraded', database: 'ok', redis: 'down' });
  });

  it('health reports a working Redis', async () => {
    const { app } = await buildTestApp({ redisUrl: redisUrl! });
    await wait(200);
    expect((await app.inject({ method: 'GET', url: apiPaths.health })).json()).toEqual({
      status: 'ok',
      database: 'ok',
      redis: 'ok',
    });
  });
});

describe.skipIf(!redisUrl)('Redis going away and coming back', () => {
  it('degrades while Redis is down and recovers when it returns', async () => {
    const { spawn } = await import('node:child_process');
    const { freePort } = await import('./scaleout/cluster.js');
    const port = await freePort();
    const startRedis = () =>
      spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
        stdio: 'ignore',
      });
    let server = startRedis();
    await wait(300);
    const url = `redis://127.0.0.1:${port}`;
    const { app } = await buildTestApp({ redisUrl: url });
    const other = await createRedisEventBus(url, log);
    const health = async () =>
      (await app.inject({ method: 'GET', url: apiPaths.health })).json<{ status: string; redis: string }>();
    try {
      await wait(300);
      expect((await health()).redis).toBe('ok');
      server.kill('SIGKILL');
      await wait(500);
      expect(await health()).toMatchObject({ status: 'degraded', redis: 'down' });
      // writes do not depend on Redis
      const registered = await app.inject({
        method: 'POST',
        url: apiPaths.users.register,
        payload: {
          first_name: 'A',
          last_name: 'B',
          email: `r${Date.now()}@x.uz`,
          phone_number: '901112233',
          password: 'long-enough-1',
        },
      });
      expect(registered.statusCode).toBe(201);
      server = startRedis();
      let state = 'down';
      for (let i = 0; i < 50 && state !== 'ok'; i += 1) {
        await wait(200);
        state = (await health()).redis;
      }
      expect(state).toBe('ok');
      const channel = `test:recover:${Math.random()}`;
      const received = next<unknown>((resolve) => other.subscribe(channel, resolve));
      await wait(300);
      const bus = await createRedisEventBus(url, log);
      await wait(300);
      await bus.publish(channel, { back: true });
      expect(await received).toEqual({ back: true });
      await bus.close();
    } finally {
      await other.close();
      server.kill('SIGKILL');
    }
  }, 30_000);
});
