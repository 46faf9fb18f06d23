// One built server, started once on B2's seeded data and loaded round after round with B2's spread load: does a
// long-running server slow down? Each round prints the accepted bids, the server's CPU a bid, its resident memory
// and the load process's share of its core (decision 035).
//   PROBE_ENGINE   SQLite (default) or PostgreSQL (then DATABASE_URL, an admin connection)
//   PROBE_MODE     what runs between the rounds, a list of: latency (B2's fixed-rate run on this server, at half
//                  the round's rate), in-process (2,000 bids placed in this process), fresh (a fresh server's bids:
//                  20,000 to warm it, then a round); between = in-process,fresh; b2 = all three, in B2's order;
//                  alone (default): nothing, rounds back to back
//   PROBE_ROUNDS   rounds (default 5); PROBE_SECONDS: seconds a round (default 10)
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  bidLatency,
  bidLoad,
  bidModules,
  carrierTokens,
  latencyRateAfter,
  nextBid,
  seedBidding,
} from '../cases/bids.mjs';
import { createBenchDatabase } from '../lib/postgres.mjs';
import { startBuiltServer } from '../lib/server.mjs';
import { loadServerModules } from '../lib/server-modules.mjs';
import { cores, pinSelf, rssMb } from '../lib/system.mjs';

const engine = process.env.PROBE_ENGINE ?? 'SQLite';
const aliases = { alone: [], between: ['in-process', 'fresh'], b2: ['latency', 'in-process', 'fresh'] };
const steps = new Set(
  (process.env.PROBE_MODE ?? 'alone').split(',').flatMap((step) => aliases[step.trim()] ?? [step.trim()]),
);
const unknown = [...steps].filter((step) => !aliases.b2.includes(step));
if (unknown.length > 0) throw new Error(`PROBE_MODE: no such step: ${unknown.join(', ')}`);
const rounds = Number(process.env.PROBE_ROUNDS ?? 5);
const seconds = Number(process.env.PROBE_SECONDS ?? 10);

pinSelf(cores.bench);
const server = await loadServerModules(bidModules);
const dataDir = mkdtempSync(join(tmpdir(), 'yuk-probe-'));
const created = engine === 'PostgreSQL' ? await createBenchDatabase() : undefined;
const env = created ? { DATABASE_URL: created.url } : {};
const database = server.openDatabase({ url: created?.url, dataDir });
await server.migrateToLatest(database);
const seeded = await seedBidding(server, database);
const base = { tenderIds: seeded.tenderIds, spread: true, sequence: { counter: 0 } };

/** A started server's load: B2's, signed in as its carriers. */
async function loadOf(app) {
  return { ...base, url: app.url, pid: app.pid, tokens: await carrierTokens(app.url, seeded.carriers) };
}
const perSec = (run) => (run.accepted / seconds).toFixed(0);
const cpuPerBid = (run) => `${(run.cpuMsPerAnswer * 1000).toFixed(0)} µs CPU a bid`;

const app = await startBuiltServer({ dataDir, core: cores.server, env });
try {
  const load = await loadOf(app);
  await bidLoad({ ...load, seconds: 2 }); // warm-up
  for (let round = 1; round <= rounds; round += 1) {
    const run = await bidLoad({ ...load, seconds });
    console.log(
      `round ${round}: ${perSec(run)} accepted/s (${run.refused} refused, ${run.failed} failed), ` +
        `${cpuPerBid(run)}, ${rssMb(app.pid).toFixed(0)} MB resident, ` +
        `the load ${(run.loadCpuShare * 100).toFixed(0)} % of its core`,
    );
    if (steps.has('latency')) {
      const rate = latencyRateAfter(run, seconds);
      const fixed = await bidLatency({ ...load, seconds, rate });
      console.log(
        `  at ${rate} req/s on this server: p50 ${fixed.latency.p50.toFixed(2)} / p99 ${fixed.latency.p99.toFixed(2)} ms`,
      );
    }
    if (steps.has('in-process')) {
      const ctx = { db: database.db, bus: server.createMemoryEventBus() };
      for (let i = 0; i < 2000; i += 1) {
        const bid = nextBid(load);
        await server.placeBid(ctx, seeded.carriers[bid.carrier].id, bid.tenderId, { amountUsd: bid.amount });
      }
    }
    if (!steps.has('fresh')) continue;
    const fresh = await startBuiltServer({ dataDir, core: cores.server, env });
    try {
      const freshLoad = await loadOf(fresh);
      await bidLoad({ ...freshLoad, amount: 20_000 });
      const freshRun = await bidLoad({ ...freshLoad, seconds });
      console.log(`  a fresh server on the same data: ${perSec(freshRun)} accepted/s, ${cpuPerBid(freshRun)}`);
    } finally {
      await fresh.stop();
    }
  }
} finally {
  await app.stop();
  await database.close();
  await created?.drop();
  rmSync(dataDir, { recursive: true, force: true });
}
