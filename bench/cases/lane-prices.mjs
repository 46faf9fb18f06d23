// B9: lane price guidance. A million accepted deals over the last half year on 1,600 lanes (the 40 busiest
// places both ways), a few lanes much busier than the rest, by 5,000 carriers (twenty or so to a lane): the aggregate those deals
// leave (one row per lane, mode and day; each carrier's last day per lane) is written in bulk, then the lane
// price of lanes picked as often as they trade is asked, beside a primary-key read of the same table.
import { sql } from 'kysely';
import { measureInProcess } from '../lib/load.mjs';
import { rowsOnEachEngine } from '../lib/postgres.mjs';
import { loadServerModules } from '../lib/server-modules.mjs';
import { round } from '../lib/stats.mjs';

const DEALS = Number(process.env.BENCH_LANE_DEALS ?? 1_000_000);
const CARRIERS = 5_000;
const DAYS = 180;
const LANE_POOL = 20;
/** Where a lane's pool of carriers starts among them: a hash of the lane. */
const lanePool = (key) => [...key].reduce((hash, char) => (hash * 31 + char.charCodeAt(0)) >>> 0, 7);
const PLACES = [
  ...['Tashkent', 'Samarkand', 'Bukhara', 'Fergana', 'Andijan', 'Namangan', 'Nukus', 'Qarshi', 'Termez', 'Jizzakh'],
  ...['Navoi', 'Urgench', 'Gulistan', 'Nurafshon', 'Kokand', 'Khiva', 'Chirchiq', 'Olmaliq', 'Angren', 'Margilan'],
  ...['Almaty', 'Astana', 'Shymkent', 'Bishkek', 'Osh', 'Dushanbe', 'Khujand', 'Ashgabat', 'Turkmenabat', 'Kabul'],
  ...[
    'Mazar-i-Sharif',
    'Moscow',
    'Urumqi',
    'Denov',
    'Shahrisabz',
    'Kattaqorgon',
    'Bekobod',
    'Zarafshon',
    'Muynoq',
    'Uchqorgon',
  ],
];
const MODES = ['truck', 'truck', 'truck', 'truck', 'labo', 'plane', 'ship'];

const modules = {
  openDatabase: 'db/database.ts#openDatabase',
  migrateToLatest: 'db/migrate.ts#migrateToLatest',
  getLanePrice: 'modules/market/index.ts#getLanePrice',
  laneOf: 'modules/market/market.repository.ts#laneOf',
};

/** A fixed sequence of pseudo-random numbers (mulberry32), so every run seeds the same deals. */
function randomSequence(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The lanes, busiest first: the k-th trades about 1/√k as often as the first. */
function lanes() {
  const all = [];
  for (const origin of PLACES)
    for (const destination of PLACES) if (origin !== destination) all.push({ origin, destination });
  const weights = all.map((_, k) => 1 / Math.sqrt(k + 1));
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  let running = 0;
  const cumulative = weights.map((weight) => (running += weight / total));
  return {
    all,
    pick: (u) =>
      all[
        Math.min(
          all.length - 1,
          cumulative.findIndex((edge) => edge >= u),
        )
      ],
  };
}

const dayBefore = (today, days) =>
  new Date(Date.parse(`${today}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);

async function insertInBatches(db, table, rows, size = 1000) {
  for (let i = 0; i < rows.length; i += size)
    await db
      .insertInto(table)
      .values(rows.slice(i, i + size))
      .execute();
}

async function seed(db, today, lanesOf, laneKey) {
  const random = randomSequence(20261125);
  const now = new Date().toISOString();
  const users = Array.from({ length: CARRIERS }, (_, i) => ({
    first_name: 'Bench',
    last_name: `Carrier ${i}`,
    email: `bench-lane-carrier-${i}@yuktender.uz`,
    phone_number: '+998900000040',
    password_hash: 'not-a-real-hash',
    created_at: now,
  }));
  await insertInBatches(db, 'users', users, 1000);
  const carrierIds = (await db.selectFrom('users').select('id').orderBy('id').execute()).map((row) => row.id);
  const days = new Map();
  const carriers = new Map();
  for (let i = 0; i < DEALS; i += 1) {
    const lane = lanesOf.pick(random());
    const mode = MODES[Math.floor(random() * MODES.length)];
    const key = laneKey(lane);
    const day = dayBefore(today, Math.floor(random() * DAYS));
    // carriers keep to their lanes: each lane is worked by a pool of twenty of them
    const carrier = carrierIds[(lanePool(key) + Math.floor(random() * LANE_POOL)) % carrierIds.length];
    const amount = Math.round((80_000 + random() * 400_000) / 100) * 100;
    const weight = 1000 + Math.floor(random() * 24_000);
    const dayKey = `${key}|${mode}|${day}`;
    const row = days.get(dayKey) ?? { lane: key, mode, day, amounts: [], perTon: [] };
    row.amounts.push(amount);
    row.perTon.push(Math.round((amount * 1000) / weight));
    days.set(dayKey, row);
    const carrierKey = `${key}|${mode}|${carrier}`;
    const known = carriers.get(carrierKey);
    if (!known || known.last_day < day)
      carriers.set(carrierKey, { lane: key, mode, carrier_id: carrier, last_day: day });
  }
  await insertInBatches(
    db,
    'lane_price_days',
    [...days.values()].map((row) => ({
      lane: row.lane,
      mode: row.mode,
      day: row.day,
      deals: row.amounts.length,
      amounts: JSON.stringify(row.amounts),
      per_ton: JSON.stringify(row.perTon),
    })),
  );
  await insertInBatches(db, 'lane_carriers', [...carriers.values()]);
  return { dayRows: days.size, carrierRows: carriers.size, random };
}

async function measure(server, database, engine, log) {
  const db = database.db;
  const today = new Date().toISOString().slice(0, 10);
  const lanesOf = lanes();
  // the lane keys as the product makes them
  const keys = new Map(lanesOf.all.map((lane) => [lane, server.laneOf(lane.origin, lane.destination)]));
  const laneKey = (lane) => keys.get(lane);
  const started = Date.now();
  const seeded = await seed(db, today, lanesOf, laneKey);
  log(
    `${engine.name}: ${DEALS} deals as ${seeded.dayRows} lane-day rows and ${seeded.carrierRows} lane-carrier rows ` +
      `in ${round((Date.now() - started) / 1000, 1)} s`,
  );
  if (engine.name === 'PostgreSQL') await sql`analyze`.execute(db);
  const ctx = { db };
  let insufficient = 0;
  let asked = 0;
  const ask = async () => {
    const lane = lanesOf.pick(seeded.random());
    const mode = MODES[Math.floor(seeded.random() * MODES.length)];
    const answer = await server.getLanePrice(ctx, { origin: lane.origin, destination: lane.destination, mode });
    asked += 1;
    if (answer.insufficient_data) insufficient += 1;
  };
  const guidance = await measureInProcess(ask, { warmup: 100, iterations: 2000 });
  const floor = await measureInProcess(
    () => db.selectFrom('users').select('id').where('id', '=', 1).executeTakeFirst(),
    { warmup: 100, iterations: 2000 },
  );
  const busiest = lanesOf.all[0];
  const top = await server.getLanePrice(ctx, {
    origin: busiest.origin,
    destination: busiest.destination,
    mode: 'truck',
  });
  log(
    `${engine.name}: lane price p50 ${round(guidance.latency.p50, 2)} / p99 ${round(guidance.latency.p99, 2)} ms ` +
      `(${round((insufficient / asked) * 100, 1)} % of answers too few deals); the busiest lane holds ` +
      `${top.insufficient_data ? 'too few' : top.deals} truck deals in its 90 days`,
  );
  return [
    {
      case: `B9 lane price over ${DEALS} deals (${engine.name})`,
      p50: round(guidance.latency.p50, 2),
      p99: round(guidance.latency.p99, 2),
      inProcessP50: round(floor.latency.p50, 3),
      inProcessP99: round(floor.latency.p99, 3),
      ratioP99: round(guidance.latency.p99 / floor.latency.p99, 1),
      targetP99: 10,
      met: guidance.latency.p99 <= 10,
    },
  ];
}

export default {
  name: 'B9 lane prices',
  async run({ log }) {
    const server = await loadServerModules(modules);
    return rowsOnEachEngine(server, 'lanes', (database, engine) => measure(server, database, engine, log));
  },
};
