import { sql, type RawBuilder } from 'kysely';
import { engineOf, type Db } from './database.js';

/**
 * `column` (an integer id column) is one of `ids`, the ids sent as one parameter whatever their number: an
 * int4 array on PostgreSQL (`= any`; the column's own type, which the planner compares fastest), a JSON text
 * read by `json_each` on SQLite. An IN list with a parameter per id (the 5,000 bidders
 * of a busy tender) costs more to bind, parse and plan than the read itself, gives every length its own SQL
 * text, and stops at the engine's parameter limit.
 */
export function idIn(db: Db, column: string, ids: readonly number[]): RawBuilder<boolean> {
  const ref = sql.ref(column);
  return engineOf(db) === 'postgres'
    ? sql<boolean>`${ref} = any(cast(${sql.val([...ids])} as int4[]))`
    : sql<boolean>`${ref} in (select value from json_each(${JSON.stringify(ids)}))`;
}
