import { spawn } from 'node:child_process';
import {
  chmodSync,
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  readSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs';
import { dirname, join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import { openDatabase, postgresDriver, type Db, type DatabaseSource } from '../../db/database.js';
import { claimDueOne, dueAtOf, scheduleDue, scheduleDueIfAbsent } from '../../db/due-actions.js';
import { migrateToLatest } from '../../db/migrate.js';
import { metrics } from '../../plugins/metrics.js';
import { repeatEvery } from '../../plugins/repeat.js';
import { recordBackup } from './operations.repository.js';

/**
 * Backups of everything (uploaded files are rows too) in one file: SQLite's online backup API on SQLite
 * (consistent while the app writes), pg_dump's custom format on PostgreSQL. Restores go into an empty database
 * (a non-empty one only when forced), then the migrations run as at start. See decision 034.
 */

/** A backup's engine, from its first bytes. */
function engineOfFile(file: string): 'sqlite' | 'postgres' | undefined {
  const head = Buffer.alloc(16);
  const fd = openSync(file, 'r');
  try {
    readSync(fd, head, 0, 16, 0);
  } finally {
    closeSync(fd);
  }
  if (head.toString('latin1', 0, 15) === 'SQLite format 3') return 'sqlite';
  if (head.toString('latin1', 0, 5) === 'PGDMP') return 'postgres';
  return undefined;
}

/** A PostgreSQL URL without its password, and the password for the client's environment (not its arguments, which `ps` shows). */
function clientConnection(url: string): { url: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return { url: parsed.toString(), env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } };
}

/** Runs a PostgreSQL client program; a clear error when it is not installed. */
function runClient(program: 'pg_dump' | 'pg_restore', args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'ENOENT'
          ? new Error(
              `${program} not found: install the PostgreSQL client of the server's major version (Debian: apt-get install postgresql-client)`,
            )
          : error,
      ),
    );
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`${program} failed (exit ${code}): ${stderr.trim()}`)),
    );
  });
}

/**
 * Writes a backup of the database to `file` (through a temporary file beside it, renamed when whole) and
 * returns its size. SQLite: `pagesPerStep` pages are copied at a time, the connection free in between; the
 * app's own writes meanwhile go into the copy (the same connection), another process's restart it.
 */
export async function backupDatabase(source: DatabaseSource, file: string, pagesPerStep = 1000): Promise<number> {
  // a backup holds everything (password hashes, documents): readable by its owner only
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  const partial = `${file}.partial`;
  rmSync(partial, { force: true });
  try {
    if (source.engine === 'sqlite') {
      await source.connection.backup(partial, { progress: () => pagesPerStep });
    } else {
      const { url, env } = clientConnection(source.url);
      await runClient(
        'pg_dump',
        ['--format=custom', `--file=${partial}`, ...(source.schema ? [`--schema=${source.schema}`] : []), url],
        env,
      );
    }
    chmodSync(partial, 0o600);
    renameSync(partial, file);
  } finally {
    rmSync(partial, { force: true });
  }
  return statSync(file).size;
}

export interface RestoreTarget {
  /** DATABASE_URL (undefined: the embedded database in dataDir). */
  url: string | undefined;
  dataDir: string;
  /** PostgreSQL: the schema the backup's tables are in (the default one when absent). */
  schema?: string;
}

/** The SQLite file a configuration points at (as openDatabase resolves it). */
function sqliteFileOf(target: RestoreTarget): string {
  return target.url?.startsWith('sqlite:') ? target.url.slice('sqlite:'.length) : join(target.dataDir, 'yuk-tender.db');
}

async function onPostgres<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new (postgresDriver().Client)({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

const postgresTableCount = (url: string, schema: string | undefined) =>
  onPostgres(url, async (client) => {
    const { rows } = await client.query<{ n: number }>(
      `select count(*)::int as n from information_schema.tables
       where table_schema = coalesce($1, current_schema())`,
      [schema ?? null],
    );
    return rows[0]?.n ?? 0;
  });

/**
 * pg_restore --clean drops each partition's inherited constraints before its table, which PostgreSQL refuses
 * ("cannot drop inherited constraint"): the partitioned tables (tender_search) are dropped whole beforehand.
 * The restore brings them back with the rest.
 */
const dropPartitionedTables = (url: string, schema: string | undefined) =>
  onPostgres(url, async (client) => {
    const { rows } = await client.query<{ name: string }>(
      `select format('%I.%I', n.nspname, c.relname) as name
       from pg_partitioned_table p join pg_class c on c.oid = p.partrelid join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = coalesce($1, current_schema())`,
      [schema ?? null],
    );
    for (const row of rows) await client.query(`drop table if exists ${row.name} cascade`);
  });

/**
 * Restores `file` into the configured database, which must be empty unless `force` (then what is there is
 * replaced), and runs the migrations. Never while an app is running on it. Returns a line for the operator.
 */
export async function restoreDatabase(target: RestoreTarget, file: string, force: boolean): Promise<string> {
  if (!existsSync(file)) throw new Error(`no such backup: ${file}`);
  const kind = engineOfFile(file);
  const postgres = target.url?.startsWith('postgres') ?? false;
  if (!kind) throw new Error(`${file} is neither a SQLite database nor a pg_dump custom-format backup`);
  if (kind !== (postgres ? 'postgres' : 'sqlite')) {
    throw new Error(
      `${file} is a ${kind} backup, but the configured database is ${postgres ? 'PostgreSQL' : 'SQLite'}`,
    );
  }
  if (postgres && target.url) {
    const tables = await postgresTableCount(target.url, target.schema);
    if (tables > 0 && !force) {
      throw new Error(`the database is not empty (${tables} tables): restore into an empty one, or add --force`);
    }
    // the trigram index's extension lives in public: a backup of one schema does not carry it
    await onPostgres(target.url, (client) => client.query('create extension if not exists pg_trgm with schema public'));
    if (tables > 0) await dropPartitionedTables(target.url, target.schema);
    const { url, env } = clientConnection(target.url);
    await runClient(
      'pg_restore',
      [
        '--no-owner',
        '--no-privileges',
        '--exit-on-error',
        ...(tables > 0 ? ['--clean', '--if-exists'] : []),
        `--dbname=${url}`,
        file,
      ],
      env,
    );
  } else {
    const dbFile = sqliteFileOf(target);
    if (existsSync(dbFile)) {
      const existing = new SqliteDatabase(dbFile, { readonly: true });
      const { n } = existing.prepare(`select count(*) as n from sqlite_master where type = 'table'`).get() as {
        n: number;
      };
      existing.close();
      if (n > 0 && !force) {
        throw new Error(`${dbFile} is not empty (${n} tables): restore into an empty database, or add --force`);
      }
    }
    mkdirSync(dirname(dbFile), { recursive: true });
    for (const suffix of ['', '-wal', '-shm']) rmSync(`${dbFile}${suffix}`, { force: true });
    const backup = new SqliteDatabase(file, { readonly: true });
    try {
      const check = backup.pragma('quick_check', { simple: true });
      if (check !== 'ok') throw new Error(`${file} is damaged: ${String(check)}`);
      await backup.backup(dbFile, { progress: () => 0x7fffffff });
    } finally {
      backup.close();
    }
  }
  const database = openDatabase({
    url: target.url,
    dataDir: target.dataDir,
    ...(target.schema ? { schema: target.schema } : {}),
  });
  try {
    await migrateToLatest(database);
    return `restored ${file} into ${database.describe}; migrations run`;
  } finally {
    await database.close();
  }
}

export interface BackupSchedule {
  dir: string;
  everyMs: number;
  keep: number;
}

export interface BackupContext {
  db: Db;
  source: DatabaseSource;
  schedule: BackupSchedule;
  log: Pick<FastifyBaseLogger, 'info' | 'error'>;
  now?: () => number;
}

/** How long one instance holds the backup's row: another takes over after this when it died mid-way. */
const BACKUP_LEASE_MS = 60 * 60_000;
/** A failed backup is tried again this soon (or at the next regular time, if sooner). */
const RETRY_MS = 10 * 60_000;
const BACKUP_NAME = /^yuk-\d{8}T\d{6}Z\.(sqlite|dump)$/;

function backupName(source: DatabaseSource, atMs: number): string {
  const stamp = new Date(atMs).toISOString().replace(/[-:]/g, '').slice(0, 15);
  return `yuk-${stamp}Z.${source.engine === 'sqlite' ? 'sqlite' : 'dump'}`;
}

/** Deletes the schedule's oldest backups beyond `keep` (only files named as it names them). */
function pruneBackups(dir: string, keep: number): void {
  const names = readdirSync(dir)
    .filter((name) => BACKUP_NAME.test(name))
    .sort()
    .reverse();
  for (const name of names.slice(keep)) rmSync(join(dir, name), { force: true });
}

/**
 * Takes the scheduled backup when it is due and this instance claims it (one instance at a time: the row of
 * `due_actions`, claimed by one conditional UPDATE), then schedules the next. Returns the file written, if any.
 */
export async function runScheduledBackup(ctx: BackupContext): Promise<string | undefined> {
  const now = ctx.now ?? Date.now;
  const startMs = now();
  // a read first: a check when nothing is due costs no write
  const due = await dueAtOf(ctx.db, 'backup', 0);
  if (due === undefined) {
    // the first start of a schedule backs up at once
    await scheduleDueIfAbsent(ctx.db, 'backup', 0, startMs);
  } else if (due.dueAtMs > startMs || due.claimedUntilMs > startMs) {
    return undefined;
  }
  if (!(await claimDueOne(ctx.db, 'backup', 0, startMs, BACKUP_LEASE_MS))) return undefined;
  const name = backupName(ctx.source, startMs);
  try {
    const bytes = await backupDatabase(ctx.source, join(ctx.schedule.dir, name));
    const finishedMs = now();
    await recordBackup(ctx.db, {
      file: name,
      bytes,
      started_at: new Date(startMs).toISOString(),
      finished_at: new Date(finishedMs).toISOString(),
    });
    await scheduleDue(ctx.db, 'backup', 0, startMs + ctx.schedule.everyMs);
    pruneBackups(ctx.schedule.dir, ctx.schedule.keep);
    metrics.backups.inc({ outcome: 'ok' });
    ctx.log.info({ file: name, bytes, ms: finishedMs - startMs }, 'backup taken');
    return name;
  } catch (error) {
    metrics.backups.inc({ outcome: 'failed' });
    ctx.log.error({ err: error, file: name }, 'backup failed');
    await scheduleDue(ctx.db, 'backup', 0, startMs + Math.min(RETRY_MS, ctx.schedule.everyMs));
    return undefined;
  }
}

/** Checks every `tickMs` whether the backup is due (0: never; tests run it by hand). Returns the stop function. */
export function startBackupSchedule(ctx: BackupContext, tickMs: number): () => void {
  return repeatEvery(
    tickMs,
    () => runScheduledBackup(ctx),
    (error) => ctx.log.error({ err: error }, 'backup schedule check failed'),
    { immediately: true },
  );
}
