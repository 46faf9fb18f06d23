// B2: bid placement over HTTP against the built server (its own core): 200 connections on one tender, and
// spread over 10,000 tenders; accepted bids per second, and latency at a fixed rate (half the maximum, spread
// over each second as B1's is),
// beside the same transaction (the bids service) run in this process. The invariants are checked after.
// Spread over the tenders, each round also loads two fresh servers alone, one with the bids quota and one with
// QUOTA_BIDS=off: what counting every bid against its quotas costs in accepted bids per second; beside it, the
// quota's own work timed in this process, so that the row tells the check's own code from what it costs around it.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { measureAtRate, measureInProcess } from '../lib/load.mjs';
import { benchEngines, createBenchDatabase } from '../lib/postgres.mjs';
import { startRawBidServer } from '../lib/raw-bids.mjs';
import { quotaModules, quotaWorkPerAttempt } from '../lib/quota-work.mjs';
import { BENCH_BIDS_QUOTA, startBuiltServer } from '../lib/server.mjs';
import { loadServerModules } from '../lib/server-modules.mjs';
import { besideInProcess, median, round } from '../lib/stats.mjs';
import { processCpuMs } from '../lib/system.mjs';

const TENDERS = Number(process.env.BENCH_BID_TENDERS ?? 10_000);
const CARRIERS = 20;
const CONNECTIONS = 200;
const PASSWORD = 'bench-password-123';
const START_CENTS = 1_000_000_000; // 10,000,000 USD: the highest initial price allowed
/** What counting the bids against their quotas may cost: at most this share of accepted bids per second. */
const QUOTA_COST_TARGET_PERCENT = 5;
/**
 * A fresh server of the quota pair is warmed with this many bids, not for a time: V8 optimizes a function after
 * so many calls, and on a slower machine two seconds left a server cold (550 to 1,000 µs of CPU a bid while
 * warming, against about 290 once warm), so the pair compared how fast each warmed up.
 */
const WARM_UP_BIDS = 20_000;
/** One tender on SQLite: at least this share of the raw node:http + better-sqlite3 server's accepted bids/s… */
const RAW_SHARE_TARGET = 0.9;
/** …and at most this far below the figure of the last full run (bench/results.json as committed). */
const FALL_TARGET_PERCENT = 15;

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

/** The owner, 20 carriers and the tenders, written straight into an open (migrated) database. */
export async function seedBidding(server, database, tenders = TENDERS) {
  const owner = await server.registerUser(database.db, {
    first_name: 'Bench',
    last_name: 'Owner',
    email: 'bench-owner@yuktender.uz',
    phone_number: '+998900000010',
    password: PASSWORD,
  });
  const carriers = [];
  for (let i = 0; i < CARRIERS; i += 1) {
    carriers.push(
      await server.registerUser(database.db, {
        first_name: 'Bench',
        last_name: `Carrier${i}`,
        email: `bench-carrier-${i}@yuktender.uz`,
        phone_number: `+9989100000${String(i).padStart(2, '0')}`,
        password: PASSWORD,
      }),
    );
  }
  const createdAt = new Date().toISOString();
  const rows = [];
  for (let i = 0; i < tenders; i += 1)
    rows.push(server.tenderRow(owner.id, server.createTenderInput.parse(tenderValues(i)), createdAt));
  for (let i = 0; i < rows.length; i += 500) await server.insertTenders(database.db, rows.slice(i, i + 500));
  const ids = (await database.db.selectFrom('tenders').select('id').orderBy('id').execute()).map((row) => row.id);
  return { owner, carriers, tenderIds: ids };
}

/** Access tokens of the seeded carriers, signed in through `url`. */
export async function carrierTokens(url, carriers) {
  const tokens = [];
  for (const carrier of carriers) {
    const res = await fetch(`${url}/api/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: carrier.email, password: PASSWORD }),
    });
    tokens.push((await res.json()).accessToken);
  }
  return tokens;
}

/** The server modules the bid cases load into the bench process (seeding, invariants, in-process baseline). */
export const bidModules = {
  openDatabase: 'db/database.ts#openDatabase',
  migrateToLatest: 'db/migrate.ts#migrateToLatest',
  registerUser: 'modules/users/users.service.ts#registerUser',
  tenderRow: 'modules/tenders/tenders.service.ts#tenderRow',
  insertTenders: 'modules/tenders/tenders.repository.ts#insertTenders',
  createTenderInput: '../../../packages/shared/src/tenders.ts#createTenderInput',
  placeBid: 'modules/bids/bids.service.ts#placeBid',
  createMemoryEventBus: 'plugins/event-bus.ts#createMemoryEventBus',
};

/**
 * The next bid of the run: every bid (over HTTP or in this process) takes the next number of one sequence,
 * so each offers a new amount lower than every earlier one on its tender. Spread: tender after tender, each
 * a cent lower per pass; the next bid on a tender comes from another carrier, so it outbids someone.
 */
export function nextBid({ tenderIds, spread, sequence }) {
  sequence.counter += 1;
  const counter = sequence.counter;
  const tenderId = spread ? tenderIds[counter % tenderIds.length] : tenderIds[0];
  const step = spread ? Math.floor(counter / tenderIds.length) + 1 : counter;
  return { tenderId, amount: (START_CENTS - step) / 100, carrier: (counter + step) % CARRIERS };
}

/** The request autocannon sends: the next bid, from its carrier. */
export function bidRequests(load) {
  return [
    {
      method: 'POST',
      setupRequest(request) {
        const bid = nextBid(load);
        return {
          ...request,
          path: `/api/tenders/${bid.tenderId}/bids`,
          headers: { 'content-type': 'application/json', authorization: `Bearer ${load.tokens[bid.carrier]}` },
          body: JSON.stringify({ bid_amount: bid.amount }),
        };
      },
    },
  ];
}

/**
 * As many bids as the server takes at 200 connections: accepted (201), refused (409), refused by a quota
 * (429: the bench's limits are far above its load, so any is a fault of the run) and failed answers; with
 * `pid`, the server's CPU time per answer.
 */
export async function bidLoad({ url, seconds, amount, pid, ...load }) {
  let accepted = 0;
  let refused = 0;
  let limited = 0;
  let failed = 0;
  const cpuBefore = pid === undefined ? undefined : processCpuMs(pid);
  const loadCpuBefore = process.cpuUsage();
  const instance = autocannon({
    url,
    connections: CONNECTIONS,
    // a number of answers, when given, instead of a duration
    ...(amount === undefined ? { duration: seconds } : { amount }),
    renderProgressBar: false,
    renderResultsTable: false,
    renderLatencyTable: false,
    requests: bidRequests(load),
  });
  instance.on('response', (_client, statusCode) => {
    if (statusCode === 201) accepted += 1;
    else if (statusCode === 409) refused += 1;
    else if (statusCode === 429) limited += 1;
    else failed += 1;
  });
  const result = await instance;
  const loadCpu = process.cpuUsage(loadCpuBefore);
  const cpuAfter = pid === undefined ? undefined : processCpuMs(pid);
  const answers = accepted + refused + limited + failed;
  const cpuMsPerAnswer =
    cpuBefore === undefined || cpuAfter === undefined || answers === 0 ? undefined : (cpuAfter - cpuBefore) / answers;
  // the load's own share of its core: near 100 % would mean the rate measures the load, not the server
  const loadCpuShare = (loadCpu.user + loadCpu.system) / 1000 / (result.duration * 1000);
  return {
    accepted,
    refused,
    limited,
    failed: failed + result.errors + result.timeouts,
    seconds,
    cpuMsPerAnswer,
    loadCpuShare,
  };
}

/** The rate B2 measures latency at after a round: half the answers a second the round's load got. */
export const latencyRateAfter = (run, seconds) => Math.max(1, Math.floor((run.accepted + run.refused) / seconds / 2));

/** Latency of accepted bids at a fixed rate, spread over the second (see measureAtRate); refusals are counted. */
export async function bidLatency({ url, seconds, rate, ...load }) {
  const measured = await measureAtRate({
    url,
    seconds,
    rate,
    requests: bidRequests(load),
    expected: (status) => status === 409,
  });
  return {
    accepted: measured.statuses[201] ?? 0,
    refused: measured.statuses[409] ?? 0,
    latency: measured.latency,
  };
}

/**
 * Accepted amounts strictly decrease per tender in commit order; counts, minimum and the one active bid agree.
 * Both tables are read in one snapshot: a bid still in flight when the load stops (nginx lets the app finish a
 * request its client has left) commits between two separate reads, and the tender read second then counts one
 * bid more than the bids read first, which is the reading's race, not the product's.
 */
export async function checkInvariants(database) {
  const { bids, tenders } = await database.db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => ({
      bids: await trx.selectFrom('bids').select(['id', 'tender_id', 'amount_cents', 'status']).orderBy('id').execute(),
      tenders: await trx.selectFrom('tenders').select(['id', 'current_min_bid_cents', 'bid_count']).execute(),
    }));
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
    // a loop, not Math.min(...list): one tender can hold more bids than a call's arguments may
    const lowest = list.reduce((min, b) => (min === null || b.amount_cents < min ? b.amount_cents : min), null);
    if (lowest !== tender.current_min_bid_cents) violations += 1;
    const active = list.filter((b) => b.status === 'active');
    if (list.length && (active.length !== 1 || active[0].amount_cents !== lowest)) violations += 1;
  }
  return { bids: bids.length, violations };
}

/** A migrated, seeded database for one run: SQLite in a temporary folder, or a fresh PostgreSQL database. */
async function prepareDatabase(server, engine) {
  if (engine.name === 'PostgreSQL') {
    const created = await createBenchDatabase();
    const database = server.openDatabase({ url: created.url, dataDir: tmpdir() });
    await server.migrateToLatest(database);
    return {
      database,
      env: { DATABASE_URL: created.url },
      dataDir: mkdtempSync(join(tmpdir(), 'yuk-bench-bids-')),
      drop: created.drop,
    };
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'yuk-bench-bids-'));
  const database = server.openDatabase({ url: undefined, dataDir });
  await server.migrateToLatest(database);
  return { database, env: {}, dataDir, file: join(dataDir, 'yuk-tender.db'), drop: async () => undefined };
}

/** A server's CPU time per answer as microseconds, or undefined where /proc is not there. */
const cpuMicros = (values) => (values.some((v) => v === undefined) ? undefined : round(median(values) * 1000, 0));

/**
 * The bids quota's cost in one round: a server with it (the bench's limits, never reached) and one with
 * QUOTA_BIDS=off, each started fresh on the same data, warmed up (WARM_UP_BIDS), loaded alone for half a run and
 * stopped, twice.
 * Two servers loaded side by side on one database and core did not measure alike even with the same
 * settings (about a fifth apart), so each runs alone, with the same history.
 */
async function compareQuotas({ prepared, base, carriers, core, seconds, round: roundIndex }) {
  // with, without, without, with (or the reverse, round by round): a drift during the round (the tables
  // grow, the log fills) weighs on both alike
  const order = roundIndex % 2 === 0 ? ['on', 'off', 'off', 'on'] : ['off', 'on', 'on', 'off'];
  const runs = { on: [], off: [] };
  for (const which of order) {
    const env = which === 'on' ? prepared.env : { ...prepared.env, QUOTA_BIDS: 'off' };
    const server = await startBuiltServer({ dataDir: prepared.dataDir, core, env });
    try {
      const load = { ...base, url: server.url, pid: server.pid, tokens: await carrierTokens(server.url, carriers) };
      await bidLoad({ ...load, amount: WARM_UP_BIDS });
      runs[which].push(await bidLoad({ ...load, seconds: seconds / 2 }));
    } finally {
      await server.stop();
    }
  }
  // the two half runs of each server as one run of `seconds`
  const joined = ([first, second]) => ({
    accepted: first.accepted + second.accepted,
    refused: first.refused + second.refused,
    limited: first.limited + second.limited,
    failed: first.failed + second.failed,
    cpuMsPerAnswer:
      first.cpuMsPerAnswer === undefined || second.cpuMsPerAnswer === undefined
        ? undefined
        : (first.cpuMsPerAnswer + second.cpuMsPerAnswer) / 2,
    loadCpuShare: (first.loadCpuShare + second.loadCpuShare) / 2,
  });
  return { on: joined(runs.on), off: joined(runs.off) };
}

/**
 * One mode on one engine: `rounds` times the HTTP runs, each followed by the same transaction in this process.
 * With `mode.compareQuotas`, each round ends with the quota's cost (compareQuotas): its row compares the two
 * fresh servers of every round, the one with the quota against the one without.
 */
async function runMode({ server, engine, mode, cores, seconds, rounds, log, recorded }) {
  const prepared = await prepareDatabase(server, engine);
  const engineLabel = engine.name === 'SQLite' ? '' : ` (${engine.name})`;
  const label = `${mode.name}${engineLabel}`;
  try {
    const seeded = await seedBidding(server, prepared.database);
    const carrierIds = seeded.carriers.map((c) => c.id);
    const results = [];
    // one sequence of amounts for every run on this data, so that each request offers a new, lower amount
    const sequence = { counter: 0 };
    const app = await startBuiltServer({ dataDir: prepared.dataDir, core: cores.server, env: prepared.env });
    let raw;
    try {
      const base = { tenderIds: seeded.tenderIds, spread: mode.spread, sequence };
      const load = { ...base, url: app.url, pid: app.pid, tokens: await carrierTokens(app.url, seeded.carriers) };
      // the raw baseline writes the same bids into the same database (the same sequence of amounts), while
      // the app idles; it runs on the server's core, one after the other
      if (mode.raw && prepared.file) {
        raw = await startRawBidServer({
          file: prepared.file,
          core: cores.server,
          tokens: load.tokens,
          userIds: carrierIds,
        });
        await bidLoad({ ...load, url: raw.url, seconds: 2 }); // warm-up
      }
      await bidLoad({ ...load, seconds: 2 }); // warm-up
      for (let round = 0; round < rounds; round += 1) {
        // app and raw in turn, the first reversed every other round
        const rawFirst =
          raw && round % 2 === 1 ? await bidLoad({ ...load, url: raw.url, pid: raw.pid, seconds }) : undefined;
        const max = await bidLoad({ ...load, seconds });
        const rawMax = raw && !rawFirst ? await bidLoad({ ...load, url: raw.url, pid: raw.pid, seconds }) : rawFirst;
        const rate = latencyRateAfter(max, seconds);
        const fixed = await bidLatency({ ...load, seconds, rate });
        // the same transaction in this process, on the same database, while the server idles
        const ctx = { db: prepared.database.db, bus: server.createMemoryEventBus() };
        const inProcess = await measureInProcess(
          () => {
            const bid = nextBid(load);
            return server.placeBid(ctx, carrierIds[bid.carrier], bid.tenderId, { amountUsd: bid.amount });
          },
          { warmup: 100, iterations: 2000 },
        );
        // the quotas' cost: a fresh server with them and one without, one after the other (first in turn)…
        const quotaPair = mode.compareQuotas
          ? await compareQuotas({ prepared, base, carriers: seeded.carriers, core: cores.server, seconds, round })
          : undefined;
        // …and their own work, timed here on the same database with the servers' settings, as many in flight
        const quotaWork = mode.compareQuotas
          ? await quotaWorkPerAttempt(server, {
              db: prepared.database.db,
              env: { QUOTA_BIDS: BENCH_BIDS_QUOTA, ...prepared.env },
              userIds: carrierIds,
              inFlight: CONNECTIONS,
            })
          : undefined;
        const perSec = (run) => (run.accepted / seconds).toFixed(0);
        const cpu = (run) =>
          run.cpuMsPerAnswer === undefined
            ? ''
            : `, ${(run.cpuMsPerAnswer * 1000).toFixed(0)} µs CPU/bid, the load ${(run.loadCpuShare * 100).toFixed(0)} % of its core`;
        log(
          `${label}, round ${round + 1}: ${perSec(max)} accepted/s (${max.refused} refused, ${max.limited} over a quota, ${max.failed} failed${cpu(max)}); ` +
            (rawMax
              ? `raw node:http + better-sqlite3 ${perSec(rawMax)} accepted/s (${rawMax.refused} refused${cpu(rawMax)}); `
              : '') +
            (quotaPair
              ? `quota cost: a fresh server ${perSec(quotaPair.on)} accepted/s (${quotaPair.on.failed} failed${cpu(quotaPair.on)}), ` +
                `with QUOTA_BIDS=off ${perSec(quotaPair.off)} accepted/s (${quotaPair.off.failed} failed${cpu(quotaPair.off)}); `
              : '') +
            (quotaWork
              ? `the quota's own work in process ${quotaWork.cpuMicrosPerAttempt.toFixed(2)} µs CPU an attempt ` +
                `(${quotaWork.refused} refused, ${quotaWork.warnings} counter warnings); `
              : '') +
            `at ${rate} req/s p50 ${fixed.latency.p50.toFixed(2)} / p99 ${fixed.latency.p99.toFixed(2)} ms; in-process p50 ${inProcess.latency.p50.toFixed(3)} ms`,
        );
        results.push({ max, rawMax, on: quotaPair?.on, off: quotaPair?.off, quotaWork, fixed, inProcess, rate });
      }
    } finally {
      await app.stop();
      await raw?.stop();
    }
    const invariants = await checkInvariants(prepared.database);
    log(`${label}: ${invariants.bids} bids stored, ${invariants.violations} invariant violations`);
    const acceptedPerSec = median(results.map((r) => r.max.accepted / seconds));
    const p50 = median(results.map((r) => r.fixed.latency.p50));
    const p99 = median(results.map((r) => r.fixed.latency.p99));
    const inProcessP50 = median(results.map((r) => r.inProcess.latency.p50));
    const inProcessP99 = median(results.map((r) => r.inProcess.latency.p99));
    const failed = results.reduce((total, r) => total + r.max.failed, 0);
    const limited = results.reduce((total, r) => total + r.max.limited, 0);
    const sqlite = engine.name === 'SQLite';
    const row = {
      case: label,
      rounds,
      acceptedPerSec: round(acceptedPerSec, 0),
      refused: median(results.map((r) => r.max.refused)),
      limited,
      failed,
      rate: median(results.map((r) => r.rate)),
      ...besideInProcess({ p50, p99, inProcessP50, inProcessP99 }),
      invariantViolations: invariants.violations,
      // the throughput target is the embedded database's; on PostgreSQL the invariants are what must hold
      target: sqlite
        ? '≥ 5,000 accepted/s; p99 ≤ 25 ms; invariants hold'
        : 'invariants hold (throughput: for comparison)',
      met: sqlite
        ? acceptedPerSec >= 5000 && p99 <= 25 && invariants.violations === 0 && failed === 0 && limited === 0
        : invariants.violations === 0 && failed === 0 && limited === 0,
    };
    if (mode.raw && results.every((r) => r.rawMax)) Object.assign(row, againstRaw(row, results, seconds, recorded));
    if (!mode.compareQuotas) return [row];
    const onPerSec = median(results.map((r) => r.on.accepted / seconds));
    const offPerSec = median(results.map((r) => r.off.accepted / seconds));
    const pairFailed = results.reduce(
      (total, r) => total + r.off.failed + r.off.limited + r.on.failed + r.on.limited,
      0,
    );
    // each round's own ratio (its servers ran on the same data, back to back), the median of the rounds
    const costPercent = (1 - median(results.map((r) => r.on.accepted / r.off.accepted))) * 100;
    // beside it, the quota's own CPU time an attempt as a share of the fresh server's CPU time an answer: what of
    // the cost is the check's own code (the rest is what it costs around it: decision 035, 2026-12-02)
    const ownShares = results.map((r) =>
      r.on.cpuMsPerAnswer === undefined
        ? undefined
        : (r.quotaWork.cpuMicrosPerAttempt / (r.on.cpuMsPerAnswer * 1000)) * 100,
    );
    const ownPercent = ownShares.some((share) => share === undefined) ? undefined : median(ownShares);
    const workFaults = results.reduce((total, r) => total + r.quotaWork.refused + r.quotaWork.warnings, 0);
    return [
      row,
      {
        case: `B2 quota cost, ${mode.name.replace(/^B2 bids, /, '')}${engineLabel}`,
        rounds,
        acceptedPerSec: round(onPerSec, 0),
        quotasOffPerSec: round(offPerSec, 0),
        costPercent: round(costPercent, 1),
        cpuMicrosPerBid: cpuMicros(results.map((r) => r.on.cpuMsPerAnswer)),
        quotasOffCpuMicrosPerBid: cpuMicros(results.map((r) => r.off.cpuMsPerAnswer)),
        ownMicrosPerBid: round(median(results.map((r) => r.quotaWork.cpuMicrosPerAttempt)), 2),
        ownPercent: ownPercent === undefined ? undefined : round(ownPercent, 1),
        target: `≤ ${QUOTA_COST_TARGET_PERCENT} % of accepted/s`,
        // the check refusing a bid or failing to count one in process is a fault of the run, as a 429 is
        met: costPercent <= QUOTA_COST_TARGET_PERCENT && pairFailed === 0 && workFaults === 0,
      },
    ];
  } finally {
    await prepared.database.close();
    await prepared.drop();
    rmSync(prepared.dataDir, { recursive: true, force: true });
  }
}

/**
 * One tender on SQLite beside the raw server (the median of the rounds' own ratios) and beside the figure of
 * the last full run, if bench/results.json was committed with this row: a fall of more than
 * FALL_TARGET_PERCENT fails the row.
 */
function againstRaw(row, results, seconds, recorded) {
  const rawPerSec = median(results.map((r) => r.rawMax.accepted / seconds));
  const rawRatio = median(results.map((r) => r.max.accepted / Math.max(1, r.rawMax.accepted)));
  const recordedRow = recorded?.results?.find((r) => r.case === row.case);
  const before = recordedRow?.acceptedPerSec;
  const fallPercent = before ? (1 - row.acceptedPerSec / before) * 100 : undefined;
  // the raw server's own change since that run, beside: when both fell alike, the machine did, not the product
  const rawBefore = recordedRow?.rawPerSec;
  const rawFallPercent = rawBefore ? (1 - rawPerSec / rawBefore) * 100 : undefined;
  return {
    rawPerSec: round(rawPerSec, 0),
    rawRatio: round(rawRatio, 2),
    recordedPerSec: before,
    recordedRawPerSec: rawBefore,
    recordedAt: before ? recorded.date : undefined,
    fallPercent: fallPercent === undefined ? undefined : round(fallPercent, 1),
    rawFallPercent: rawFallPercent === undefined ? undefined : round(rawFallPercent, 1),
    target: `≥ 5,000 accepted/s and ≥ ${RAW_SHARE_TARGET}× raw; ≤ ${FALL_TARGET_PERCENT} % below the last full run; p99 ≤ 25 ms; invariants hold`,
    met: row.met && rawRatio >= RAW_SHARE_TARGET && (fallPercent === undefined || fallPercent <= FALL_TARGET_PERCENT),
  };
}

export default {
  name: 'B2 bids',
  async run({ cores, seconds, rounds, log, recorded }) {
    const server = await loadServerModules({ ...bidModules, ...quotaModules });
    const rows = [];
    const modes = [
      { name: 'B2 bids, 200 connections on one tender', spread: false, raw: true },
      // the quotas' cost is measured where bids are spread, as the market places them
      { name: `B2 bids, spread over ${TENDERS.toLocaleString('en-US')} tenders`, spread: true, compareQuotas: true },
    ];
    for (const engine of benchEngines) {
      const byMode = [];
      for (const mode of modes) {
        byMode.push(await runMode({ server, engine, mode, cores, seconds, rounds, log, recorded }));
      }
      const [oneTender, spread] = byMode.map((modeRows) => modeRows[0]);
      rows.push(...byMode.flat());
      const ratio = oneTender.acceptedPerSec / spread.acceptedPerSec;
      rows.push({
        case: `B2 one tender ÷ spread (accepted/s)${engine.name === 'SQLite' ? '' : ` (${engine.name})`}`,
        ratio: round(ratio, 2),
        target: '≥ 0.8',
        met: ratio >= 0.8,
      });
    }
    return rows;
  },
};
