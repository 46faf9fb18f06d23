// The tender list at 100,000 tenders: GET /api/tenders/all?limit=50 with a filter, and with a text search,
// over HTTP against the built server (its own core) beside the same service call made in this process.
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { URLSearchParams } from 'node:url';
import { measureAtRate, measureInProcess, measureMaxRate } from '../lib/load.mjs';
import { startBuiltServer } from '../lib/server.mjs';
import { loadServerModules } from '../lib/server-modules.mjs';
import { round } from '../lib/stats.mjs';

const TENDERS = Number(process.env.BENCH_TENDERS ?? 100_000);
const PASSWORD = 'bench-password-123';

/** The queries measured, with their p99 targets (milliseconds) at half the measured maximum rate. */
const QUERIES = [
  { name: 'tender list, filtered', query: 'limit=50&status=opened&type=truck', targetP99: 15 },
  { name: 'tender list, filtered + q', query: 'limit=50&status=opened&type=truck&q=sement', targetP99: 30 },
];

export default {
  name: 'tender-list',
  async run({ cores, seconds, connections, log }) {
    const server = await loadServerModules({
      openDatabase: 'db/database.ts#openDatabase',
      migrateToLatest: 'db/migrate.ts#migrateToLatest',
      registerUser: 'modules/users/users.service.ts#registerUser',
      seedDemoTenders: 'modules/tenders/tenders.seed.ts#seedDemoTenders',
      listTenders: 'modules/tenders/tenders.service.ts#listTenders',
      tenderListQuery: '../../../packages/shared/src/tenders.ts#tenderListQuery',
    });
    const dataDir = mkdtempSync(join(tmpdir(), 'yuk-bench-'));
    try {
      // 1. 100,000 tenders straight into a fresh embedded database, through the tenders repository.
      let started = Date.now();
      const database = server.openDatabase({ url: undefined, dataDir });
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
      await database.close();
      log(`seeded ${TENDERS} tenders in ${((Date.now() - started) / 1000).toFixed(1)} s`);

      // 2. The built server on its own core; a carrier signs in.
      const app = await startBuiltServer({ dataDir, core: cores.server });
      const rows = [];
      try {
        const login = await fetch(`${app.url}/api/users/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: 'bench-carrier@yuktender.uz', password: PASSWORD }),
        });
        if (!login.ok) throw new Error(`login failed: ${login.status} ${await login.text()}`);
        const { accessToken } = await login.json();
        const headers = { authorization: `Bearer ${accessToken}` };

        for (const { name, query, targetP99 } of QUERIES) {
          const url = `${app.url}/api/tenders/all?${query}`;
          const probe = await fetch(url, { headers });
          if (!probe.ok) throw new Error(`${url}: ${probe.status} ${await probe.text()}`);
          const total = Number(probe.headers.get('x-total-count'));
          log(`${name}: ${total} matching; warming up`);
          await measureMaxRate({ url, headers, connections, seconds: Math.max(2, Math.round(seconds / 4)) });
          const max = await measureMaxRate({ url, headers, connections, seconds });
          const rate = Math.max(1, Math.floor(max.reqPerSec / 2));
          log(`${name}: max ${max.reqPerSec.toFixed(0)} req/s at ${connections} connections; measuring at ${rate} req/s`);
          const fixed = await measureAtRate({ url, headers, seconds, rate });
          rows.push({ name, query, total, targetP99, max, rate, fixed, loadAverage: loadavg()[0] });
          if (loadavg()[0] > 1.5) log(`note: the machine was busy during this run (load ${loadavg()[0].toFixed(1)}); the figures include that`);
        }
      } finally {
        await app.stop();
      }

      // 3. The same list call in this process (the service and repository, no HTTP, no auth), one at a time.
      started = Date.now();
      const local = server.openDatabase({ url: undefined, dataDir });
      const ctx = { db: local.db, dialect: local.dialect };
      try {
        for (const row of rows) {
          const params = server.tenderListQuery.parse(Object.fromEntries(new URLSearchParams(row.query)));
          row.inProcess = await measureInProcess(() => server.listTenders(ctx, carrier.id, params, 'all'));
        }
      } finally {
        await local.close();
      }
      log(`in-process baseline in ${((Date.now() - started) / 1000).toFixed(1)} s`);

      return rows.map((row) => ({
        case: row.name,
        request: `GET /api/tenders/all?${row.query}`,
        matching: row.total,
        maxReqPerSec: round(row.max.reqPerSec, 0),
        rate: row.rate,
        achievedReqPerSec: round(row.fixed.reqPerSec, 0),
        p50: round(row.fixed.latency.p50),
        p99: round(row.fixed.latency.p99),
        streams: row.fixed.streams,
        inProcessP50: round(row.inProcess.latency.p50, 3),
        inProcessP99: round(row.inProcess.latency.p99, 3),
        inProcessOpsPerSec: round(row.inProcess.opsPerSec, 0),
        ratioP50: round(row.fixed.latency.p50 / row.inProcess.latency.p50, 1),
        ratioP99: round(row.fixed.latency.p99 / row.inProcess.latency.p99, 1),
        targetP99: row.targetP99,
        met: row.fixed.latency.p99 <= row.targetP99,
        loadAverage: round(row.loadAverage),
      }));
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  },
};
