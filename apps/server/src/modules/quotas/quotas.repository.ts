import { sql } from 'kysely';
import type { QuotaName } from '@yuk/shared';
import { engineOf, type Db } from '../../db/database.js';
import { preparedQuery } from '../../db/prepared.js';

// a type, not an interface: prepared queries take their arguments as a record
export type CounterRow = {
  key: string;
  window_start: number;
  used: number;
  expires_at_ms: number;
};

const counterColumns = ['key', 'window_start', 'used', 'expires_at_ms'] as const;

/** One counter added to: SQLite runs it once per row, on the transaction's connection, prepared once. */
const upsertCounter = preparedQuery<CounterRow, CounterRow>((db, arg) =>
  db
    .insertInto('quota_counters')
    .values({
      key: arg('key'),
      window_start: arg('window_start'),
      used: arg('used'),
      expires_at_ms: arg('expires_at_ms'),
    })
    .onConflict((oc) =>
      oc.columns(['key', 'window_start']).doUpdateSet((eb) => ({
        used: eb('quota_counters.used', '+', eb.ref('excluded.used')),
      })),
    )
    .returning([...counterColumns]),
);

type CounterColumns = {
  keys: string[];
  windowStarts: number[];
  amounts: number[];
  expiries: number[];
};

/**
 * Many counters added to in one PostgreSQL statement whose text never changes (one array per column), so
 * it is parsed and planned once per connection whatever the number of rows.
 */
const upsertCounters = preparedQuery<CounterColumns, CounterRow>((db, arg) => ({
  compile: () =>
    sql<CounterRow>`insert into quota_counters (key, window_start, used, expires_at_ms)
      select * from unnest(${arg('keys')}::text[], ${arg('windowStarts')}::bigint[], ${arg('amounts')}::bigint[],
        ${arg('expiries')}::bigint[])
      on conflict (key, window_start) do update set used = quota_counters.used + excluded.used
      returning key, window_start, used, expires_at_ms`.compile(db),
}));

/**
 * Adds each row's `used` to its counter (made when missing), in one transaction, and returns the counters'
 * new values. The rows are distinct keys: a statement may change a row only once on PostgreSQL.
 * On PostgreSQL the commit does not wait for the disk: a counter is a rate limit, not a record, and a crash
 * that forgets its last fraction of a second of attempts costs nothing, while a flush per write costs every
 * write it guards a second disk wait. Neither engine builds a query per batch: a batch comes every turn of
 * the event loop under load, and building a long INSERT cost more than running it.
 */
export async function addToCounters(db: Db, rows: readonly CounterRow[]): Promise<CounterRow[]> {
  if (rows.length === 0) return [];
  if (engineOf(db) !== 'postgres') {
    return db.transaction().execute(async (trx) => {
      const totals: CounterRow[] = [];
      for (const row of rows) totals.push(...(await upsertCounter.all(trx, row)));
      return totals;
    });
  }
  return db.transaction().execute(async (trx) => {
    await sql`set local synchronous_commit = off`.execute(trx);
    return upsertCounters.all(trx, {
      keys: rows.map((row) => row.key),
      windowStarts: rows.map((row) => row.window_start),
      amounts: rows.map((row) => row.used),
      expiries: rows.map((row) => row.expires_at_ms),
    });
  });
}

/** Removes up to `limit` counters whose window is over; how many went. Through the expiry index, never a scan. */
export async function deleteExpiredCounters(db: Db, nowMs: number, limit: number): Promise<number> {
  const result = await sql`delete from quota_counters where (key, window_start) in (
      select key, window_start from quota_counters where expires_at_ms <= ${nowMs} limit ${limit}
    )`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

export interface HitRow {
  user_id: number;
  quota: QuotaName;
  day: string;
  hits: number;
  last_hit_at: string;
}

/** Adds refusals to each (account, quota, day); the rows are distinct. */
export async function addHits(db: Db, rows: readonly HitRow[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto('quota_hits')
    .values([...rows])
    .onConflict((oc) =>
      oc.columns(['user_id', 'quota', 'day']).doUpdateSet((eb) => ({
        hits: eb('quota_hits.hits', '+', eb.ref('excluded.hits')),
        last_hit_at: eb.ref('excluded.last_hit_at'),
      })),
    )
    .execute();
}

export async function deleteHitsBefore(db: Db, day: string): Promise<void> {
  await db.deleteFrom('quota_hits').where('day', '<', day).execute();
}

/** The accounts refused most since `sinceDay` (Tashkent), by quota, with their names and companies. */
export function topQuotaHits(db: Db, sinceDay: string, limit: number) {
  return db
    .selectFrom('quota_hits as h')
    .innerJoin('users as u', 'u.id', 'h.user_id')
    .leftJoin('companies as c', 'c.user_id', 'h.user_id')
    .where('h.day', '>=', sinceDay)
    .groupBy(['h.user_id', 'h.quota', 'u.first_name', 'u.last_name', 'u.email', 'c.id', 'c.name'])
    .select((eb) => [
      'h.user_id',
      'h.quota',
      'u.first_name',
      'u.last_name',
      'u.email',
      'c.id as company_id',
      'c.name as company_name',
      eb.fn.sum<number>('h.hits').as('hits'),
      eb.fn.max('h.last_hit_at').as('last_hit_at'),
    ])
    .orderBy('hits', 'desc')
    .orderBy('last_hit_at', 'desc')
    .orderBy('h.user_id')
    .limit(limit)
    .execute();
}
