import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import {
  Kysely,
  PostgresDialect,
  type CompiledQuery,
  SqliteDialect,
  type DialectAdapter,
  type PostgresPool,
  type PostgresPoolClient,
  type SqliteDatabase as SqliteDialectDatabase,
} from 'kysely';
import type pg from 'pg';
import type { DatabaseSchema } from './schema.js';
import { BACKSTOP_CHECKPOINT_PAGES, startSqliteCheckpointer } from './sqlite-checkpointer.js';

export type Dialect = 'sqlite' | 'postgres';
export type Db = Kysely<DatabaseSchema>;

export interface Database {
  db: Db;
  /** A short text for logs, without credentials. */
  describe: string;
  /** Resolves once the database answers a trivial query (the health check); rejects when it cannot. */
  ping(): Promise<void>;
  /** PostgreSQL: the schema everything lives in when not the default. */
  schema?: string;
  close(): Promise<void>;
  /** What backups and metrics need of the engine underneath: the SQLite file and connection, or the pool. */
  source: DatabaseSource;
}

export type DatabaseSource =
  | { engine: 'sqlite'; file: string; connection: SqliteDatabase.Database }
  | { engine: 'postgres'; url: string; schema?: string; pool: pg.Pool; walkingPool: pg.Pool };

/** PostgreSQL: the connections an instance's pool opens at most, unless told otherwise. */
const POOL_SIZE = 10;

/** PostgreSQL: the connections of the walking pool (walkingReader), beside the pool's. */
const WALKING_POOL_SIZE = 4;

/**
 * PostgreSQL's documented planner switches, set for every statement of the walking pool's connections: a page
 * read walking an index in its order, never by reading the matches and sorting them, and a statement kept
 * prepared planned once for any values (see walkingReader).
 */
const WALKING_SETTINGS = [
  '-c enable_sort=off',
  '-c enable_seqscan=off',
  '-c enable_bitmapscan=off',
  '-c plan_cache_mode=force_generic_plan',
];

const requireHere = createRequire(import.meta.url);
let pgDriver: typeof pg | undefined;

/**
 * The pg driver, loaded when PostgreSQL is first used: a server on SQLite never needs it, and loading it costs
 * some megabytes of the idle server's memory (decision 035, B5).
 */
export function postgresDriver(): typeof pg {
  if (!pgDriver) {
    pgDriver = requireHere('pg') as typeof pg;
    // int8 (counts, sums) arrives as text by default; our values fit in a JS number.
    pgDriver.types.setTypeParser(20, (value) => Number.parseInt(value, 10));
  }
  return pgDriver;
}

export interface DatabaseOptions {
  /** postgres://… for PostgreSQL, sqlite:<path> or undefined for the embedded database. */
  url: string | undefined;
  dataDir: string;
  /** PostgreSQL only: work inside this schema (tests use one schema per file). */
  schema?: string;
  /** PostgreSQL only: the most connections the pool opens (POOL_SIZE when not given). */
  poolSize?: number;
  /**
   * PostgreSQL only: the pool keeps every connection it opens (a server's; see warmConnections). Off, an idle
   * connection is closed after 10 s (pg's default), as tests and one-off commands want.
   */
  keepConnections?: boolean;
  /** PostgreSQL only: told how long each query took (the metrics' query time). */
  onQuery?: (durationMs: number, failed: boolean) => void;
}

/**
 * Kysely prepares every query anew; preparing costs more than running most of ours. Statements are kept
 * by their SQL text (the parameters vary, the text does not), least recently used out beyond `max`.
 */
function withStatementCache(sqlite: SqliteDatabase.Database, max = 1000): SqliteDialectDatabase & SqliteStatements {
  const cache = new Map<string, SqliteDatabase.Statement>();
  const inOneTransaction = sqlite.transaction((read: () => unknown) => read());
  return {
    close: () => sqlite.close(),
    readTogether: <T>(read: () => T) => inOneTransaction(read) as T,
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

interface SqliteStatements {
  prepare(sql: string): SqliteDatabase.Statement;
  /**
   * Runs `read`'s statements in one transaction: one snapshot, and the WAL's read lock taken and its index
   * searched once for all of them instead of once per statement.
   */
  readTogether<T>(read: () => T): T;
}

/** The one SQLite connection behind a database, by its dialect adapter (which its transactions share). */
const sqliteConnections = new WeakMap<DialectAdapter, SqliteStatements>();

/**
 * Inside a transaction on SQLite: the connection that transaction holds, to run a statement on it directly
 * (synchronously, without Kysely's queue). Outside a transaction, or on PostgreSQL, undefined: there the
 * statement must go through Kysely, which waits for the connection to be free.
 */
export function heldSqliteConnection(db: Db): SqliteStatements | undefined {
  return db.isTransaction ? sqliteConnections.get(db.getExecutor().adapter) : undefined;
}

/** A second connection to a SQLite file, for reads of what is committed (see committedSqliteReader). */
const committedReaders = new WeakMap<DialectAdapter, SqliteStatements>();

/**
 * Outside a transaction on a SQLite file: a connection of its own that only reads, where a statement runs at
 * once and sees what has been committed. The main connection serves one transaction at a time (Kysely queues
 * every other query behind it), so a read that needs only the committed state, such as the session check of
 * every signed-in request, need not wait for a batch of bids to commit. Undefined inside a transaction (it
 * must see its own writes), for an in-memory database (a second connection would open another, empty one)
 * and on PostgreSQL (its pool has the connections).
 */
export function committedSqliteReader(db: Db): SqliteStatements | undefined {
  return db.isTransaction ? undefined : committedReaders.get(db.getExecutor().adapter);
}

/** The walking pool of a PostgreSQL database, by the database's dialect adapter. */
const walkingReaders = new WeakMap<DialectAdapter, Db>();

/**
 * PostgreSQL, outside a transaction: a database whose connections read with the planner held to a walk in an
 * index's order (WALKING_SETTINGS), for a list page known to be found within a few hundred rows newest first. Set
 * in a transaction around the page instead, the switches cost three more round trips a page (the begin, the
 * settings, the commit): at a million tenders the page took 2.3–2.5 ms in process that way, 1.3–1.7 ms here
 * (decision 036). Undefined in a transaction and on SQLite. Nothing but such pages runs on it: a dense page of
 * the tender list, a bidder's My Bids.
 */
export function walkingReader(db: Db): Db | undefined {
  return db.isTransaction ? undefined : walkingReaders.get(db.getExecutor().adapter);
}

/** Dialect adapters of PostgreSQL databases (a database and all its transactions share one). */
const postgresAdapters = new WeakSet<DialectAdapter>();

/**
 * The engine `db` (or a transaction of it) runs on: the one way code branches on the engine, for the few
 * statements and plans written for one of them.
 */
export function engineOf(db: Db): Dialect {
  return postgresAdapters.has(db.getExecutor().adapter) ? 'postgres' : 'sqlite';
}

/** SQL texts PostgreSQL keeps prepared on each connection, by the name they are prepared under. */
const namedStatements = new Map<string, string>();

/**
 * Asks PostgreSQL to keep this statement prepared (parsed and planned once per connection, not on every run):
 * for the few hot statements whose text never changes (`preparedQuery`). Kysely's driver sends every query
 * unnamed, so PostgreSQL parses and plans it again each time.
 */
export function keepPreparedOnPostgres(sqlText: string): void {
  if (!namedStatements.has(sqlText)) namedStatements.set(sqlText, `yuk_${namedStatements.size + 1}`);
}

/**
 * At most this many texts are kept by keepShapePreparedOnPostgres: each filter combination of a list writes its
 * own text, and each connection keeps the plan of every kept text it has run, for as long as it lives.
 */
export const KEPT_SHAPES = 64;
let keptShapes = 0;

/**
 * keepPreparedOnPostgres for a statement whose text follows its caller's input (a list's filters and paging):
 * the first KEPT_SHAPES texts are kept; later ones run unnamed, planned on every run as before.
 */
export function keepShapePreparedOnPostgres(sqlText: string): void {
  if (namedStatements.has(sqlText) || keptShapes >= KEPT_SHAPES) return;
  keptShapes += 1;
  keepPreparedOnPostgres(sqlText);
}

/** The name a text is sent under on PostgreSQL, if it is kept prepared. */
export function preparedNameOf(sqlText: string): string | undefined {
  return namedStatements.get(sqlText);
}

/** The pool Kysely uses, with the kept statements sent by name; everything else passes through. */
function namingPool(pool: pg.Pool): PostgresPool {
  // one facade per connection: Kysely keeps its own state per client object
  const facades = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  return {
    async connect() {
      const client = await pool.connect();
      let facade = facades.get(client);
      if (!facade) {
        const query = (sqlText: string, parameters: ReadonlyArray<unknown>) => {
          const name = preparedNameOf(sqlText);
          return client.query(
            name ? { name, text: sqlText, values: [...parameters] } : { text: sqlText, values: [...parameters] },
          );
        };
        // Kysely calls query(sql, parameters) (and a cursor form only for streaming, which we do not use);
        // pg's result is the shape PostgresPoolClient declares, with wider types
        facade = { query, release: () => client.release() } as unknown as PostgresPoolClient;
        facades.set(client, facade);
      }
      return facade;
    },
    end: () => pool.end(),
  };
}

/** A pg pool and the Kysely over it, with the app's settings and these `settings` on each connection. */
function postgresPool(options: DatabaseOptions & { url: string }, max: number, settings: readonly string[] = []) {
  // The app answers many small requests at once: a query's parallel workers would take the cores the other
  // requests are answered on (decision 036: a text search read newest first took 20–30 ms with two workers,
  // 3 ms without, on a busy machine). Each query runs in its own backend alone.
  const all = ['-c max_parallel_workers_per_gather=0', ...settings];
  if (options.schema) all.push(`-c search_path=${options.schema},public`);
  const pool = new (postgresDriver().Pool)({
    connectionString: options.url,
    max,
    ...(options.keepConnections ? { min: max } : {}),
    options: all.join(' '),
  });
  // An idle connection that PostgreSQL ends (a restart, a failover, pg_terminate_backend) is reported on the
  // pool; without a listener Node throws the event and the process dies. The pool drops that connection and
  // opens another when asked. The app logs it (app.ts); until then, or without an app, it is a warning.
  pool.on('error', (error) => {
    if (pool.listenerCount('error') === 1) process.emitWarning(`PostgreSQL ended an idle connection: ${error.message}`);
  });
  const onQuery = options.onQuery;
  const db = new Kysely<DatabaseSchema>({
    dialect: new PostgresDialect({ pool: namingPool(pool) }),
    ...(onQuery ? { log: (event) => onQuery(event.queryDurationMillis, event.level === 'error') } : {}),
  });
  postgresAdapters.add(db.getExecutor().adapter);
  return { pool, db };
}

export function openDatabase(options: DatabaseOptions): Database {
  const url = options.url;
  if (url?.startsWith('postgres')) {
    const max = options.poolSize ?? POOL_SIZE;
    const { pool, db } = postgresPool({ ...options, url }, max);
    const walking = postgresPool({ ...options, url }, Math.min(WALKING_POOL_SIZE, max), WALKING_SETTINGS);
    walkingReaders.set(db.getExecutor().adapter, walking.db);
    const host = new URL(url).host;
    const schema = options.schema ? { schema: options.schema } : {};
    return {
      db,
      describe: `PostgreSQL at ${host}`,
      ping: async () => void (await pool.query('select 1')),
      ...schema,
      close: async () => {
        await walking.db.destroy();
        await db.destroy();
      },
      source: { engine: 'postgres', url, ...schema, pool, walkingPool: walking.pool },
    };
  }
  const file = options.url?.startsWith('sqlite:')
    ? options.url.slice('sqlite:'.length)
    : join(options.dataDir, 'yuk-tender.db');
  const inMemory = file === ':memory:';
  if (!inMemory) mkdirSync(options.dataDir, { recursive: true });
  const sqlite = new SqliteDatabase(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const connection = withStatementCache(sqlite);
  const pingStatement = sqlite.prepare('select 1');
  const db = new Kysely<DatabaseSchema>({ dialect: new SqliteDialect({ database: connection }) });
  sqliteConnections.set(db.getExecutor().adapter, connection);
  const reader = inMemory ? undefined : new SqliteDatabase(file);
  if (reader) {
    reader.pragma('query_only = ON');
    reader.pragma('busy_timeout = 5000');
    committedReaders.set(db.getExecutor().adapter, withStatementCache(reader, 100));
  }
  // a file database checkpoints on a thread of its own; the main connection only as the backstop
  const checkpointer = inMemory ? undefined : startSqliteCheckpointer(file);
  if (checkpointer) {
    sqlite.pragma(`wal_autocheckpoint = ${BACKSTOP_CHECKPOINT_PAGES}`);
    sqlite.pragma(`journal_size_limit = ${BACKSTOP_CHECKPOINT_PAGES * 4096}`);
  }
  return {
    db,
    describe: `SQLite at ${file}`,
    // the connection is in this process: one prepared statement run directly, without Kysely's queue (it
    // is harmless inside a transaction another request holds)
    ping: async () => void pingStatement.get(),
    async close() {
      await checkpointer?.stop();
      reader?.close();
      await db.destroy();
    },
    source: { engine: 'sqlite', file, connection: sqlite },
  };
}

/** What warmConnections runs on each connection: of the pool (`pooled`) and of the walking pool (`walking`). */
export interface WarmUpStatements {
  pooled: readonly CompiledQuery[];
  walking: readonly CompiledQuery[];
}

/** How many connections were warmed of those wanted, and the first error when some were not. */
export interface WarmUpResult {
  warmed: number;
  wanted: number;
  error?: unknown;
}

/**
 * PostgreSQL: opens every connection of both pools at once and runs their statements on each, before the server
 * answers. A backend's first statement over a table loads its catalog entries (a partitioned table's range by
 * range, with each range's indexes) and its first trigram comparison loads pg_trgm: at a million tenders a text
 * search's count took 35 ms on a fresh connection and 3.5 ms on the next, so a server just started answered
 * its first searches with a p99 of half a second (decision 036). With keepConnections they then stay open and
 * warm. A connection that cannot be opened now (PostgreSQL's connection limit while other instances restart) is
 * left to be opened when needed, as before: the answer says how many were warmed, and the first error.
 * SQLite: nothing to do (one connection, in this process).
 */
export async function warmConnections(database: Database, statements: WarmUpStatements): Promise<WarmUpResult> {
  if (database.source.engine !== 'postgres') return { warmed: 0, wanted: 0 };
  const { pool, walkingPool } = database.source;
  const results = await Promise.all([warmPool(pool, statements.pooled), warmPool(walkingPool, statements.walking)]);
  const error = results.find((result) => result.error !== undefined)?.error;
  const warmed = results.reduce((sum, result) => sum + result.warmed, 0);
  const wanted = results.reduce((sum, result) => sum + result.wanted, 0);
  return error === undefined ? { warmed, wanted } : { warmed, wanted, error };
}

async function warmPool(pool: pg.Pool, statements: readonly CompiledQuery[]): Promise<WarmUpResult> {
  const wanted = pool.options.max ?? POOL_SIZE;
  // held together, so that each is a connection of its own
  const opened = await Promise.allSettled(Array.from({ length: wanted }, () => pool.connect()));
  const clients = opened.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  const refused = opened.find((result) => result.status === 'rejected');
  try {
    const runs = await Promise.allSettled(
      clients.map(async (client) => {
        for (const statement of statements) await client.query(statement.sql, [...statement.parameters]);
      }),
    );
    const failed = runs.find((result) => result.status === 'rejected');
    // a rejection's reason is whatever was thrown
    const error: unknown = refused?.reason ?? failed?.reason;
    const warmed = runs.filter((result) => result.status === 'fulfilled').length;
    return error === undefined ? { warmed, wanted } : { warmed, wanted, error };
  } finally {
    for (const client of clients) client.release();
  }
}
