import { sql, type Insertable, type RawBuilder } from 'kysely';
import type { Db } from '../../db/database.js';
import type { SavedSearchesTable } from './saved-searches.tables.js';

export type NewSavedSearch = Insertable<SavedSearchesTable>;

const columns = [
  'id',
  'name',
  'origin',
  'destination',
  'mode_mask',
  'max_weight',
  'min_price_cents',
  'created_at',
] as const;

export function listSavedSearches(db: Db, userId: number) {
  return db.selectFrom('saved_searches').select(columns).where('user_id', '=', userId).orderBy('id', 'desc').execute();
}

export async function countSavedSearches(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('saved_searches')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export function insertSavedSearch(db: Db, values: NewSavedSearch) {
  return db.insertInto('saved_searches').values(values).returning(columns).executeTakeFirstOrThrow();
}

/** Many at once (the benchmark). */
export async function insertSavedSearches(db: Db, rows: NewSavedSearch[]): Promise<void> {
  for (let start = 0; start < rows.length; start += 500) {
    await db
      .insertInto('saved_searches')
      .values(rows.slice(start, start + 500))
      .execute();
  }
}

/** Deletes one of the user's searches; false when it is not theirs. */
export async function deleteSavedSearch(db: Db, userId: number, id: number): Promise<boolean> {
  const result = await db
    .deleteFrom('saved_searches')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

export interface OpenedTender {
  ownerId: number;
  originKey: string;
  destinationKey: string;
  modeMask: number;
  weight: number;
  priceCents: number;
}

/**
 * Who an opening tender tells: each user (other than its owner) with a saved search it matches, and the name of
 * their first such search. The searches are found by lane through the lane index (the tender's origin or any,
 * its destination or any: four lookups), the other terms checked on those rows only. A query, for the
 * notifications to be written from in one statement.
 */
export function matchingSearchOwners(tender: OpenedTender): RawBuilder<{ user_id: number; detail: string }> {
  const origins = [...new Set([tender.originKey, ''])];
  const destinations = [...new Set([tender.destinationKey, ''])];
  const first = sql`select min(id) from saved_searches
    where origin_key in (${sql.join(origins)}) and destination_key in (${sql.join(destinations)})
      and user_id <> ${tender.ownerId}
      and (mode_mask = 0 or (mode_mask & ${tender.modeMask}) <> 0)
      and (max_weight is null or max_weight >= ${tender.weight})
      and (min_price_cents is null or min_price_cents <= ${tender.priceCents})
    group by user_id`;
  return sql<{
    user_id: number;
    detail: string;
  }>`select user_id, name as detail from saved_searches where id in (${first})`;
}
