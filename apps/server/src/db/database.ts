import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, type SqliteDatabase as SqliteDialectDatabase } from 'kysely';
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

/**
 * Kysely prepares every query anew; preparing costs more than running most of ours. Statements are kept
 * by their SQL text (the parameters vary, the text does not), least recently used out beyond `max`.
 */
function withStatementCache(sqlite: SqliteDatabase.Database, max = 1000): SqliteDialectDatabase {
  const cache = new Map<string, SqliteDatabase.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sql: string) {
      let statement = cache.get(sql);
      if (statement) {
        cache.delete(sql); // re-inserted below: most recently used last
      } else {
        statement = sqlite.prepare(sql);
        if (cache.size >= max) cache.delete(cache.keys().next().value as string);
      }
      cache.set(sql, statement);
      return statement;
    },
  };
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
  const db = new Kysely<DatabaseSchema>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
  return { db, dialect: 'sqlite', describe: `SQLite at ${file}`, close: () => db.destroy() };
}
