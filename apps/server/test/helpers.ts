import { randomBytes } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { CompiledQuery, sql, type Compilable } from 'kysely';
import pg from 'pg';
import { afterAll, expect } from 'vitest';
import type { ApiErrorBody as SharedApiErrorBody } from '@yuk/shared';
import { buildApp, type AppOptions } from '../src/app.js';
import { DEFAULT_QUOTAS, scaleQuotas } from '../src/modules/quotas/index.js';
import { engineOf, openDatabase, type Database, type Db } from '../src/db/database.js';
import { migrateToLatest } from '../src/db/migrate.js';

export const TEST_JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256-0123456789';

/** postgres://… runs the same suite on PostgreSQL (one fresh schema per test file); else in-memory SQLite. */
export const testDatabaseUrl = process.env.TEST_DATABASE_URL;
export const engine = testDatabaseUrl ? 'postgres' : 'sqlite';

/**
 * Kysely's migrator reads the whole catalogue (every schema's tables) to find its own, and PostgreSQL answers
 * "schema does not exist" when another test file drops its schema in the middle of that read. So migrating
 * takes a shared advisory lock and dropping a schema the exclusive one: migrations run side by side, and a
 * drop waits for them.
 */
const SCHEMA_LOCK = 7_202_611;

/** Migrates a test database to the latest schema, safe beside other test files dropping theirs. */
export async function migrateTestDatabase(database: Database): Promise<void> {
  if (!testDatabaseUrl || database.schema === undefined) {
    await migrateToLatest(database);
    return;
  }
  const locker = new pg.Client({ connectionString: testDatabaseUrl });
  await locker.connect();
  try {
    await locker.query('select pg_advisory_lock_shared($1)', [SCHEMA_LOCK]);
    await migrateToLatest(database);
  } finally {
    await locker.end();
  }
}

/** Creates an empty schema of the test database (PostgreSQL only). */
export async function createTestSchema(prefix: string): Promise<string> {
  const schema = `${prefix}${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: testDatabaseUrl });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  return schema;
}

/** Drops a test schema once no test file is in the middle of migrating (see SCHEMA_LOCK). */
export async function dropTestSchema(schema: string): Promise<void> {
  const cleaner = new pg.Client({ connectionString: testDatabaseUrl });
  await cleaner.connect();
  try {
    await cleaner.query('select pg_advisory_lock($1)', [SCHEMA_LOCK]);
    await cleaner.query(`drop schema ${schema} cascade`);
  } finally {
    await cleaner.end();
  }
}

async function freshDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  if (!testDatabaseUrl) {
    const database = openDatabase({ url: 'sqlite::memory:', dataDir: '.' });
    return { database, drop: async () => undefined };
  }
  const schema = await createTestSchema('t_');
  const database = openDatabase({ url: testDatabaseUrl, dataDir: '.', schema, poolSize: 20 });
  return { database, drop: () => dropTestSchema(schema) };
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  close: () => Promise<void>;
}

/**
 * An error answer as the tests read it: the API's own shape, with `fields` read without a check (the API sends
 * them only on validation errors, which is where the tests read them).
 */
export type ApiErrorBody = Required<SharedApiErrorBody>;

/** The parts of the OpenAPI document the tests read. */
export interface OpenApiDocument {
  paths: Record<
    string,
    Record<string, { parameters: { name: string }[]; responses: Record<string, unknown>; requestBody?: unknown }>
  >;
}

/** A suite writes far faster than a person: the quota tests set their own limits. */
export const TEST_QUOTAS = scaleQuotas(DEFAULT_QUOTAS, 1000);

/** The real app on a freshly migrated database; closed after the file's tests. */
export async function buildTestApp(overrides: Partial<AppOptions> = {}): Promise<TestApp> {
  const { database, drop } = await freshDatabase();
  await migrateTestDatabase(database);
  const app = await buildApp({
    database,
    jwtSecret: TEST_JWT_SECRET,
    logLevel: 'silent',
    // the tests run the schedule and the outbox by hand, at the times they choose
    deadlineTickMs: 0,
    outboxTickMs: 0,
    quotas: TEST_QUOTAS,
    // every answer is written by the compiled serializer and checked against zod's encoding of it
    checkResponses: true,
    // and a route that keeps no request origin (a read, a bid) fails if it reads one
    checkOrigins: true,
    ...overrides,
  });
  await app.ready();
  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    await app.close();
    await database.close();
    await drop();
  };
  afterAll(close);
  return { app, database, close };
}

/** The URL of a request the tests build, as text (for labels and for sending it over real HTTP). */
export function urlOf(options: InjectOptions): string {
  const { url } = options;
  if (url === undefined) return '';
  return typeof url === 'string'
    ? url
    : `${url.pathname}${url.query ? `?${new URLSearchParams(url.query as Record<string, string>).toString()}` : ''}`;
}

/** Inject a request, as the signed-in user whose access token is `token` (anonymous without one). */
export function api(app: FastifyInstance, options: InjectOptions & { token?: string }) {
  const { token, headers, ...rest } = options;
  return app.inject({
    ...rest,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
  });
}

export { sql };

/**
 * The plan of a query as either engine gives it, as text. Test tables are small enough to read whole, so
 * PostgreSQL is kept from sequential scans: the plan is read as it would be on a large table.
 */
export function planOnLargeTable(db: Db, queryOf: (trx: Db) => Compilable): Promise<string> {
  return db.transaction().execute(async (trx) => {
    const postgres = engineOf(trx) === 'postgres';
    if (postgres) await sql`set local enable_seqscan = off`.execute(trx);
    const compiled = queryOf(trx).compile();
    const explain = postgres ? 'explain' : 'explain query plan';
    const result = await trx.executeQuery(CompiledQuery.raw(`${explain} ${compiled.sql}`, [...compiled.parameters]));
    return JSON.stringify(result.rows);
  });
}

/**
 * Reads a Server-Sent Events answer as it arrives: `until(n)` waits for the n-th `state` event, `text()` is all
 * that has come so far.
 */
export function readStates(res: Response) {
  const reader = (res.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  let received = '';
  return {
    text: () => received,
    async until(count: number) {
      while ((received.match(/event: state/g) ?? []).length < count) {
        const { value, done } = await reader.read();
        if (done) break;
        received += decoder.decode(value);
      }
    },
  };
}

/** The byte-order mark every CSV answer starts with (Excel reads UTF-8 only then). */
export const BOM = '\uFEFF';

/** A CSV answer: its headers checked, its rows read back (header row first). */
export function readCsvAnswer(res: {
  statusCode: number;
  body: string;
  headers: Record<string, unknown>;
  rawPayload: Buffer;
}) {
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
  expect([...res.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  expect(res.body.startsWith(BOM)).toBe(true);
  const rows: string[][] = parse(res.body.slice(1), { relax_column_count: false });
  return rows;
}

/**
 * A Server-Sent Events stream read over a real socket as the user of `token` (with any other `headers`):
 * `until(needle)` waits until the text received so far holds it (or the stream ends) and returns all of it.
 */
export async function openEventStream(
  address: string,
  url: string,
  token: string,
  headers: Record<string, string> = {},
) {
  const controller = new AbortController();
  const res = await fetch(`${address}${url}`, {
    headers: { authorization: `Bearer ${token}`, ...headers },
    signal: controller.signal,
  });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
  const reader = (res.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  let text = '';
  return {
    close: () => controller.abort(),
    text: () => text,
    async until(needle: string) {
      while (!text.includes(needle)) {
        const { value, done } = await reader.read();
        if (done) break;
        text += decoder.decode(value);
      }
      return text;
    },
  };
}
