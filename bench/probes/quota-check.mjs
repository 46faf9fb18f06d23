// The bids quota's check in this process, as B2's quota row times it (lib/quota-work.mjs), run after run: its CPU
// time an attempt and the young-generation collections it causes, on a fresh SQLite database with B2's carriers.
// Run it pinned to one core, and with --max-semi-space-size=1 to count what an attempt allocates in scavenges.
//   PROBE_ROUNDS   runs of 220,000 attempts (20,000 of them to warm up; default 5)
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PerformanceObserver, constants } from 'node:perf_hooks';
import { bidModules, seedBidding } from '../cases/bids.mjs';
import { quotaModules, quotaWorkPerAttempt } from '../lib/quota-work.mjs';
import { BENCH_BIDS_QUOTA } from '../lib/server.mjs';
import { loadServerModules } from '../lib/server-modules.mjs';

const ROUNDS = Number(process.env.PROBE_ROUNDS ?? 5);

const server = await loadServerModules({ ...bidModules, ...quotaModules });
const dataDir = mkdtempSync(join(tmpdir(), 'yuk-probe-quota-'));
const database = server.openDatabase({ dataDir });
try {
  await server.migrateToLatest(database);
  const seed = await seedBidding(server, database, 1);
  let scavenges = 0;
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      if (entry.detail?.kind === constants.NODE_PERFORMANCE_GC_MINOR) scavenges += 1;
  });
  observer.observe({ entryTypes: ['gc'] });
  for (let round = 0; round < ROUNDS; round += 1) {
    const before = scavenges;
    const work = await quotaWorkPerAttempt(server, {
      db: database.db,
      env: { QUOTA_BIDS: BENCH_BIDS_QUOTA },
      userIds: seed.carriers.map((carrier) => carrier.id),
      inFlight: 200,
    });
    // the observer hears of the last collections a moment later
    await new Promise((resolve) => setTimeout(resolve, 50));
    console.log(
      `run ${round + 1}: ${work.cpuMicrosPerAttempt.toFixed(3)} µs CPU an attempt, ${scavenges - before} scavenges ` +
        `(${work.refused} refused, ${work.warnings} counter warnings)`,
    );
  }
  observer.disconnect();
} finally {
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
}
