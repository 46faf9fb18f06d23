import type { ColumnDefinitionBuilder, CreateTableBuilder, Kysely, Migration } from 'kysely';
import type { Dialect } from '../database.js';

// Migrations see the database before their own changes, so they are written against an untyped Kysely.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the schema of a migration is the one it creates
export type MigrationDb = Kysely<any>;

export type MigrationFactory = (dialect: Dialect) => Migration;

/** An auto-incrementing integer primary key on either engine. */
export function withId<T extends string, C extends string>(
  table: CreateTableBuilder<T, C>,
  dialect: Dialect,
): CreateTableBuilder<T, C | 'id'> {
  return dialect === 'postgres'
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

export const notNull = (c: ColumnDefinitionBuilder) => c.notNull();
