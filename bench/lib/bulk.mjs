// Bulk writes for the bench: rows given as a stream (an iterable of arrays), never a list in memory. On SQLite
// prepared inserts in transactions of many rows on the database's own connection; on PostgreSQL COPY FROM
// STDIN (pg-copy-streams) on a connection of the pool.
import { spawnSync } from 'node:child_process';
import { statSync } from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { from as copyFrom } from 'pg-copy-streams';

/** Rows per SQLite transaction: large enough to cost nothing per row, small enough to keep the WAL bounded. */
const SQLITE_ROWS_PER_TRANSACTION = 200_000;
/** Rows per COPY statement on PostgreSQL (see writeRows). */
const COPY_ROWS_PER_STATEMENT = 20_000;
/** Lines per chunk written to the COPY stream. */
const COPY_LINES_PER_CHUNK = 2_000;

/** A value in COPY's text format: \N for null, the separators and backslash escaped. */
function copyValue(value) {
  if (value === null || value === undefined) return '\\N';
  if (typeof value !== 'string') return String(value);
  return value.replace(/[\\\t\n\r]/g, (char) => ({ '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' })[char]);
}

async function* copyLines(rows) {
  let chunk = [];
  for (const row of rows) {
    chunk.push(`${row.map(copyValue).join('\t')}\n`);
    if (chunk.length >= COPY_LINES_PER_CHUNK) {
      yield chunk.join('');
      chunk = [];
    }
  }
  if (chunk.length > 0) yield chunk.join('');
}

/**
 * Writes `rows` (each an array in the order of `columns`) into `table`; returns how many.
 *
 * `references: 'trusted'` writes them without checking their foreign keys, as a restore does (pg_restore's
 * --disable-triggers, SQLite's foreign_keys off): each bid's three references cost PostgreSQL a look-up and a
 * row lock on the tender, the user and the vehicle, more than half of its bulk's time. Nothing else differs:
 * the same rows, the same indexes written row by row, the same files. On PostgreSQL only a table with no
 * triggers of its own is written so (replication role `replica` would skip those too: the tenders' keep their
 * counts and search ranges).
 */
export async function writeRows(database, table, columns, rows, { references = 'checked' } = {}) {
  const source = database.source;
  let count = 0;
  const counted = (function* () {
    for (const row of rows) {
      count += 1;
      yield row;
    }
  })();
  if (source.engine === 'sqlite') {
    const connection = source.connection;
    // a pragma that takes effect between transactions only: set before the first, put back after the last
    const unchecking = references === 'trusted' && connection.pragma('foreign_keys', { simple: true }) === 1;
    if (unchecking) connection.pragma('foreign_keys = off');
    try {
      writeSqliteRows(connection, table, columns, counted);
    } finally {
      if (unchecking) connection.pragma('foreign_keys = on');
    }
    return count;
  }
  // one COPY (one transaction) per COPY_ROWS_PER_STATEMENT rows: the list totals' trigger updates the same few
  // tender_counts rows for every tender, and inside one transaction none of their old versions can be pruned
  const client = await source.pool.connect();
  let trusted = false;
  try {
    if (references === 'trusted') {
      const own = await client.query(
        'select count(*)::int as n from pg_trigger where tgrelid = $1::regclass and not tgisinternal',
        [table],
      );
      // (setting the role takes a superuser, as the bench's database has: anyone else writes them checked)
      trusted =
        own.rows[0].n === 0 &&
        (await client.query('set session_replication_role = replica').then(
          () => true,
          () => false,
        ));
    }
    for (;;) {
      const first = counted.next();
      if (first.done) break;
      const some = (function* () {
        yield first.value;
        for (let i = 1; i < COPY_ROWS_PER_STATEMENT; i += 1) {
          const next = counted.next();
          if (next.done) return;
          yield next.value;
        }
      })();
      const target = client.query(copyFrom(`copy ${table} (${columns.join(', ')}) from stdin`));
      await pipeline(Readable.from(copyLines(some)), target);
    }
  } finally {
    if (trusted) await client.query('reset session_replication_role');
    client.release();
  }
  return count;
}

/** SQLite's half of writeRows: prepared inserts, SQLITE_ROWS_PER_TRANSACTION to a transaction. */
function writeSqliteRows(connection, table, columns, rows) {
  const insert = connection.prepare(
    `insert into ${table} (${columns.join(', ')}) values (${columns.map(() => '?').join(', ')})`,
  );
  let done = false;
  const some = connection.transaction(() => {
    for (let i = 0; i < SQLITE_ROWS_PER_TRANSACTION; i += 1) {
      const next = rows.next();
      if (next.done) {
        done = true;
        return;
      }
      insert.run(next.value);
    }
  });
  while (!done) some();
}

/** The bytes the database takes on disk: the SQLite file and its WAL, or PostgreSQL's pg_database_size. */
export async function databaseBytes(database) {
  const source = database.source;
  if (source.engine === 'sqlite') {
    const size = (path) => {
      try {
        return statSync(path).size;
      } catch {
        return 0;
      }
    };
    return size(source.file) + size(`${source.file}-wal`);
  }
  const result = await source.pool.query('select pg_database_size(current_database()) as bytes');
  return Number(result.rows[0].bytes);
}

/**
 * Waits until what a bulk write left in memory is on disk: PostgreSQL's CHECKPOINT (its dirty buffers written
 * and its files synced), or SQLite's WAL copied into the file and truncated; then the OS's `sync` (pages the
 * bulk wrote through the page cache, which the kernel would otherwise write back over the next minutes).
 * Returns the seconds it took.
 */
export async function settleBulkWrites(database) {
  const started = Date.now();
  const source = database.source;
  if (source.engine === 'sqlite') source.connection.pragma('wal_checkpoint(TRUNCATE)');
  else await source.pool.query('checkpoint');
  spawnSync('sync', { stdio: 'ignore' });
  return (Date.now() - started) / 1000;
}
