import type { Redis, RedisOptions } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';
import type { CounterStore } from './counter-store.js';
import { createMemoryCounterStore } from './counter-store.js';
import { createMemoryEventBus, type EventBus } from './event-bus.js';

/** Redis is for live events and shared counters; when it fails the app keeps working and writes are never lost. */
const commonOptions: RedisOptions = {
  lazyConnect: false,
  // fail fast rather than queue while Redis is away: callers fall back to their in-process path
  enableOfflineQueue: false,
  maxRetriesPerRequest: 1,
  retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
};

type RedisClass = typeof Redis;

function connectRedis(RedisClient: RedisClass, url: string, name: string, log: FastifyBaseLogger): Redis {
  const client = new RedisClient(url, { ...commonOptions, connectionName: `yuk-${name}` });
  let down = false;
  client.on('error', (error: Error) => {
    if (!down) log.warn({ err: error, client: name }, 'redis unavailable; live updates degrade until it returns');
    down = true;
  });
  client.on('ready', () => {
    if (down) log.info({ client: name }, 'redis is back');
    down = false;
  });
  return client;
}

/**
 * Pub/sub across instances. Every instance subscribes to the channels its viewers follow; a published event
 * reaches all of them, this one included. While Redis is down, events still reach this instance's viewers.
 */
export async function createRedisEventBus(
  url: string,
  log: FastifyBaseLogger,
): Promise<EventBus & { publisher: Redis; subscribed(maxMs: number): Promise<void> }> {
  // ioredis is loaded only by an instance configured with Redis: one without it keeps that memory
  const { Redis: RedisClient } = await import('ioredis');
  const publisher = connectRedis(RedisClient, url, 'publisher', log);
  // subscribers must queue their SUBSCRIBE commands until connected, and resubscribe after a reconnect
  const subscriber = new RedisClient(url, {
    ...commonOptions,
    enableOfflineQueue: true,
    maxRetriesPerRequest: null,
    connectionName: 'yuk-subscriber',
  });
  subscriber.on('error', () => undefined); // reported through the publisher's state
  const local = createMemoryEventBus();
  const counts = new Map<string, number>();
  /** SUBSCRIBE commands sent and not yet acknowledged: until then a message on that channel passes us by. */
  const pending = new Set<Promise<unknown>>();

  subscriber.on('message', (channel: string, message: string) => {
    try {
      void local.publish(channel, JSON.parse(message));
    } catch (error) {
      log.warn({ err: error, channel }, 'dropped a malformed event');
    }
  });

  return {
    publisher,
    async publish(channel, payload) {
      try {
        await publisher.publish(channel, JSON.stringify(payload));
      } catch {
        await local.publish(channel, payload);
      }
    },
    subscribe(channel, handler) {
      const unsubscribeLocal = local.subscribe(channel, handler);
      const count = (counts.get(channel) ?? 0) + 1;
      counts.set(channel, count);
      if (count === 1) {
        const subscribing = subscriber
          .subscribe(channel)
          .catch((error: unknown) => log.warn({ err: error, channel }, 'subscribe failed'))
          .finally(() => pending.delete(subscribing));
        pending.add(subscribing);
      }
      return () => {
        unsubscribeLocal();
        const left = (counts.get(channel) ?? 1) - 1;
        if (left > 0) {
          counts.set(channel, left);
          return;
        }
        counts.delete(channel);
        subscriber.unsubscribe(channel).catch(() => undefined);
      };
    },
    /** Resolves once the subscriptions asked for so far are in effect, or after `maxMs` (Redis away). */
    async subscribed(maxMs) {
      if (pending.size === 0) return;
      let timer: NodeJS.Timeout | undefined;
      const waited = new Promise<void>((resolve) => (timer = setTimeout(resolve, maxMs)));
      await Promise.race([Promise.all(pending), waited]);
      clearTimeout(timer);
    },
    async close() {
      await local.close();
      subscriber.disconnect();
      publisher.disconnect();
    },
  };
}

/** Counters shared by every instance (login throttling); in process while Redis is unreachable. */
export function createRedisCounterStore(client: Redis, log: FastifyBaseLogger): CounterStore {
  const fallback = createMemoryCounterStore();
  const prefix = 'yuk:counter:';
  const degrade = (error: unknown) => log.warn({ err: error }, 'counter store: redis unavailable, counting in process');
  return {
    async increment(key, windowMs) {
      try {
        const result = await client
          .multi()
          .incr(prefix + key)
          .pexpire(prefix + key, windowMs, 'NX')
          .pttl(prefix + key)
          .exec();
        const count = Number(result?.[0]?.[1] ?? 0);
        const ttl = Number(result?.[2]?.[1] ?? windowMs);
        return { count, resetAt: Date.now() + (ttl > 0 ? ttl : windowMs) };
      } catch (error) {
        degrade(error);
        return fallback.increment(key, windowMs);
      }
    },
    async get(key) {
      try {
        const [value, ttl] = await Promise.all([client.get(prefix + key), client.pttl(prefix + key)]);
        if (value === null || ttl <= 0) return undefined;
        return { count: Number(value), resetAt: Date.now() + ttl };
      } catch (error) {
        degrade(error);
        return fallback.get(key);
      }
    },
    async reset(key) {
      try {
        await client.del(prefix + key);
      } catch (error) {
        degrade(error);
      }
      await fallback.reset(key);
    },
  };
}
