// B8: live positions. 2,000 trucks on the road, each sending a batch of 6 points (10 s apart) every minute, the
// minute compressed tenfold (333 batches a second instead of 33): the latency of POST /api/shipments/{n}/positions
// at that fixed rate against the built server (its own core), beside the same ingest (the tracking service) in
// this process; then the storage the kept points take in the embedded database, per 1,000 points.
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { measureAtRate, measureInProcess } from '../lib/load.mjs';
import { startBuiltServer } from '../lib/server.mjs';
import { loadServerModules } from '../lib/server-modules.mjs';
import { median, round } from '../lib/stats.mjs';

const TRUCKS = Number(process.env.BENCH_TRUCKS ?? 2_000);
const POINTS_PER_BATCH = 6;
/** A truck's minute in the bench: 6 s, ten times the real pace. */
const MINUTE_MS = Number(process.env.BENCH_POSITION_MINUTE_MS ?? 6_000);
const TARGET_P99_MS = 20;
// the trucks were loaded a day ago: their points (one virtual minute per batch) stay in the past all run long
const LOADED_AT_MS = Date.now() - 86_400_000;

export const modules = {
  openDatabase: 'db/database.ts#openDatabase',
  migrateToLatest: 'db/migrate.ts#migrateToLatest',
  insertUser: 'modules/users/users.repository.ts#insertUser',
  insertSession: 'modules/users/users.repository.ts#insertSession',
  createTokenService: 'modules/users/tokens.ts#createTokenService',
  tenderRow: 'modules/tenders/tenders.service.ts#tenderRow',
  insertTenders: 'modules/tenders/tenders.repository.ts#insertTenders',
  createTenderInput: '../../../packages/shared/src/tenders.ts#createTenderInput',
  recordPositions: 'modules/tracking/tracking.service.ts#recordPositions',
  createMemoryEventBus: 'plugins/event-bus.ts#createMemoryEventBus',
};

/** An owner and `trucks` carriers, each with a shipment on the way and a signed-in session; their tokens. */
export async function seed(server, db, trucks, secret) {
  const now = new Date().toISOString();
  const user = (i) => ({
    first_name: 'Bench',
    last_name: `Driver ${i}`,
    email: `bench-driver-${i}-${randomUUID().slice(0, 8)}@yuktender.uz`,
    phone_number: '+998900000040',
    password_hash: 'not-a-real-hash',
    created_at: now,
  });
  const owner = await server.insertUser(db, user('owner'));
  const tenderInput = server.createTenderInput.parse({
    name: 'Bench cargo',
    cargo_type: 'Truck - tented',
    cargo_weight: 10000,
    cargo_volume: 40,
    origin_location: 'Tashkent',
    destination_location: 'Almaty',
    shipment_date: '2099-01-10',
    delivery_date: '2099-01-14',
    tender_start_date: '2026-01-01',
    tender_end_date: '2099-01-01',
    initial_price: 1500,
    status: 'opened',
  });
  const tokens = server.createTokenService(secret);
  const shipments = [];
  for (let from = 0; from < trucks; from += 500) {
    const count = Math.min(500, trucks - from);
    await server.insertTenders(
      db,
      Array.from({ length: count }, () => server.tenderRow(owner.id, tenderInput, now)),
    );
  }
  const tenders = await db.selectFrom('tenders').select(['id', 'number']).orderBy('id').execute();
  for (let i = 0; i < trucks; i += 1) {
    const carrier = await server.insertUser(db, user(i));
    const tender = tenders[i];
    const bid = await db
      .insertInto('bids')
      .values({
        tender_id: tender.id,
        bidder_id: carrier.id,
        amount_cents: 100_000,
        status: 'accepted',
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('shipments')
      .values({
        number: tender.number,
        tender_id: tender.id,
        bid_id: bid.id,
        owner_id: owner.id,
        carrier_id: carrier.id,
        status: 'on_the_way',
        description: 'Bench cargo (Truck - tented)',
        weight: 10000,
        volume: 40,
        origin: 'Tashkent',
        destination: 'Almaty',
        pickup_date: '2099-01-10',
        delivery_date: '2099-01-14',
        requirements: '',
        notes: '',
        incoterms: '',
        amount_cents: 100_000,
        loaded_at: new Date(LOADED_AT_MS).toISOString(),
        on_the_way_at: new Date(LOADED_AT_MS + 60_000).toISOString(),
        delivered_at: null,
        created_at: now,
      })
      .execute();
    const sessionId = randomUUID();
    await server.insertSession(db, { id: sessionId, user_id: carrier.id, created_at: now });
    shipments.push({
      userId: carrier.id,
      number: tender.number,
      token: await tokens.signAccess({ userId: carrier.id, sessionId }),
    });
  }
  return shipments;
}

/** The k-th batch of a truck: its k-th virtual minute, 6 points 10 s apart along a road out of Tashkent. */
function batchOf(truck, k) {
  const start = LOADED_AT_MS + 60_000 + k * 60_000;
  return {
    points: Array.from({ length: POINTS_PER_BATCH }, (_, j) => ({
      lat: 41.2995 - (k * 6 + j) * 0.002,
      lon: 69.2401 + (truck % 100) * 0.001,
      accuracy_m: 8,
      speed_kmh: 72,
      recorded_at: new Date(start + j * 10_000).toISOString(),
    })),
  };
}

/** Bytes the kept points take in the SQLite file (the pages of the table, which is its own index), and their payload. */
function storageOf(sqlitePath, Database) {
  const db = new Database(sqlitePath, { readonly: true });
  try {
    const rows = db.prepare('select count(*) as n from shipment_positions').get().n;
    const pages = db
      .prepare("select sum(pgsize) as bytes, sum(payload) as payload from dbstat where name like 'shipment_positions%'")
      .get();
    return { rows, bytes: pages.bytes, payload: pages.payload };
  } finally {
    db.close();
  }
}

export default {
  name: 'B8 positions',
  async run({ cores, seconds, rounds, log }) {
    const server = await loadServerModules(modules);
    const { default: SqliteDatabase } = await import('better-sqlite3');
    const secret = randomBytes(32).toString('hex');
    const dataDir = mkdtempSync(join(tmpdir(), 'yuk-bench-positions-'));
    const baselineDir = mkdtempSync(join(tmpdir(), 'yuk-bench-positions-inproc-'));
    try {
      const database = server.openDatabase({ url: undefined, dataDir });
      await server.migrateToLatest(database);
      const seededAt = Date.now();
      const shipments = await seed(server, database.db, TRUCKS, secret);
      await database.close();
      log(`${TRUCKS} trucks on the way seeded in ${round((Date.now() - seededAt) / 1000, 1)} s`);

      // the same ingest in this process, on a database of its own (the service, no HTTP)
      const inProcess = server.openDatabase({ url: undefined, dataDir: baselineDir });
      await server.migrateToLatest(inProcess);
      const local = await seed(server, inProcess.db, 200, secret);
      const ctx = { db: inProcess.db, bus: server.createMemoryEventBus(), publicUrl: 'http://localhost' };
      let localCounter = 0;

      const instance = await startBuiltServer({ dataDir, core: cores.server, env: { JWT_SECRET: secret } });
      const rate = Math.round((TRUCKS * 1000) / MINUTE_MS);
      const sequence = { counter: 0 };
      const requests = [
        {
          method: 'POST',
          setupRequest(request) {
            const counter = sequence.counter++;
            const truck = counter % TRUCKS;
            const shipment = shipments[truck];
            return {
              ...request,
              path: `/api/shipments/${encodeURIComponent(shipment.number)}/positions`,
              headers: { 'content-type': 'application/json', authorization: `Bearer ${shipment.token}` },
              body: JSON.stringify(batchOf(truck, Math.floor(counter / TRUCKS))),
            };
          },
        },
      ];
      const http = [];
      const baseline = [];
      try {
        // a fleet on the road has been sending for hours: each truck's first batch (its token checked once,
        // the server's code compiled) goes before the measured rounds
        await measureAtRate({ url: instance.url, requests, seconds: Math.ceil(MINUTE_MS / 1000), rate });
        for (let round_ = 0; round_ < rounds; round_ += 1) {
          const measured = await measureAtRate({ url: instance.url, requests, seconds, rate });
          http.push(measured.latency);
          log(
            `round ${round_ + 1}: ${round(measured.reqPerSec)} batches/s (${round(measured.reqPerSec * POINTS_PER_BATCH)} points/s), ` +
              `p50 ${round(measured.latency.p50)} / p99 ${round(measured.latency.p99)} ms, statuses ${JSON.stringify(measured.statuses)}`,
          );
          const inproc = await measureInProcess(
            async () => {
              const counter = localCounter++;
              const truck = counter % local.length;
              await server.recordPositions(
                ctx,
                local[truck].userId,
                local[truck].number,
                batchOf(truck, Math.floor(counter / local.length)).points,
                'en',
              );
            },
            { warmup: 100, iterations: 1000 },
          );
          baseline.push(inproc.latency);
        }
      } finally {
        await instance.stop();
        await inProcess.close();
      }

      const storage = storageOf(join(dataDir, 'yuk-tender.db'), SqliteDatabase);
      const perThousand = (storage.bytes / storage.rows) * 1000;
      log(
        `storage: ${storage.rows} points kept in ${round(storage.bytes / 1024, 1)} KiB of pages ` +
          `(${round(perThousand / 1024, 1)} KiB per 1,000 points; ${round(((storage.payload / storage.rows) * 1000) / 1024, 1)} KiB of it row data)`,
      );
      const p50 = median(http.map((latency) => latency.p50));
      const p99 = median(http.map((latency) => latency.p99));
      return [
        {
          case: `B8 positions: ${TRUCKS} trucks, a batch of ${POINTS_PER_BATCH} points each per (6 s) minute, ${rate} batches/s`,
          p50: round(p50),
          p99: round(p99),
          inProcessP50: round(median(baseline.map((latency) => latency.p50)), 3),
          inProcessP99: round(median(baseline.map((latency) => latency.p99)), 3),
          ratioP99: round(p99 / median(baseline.map((latency) => latency.p99)), 1),
          targetP99: TARGET_P99_MS,
          met: p99 <= TARGET_P99_MS,
        },
        {
          case: 'B8 storage per 1,000 points (SQLite pages of shipment_positions, via dbstat)',
          unit: 'KiB',
          p50: round(perThousand / 1024, 1),
          points: storage.rows,
          target: 'stated',
        },
      ];
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
      rmSync(baselineDir, { recursive: true, force: true });
    }
  },
};
