import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import { currentUser } from './auth.js';
import type { EventBus } from './event-bus.js';
import { DEFAULT_HEARTBEAT_MS, openSseStream, type SseStream } from './sse.js';

/**
 * Caps on the live streams (Server-Sent Events) of each kind: per user and per client address. A new stream
 * over a cap closes the oldest one it passes, never the new one, so a reloading tab never locks a person out;
 * the closed stream gets a last `closed` event with reason `replaced`, and the web client then waits until its
 * tab is shown again before it comes back (no two tabs taking each other's place in a loop). See decision 025.
 */
export interface LiveStreamSettings {
  perUser: number;
  perAddress: number;
  heartbeatMs: number;
  /** A stream with no event for this long is closed with reason `idle`; 0: never. */
  idleMs: number;
}

export const DEFAULT_LIVE_STREAM_SETTINGS: LiveStreamSettings = {
  perUser: 5,
  perAddress: 20,
  heartbeatMs: DEFAULT_HEARTBEAT_MS,
  idleMs: 15 * 60_000,
};

/** Why a stream was closed from this side (the `reason` of its `closed` event). */
export type StreamEndReason = 'replaced' | 'idle' | 'signed_out';

/**
 * Where open streams are counted: in this process, or in Redis so that the caps hold across instances. Each
 * key (one user's or one address's streams of a kind) keeps its streams by the time they opened.
 */
export interface StreamSlots {
  /** Counts the stream under each key; the ids of the oldest others pushed out to keep every key within its cap. */
  claim(streamId: string, keys: { key: string; cap: number }[], nowMs: number): Promise<string[]>;
  release(streamId: string, keys: string[]): Promise<void>;
}

export function createMemoryStreamSlots(): StreamSlots {
  // a Map keeps insertion order: the first entry is the oldest stream
  const slots = new Map<string, Map<string, number>>();
  return {
    async claim(streamId, keys, nowMs) {
      const evicted: string[] = [];
      for (const { key, cap } of keys) {
        let open = slots.get(key);
        if (!open) slots.set(key, (open = new Map<string, number>()));
        open.set(streamId, nowMs);
        for (const id of open.keys()) {
          if (open.size <= cap) break;
          if (id === streamId) continue;
          open.delete(id);
          evicted.push(id);
        }
      }
      return [...new Set(evicted)];
    },
    async release(streamId, keys) {
      for (const key of keys) {
        const open = slots.get(key);
        open?.delete(streamId);
        if (open?.size === 0) slots.delete(key);
      }
    },
  };
}

// One round trip, atomic: add the stream under each key, then push out the oldest others over the key's cap.
// An entry left by an instance that died is simply the oldest, so it is the first pushed out.
const CLAIM_SCRIPT = `
local evicted = {}
for i, key in ipairs(KEYS) do
  redis.call('ZADD', key, ARGV[2], ARGV[1])
  redis.call('PEXPIRE', key, ARGV[3])
  local over = redis.call('ZCARD', key) - tonumber(ARGV[3 + i])
  if over > 0 then
    local removed = 0
    for _, id in ipairs(redis.call('ZRANGE', key, 0, over)) do
      if removed < over and id ~= ARGV[1] then
        redis.call('ZREM', key, id)
        table.insert(evicted, id)
        removed = removed + 1
      end
    end
  end
end
return evicted`;

/**
 * When a stream opened, in milliseconds with a fraction: strictly increasing within this process, so two streams
 * opened in the same millisecond keep their order (Redis orders equal scores by id, a random one, and the
 * older of the two could outlive the newer).
 */
export function streamOpenedAtMs(): number {
  return performance.timeOrigin + performance.now();
}

/** Keys are kept a day after their last stream opened: long enough for any stream, short enough to clean up. */
const SLOT_KEY_TTL_MS = 24 * 60 * 60_000;

/** The caps shared by every instance; counted in this process while Redis is unreachable. */
export function createRedisStreamSlots(client: Redis, log: FastifyBaseLogger): StreamSlots {
  const fallback = createMemoryStreamSlots();
  const prefix = 'yuk:streams:';
  const degrade = (error: unknown) => log.warn({ err: error }, 'live streams: redis unavailable, counting in process');
  return {
    async claim(streamId, keys, nowMs) {
      try {
        const evicted = (await client.eval(
          CLAIM_SCRIPT,
          keys.length,
          ...keys.map(({ key }) => prefix + key),
          streamId,
          nowMs,
          SLOT_KEY_TTL_MS,
          ...keys.map(({ cap }) => cap),
        )) as string[];
        return [...new Set(evicted)];
      } catch (error) {
        degrade(error);
        return fallback.claim(streamId, keys, nowMs);
      }
    },
    async release(streamId, keys) {
      await fallback.release(streamId, keys);
      try {
        const pipeline = client.multi();
        for (const key of keys) pipeline.zrem(prefix + key, streamId);
        await pipeline.exec();
      } catch (error) {
        degrade(error);
      }
    },
  };
}

export interface LiveStreams {
  /**
   * Opens a capped stream of `kind` for the signed-in user of the request (`kind` names the route: each
   * kind has its own caps, as each tab holds one stream of a kind).
   */
  open(request: FastifyRequest, reply: FastifyReply, kind: string): Promise<SseStream>;
  /** Closes every stream of these sessions, on every instance (sessions signed out). */
  endSessions(sessionIds: readonly string[], reason: StreamEndReason): Promise<void>;
  /** Stops listening to the other instances (the app closes). */
  stop(): void;
}

/** The event-bus channel on which instances tell each other which streams to close. */
const CONTROL_CHANNEL = 'live-streams:control';
/** A stream told to close before it was registered here (a race of two opens) is closed as it registers. */
const EARLY_END_MS = 30_000;

interface OpenStream {
  sessionId: string;
  stream: SseStream;
}

function isControl(payload: unknown): payload is { streams?: string[]; sessions?: string[]; reason: StreamEndReason } {
  return typeof payload === 'object' && payload !== null && 'reason' in payload;
}

export function createLiveStreams(options: {
  settings: LiveStreamSettings;
  slots: StreamSlots;
  bus: EventBus;
}): LiveStreams {
  const { settings, slots, bus } = options;
  const open = new Map<string, OpenStream>();
  const endedEarly = new Map<string, { reason: StreamEndReason; atMs: number }>();

  const endHere = (streamId: string, reason: StreamEndReason) => {
    const found = open.get(streamId);
    if (found) {
      found.stream.close(reason);
      return;
    }
    const nowMs = Date.now();
    for (const [id, { atMs }] of endedEarly) if (nowMs - atMs > EARLY_END_MS) endedEarly.delete(id);
    if (endedEarly.size < 10_000) endedEarly.set(streamId, { reason, atMs: nowMs });
  };

  const unsubscribe = bus.subscribe(CONTROL_CHANNEL, (payload) => {
    if (!isControl(payload)) return;
    for (const id of payload.streams ?? []) endHere(id, payload.reason);
    if (payload.sessions) {
      const sessions = new Set(payload.sessions);
      for (const [id, entry] of open) if (sessions.has(entry.sessionId)) endHere(id, payload.reason);
    }
  });

  return {
    async open(request, reply, kind) {
      const { userId, sessionId } = currentUser(request);
      const streamId = randomUUID();
      const keys = [
        { key: `${kind}:user:${userId}`, cap: settings.perUser },
        { key: `${kind}:address:${request.ip}`, cap: settings.perAddress },
      ];
      const evicted = await slots.claim(streamId, keys, streamOpenedAtMs());
      const stream = openSseStream(request, reply, { heartbeatMs: settings.heartbeatMs, idleMs: settings.idleMs });
      open.set(streamId, { sessionId, stream });
      void stream.closed.then(() => {
        open.delete(streamId);
        return slots.release(
          streamId,
          keys.map(({ key }) => key),
        );
      });
      const early = endedEarly.get(streamId);
      if (early) {
        endedEarly.delete(streamId);
        stream.close(early.reason);
      }
      // the streams pushed out: closed here when they are ours, by their instance otherwise
      const elsewhere = evicted.filter((id) => {
        if (!open.has(id)) return true;
        endHere(id, 'replaced');
        return false;
      });
      if (elsewhere.length > 0) await bus.publish(CONTROL_CHANNEL, { streams: elsewhere, reason: 'replaced' });
      return stream;
    },
    async endSessions(sessionIds, reason) {
      if (sessionIds.length > 0) await bus.publish(CONTROL_CHANNEL, { sessions: [...sessionIds], reason });
    },
    stop: unsubscribe,
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The capped live streams (see plugins/live-streams.ts). */
    liveStreams: LiveStreams;
  }
}

/** Makes `app.liveStreams` available to every route. */
const provideLiveStreams = async (app: FastifyInstance, options: { liveStreams: LiveStreams }) => {
  app.decorate('liveStreams', options.liveStreams);
  app.addHook('onClose', async () => options.liveStreams.stop());
};
export const liveStreamsPlugin = fp(provideLiveStreams, { name: 'live-streams' });
