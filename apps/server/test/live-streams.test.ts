import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { apiPaths, pathTo, type AuthTokens, type UserSession } from '@yuk/shared';
import { buildApp } from '../src/app.js';
import { createMemoryStreamSlots, createRedisStreamSlots, streamOpenedAtMs } from '../src/plugins/live-streams.js';
import { createRedisEventBus } from '../src/plugins/redis.js';
import { api, buildTestApp, TEST_JWT_SECRET } from './helpers.js';
import { createTender, freshIdUsers, quickUsers, type QuickUser } from './factories/index.js';

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A live stream read over real HTTP: `text` is all that came so far, `ended` resolves when the server ended it.
 * `from` is the client address the app believes (X-Forwarded-For from a trusted proxy).
 */
interface OpenStream {
  text: () => string;
  until: (needle: string, timeoutMs?: number) => Promise<void>;
  ended: Promise<void>;
  isEnded: () => boolean;
  abort: () => void;
}

const opened: OpenStream[] = [];
afterAll(() => {
  for (const stream of opened) stream.abort();
});

async function openStream(address: string, token: string, from: string): Promise<OpenStream> {
  const controller = new AbortController();
  const res = await fetch(`${address}${apiPaths.notifications.stream}`, {
    headers: { authorization: `Bearer ${token}`, 'x-forwarded-for': from, 'accept-language': 'en' },
    signal: controller.signal,
  });
  expect(res.status).toBe(200);
  const reader = (res.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  let received = '';
  let done = false;
  const waiters = new Set<() => void>();
  const ended = (async () => {
    try {
      for (;;) {
        const chunk = await reader.read();
        if (chunk.done) break;
        received += decoder.decode(chunk.value);
        for (const wake of waiters) wake();
      }
    } catch {
      // aborted by the test
    } finally {
      done = true;
      for (const wake of waiters) wake();
    }
  })();
  const stream: OpenStream = {
    text: () => received,
    isEnded: () => done,
    ended,
    abort: () => controller.abort(),
    async until(needle, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      while (!received.includes(needle)) {
        if (done) throw new Error(`the stream ended without ${needle}: ${received}`);
        if (Date.now() > deadline) throw new Error(`no ${needle} within ${timeoutMs} ms: ${received}`);
        await new Promise<void>((resolve) => {
          waiters.add(resolve);
          setTimeout(resolve, 50);
        }).finally(() => waiters.clear());
      }
    },
  };
  opened.push(stream);
  // the stream is counted once it answers its first event
  await stream.until('event: unread');
  return stream;
}

const REPLACED = 'event: closed\ndata: {"reason":"replaced"}';

describe('the caps on live streams (5 per user, 20 per address)', async () => {
  // a trusted proxy in front: each test chooses the client address it comes from
  const { app, database } = await buildTestApp({
    trustProxy: '127.0.0.1',
    liveStreams: { perUser: 5, perAddress: 20, heartbeatMs: 60_000, idleMs: 0 },
  });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });

  it('the sixth stream of a user closes the first with a closing event; the other five keep working', async () => {
    const [user, bidder] = await quickUsers(database, 2);
    const streams: OpenStream[] = [];
    for (let i = 0; i < 5; i += 1) streams.push(await openStream(address, user!.accessToken, '198.51.100.1'));
    await wait(100);
    expect(streams.some((stream) => stream.isEnded())).toBe(false);

    const sixth = await openStream(address, user!.accessToken, '198.51.100.2');
    await streams[0]!.ended;
    expect(streams[0]!.text()).toContain(REPLACED);
    expect(streams[0]!.text().trimEnd().endsWith('data: {"reason":"replaced"}')).toBe(true);
    // the rest, the new one included, still get what happens
    const tender = await createTender(app, user!.accessToken);
    const bid = await api(app, {
      method: 'POST',
      url: pathTo(apiPaths.tenders.bids, { id: tender.id }),
      token: bidder!.accessToken,
      payload: { bid_amount: 1000 },
    });
    expect(bid.statusCode).toBe(201);
    for (const stream of [...streams.slice(1), sixth]) {
      await stream.until('event: notification');
      expect(stream.isEnded()).toBe(false);
    }
    // a seventh closes the second: always the oldest, never the new one
    const seventh = await openStream(address, user!.accessToken, '198.51.100.3');
    await streams[1]!.ended;
    expect(streams[1]!.text()).toContain(REPLACED);
    expect(seventh.isEnded()).toBe(false);
    expect(streams[2]!.isEnded()).toBe(false);
    for (const stream of [...streams, sixth, seventh]) stream.abort();
  });

  it('a stream that ends frees its place: a tab reloaded five times never pushes another out', async () => {
    const [user] = await quickUsers(database, 1);
    const keep = await openStream(address, user!.accessToken, '198.51.100.10');
    for (let i = 0; i < 8; i += 1) {
      const reload = await openStream(address, user!.accessToken, '198.51.100.10');
      reload.abort();
      await reload.ended;
      await wait(30); // the server sees the connection go
    }
    const others = [];
    for (let i = 0; i < 4; i += 1) others.push(await openStream(address, user!.accessToken, '198.51.100.10'));
    await wait(100);
    expect(keep.isEnded()).toBe(false);
    for (const stream of [keep, ...others]) stream.abort();
  });

  it('the 21st stream from one address closes the oldest, whoever it belongs to', async () => {
    const users = await quickUsers(database, 21);
    const streams: OpenStream[] = [];
    for (const user of users.slice(0, 20)) streams.push(await openStream(address, user.accessToken, '203.0.113.50'));
    await wait(100);
    expect(streams.some((stream) => stream.isEnded())).toBe(false);
    const last = await openStream(address, users[20]!.accessToken, '203.0.113.50');
    await streams[0]!.ended;
    expect(streams[0]!.text()).toContain(REPLACED);
    await wait(100);
    expect(streams.slice(1).some((stream) => stream.isEnded())).toBe(false);
    // another address is not affected
    const elsewhere = await openStream(address, users[0]!.accessToken, '203.0.113.51');
    await wait(100);
    expect(streams[1]!.isEnded()).toBe(false);
    for (const stream of [...streams, last, elsewhere]) stream.abort();
  });

  it('signing a session out closes its streams with reason signed_out', async () => {
    const [user] = await quickUsers(database, 1);
    const second = (
      await api(app, {
        method: 'POST',
        url: apiPaths.users.login,
        payload: { email: user!.email, password: user!.password },
      })
    ).json<AuthTokens>();
    const theirs = await openStream(address, second.accessToken, '198.51.100.60');
    const mine = await openStream(address, user!.accessToken, '198.51.100.60');
    const list = await api(app, { method: 'GET', url: apiPaths.users.sessions, token: second.accessToken });
    const secondId = list.json<UserSession[]>().find((session) => session.current)!.id;
    const res = await api(app, {
      method: 'DELETE',
      url: pathTo(apiPaths.users.session, { id: secondId }),
      token: user!.accessToken,
    });
    expect(res.statusCode).toBe(204);
    await theirs.ended;
    expect(theirs.text()).toContain('event: closed\ndata: {"reason":"signed_out"}');
    await wait(100);
    expect(mine.isEnded()).toBe(false);
    mine.abort();
  });
});

describe('heartbeat and idle streams', async () => {
  // long enough that a loaded machine's slow request never passes for a quiet stream
  const IDLE_MS = 1000;
  const { app, database } = await buildTestApp({
    trustProxy: '127.0.0.1',
    liveStreams: { heartbeatMs: 50, idleMs: IDLE_MS },
  });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  let user: QuickUser;

  it('a comment line keeps a quiet stream open; with no event for the idle time it is closed with reason idle', async () => {
    [user] = (await quickUsers(database, 1)) as [QuickUser];
    const started = Date.now();
    const stream = await openStream(address, user.accessToken, '198.51.100.70');
    await stream.until(': ping');
    expect(stream.isEnded()).toBe(false);
    await stream.ended;
    const took = Date.now() - started;
    expect(stream.text()).toContain('event: closed\ndata: {"reason":"idle"}');
    expect(took).toBeGreaterThanOrEqual(IDLE_MS);
    expect(took).toBeLessThan(IDLE_MS + 3000);
  });

  it('an event restarts the idle time', async () => {
    const [owner] = await quickUsers(database, 1);
    const stream = await openStream(address, user.accessToken, '198.51.100.71');
    const tender = await createTender(app, user.accessToken);
    let lastBidSentAt = 0;
    for (let i = 0; i < 4; i += 1) {
      await wait(IDLE_MS / 3);
      lastBidSentAt = Date.now();
      const bid = await api(app, {
        method: 'POST',
        url: pathTo(apiPaths.tenders.bids, { id: tender.id }),
        token: owner!.accessToken,
        payload: { bid_amount: 1400 - i * 10 },
      });
      expect(bid.statusCode).toBe(201);
    }
    // past the idle time since the stream opened, but each bid sent an event
    expect(stream.isEnded()).toBe(false);
    await stream.ended;
    // closed a whole idle time after the last event (a millisecond's rounding aside), not after the first
    expect(Date.now()).toBeGreaterThanOrEqual(lastBidSentAt + IDLE_MS - 2);
    expect(stream.text()).toContain('"reason":"idle"');
  });
});

describe('the slots in this process', () => {
  it('push out the oldest over a cap, never the one being added, and forget what is released', async () => {
    const slots = createMemoryStreamSlots();
    const cap = [{ key: 'k', cap: 2 }];
    expect(await slots.claim('a', cap, 1)).toEqual([]);
    expect(await slots.claim('b', cap, 2)).toEqual([]);
    expect(await slots.claim('c', cap, 3)).toEqual(['a']);
    await slots.release('b', ['k']);
    expect(await slots.claim('d', cap, 4)).toEqual([]);
    expect(await slots.claim('e', [...cap, { key: 'other', cap: 1 }], 5)).toEqual(['c']);
  });
});

// Needs a Redis server: REDIS_TEST_URL (redis://127.0.0.1:6379), as the other Redis tests.
const redisUrl = process.env.REDIS_TEST_URL;

describe.skipIf(!redisUrl)('the caps across instances (Redis)', () => {
  it('slots in Redis are shared: what one instance adds pushes out the oldest of another', async () => {
    const log = Fastify({ logger: false }).log;
    const a = await createRedisEventBus(redisUrl!, log);
    const b = await createRedisEventBus(redisUrl!, log);
    await wait(100);
    const key = `test-${Math.random()}`;
    const slotsA = createRedisStreamSlots(a.publisher, log);
    const slotsB = createRedisStreamSlots(b.publisher, log);
    const cap = [{ key, cap: 2 }];
    expect(await slotsA.claim('one', cap, 1)).toEqual([]);
    expect(await slotsB.claim('two', cap, 2)).toEqual([]);
    expect(await slotsA.claim('three', cap, 3)).toEqual(['one']);
    await slotsB.release('two', [key]);
    expect(await slotsB.claim('four', cap, 4)).toEqual([]);
    expect(await slotsB.claim('five', cap, 5)).toEqual(['three']);
    await Promise.all([a.close(), b.close()]);
  });

  it('two streams opened in the same millisecond keep their order: the older is pushed out, whatever the ids', async () => {
    const log = Fastify({ logger: false }).log;
    const bus = await createRedisEventBus(redisUrl!, log);
    const slots = createRedisStreamSlots(bus.publisher, log);
    const cap = [{ key: `test-${Math.random()}`, cap: 2 }];
    // read back to back, as two opens a Redis round trip apart can be: a whole millisecond would tie them,
    // and Redis would then order them by id ('a' before 'z'), the newer first
    const older = streamOpenedAtMs();
    const newer = streamOpenedAtMs();
    expect(newer).toBeGreaterThan(older);
    expect(await slots.claim('z-older', cap, older)).toEqual([]);
    expect(await slots.claim('a-newer', cap, newer)).toEqual([]);
    expect(await slots.claim('m-newest', cap, streamOpenedAtMs())).toEqual(['z-older']);
    await bus.close();
  });

  it('the sixth stream on one instance closes the first on the other', async () => {
    const first = await buildTestApp({ trustProxy: '127.0.0.1', redisUrl: redisUrl! });
    // a second instance on the same database and Redis
    const second = await buildApp({
      database: first.database,
      jwtSecret: TEST_JWT_SECRET,
      logLevel: 'silent',
      deadlineTickMs: 0,
      outboxTickMs: 0,
      trustProxy: '127.0.0.1',
      redisUrl: redisUrl!,
    });
    afterAll(() => second.close());
    const [addressA, addressB] = [
      await first.app.listen({ port: 0, host: '127.0.0.1' }),
      await second.listen({ port: 0, host: '127.0.0.1' }),
    ];
    // no wait here: an instance is ready once its subscriptions (the streams' control channel) reach Redis
    // a user id no earlier run had: the slots of an earlier run's user 1 stay in Redis for a day, and, being the
    // oldest, they would be the ones pushed out
    const [user] = await freshIdUsers(first.database, 1);
    const streams: OpenStream[] = [];
    for (let i = 0; i < 5; i += 1) streams.push(await openStream(addressA, user!.accessToken, '198.51.100.80'));
    const sixth = await openStream(addressB, user!.accessToken, '198.51.100.81');
    await streams[0]!.ended;
    expect(streams[0]!.text()).toContain(REPLACED);
    await wait(100);
    expect(streams.slice(1).some((stream) => stream.isEnded())).toBe(false);
    expect(sixth.isEnded()).toBe(false);
    for (const stream of [...streams, sixth]) stream.abort();
  });
});
