import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { apiPaths } from '@yuk/shared';
import { engineOf, type Database } from '../../src/db/database.js';

/**
 * Shared pieces of the reliability and security families. Each family prints one figure line and asserts
 * its targets; `RELIABILITY_LONG=1` (npm run test:reliability) runs the long variant of each.
 */
export const LONG = ['1', 'true', 'yes'].includes((process.env.RELIABILITY_LONG ?? '').toLowerCase());

/** The fast or the long size of a family. */
export const size = (fast: number, long: number): number => (LONG ? long : fast);

/** Prints the one figure line of a family: `[family] key=value …`. */
export function printFigure(family: string, values: Record<string, string | number>): string {
  const line = `[${family}] ${Object.entries(values)
    .map(([key, value]) => `${key}=${value}`)
    .join(' ')}`;
  console.log(line);
  return line;
}

export { seededRandom } from '../../src/seeded-random.js';

// ---------------------------------------------------------------------------------------------------
// Routes, read from the app's own OpenAPI document so that a new route is covered without editing a list.

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export const HTTP_METHODS: HttpMethod[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  enum?: unknown[];
  format?: string;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  minLength?: number;
  maxLength?: number;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  required?: string[];
  [key: string]: unknown;
}

export interface Operation {
  method: HttpMethod;
  /** The OpenAPI path, e.g. /api/tenders/{id}. */
  path: string;
  pathParams: string[];
  queryParams: string[];
  /** The schema of each path and query parameter, by name. */
  paramSchemas: Record<string, JsonSchema>;
  /** Content types of the body, when the route takes one. */
  bodyTypes: string[];
  bodySchema: JsonSchema | undefined;
  /** Whether the document marks it as needing a bearer token. */
  secured: boolean;
  summary: string;
}

interface OpenApiOperation {
  parameters?: Array<{ in: string; name: string; schema?: JsonSchema }>;
  requestBody?: { content: Record<string, { schema?: JsonSchema }> };
  security?: unknown[];
  summary?: string;
}

/** Every documented operation of the app (the docs' own routes excluded). */
export async function listOperations(app: FastifyInstance): Promise<Operation[]> {
  const res = await app.inject({ method: 'GET', url: apiPaths.docsJson });
  if (res.statusCode !== 200) throw new Error(`no OpenAPI document: ${res.statusCode}`);
  const doc = res.json<{ paths: Record<string, Record<string, OpenApiOperation>> }>();
  const operations: Operation[] = [];
  for (const [path, byMethod] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(byMethod)) {
      const upper = method.toUpperCase() as HttpMethod;
      if (!HTTP_METHODS.includes(upper)) continue;
      const content = op.requestBody?.content ?? {};
      const firstType = Object.keys(content)[0];
      operations.push({
        method: upper,
        path,
        pathParams: (op.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name),
        queryParams: (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
        paramSchemas: Object.fromEntries((op.parameters ?? []).map((p) => [p.name, p.schema ?? {}])),
        bodyTypes: Object.keys(content),
        bodySchema: firstType ? content[firstType]?.schema : undefined,
        secured: Array.isArray(op.security) && op.security.length > 0,
        summary: op.summary ?? '',
      });
    }
  }
  return operations;
}

/** The routes anyone may call without a token (everything else answers 401 without one). */
export const PUBLIC_OPERATIONS = new Set([
  'POST /api/users/register',
  'POST /api/users/login',
  'POST /api/users/refresh',
  'POST /api/users/logout',
  'GET /api/health',
  // a load balancer's checks: is the process alive, and may it take requests
  'GET /api/health/live',
  'GET /api/health/ready',
  'GET /api/files/{id}',
  // the map settings a signed-out page needs, and a shipment followed through its tracking link
  'GET /api/config',
  'GET /api/track/{token}',
  // signing in by SMS and recovering a password happen before there is a token
  'POST /api/auth/sms/send',
  'POST /api/auth/sms/verify',
  'POST /api/auth/password-reset',
  'POST /api/auth/password-reset/confirm',
  // signing in with an ERI key, too
  'GET /api/auth/eri/challenge',
  'POST /api/auth/eri',
  // open to Telegram's servers, which prove themselves with the webhook's secret header instead of a token
  'POST /api/telegram/webhook',
  // signing in inside the Telegram Mini App: the launch's init data, signed by Telegram, instead of a token
  'POST /api/auth/telegram',
]);

export const operationKey = (op: { method: string; path: string }) => `${op.method} ${op.path}`;

/** Server-Sent Events routes never finish by themselves: they are called over a socket and cut after the head. */
export const isStreamOperation = (op: Operation) =>
  /Server-Sent Events/i.test(op.summary) || /\/(events|stream)$/.test(op.path);

/** Puts values into an OpenAPI path ({name} → value, URL-encoded). */
export function fillPath(path: string, values: Record<string, string | number>): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`no value for {${name}} in ${path}`);
    return encodeURIComponent(String(value));
  });
}

// ---------------------------------------------------------------------------------------------------
// Whole-database snapshots: which rows of which table changed.

/** The tables of the app's database (SQLite's full-text index tables included, migrations' own excluded). */
export async function tableNames(database: Database): Promise<string[]> {
  if (engineOf(database.db) === 'sqlite') {
    const rows = await sql<{
      name: string;
    }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name`.execute(
      database.db,
    );
    return rows.rows.map((row) => row.name).filter((name) => !name.startsWith('kysely_'));
  }
  const rows = await sql<{ name: string }>`select table_name as name from information_schema.tables
    where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`.execute(database.db);
  return rows.rows.map((row) => row.name).filter((name) => !name.startsWith('kysely_'));
}

/** Every table's rows as fingerprints (row key → content hash). */
export type Snapshot = Map<string, Map<string, string>>;

const rowKey = (row: Record<string, unknown>): string => {
  for (const key of ['id', 'rowid', 'number', 'name', 'segid'])
    if (row[key] !== undefined && row[key] !== null) return `${key}:${JSON.stringify(row[key])}`;
  return createHash('sha256').update(JSON.stringify(row)).digest('hex');
};

/** Rows every request may add by design (the audit of a sign-in, the count of attempts against a quota). */
const BOOKKEEPING_TABLES = new Set(['audit_log', 'quota_counters', 'quota_hits']);

export async function snapshot(database: Database): Promise<Snapshot> {
  const result: Snapshot = new Map();
  for (const table of await tableNames(database)) {
    if (BOOKKEEPING_TABLES.has(table)) continue;
    const rows = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(database.db);
    const byKey = new Map<string, string>();
    for (const row of rows.rows) {
      const text = JSON.stringify(row, (_k, value: unknown) =>
        value && typeof value === 'object' && (value as { type?: string }).type === 'Buffer'
          ? createHash('sha256')
              .update(Buffer.from((value as { data: number[] }).data))
              .digest('hex')
          : value,
      );
      let key = rowKey(row);
      while (byKey.has(key)) key += '+';
      byKey.set(key, createHash('sha256').update(text).digest('hex'));
    }
    result.set(table, byKey);
  }
  return result;
}

export interface SnapshotDiff {
  /** table → keys of rows added */
  added: Map<string, string[]>;
  /** table → keys of rows removed or changed */
  changed: Map<string, string[]>;
}

export function diffSnapshots(before: Snapshot, after: Snapshot): SnapshotDiff {
  const added = new Map<string, string[]>();
  const changed = new Map<string, string[]>();
  for (const [table, rows] of after) {
    const old = before.get(table) ?? new Map<string, string>();
    for (const [key, hash] of rows) {
      if (!old.has(key)) added.set(table, [...(added.get(table) ?? []), key]);
      else if (old.get(key) !== hash) changed.set(table, [...(changed.get(table) ?? []), key]);
    }
    for (const key of old.keys()) if (!rows.has(key)) changed.set(table, [...(changed.get(table) ?? []), key]);
  }
  return { added, changed };
}

/** SQLite's full-text index keeps its own shadow tables; their rows follow the tenders table. */
export const isIndexTable = (table: string) => /_fts(_|$)/.test(table);

// ---------------------------------------------------------------------------------------------------
// What an answer must never show: the inside of the server.

const STACK_PATTERNS = [
  /\n\s+at\s+\S/,
  /\bat\s+[\w.<>]+\s+\(.*:\d+:\d+\)/,
  /\.(ts|js|mjs|cjs):\d+:\d+/,
  /node_modules/,
  /\/(work|home|usr|app|srv)\//,
];
const SQL_PATTERNS = [
  /SQLITE_/i,
  /\bsqlite\b/i,
  /\bpostgres(ql)?\b/i,
  /syntax error/i,
  /\bselect\s+[\w*"]+.*\bfrom\b/i,
  /\binsert\s+into\b/i,
  /\bupdate\s+\w+\s+set\b/i,
  /\bdelete\s+from\b/i,
  /\brelation\s+"/i,
  /violates .* constraint/i,
  /\bkysely\b/i,
  /invalid input syntax/i,
  /out of range for type/i,
];

/** The patterns of stack traces and SQL that `body` shows and `sent` (what the client sent) does not explain. */
export function leaks(body: string, sent = ''): { stack: boolean; sql: boolean } {
  const fresh = (pattern: RegExp) => pattern.test(body) && !pattern.test(sent);
  return { stack: STACK_PATTERNS.some(fresh) || fresh(/\b\w*Error:/), sql: SQL_PATTERNS.some(fresh) };
}

/** An error answer of the product's shape: `{ error: text, code: CODE, fields? }`. */
export function isErrorShape(body: string): boolean {
  try {
    const parsed = JSON.parse(body) as Record<string, unknown>;
    return (
      typeof parsed.error === 'string' &&
      parsed.error.length > 0 &&
      typeof parsed.code === 'string' &&
      /^[A-Z_]+$/.test(parsed.code)
    );
  } catch {
    return false;
  }
}
