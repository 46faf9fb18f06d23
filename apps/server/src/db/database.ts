import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { DatabaseSchema } from './schema.js';

export type Dialect = 'sqlite' | 'postgres';
export type Db = Kysely<DatabaseSchema>;

export interface Database {
  db: Db;
  dialect: Dialect;
  /** A short text for logs, without credentials. */
  describe: string;
  /** PostgreSQL: the schema everything lives in when not the default. */
  schema?: string;
  close(): Promise<void>;
}

// int8 (counts, sums) arrives as text by default; our values fit in a JS number.
pg.types.setTypeParser(20, (value) => Number.parseInt(value, 10));

export interface DatabaseOptions {
  /** postgres://… for PostgreSQL, sqlite:<path> or undefined for the embedded database. */
  url: string | undefined;
  dataDir: string;
  /** PostgreSQL only: work inside this schema (tests use one schema per file). */
  schema?: string;
  poolSize?: number;
}

export function openDatabase(options: DatabaseOptions): Database {
  if (options.url?.startsWith('postgres')) {
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolSize ?? 10,
      ...(options.schema ? { options: `-c search_path=${options.schema},public` } : {}),
    });
    const db = new Kysely<DatabaseSchema>({ dialect: new PostgresDialect({ pool }) });
    const host = new URL(options.url).host;
    return {
      db,
      dialect: 'postgres',
      describe: `PostgreSQL at ${host}`,
      ...(options.schema ? { schema: options.schema } : {}),
      close: () => db.destroy(),
    };
  }
  const file = options.url?.startsWith('sqlite:')
    ? options.url.slice('sqlite:'.length)
    : join(options.dataDir, 'yuk-tender.db');
  if (file !== ':memory:') mkdirSync(options.dataDir, { recursive: true });
  const sqlite = new SqliteDatabase(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<DatabaseSchema>({ dialect: new SqliteDialect({ database: sqlite }) });
  return { db, dialect: 'sqlite', describe: `SQLite at ${file}`, close: () => db.destroy() };
}
