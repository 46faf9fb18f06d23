import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { Db } from '../../db/database.js';
import * as repo from './quotas.repository.js';

/** One amount added to one counter: a key in one fixed window. */
export interface CounterEntry {
  key: string;
  /** The window's start (epoch ms). */
  windowStart: number;
  windowMs: number;
  /** 1 for an attempt, the bytes of an upload, or minus them to give them back. */
  amount: number;
}

/**
 * Where the quotas count: shared by every instance (the database, or Redis when configured), so that two
 * instances never double a limit.
 */
export interface QuotaCounters {
  /** Adds each entry's amount to its counter atomically; each counter's value just after its entry, in order. */
  add(entries: readonly CounterEntry[]): Promise<number[]>;
}

/** At most this many queued items (an attempt's counters, a refusal) per flush (one transaction). */
const MAX_BATCH = 2000;

interface Queued<T, R> {
  item: T;
  resolve(result: R): void;
  reject(error: unknown): void;
}

/**
 * Group commit for small writes: what arrives in one turn of the event loop (and while the previous write
 * runs) is written together. Under load one write serves hundreds of requests; alone, a request waits
 * only for the end of the current turn.
 */
export function createBatcher<T, R>(write: (items: T[]) => Promise<R[]>): (item: T) => Promise<R> {
  let queue: Queued<T, R>[] = [];
  let scheduled = false;
  const flush = async () => {
    while (queue.length > 0) {
      const batch = queue.slice(0, MAX_BATCH);
      queue = queue.slice(MAX_BATCH);
      try {
        const results = await write(batch.map((queued) => queued.item));
        batch.forEach((queued, i) => queued.resolve(results[i] as R));
      } catch (error) {
        for (const queued of batch) queued.reject(error);
      }
    }
    scheduled = false;
  };
  return (item) =>
    new Promise<R>((resolve, reject) => {
      queue.push({ item, resolve, reject });
      if (!scheduled) {
        scheduled = true;
        setImmediate(() => void flush());
      }
    });
}

const counterId = (key: string, windowStart: number) => `${key}\u0000${windowStart}`;

/**
 * Counters in the database: `quota_counters`, one row per key and window, added to by an upsert that returns
 * the new value (atomic on both engines). The entries of a batch are summed per counter first; each entry's
 * own value is then the counter's new value less what the entries after it in the batch added, exactly what
 * one statement per entry would have returned in arrival order. Rows are written in key order, so that two
 * instances lock PostgreSQL's rows in the same order.
 */
export function createDatabaseCounters(db: Db): QuotaCounters {
  // one queued item per attempt (all its counters), not per counter: a promise less for each of them
  const push = createBatcher<readonly CounterEntry[], number[]>(async (attempts) => {
    const entries = attempts.flat();
    const rows = new Map<string, repo.CounterRow>();
    for (const entry of entries) {
      const id = counterId(entry.key, entry.windowStart);
      const row = rows.get(id);
      if (row) row.used += entry.amount;
      else
        rows.set(id, {
          key: entry.key,
          window_start: entry.windowStart,
          used: entry.amount,
          expires_at_ms: entry.windowStart + entry.windowMs,
        });
    }
    const ordered = [...rows.values()].sort((a, b) =>
      a.key < b.key ? -1 : a.key > b.key ? 1 : a.window_start - b.window_start,
    );
    const totals = new Map<string, number>();
    for (const row of await repo.addToCounters(db, ordered))
      totals.set(counterId(row.key, Number(row.window_start)), Number(row.used));
    const addedLater = new Map<string, number>();
    const values = new Array<number>(entries.length);
    for (let i = entries.length - 1; i >= 0; i -= 1) {
      const entry = entries[i]!;
      const id = counterId(entry.key, entry.windowStart);
      const later = addedLater.get(id) ?? 0;
      values[i] = (totals.get(id) ?? 0) - later;
      addedLater.set(id, later + entry.amount);
    }
    let start = 0;
    return attempts.map((attempt) => values.slice(start, (start += attempt.length)));
  });
  return { add: (entries) => (entries.length === 0 ? Promise.resolve([]) : push(entries)) };
}

/** A counter outlives its window by this much in Redis (clocks of instances differ a little). */
const REDIS_GRACE_MS = 60_000;

/**
 * Counters in Redis: INCRBY and PEXPIRE of every entry in one MULTI (one round trip, applied atomically).
 * While Redis is unreachable the database counts instead (still shared), and the log says so once.
 */
export function createRedisCounters(client: Redis, fallback: QuotaCounters, log: FastifyBaseLogger): QuotaCounters {
  let degraded = false;
  return {
    async add(entries) {
      try {
        const multi = client.multi();
        for (const entry of entries) {
          const key = `yuk:quota:${entry.key}:${entry.windowStart}`;
          multi.incrby(key, entry.amount).pexpire(key, entry.windowMs + REDIS_GRACE_MS);
        }
        const results = await multi.exec();
        if (!results) throw new Error('the quota transaction was aborted');
        const values = entries.map((_, i) => {
          const [error, value] = results[i * 2] ?? [new Error('no answer'), null];
          if (error) throw error;
          return Number(value);
        });
        if (degraded) log.info('quotas: counting in redis again');
        degraded = false;
        return values;
      } catch (error) {
        if (!degraded) log.warn({ err: error }, 'quotas: redis unavailable, counting in the database');
        degraded = true;
        return fallback.add(entries);
      }
    },
  };
}
