import { sql, type Insertable } from 'kysely';
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
 * The searches an opening tender matches, other than its owner's: found by lane through the lane index (the
 * tender's origin or any, its destination or any: four lookups), the other terms checked on those rows only.
 */
export function findMatchingSearches(db: Db, tender: OpenedTender) {
  return db
    .selectFrom('saved_searches')
    .select(['id', 'user_id', 'name'])
    .where('origin_key', 'in', [...new Set([tender.originKey, ''])])
    .where('destination_key', 'in', [...new Set([tender.destinationKey, ''])])
    .where('user_id', '<>', tender.ownerId)
    .where((eb) => eb.or([eb('mode_mask', '=', 0), sql<boolean>`(${eb.ref('mode_mask')} & ${tender.modeMask}) <> 0`]))
    .where((eb) => eb.or([eb('max_weight', 'is', null), eb('max_weight', '>=', tender.weight)]))
    .where((eb) => eb.or([eb('min_price_cents', 'is', null), eb('min_price_cents', '<=', tender.priceCents)]))
    .orderBy('id')
    .execute();
}
