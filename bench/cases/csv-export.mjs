// B11: My Orders as CSV at 100,000 tenders: GET /api/tenders/me?format=csv against the built server, run with its
// old generation capped at 64 MB, the file read as it streams and the server's resident memory sampled all along.
// Beside it, in the same run, the same call filtered down to several hundred rows: a streamed export costs about
// the same memory whatever its length.
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setInterval, clearInterval } from 'node:timers';
import { sql } from 'kysely';
import { benchEngines, createBenchDatabase } from '../lib/postgres.mjs';
import { startBuiltServer } from '../lib/server.mjs';
import { loadServerModules } from '../lib/server-modules.mjs';
import { round } from '../lib/stats.mjs';
import { rssMb } from '../lib/system.mjs';

const TENDERS = Number(process.env.BENCH_CSV_TENDERS ?? 100_000);
const PASSWORD = 'bench-password-123';
/** Above the small export's peak, the memory the long one may add (MB): a few pages in flight, not the list. */
const TARGET_EXTRA_MB = 32;
/** The V8 old-generation cap the server runs under here; the 100,000-row file alone is about 24 MB of text. */
const HEAP_CAP_MB = Number(process.env.BENCH_CSV_HEAP_MB ?? 64);

/** Downloads `url` chunk by chunk, sampling the server's memory every 20 ms; rows, bytes, seconds, peak RSS. */
async function download(url, headers, pid) {
  let peak = rssMb(pid);
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 20);
  const started = performance.now();
  let bytes = 0;
  let lines = 0;
  try {
    const res = await fetch(url, { headers });
    if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
    const reader = res.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      bytes += value.length;
      for (const byte of value) if (byte === 10) lines += 1;
    }
  } finally {
    clearInterval(sampler);
  }
  return { rows: lines - 1, bytes, seconds: (performance.now() - started) / 1000, peakMb: Math.max(peak, rssMb(pid)) };
}

async function runEngine({ server, engine, cores, log }) {
  const dataDir = mkdtempSync(join(tmpdir(), 'yuk-bench-'));
  const created = engine.name === 'PostgreSQL' ? await createBenchDatabase() : undefined;
  const database = server.openDatabase({ url: created?.url, dataDir });
  try {
    let started = Date.now();
    await server.migrateToLatest(database);
    const shipper = await server.registerUser(database.db, {
      first_name: 'Bench',
      last_name: 'Shipper',
      email: 'bench-shipper@yuktender.uz',
      phone_number: '+998900000001',
      password: PASSWORD,
    });
    await server.seedDemoTenders(database.db, shipper.id, TENDERS);
    if (created) await sql`analyze`.execute(database.db);
    log(`${engine.name}: seeded ${TENDERS} tenders in ${((Date.now() - started) / 1000).toFixed(1)} s`);

    // the server's old generation capped: a list held whole (rows and text) would not fit, a stream does
    const app = await startBuiltServer({
      dataDir,
      core: cores.server,
      env: { NODE_OPTIONS: `--max-old-space-size=${HEAP_CAP_MB}`, ...(created ? { DATABASE_URL: created.url } : {}) },
    });
    try {
      const login = await fetch(`${app.url}/api/users/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'bench-shipper@yuktender.uz', password: PASSWORD }),
      });
      if (!login.ok) throw new Error(`login failed: ${login.status} ${await login.text()}`);
      const { accessToken } = await login.json();
      const headers = { authorization: `Bearer ${accessToken}`, 'accept-language': 'ru' };
      const base = `${app.url}/api/tenders/me?format=csv`;
      // the plane tenders of one starting-price band: about a thousand of the hundred thousand
      const small = `${base}&type=plane&price=Arzon`;
      await download(small, headers, app.pid); // warm-up: code paths compiled, caches filled
      const idleMb = rssMb(app.pid);
      const short = await download(small, headers, app.pid);
      const long = await download(base, headers, app.pid);
      const extraMb = long.peakMb - short.peakMb;
      log(
        `B11 CSV${created ? ' (PostgreSQL)' : ''}: idle ${idleMb.toFixed(1)} MB; ${short.rows} rows peak ` +
          `${short.peakMb.toFixed(1)} MB; ${long.rows} rows (${(long.bytes / 2 ** 20).toFixed(1)} MB) in ` +
          `${long.seconds.toFixed(1)} s, peak ${long.peakMb.toFixed(1)} MB`,
      );
      if (loadavg()[0] > 1.5)
        log(`note: the machine was busy during this run (load ${loadavg()[0].toFixed(1)}); the figures include that`);
      if (long.rows !== TENDERS) throw new Error(`the export held ${long.rows} rows, not ${TENDERS}`);
      return [
        {
          case: `B11 My Orders as CSV, ${TENDERS} rows (${engine.name})`,
          request: 'GET /api/tenders/me?format=csv',
          rows: long.rows,
          megabytes: round(long.bytes / 2 ** 20, 1),
          seconds: round(long.seconds, 1),
          rowsPerSecond: round(long.rows / long.seconds, 0),
          idleRssMb: round(idleMb, 1),
          baselineRows: short.rows,
          baselinePeakRssMb: round(short.peakMb, 1),
          peakRssMb: round(long.peakMb, 1),
          extraMb: round(extraMb, 1),
          target: `peak RSS at most ${TARGET_EXTRA_MB} MB above the ${short.rows}-row export's`,
          met: extraMb <= TARGET_EXTRA_MB,
        },
      ];
    } finally {
      await app.stop();
    }
  } finally {
    await database.close();
    await created?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export default {
  name: 'B11 CSV export',
  async run(context) {
    const server = await loadServerModules({
      openDatabase: 'db/database.ts#openDatabase',
      migrateToLatest: 'db/migrate.ts#migrateToLatest',
      registerUser: 'modules/users/users.service.ts#registerUser',
      seedDemoTenders: 'modules/tenders/tenders.seed.ts#seedDemoTenders',
    });
    const rows = [];
    for (const engine of benchEngines) rows.push(...(await runEngine({ server, engine, ...context })));
    return rows;
  },
};
