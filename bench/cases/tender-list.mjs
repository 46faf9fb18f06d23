// B1: the tender list at 100,000 tenders: GET /api/tenders/all?limit=50 with a filter, and with a text search,
// over HTTP against the built server (its own core) beside the same service call made in this process; on
// SQLite, and on PostgreSQL as well when DATABASE_URL is set.
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { URLSearchParams } from 'node:url';
import { sql } from 'kysely';
import { measureAtRate, measureInProcess, measureMaxRate } from '../lib/load.mjs';
import { benchEngines, createBenchDatabase } from '../lib/postgres.mjs';
import { startBuiltServer } from '../lib/server.mjs';
import { loadServerModules } from '../lib/server-modules.mjs';
import { besideInProcess, median, round } from '../lib/stats.mjs';

const TENDERS = Number(process.env.BENCH_TENDERS ?? 100_000);
const PASSWORD = 'bench-password-123';

/** The queries measured, with their p99 targets (milliseconds) at half the measured maximum rate. */
const QUERIES = [
  { name: 'B1 tender list, filtered', query: 'limit=50&status=opened&type=truck', targetP99: 15 },
  { name: 'B1 tender list, filtered + q', query: 'limit=50&status=opened&type=truck&q=sement', targetP99: 30 },
];

/** The tender list on one engine: seeded, then `rounds` times each query over HTTP followed by the same call in-process. */
async function runEngine({ server, engine, cores, seconds, rounds, connections, log }) {
  const dataDir = mkdtempSync(join(tmpdir(), 'yuk-bench-'));
  const created = engine.name === 'PostgreSQL' ? await createBenchDatabase() : undefined;
  const suffix = created ? ' (PostgreSQL)' : '';
  const database = server.openDatabase({ url: created?.url, dataDir });
  try {
    // 1. 100,000 tenders straight into a fresh database, through the tenders repository.
    let started = Date.now();
    await server.migrateToLatest(database);
    const shipper = await server.registerUser(database.db, {
      first_name: 'Bench',
      last_name: 'Shipper',
      email: 'bench-shipper@yuktender.uz',
      phone_number: '+998900000001',
      password: PASSWORD,
    });
    const carrier = await server.registerUser(database.db, {
      first_name: 'Bench',
      last_name: 'Carrier',
      email: 'bench-carrier@yuktender.uz',
      phone_number: '+998900000002',
      password: PASSWORD,
    });
    await server.seedDemoTenders(database.db, shipper.id, TENDERS);
    // after a bulk load PostgreSQL has no statistics until autovacuum gets to it; gather them as an
    // operator would after a restore, so the planner sees the table as it is
    if (created) await sql`analyze`.execute(database.db);
    log(`${engine.name}: seeded ${TENDERS} tenders in ${((Date.now() - started) / 1000).toFixed(1)} s`);

    // 2. The built server on its own core; a carrier signs in. Each round: every query over HTTP (maximum
    // rate, then latency at half of it), then the same service call in this process (no HTTP, no auth).
    const app = await startBuiltServer({
      dataDir,
      core: cores.server,
      env: created ? { DATABASE_URL: created.url } : {},
    });
    const rows = QUERIES.map((query) => ({ ...query, rounds: [] }));
    const ctx = { db: database.db, dialect: database.dialect };
    try {
      const login = await fetch(`${app.url}/api/users/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'bench-carrier@yuktender.uz', password: PASSWORD }),
      });
      if (!login.ok) throw new Error(`login failed: ${login.status} ${await login.text()}`);
      const { accessToken } = await login.json();
      const headers = { authorization: `Bearer ${accessToken}` };
      for (const row of rows) {
        const url = `${app.url}/api/tenders/all?${row.query}`;
        const probe = await fetch(url, { headers });
        if (!probe.ok) throw new Error(`${url}: ${probe.status} ${await probe.text()}`);
        row.total = Number(probe.headers.get('x-total-count'));
        await measureMaxRate({ url, headers, connections, seconds: 2 }); // warm-up
      }
      for (let round = 0; round < rounds; round += 1) {
        for (const row of rows) {
          const url = `${app.url}/api/tenders/all?${row.query}`;
          const max = await measureMaxRate({ url, headers, connections, seconds });
          const rate = Math.max(1, Math.floor(max.reqPerSec / 2));
          const fixed = await measureAtRate({ url, headers, seconds, rate });
          const params = server.tenderListQuery.parse(Object.fromEntries(new URLSearchParams(row.query)));
          const inProcess = await measureInProcess(() => server.listTenders(ctx, carrier.id, params, 'all'), {
            warmup: 50,
            iterations: 500,
          });
          row.rounds.push({ max, rate, fixed, inProcess });
          log(
            `${row.name}${suffix}, round ${round + 1}: max ${max.reqPerSec.toFixed(0)} req/s; at ${rate} req/s p50 ${fixed.latency.p50.toFixed(2)} / ` +
              `p99 ${fixed.latency.p99.toFixed(2)} ms; in-process p50 ${inProcess.latency.p50.toFixed(3)} / p99 ${inProcess.latency.p99.toFixed(3)} ms`,
          );
          if (loadavg()[0] > 1.5)
            log(
              `note: the machine was busy during this run (load ${loadavg()[0].toFixed(1)}); the figures include that`,
            );
        }
      }
    } finally {
      await app.stop();
    }
    return rows.map((row) => {
      const pick = (fn) => median(row.rounds.map(fn));
      const p50 = pick((r) => r.fixed.latency.p50);
      const p99 = pick((r) => r.fixed.latency.p99);
      const inProcessP50 = pick((r) => r.inProcess.latency.p50);
      const inProcessP99 = pick((r) => r.inProcess.latency.p99);
      return {
        case: `${row.name}${suffix}`,
        request: `GET /api/tenders/all?${row.query}`,
        matching: row.total,
        rounds: row.rounds.length,
        maxReqPerSec: round(
          pick((r) => r.max.reqPerSec),
          0,
        ),
        rate: pick((r) => r.rate),
        ...besideInProcess({ p50, p99, inProcessP50, inProcessP99 }),
        targetP99: row.targetP99,
        met: p99 <= row.targetP99,
      };
    });
  } finally {
    await database.close();
    await created?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export default {
  name: 'B1 tender list',
  async run(context) {
    const server = await loadServerModules({
      openDatabase: 'db/database.ts#openDatabase',
      migrateToLatest: 'db/migrate.ts#migrateToLatest',
      registerUser: 'modules/users/users.service.ts#registerUser',
      seedDemoTenders: 'modules/tenders/tenders.seed.ts#seedDemoTenders',
      listTenders: 'modules/tenders/tenders.service.ts#listTenders',
      tenderListQuery: '../../../packages/shared/src/tenders.ts#tenderListQuery',
    });
    const rows = [];
    for (const engine of benchEngines) rows.push(...(await runEngine({ server, engine, ...context })));
    return rows;
  },
};
