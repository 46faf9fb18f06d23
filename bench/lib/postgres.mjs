// PostgreSQL for the bench: B1 and B2 also run there when DATABASE_URL is set (an admin connection, e.g.
// postgres://postgres@127.0.0.1:5432/test); each run gets a database of its own, dropped after.
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
const require = createRequire(new URL('../../apps/server/package.json', import.meta.url));
const pg = require('pg');

export const postgresAdminUrl = process.env.DATABASE_URL || undefined;

let created = 0;

/** A fresh, empty database on the server of DATABASE_URL: its url, and drop(). */
export async function createBenchDatabase() {
  created += 1;
  const name = `yuk_bench_${process.pid}_${created}`;
  const admin = new pg.Client({ connectionString: postgresAdminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(postgresAdminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const cleaner = new pg.Client({ connectionString: postgresAdminUrl });
      await cleaner.connect();
      await cleaner.query(`drop database if exists ${name} with (force)`);
      await cleaner.end();
    },
  };
}

/**
 * The engines named in an environment variable's comma-separated list (`SQLite`, `PostgreSQL`, any case), or
 * all of `engines` when it is not set.
 */
export function enginesNamedIn(variable, engines) {
  const named = process.env[variable]?.split(',').map((name) => name.trim().toLowerCase());
  return named ? engines.filter((engine) => named.includes(engine.name.toLowerCase())) : engines;
}

/**
 * The engines a database case runs on: SQLite always, PostgreSQL when DATABASE_URL is set; BENCH_ENGINES keeps
 * one of them (e.g. to compare two builds on PostgreSQL).
 */
export const benchEngines = enginesNamedIn('BENCH_ENGINES', [
  { name: 'SQLite' },
  ...(postgresAdminUrl ? [{ name: 'PostgreSQL' }] : []),
]);

/**
 * Runs `measure(database, engine)` on a fresh, migrated database of each engine (SQLite in a folder of its
 * own; PostgreSQL with DATABASE_URL), removed after; returns every row it gave. `server` has the bundled
 * openDatabase and migrateToLatest.
 */
export async function rowsOnEachEngine(server, label, measure) {
  const rows = [];
  for (const engine of benchEngines) {
    const dataDir = mkdtempSync(join(tmpdir(), `yuk-bench-${label}-`));
    const pg = engine.name === 'PostgreSQL' ? await createBenchDatabase() : undefined;
    const database = server.openDatabase({ url: pg?.url, dataDir });
    try {
      await server.migrateToLatest(database);
      rows.push(...(await measure(database, engine)));
    } finally {
      await database.close();
      await pg?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  return rows;
}
