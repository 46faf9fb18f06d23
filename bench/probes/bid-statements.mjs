// Where a bid's time goes in the database, statement by statement: B2's one-tender bids placed in this process
// (the bids service, its batcher, on a fresh SQLite database of this tree's schema), PROBE_BATCH at a time so
// that they share commits as the server's do; each SQL statement timed around better-sqlite3's own call.
// Prints µs a bid for each statement, their sum, and the whole bid's wall and CPU time (decision 035).
// PROBE_BIDS (20000, after as many to warm up), PROBE_BATCH (64).
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bidModules, nextBid, seedBidding } from '../cases/bids.mjs';
import { loadServerModules } from '../lib/server-modules.mjs';

const BIDS = Number(process.env.PROBE_BIDS ?? 20_000);
const BATCH = Number(process.env.PROBE_BATCH ?? 64);
const Database = createRequire(new URL('../../apps/server/package.json', import.meta.url))('better-sqlite3');

const server = await loadServerModules(bidModules);
const dataDir = mkdtempSync(join(tmpdir(), 'yuk-probe-bid-statements-'));
const database = server.openDatabase({ dataDir });
try {
  await server.migrateToLatest(database);
  const seeded = await seedBidding(server, database, 1);
  const carrierIds = seeded.carriers.map((carrier) => carrier.id);
  const ctx = { db: database.db, bus: server.createMemoryEventBus() };
  const load = { tenderIds: seeded.tenderIds, spread: false, sequence: { counter: 0 } };

  // every statement of every connection runs through these methods of one prototype
  const statements = new Map(); // SQL text → { runs, us }
  let timing = false;
  const prototype = Object.getPrototypeOf(new Database(':memory:').prepare('select 1'));
  for (const method of ['all', 'get', 'run']) {
    const original = prototype[method];
    prototype[method] = function timed(...args) {
      if (!timing) return original.apply(this, args);
      const started = process.hrtime.bigint();
      try {
        return original.apply(this, args);
      } finally {
        const text = this.source.replace(/\s+/g, ' ');
        const entry = statements.get(text) ?? { runs: 0, us: 0 };
        entry.runs += 1;
        entry.us += Number(process.hrtime.bigint() - started) / 1000;
        statements.set(text, entry);
      }
    };
  }

  let refused = 0;
  const placeBids = async (count) => {
    for (let placed = 0; placed < count; placed += BATCH) {
      await Promise.all(
        Array.from({ length: BATCH }, () => {
          const bid = nextBid(load);
          return server
            .placeBid(ctx, carrierIds[bid.carrier], bid.tenderId, { amountUsd: bid.amount })
            .catch(() => (refused += 1));
        }),
      );
    }
  };
  await placeBids(BIDS);
  refused = 0;
  timing = true;
  const started = process.hrtime.bigint();
  const cpuBefore = process.cpuUsage();
  await placeBids(BIDS);
  const wallUs = Number(process.hrtime.bigint() - started) / 1000 / BIDS;
  const cpu = process.cpuUsage(cpuBefore);
  timing = false;

  let sum = 0;
  for (const [text, { runs, us }] of [...statements].sort((a, b) => b[1].us - a[1].us)) {
    sum += us;
    console.log(
      `${(us / BIDS).toFixed(2).padStart(7)} µs a bid  ${String(runs).padStart(7)} runs  ${text.slice(0, 160)}`,
    );
  }
  console.log(
    `statements ${(sum / BIDS).toFixed(1)} µs a bid; the whole bid ${wallUs.toFixed(1)} µs wall, ` +
      `${((cpu.user + cpu.system) / BIDS).toFixed(1)} µs CPU; ${refused} refused of ${BIDS}`,
  );
} finally {
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
}
