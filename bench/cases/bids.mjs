// B2: bid placement over HTTP against the built server (its own core): 200 connections on one tender, and
// spread over 10,000 tenders; accepted bids per second, and latency at a fixed rate (half the maximum),
// beside the same transaction (the bids service) run in this process. The invariants are checked after.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { measureInProcess } from '../lib/load.mjs';
import { startBuiltServer } from '../lib/server.mjs';
import { loadServerModules } from '../lib/server-modules.mjs';
import { round, summarize } from '../lib/stats.mjs';

const TENDERS = Number(process.env.BENCH_BID_TENDERS ?? 10_000);
const CARRIERS = 20;
const CONNECTIONS = 200;
const PASSWORD = 'bench-password-123';
const START_CENTS = 1_000_000_000; // 10,000,000 USD: the highest initial price allowed

function tenderValues(i) {
  return {
    name: `Bench cargo ${i}`,
    cargo_type: 'Truck - tented',
    cargo_weight: 10000,
    cargo_volume: 40,
    origin_location: 'Tashkent',
    destination_location: 'Almaty',
    shipment_date: '2099-01-10',
    delivery_date: '2099-01-14',
    tender_start_date: '2026-01-01',
    tender_end_date: '2099-01-01',
    initial_price: START_CENTS / 100,
    status: 'opened',
  };
}

async function seed(server, dataDir) {
  const database = server.openDatabase({ url: undefined, dataDir });
  await server.migrateToLatest(database);
  const owner = await server.registerUser(database.db, {
    first_name: 'Bench', last_name: 'Owner', email: 'bench-owner@yuktender.uz', phone_number: '+998900000010', password: PASSWORD,
  });
  const carriers = [];
  for (let i = 0; i < CARRIERS; i += 1) {
    carriers.push(
      await server.registerUser(database.db, {
        first_name: 'Bench', last_name: `Carrier${i}`, email: `bench-carrier-${i}@yuktender.uz`, phone_number: `+9989100000${String(i).padStart(2, '0')}`, password: PASSWORD,
      }),
    );
  }
  const createdAt = new Date().toISOString();
  const rows = [];
  for (let i = 0; i < TENDERS; i += 1) rows.push(server.tenderRow(owner.id, server.createTenderInput.parse(tenderValues(i)), createdAt));
  for (let i = 0; i < rows.length; i += 500) await server.insertTenders(database.db, rows.slice(i, i + 500));
  const ids = (await database.db.selectFrom('tenders').select('id').orderBy('id').execute()).map((row) => row.id);
  await database.close();
  return { owner, carriers, tenderIds: ids };
}

/** Runs autocannon with a fresh, strictly lower amount on every request. */
async function bidLoad({ url, tokens, tenderIds, spread, seconds, rate, sequence }) {
  const latencies = [];
  let accepted = 0;
  let refused = 0;
  let failed = 0;
  const instance = autocannon({
    url,
    connections: CONNECTIONS,
    duration: seconds,
    ...(rate ? { overallRate: rate } : {}),
    renderProgressBar: false,
    renderResultsTable: false,
    renderLatencyTable: false,
    requests: [
      {
        method: 'POST',
        setupRequest(request) {
          sequence.counter += 1;
          const counter = sequence.counter;
          const tenderId = spread ? tenderIds[counter % tenderIds.length] : tenderIds[0];
          const step = spread ? Math.floor(counter / tenderIds.length) + 1 : counter;
          const amount = (START_CENTS - step) / 100;
          return {
            ...request,
            path: `/api/tenders/${tenderId}/bids`,
            headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens[counter % tokens.length]}` },
            body: JSON.stringify({ bid_amount: amount }),
          };
        },
      },
    ],
  });
  instance.on('response', (_client, statusCode, _bytes, responseTime) => {
    if (statusCode === 201) {
      accepted += 1;
      latencies.push(responseTime);
    } else if (statusCode === 409) refused += 1;
    else failed += 1;
  });
  const result = await instance;
  return { accepted, refused, failed: failed + result.errors + result.timeouts, seconds, latency: summarize(latencies) };
}

async function checkInvariants(server, dataDir) {
  const database = server.openDatabase({ url: undefined, dataDir });
  try {
    const bids = await database.db.selectFrom('bids').select(['id', 'tender_id', 'amount_cents', 'status']).orderBy('id').execute();
    const tenders = await database.db.selectFrom('tenders').select(['id', 'current_min_bid_cents', 'bid_count']).execute();
    const byTender = new Map();
    let violations = 0;
    for (const bid of bids) {
      const list = byTender.get(bid.tender_id) ?? [];
      if (list.length && list[list.length - 1].amount_cents <= bid.amount_cents) violations += 1; // must strictly decrease in commit order
      list.push(bid);
      byTender.set(bid.tender_id, list);
    }
    for (const tender of tenders) {
      const list = byTender.get(tender.id) ?? [];
      if (list.length !== tender.bid_count) violations += 1;
      const lowest = list.length ? Math.min(...list.map((b) => b.amount_cents)) : null;
      if (lowest !== tender.current_min_bid_cents) violations += 1;
      const active = list.filter((b) => b.status === 'active');
      if (list.length && (active.length !== 1 || active[0].amount_cents !== lowest)) violations += 1;
    }
    return { bids: bids.length, violations };
  } finally {
    await database.close();
  }
}

export default {
  name: 'B2 bids',
  async run({ cores, seconds, log }) {
    const server = await loadServerModules({
      openDatabase: 'db/database.ts#openDatabase',
      migrateToLatest: 'db/migrate.ts#migrateToLatest',
      registerUser: 'modules/users/users.service.ts#registerUser',
      tenderRow: 'modules/tenders/tenders.service.ts#tenderRow',
      insertTenders: 'modules/tenders/tenders.repository.ts#insertTenders',
      createTenderInput: '../../../packages/shared/src/tenders.ts#createTenderInput',
      placeBid: 'modules/bids/bids.service.ts#placeBid',
      createMemoryEventBus: 'plugins/event-bus.ts#createMemoryEventBus',
    });
    const rows = [];
    const modes = [
      { name: 'B2 bids, 200 connections on one tender', spread: false },
      { name: 'B2 bids, spread over 10,000 tenders', spread: true },
    ];
    for (const mode of modes) {
      const dataDir = mkdtempSync(join(tmpdir(), 'yuk-bench-bids-'));
      try {
        const seeded = await seed(server, dataDir);
        const app = await startBuiltServer({ dataDir, core: cores.server });
        let max;
        let fixed;
        try {
          // one sequence of amounts for every run on this data, so that each request offers a new, lower amount
          const sequence = { counter: 0 };
          const tokens = [];
          for (const carrier of seeded.carriers) {
            const res = await fetch(`${app.url}/api/users/login`, {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify({ email: carrier.email, password: PASSWORD }),
            });
            tokens.push((await res.json()).accessToken);
          }
          const load = { url: app.url, tokens, tenderIds: seeded.tenderIds, spread: mode.spread, sequence };
          await bidLoad({ ...load, seconds: 2 }); // warm-up
          max = await bidLoad({ ...load, seconds });
          const acceptedPerSec = max.accepted / seconds;
          const rate = Math.max(1, Math.floor((max.accepted + max.refused) / seconds / 2));
          log(`${mode.name}: ${acceptedPerSec.toFixed(0)} accepted/s (${max.refused} refused, ${max.failed} failed); latency at ${rate} req/s`);
          fixed = await bidLoad({ ...load, seconds, rate });
        } finally {
          await app.stop();
        }
        const invariants = await checkInvariants(server, dataDir);
        log(`${mode.name}: ${invariants.bids} bids stored, ${invariants.violations} invariant violations`);

        // the same transaction in this process, on its own copy of the data
        const local = server.openDatabase({ url: undefined, dataDir });
        const ctx = { db: local.db, bus: server.createMemoryEventBus() };
        let step = 100_000_000; // below every amount the HTTP runs offered
        const carrierIds = seeded.carriers.map((c) => c.id);
        let i = 0;
        const inProcess = await measureInProcess(
          () => {
            i += 1;
            step += 1;
            const tenderId = mode.spread ? seeded.tenderIds[i % seeded.tenderIds.length] : seeded.tenderIds[0];
            const amount = (START_CENTS - step - (mode.spread ? i : 0)) / 100;
            return server.placeBid(ctx, tenderId, carrierIds[i % carrierIds.length], amount);
          },
          { warmup: 200, iterations: 3000 },
        );
        await local.close();
        const acceptedPerSec = max.accepted / seconds;
        rows.push({
          case: mode.name,
          acceptedPerSec: round(acceptedPerSec, 0),
          refused: max.refused,
          failed: max.failed + fixed.failed,
          maxReqPerSec: round((max.accepted + max.refused) / seconds, 0),
          rate: round((fixed.accepted + fixed.refused) / seconds, 0),
          p50: round(fixed.latency.p50),
          p99: round(fixed.latency.p99),
          inProcessP50: round(inProcess.latency.p50, 3),
          inProcessP99: round(inProcess.latency.p99, 3),
          inProcessOpsPerSec: round(inProcess.opsPerSec, 0),
          ratioP50: round(fixed.latency.p50 / inProcess.latency.p50, 1),
          ratioP99: round(fixed.latency.p99 / inProcess.latency.p99, 1),
          invariantViolations: invariants.violations,
          target: '≥ 5,000 accepted/s; p99 ≤ 25 ms; invariants hold',
          met: acceptedPerSec >= 5000 && fixed.latency.p99 <= 25 && invariants.violations === 0 && max.failed === 0,
        });
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    }
    if (rows.length === 2) {
      const ratio = rows[0].acceptedPerSec / rows[1].acceptedPerSec;
      rows.push({ case: 'B2 one tender ÷ spread (accepted/s)', ratio: round(ratio, 2), target: '≥ 0.8', met: ratio >= 0.8 });
    }
    return rows;
  },
};
