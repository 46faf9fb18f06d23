// B14: how the lists grow with the market. One database grown from 10,000 to 100,000 to 1,000,000 tenders (30
// bids each on average, 50,000 users with a vehicle each, a quarter of them with a company profile, a few of those
// suspended, the older awarded tenders delivered and rated), written in bulk; at each
// size the built server answers every list (the tender list with each of its filters and q, My Orders, My Bids,
// the owner's bids of a tender with 5,000 bids, the dashboard, the lane price, the notifications) at a fixed
// rate, each beside the same service call timed in this process. The signed-in user's own data is the same at
// every size (written with the first tenders): what grows is everyone else's, so a call that follows its page
// stays flat.
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { URLSearchParams } from 'node:url';
import { sql } from 'kysely';
import { databaseBytes, settleBulkWrites, writeRows } from '../lib/bulk.mjs';
import { measureAtRateApart, measureInProcess } from '../lib/load.mjs';
import { benchEngines, createBenchDatabase, enginesNamedIn } from '../lib/postgres.mjs';
import { startBuiltServer } from '../lib/server.mjs';
import { loadServerModules } from '../lib/server-modules.mjs';
import { failedRow, median, round } from '../lib/stats.mjs';
import { diskWrittenMb } from '../lib/system.mjs';

const SIZES = (process.env.BENCH_CURVE_SIZES ?? '10000,100000,1000000')
  .split(',')
  .map((size) => Number(size.trim()))
  .filter((size) => size > 0)
  .sort((a, b) => a - b);
/** Requests per second each call is measured at (the same at every size, so the sizes compare). */
const RATE = Number(process.env.BENCH_CURVE_RATE ?? 50);
/**
 * A round lasts long enough for this many answers of a call: at fewer than 100, the nearest-rank p99 is the
 * round's slowest answer (a slow call at 9 requests a second gave 27 in 3 seconds), which one burst of the
 * machine's other work decides.
 */
const MIN_ANSWERS = Number(process.env.BENCH_CURVE_MIN_ANSWERS ?? 300);
/** BENCH_CURVE_HTTP=off: the in-process calls alone (a quick look while changing a query). */
const HTTP = process.env.BENCH_CURVE_HTTP !== 'off';
// BENCH_CURVE_KEEP=1: the largest size's database is kept (and its place logged), to read its query plans after
const KEEP = process.env.BENCH_CURVE_KEEP === '1';
// BENCH_CURVE_KEPT=URL or directory: no growing; the calls measured again on a database an earlier run kept, at
// its size (e.g. with other database settings); the rows compare with nothing, so they state no verdict
const KEPT = process.env.BENCH_CURVE_KEPT;
// BENCH_CURVE_CALLS: the calls to measure, by name, separated by `;` (e.g. `tender list;tender list, q`); all by default
const CALLS = process.env.BENCH_CURVE_CALLS?.split(';').map((name) => name.trim());
const USERS = 50_000;
/** Bulk tenders are posted by the first 10,000 users; bids come from all of them. */
const SHIPPERS = 10_000;
const MAX_BIDS = 60; // 0 … 60 a tender: 30 on average
const BUSY_BIDS = 5_000;
/** The signed-in user's own data, written with the first 10,000 tenders whatever the sizes. */
const OWN_SPAN = 10_000;
const OWN_EVERY = 33; // every 33rd of those tenders is theirs (304), and they bid once on another 303
const BUSY_INDEX = 4_950; // one of theirs: the busy tender
const OWN_NOTIFICATIONS = 500;
/** The vehicle of the k-th user after the signed-in one: written with their ids, one each, in the users' order. */
const vehicleOf = (k) => k + 1;
/** Every COMPANY_EVERY-th user has a company profile, every other one of those verified. */
const COMPANY_EVERY = 4;
/** Of the companies, every SUSPENDED_EVERY-th user's is suspended (25; 5 of them shippers'). */
const SUSPENDED_EVERY = 2_000;
const PASSWORD = 'bench-password-123';
const DAY_MS = 86_400_000;
/** A delivered shipment's ratings are written once its rating window has closed (30 days), all visible. */
const RATED_AFTER_DAYS = 30;

const modules = {
  openDatabase: 'db/database.ts#openDatabase',
  migrateToLatest: 'db/migrate.ts#migrateToLatest',
  registerUser: 'modules/users/users.service.ts#registerUser',
  seedDemoTenders: 'modules/tenders/tenders.seed.ts#seedDemoTenders',
  seedDemoVehicles: 'modules/vehicles/vehicles.seed.ts#seedDemoVehicles',
  plateSearchKey: 'modules/vehicles/vehicles.service.ts#plateSearchKey',
  listTenders: 'modules/tenders/tenders.service.ts#listTenders',
  listMyBids: 'modules/bids/bids.service.ts#listMyBids',
  listTenderBids: 'modules/bids/bids.service.ts#listTenderBids',
  getDashboard: 'modules/dashboard/dashboard.service.ts#getDashboard',
  getLanePrice: 'modules/market/market.service.ts#getLanePrice',
  laneOf: 'modules/market/market.repository.ts#laneOf',
  listNotifications: 'modules/notifications/notifications.service.ts#listNotifications',
  tenderListQuery: '../../../packages/shared/src/tenders.ts#tenderListQuery',
  dashboardQuery: '../../../packages/shared/src/dashboard.ts#dashboardQuery',
};

/** A pseudo-random number in [0, 1) fixed by (i, salt): any row can be made again without the ones before. */
function rand(i, salt) {
  let t = (Math.imul(i, 0x9e3779b1) ^ Math.imul(salt + 1, 0x85ebca6b)) >>> 0;
  t = (t + 0x6d2b79f5) >>> 0;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
const pickInt = (i, salt, n) => Math.floor(rand(i, salt) * n);

/**
 * Realistic rows to copy from, written by the product's own seeds into a scratch SQLite database and read back:
 * the demo seed's 4,096 tenders (every mode, city, band, speed and status, with their derived filter columns)
 * and the demo fleet's vehicles (their papers left out: the lists never read them).
 */
async function marketTemplates(server) {
  const dataDir = mkdtempSync(join(tmpdir(), 'yuk-bench-curve-templates-'));
  const scratch = server.openDatabase({ url: undefined, dataDir });
  try {
    await server.migrateToLatest(scratch);
    const owner = await server.registerUser(scratch.db, {
      first_name: 'Bench',
      last_name: 'Templates',
      email: 'bench-templates@yuktender.uz',
      phone_number: '+998900000009',
      password: PASSWORD,
    });
    await server.seedDemoTenders(scratch.db, owner.id, 4096);
    await server.seedDemoVehicles(scratch.db, owner.id, 'Bench Templates');
    return {
      tenders: await scratch.db.selectFrom('tenders').selectAll().orderBy('id').execute(),
      vehicles: await scratch.db.selectFrom('vehicles').selectAll().orderBy('id').execute(),
    };
  } finally {
    await scratch.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * The market's rows for tenders [from, to): tenders, their bids, the delivered shipments and their ratings,
 * notifications and lane days, as streams.
 */
function market({ templates, columns, me, from, to, nowMs, today }) {
  const firstUser = me + 1;
  const createdMs = (i) => nowMs - (1_000_000 - i) * 30_000; // one every 30 s, the newest now
  const templateOf = (i) => templates[(i * 2_654_435_761) % templates.length];
  const ownerOf = (i) => (i < OWN_SPAN && i % OWN_EVERY === 0 ? me : firstUser + pickInt(i, 1, SHIPPERS));
  const bidCountOf = (i, template) =>
    template.status === 'draft' ? 0 : i === BUSY_INDEX ? BUSY_BIDS : pickInt(i, 2, MAX_BIDS + 1);
  const stepOf = (price, n) => Math.max(1, Math.floor(price / (n + 2)));
  const amountOf = (price, n, j) => Math.max(1, price - (j + 1) * stepOf(price, n));

  function* tenders() {
    for (let i = from; i < to; i += 1) {
      const template = templateOf(i);
      const n = bidCountOf(i, template);
      const created = new Date(createdMs(i)).toISOString();
      yield columns.map((column) => {
        if (column === 'id') return i + 1;
        if (column === 'owner_id') return ownerOf(i);
        if (column === 'created_at') return created;
        if (column === 'bid_count') return n;
        if (column === 'current_min_bid_cents')
          return n === 0 ? null : amountOf(template.initial_price_cents, n, n - 1);
        if (column === 'awarded_bid_id' || column === 'import_id') return null;
        return template[column];
      });
    }
  }
  // the busy tender's bids come from 5,000 different carriers; the user bids first on every 33rd of theirs.
  // Nobody bids on their own tender (the product refuses it): a draw that is the owner takes the next user
  const bidderOf = (i, j) => {
    if (i === BUSY_INDEX) return firstUser + j;
    if (i < OWN_SPAN && i % OWN_EVERY === 16 && j === 0) return me;
    const drawn = pickInt(i * 64 + j, 3, USERS);
    return firstUser + drawn === ownerOf(i) ? firstUser + ((drawn + 1) % USERS) : firstUser + drawn;
  };
  const bidColumns = ['tender_id', 'bidder_id', 'amount_cents', 'status', 'created_at', 'vehicle_id'];
  function* bids() {
    for (let i = from; i < to; i += 1) {
      const template = templateOf(i);
      const n = bidCountOf(i, template);
      const startMs = createdMs(i);
      for (let j = 0; j < n; j += 1) {
        const bidder = bidderOf(i, j);
        const last = j === n - 1;
        const status = template.status === 'opened' ? (last ? 'active' : 'rejected') : 'rejected';
        yield [
          i + 1,
          bidder,
          amountOf(template.initial_price_cents, n, j),
          status,
          new Date(startMs + j * 1000).toISOString(),
          // two bids in three name the bidder's truck (the signed-in user has none)
          bidder === me || (i + j) % 3 === 0 ? null : vehicleOf(bidder - firstUser),
        ];
      }
    }
  }
  const notificationColumns = ['user_id', 'type', 'kind', 'params', 'link', 'read_at', 'created_at'];
  function* notifications() {
    // each tender with bids told its owner once; the user's own 500 with the first tenders
    if (from === 0) {
      for (let k = 0; k < OWN_NOTIFICATIONS; k += 1) {
        const created = new Date(nowMs - (OWN_NOTIFICATIONS - k) * 60_000).toISOString();
        const params = JSON.stringify({
          number: `YT-${String(k + 1).padStart(6, '0')}`,
          name: 'Olma',
          amount: '$1,000',
        });
        yield [me, 'offer', 'bid_received', params, `/tenders/${k + 1}`, k % 3 === 0 ? created : null, created];
      }
    }
    for (let i = Math.max(from, OWN_SPAN); i < to; i += 1) {
      const template = templateOf(i);
      if (bidCountOf(i, template) === 0) continue;
      const number = `YT-${String(i + 1).padStart(6, '0')}`;
      const params = JSON.stringify({ number, name: template.name, amount: '$1,000' });
      yield [
        ownerOf(i),
        'offer',
        'bid_received',
        params,
        `/tenders/${i + 1}`,
        null,
        new Date(createdMs(i)).toISOString(),
      ];
    }
  }
  const laneColumns = ['lane', 'mode', 'day', 'deals', 'amounts', 'per_ton'];
  function* laneDays() {
    // every awarded tender of the market left a day row of a lane of its own; the asked lane's 60 days are
    // written with the first tenders
    for (let i = from; i < to; i += 1) {
      const template = templateOf(i);
      if (template.status !== 'awarded') continue;
      const day = new Date(Date.parse(`${today}T00:00:00Z`) - (i % 170) * DAY_MS).toISOString().slice(0, 10);
      yield [`bulk-${i}>moscow`, 'truck', day, 1, `[${template.initial_price_cents}]`, '[1000]'];
    }
  }
  // an awarded tender older than the rating window was carried and delivered by its last bidder, and both
  // sides rated each other (one side only on every 8th): the ratings the bidders' standing is read from
  const deliveredOf = (i) => {
    const template = templateOf(i);
    const n = bidCountOf(i, template);
    const deliveredMs = createdMs(i) + 3 * DAY_MS;
    return template.status === 'awarded' && n > 0 && deliveredMs + RATED_AFTER_DAYS * DAY_MS < nowMs
      ? { template, n, deliveredMs }
      : undefined;
  };
  const shipmentColumns = [
    'id',
    'number',
    'tender_id',
    'bid_id',
    'owner_id',
    'carrier_id',
    'status',
    'description',
    'weight',
    'volume',
    'origin',
    'destination',
    'pickup_date',
    'delivery_date',
    'requirements',
    'notes',
    'incoterms',
    'amount_cents',
    'loaded_at',
    'on_the_way_at',
    'delivered_at',
    'created_at',
  ];
  /** The shipments, given the id of this step's first bid (bids are numbered in the order they were written). */
  function* shipments(firstBidId) {
    let bidId = firstBidId;
    for (let i = from; i < to; i += 1) {
      const template = templateOf(i);
      const n = bidCountOf(i, template);
      const shipment = deliveredOf(i);
      bidId += n;
      if (!shipment) continue;
      const iso = (ms) => new Date(ms).toISOString();
      yield [
        i + 1,
        `YT-${String(i + 1).padStart(6, '0')}`,
        i + 1,
        bidId - 1,
        ownerOf(i),
        bidderOf(i, n - 1),
        'delivered',
        template.name,
        template.cargo_weight,
        template.cargo_volume,
        template.origin_location,
        template.destination_location,
        template.shipment_date,
        template.delivery_date,
        '',
        '',
        '',
        amountOf(template.initial_price_cents, n, n - 1),
        iso(shipment.deliveredMs - 2 * DAY_MS),
        iso(shipment.deliveredMs - DAY_MS),
        iso(shipment.deliveredMs),
        iso(createdMs(i) + DAY_MS),
      ];
    }
  }
  const ratingColumns = [
    'shipment_id',
    'rater_id',
    'ratee_id',
    'rater_role',
    'score',
    'comment',
    'payment',
    'on_time',
    'created_at',
    'counted_at',
  ];
  function* ratings() {
    for (let i = from; i < to; i += 1) {
      const shipment = deliveredOf(i);
      if (!shipment) continue;
      const owner = ownerOf(i);
      const carrier = bidderOf(i, shipment.n - 1);
      const rated = new Date(shipment.deliveredMs + DAY_MS).toISOString();
      // past the blind days long ago: counted
      const counted = new Date(shipment.deliveredMs + RATED_AFTER_DAYS * DAY_MS).toISOString();
      const onTime = rand(i, 5) < 0.8 ? 1 : 0;
      yield [i + 1, owner, carrier, 'owner', onTime ? 4 + pickInt(i, 6, 2) : 2, null, null, onTime, rated, counted];
      if (i % 8 === 3) continue;
      const payment = rand(i, 7) < 0.85 ? 'on_time' : 'late';
      yield [i + 1, carrier, owner, 'carrier', payment === 'on_time' ? 5 : 3, null, payment, null, rated, counted];
    }
  }
  return {
    tenders,
    bids: { columns: bidColumns, rows: bids },
    shipments: { columns: shipmentColumns, rows: shipments },
    ratings: { columns: ratingColumns, rows: ratings },
    notifications: { columns: notificationColumns, rows: notifications },
    laneDays: { columns: laneColumns, rows: laneDays },
  };
}

/** The asked lane's own deals (Tashkent to Moscow by truck): 60 days of 3 deals, 8 carriers. */
async function seedAskedLane(database, server, today) {
  const lane = server.laneOf('Tashkent', 'Moscow');
  const day = (k) => new Date(Date.parse(`${today}T00:00:00Z`) - k * DAY_MS).toISOString().slice(0, 10);
  await writeRows(
    database,
    'lane_price_days',
    ['lane', 'mode', 'day', 'deals', 'amounts', 'per_ton'],
    (function* () {
      for (let k = 0; k < 60; k += 1) yield [lane, 'truck', day(k), 3, '[120000,125000,131000]', '[6000,6200,6400]'];
    })(),
  );
  await writeRows(
    database,
    'lane_carriers',
    ['lane', 'mode', 'carrier_id', 'last_day'],
    (function* () {
      for (let c = 0; c < 8; c += 1) yield [lane, 'truck', c + 2, day(c)];
    })(),
  );
}

/**
 * 50,000 users besides the signed-in one (the same password hash: nobody else signs in), each with a vehicle
 * copied from the demo fleet; a quarter with a company profile, half of those verified and a few suspended
 * (their tenders leave the public lists, as the product hides them).
 */
async function seedUsers(database, server, me, vehicleTemplates) {
  const row = await database.db.selectFrom('users').selectAll().where('id', '=', me.id).executeTakeFirstOrThrow();
  const columns = Object.keys(row).filter((column) => column !== 'id');
  await writeRows(
    database,
    'users',
    ['id', ...columns],
    (function* () {
      for (let k = 0; k < USERS; k += 1) {
        const id = me.id + 1 + k;
        yield [
          id,
          ...columns.map((column) => {
            if (column === 'email') return `bench-user-${id}@yuktender.uz`;
            if (column === 'phone_number') return `+99891${String(id).padStart(7, '0')}`;
            if (column === 'first_name') return `User${id}`;
            return row[column];
          }),
        ];
      }
    })(),
  );
  const now = new Date().toISOString();
  const companies = await writeRows(
    database,
    'companies',
    [
      'user_id',
      'name',
      'stir',
      'kind',
      'legal_address',
      'director',
      'phone',
      'verification_status',
      'verified_at',
      'verified_by',
      'suspended_at',
      'suspension_reason',
      'created_at',
      'updated_at',
    ],
    (function* () {
      for (let k = 0; k < USERS; k += COMPANY_EVERY) {
        const id = me.id + 1 + k;
        const verified = k % (COMPANY_EVERY * 2) === 0;
        const suspended = k % SUSPENDED_EVERY === 0;
        yield [
          id,
          `Yuk Logistika ${id} MChJ`,
          String(200_000_000 + k),
          k < SHIPPERS ? 'both' : 'carrier',
          `Toshkent, Chilonzor ${k % 30}`,
          `User${id}`,
          `+99871${String(id).padStart(7, '0')}`,
          verified ? 'verified' : 'pending',
          verified ? now : null,
          verified ? 'moderator' : null,
          suspended ? now : null,
          suspended ? 'Bench: suspended' : null,
          now,
          now,
        ];
      }
    })(),
  );
  const vehicleColumns = Object.keys(vehicleTemplates[0]);
  const vehicles = await writeRows(
    database,
    'vehicles',
    vehicleColumns,
    (function* () {
      for (let k = 0; k < USERS; k += 1) {
        const template = vehicleTemplates[k % vehicleTemplates.length];
        const plate = `${String(k % 100).padStart(2, '0')} ${String(k).padStart(6, '0')} AA`;
        yield vehicleColumns.map((column) => {
          if (column === 'id') return vehicleOf(k);
          if (column === 'owner_id') return me.id + 1 + k;
          if (column === 'license_plate') return plate;
          if (column === 'plate_search') return server.plateSearchKey(plate);
          if (column.endsWith('_file_id')) return null;
          return template[column];
        });
      }
    })(),
  );
  if (database.source.engine === 'postgres') {
    await sql`select setval('vehicles_id_seq', (select max(id) from vehicles))`.execute(database.db);
  }
  return { companies, vehicles };
}

/** The calls measured (those BENCH_CURVE_CALLS names, when set): the route and the same service call in this process. */
function calls(server, me) {
  const busyTenderId = BUSY_INDEX + 1; // ids are written in order from 1
  const list = (query, scope = 'all') => {
    const params = server.tenderListQuery.parse(Object.fromEntries(new URLSearchParams(query)));
    return (ctx) => server.listTenders(ctx, me, params, scope);
  };
  const today = new Date().toISOString().slice(0, 10);
  const listCalls = [
    ['tender list', 'limit=50'],
    ['tender list, status', 'limit=50&status=opened'],
    ['tender list, own drafts', 'limit=50&status=draft'],
    ['tender list, type', 'limit=50&type=plane'],
    ['tender list, location', 'limit=50&location=Samarqand'],
    ['tender list, price', 'limit=50&price=Qimmat'],
    ['tender list, delivery', 'limit=50&delivery=Tez'],
    ['tender list, status + type', 'limit=50&status=opened&type=truck'],
    ['tender list, id', 'limit=50&id=777'],
    ['tender list, start date', `limit=50&tender_start_date=${today}`],
    ['tender list, initial price', 'limit=50&initial_price=1000'],
    ['tender list, name', 'limit=50&name=olma'],
    ['tender list, q', 'limit=50&q=sement'],
  ].map(([name, query]) => ({ name, path: `/api/tenders/all?${query}`, call: list(query) }));
  const dashboardParams = server.dashboardQuery.parse({});
  const lane = { origin: 'Tashkent', destination: 'Moscow', mode: 'truck' };
  const all = [
    ...listCalls,
    { name: 'My Orders', path: '/api/tenders/me?limit=50', call: list('limit=50', 'mine') },
    { name: 'My Bids', path: '/api/bids/me', call: (ctx) => server.listMyBids(ctx, me, {}) },
    {
      name: 'bids of a busy tender',
      path: `/api/tenders/${busyTenderId}/bids`,
      call: (ctx) => server.listTenderBids(ctx, me, busyTenderId),
    },
    { name: 'dashboard', path: '/api/dashboard', call: (ctx) => server.getDashboard(ctx, me, dashboardParams) },
    {
      name: 'lane price',
      path: `/api/market/lane-price?${new URLSearchParams(lane)}`,
      call: (ctx) => server.getLanePrice(ctx, lane),
    },
    {
      name: 'notifications',
      path: '/api/notifications?limit=50',
      call: (ctx) => server.listNotifications(ctx, me, { tab: 'all', limit: 50 }, 'uz'),
    },
  ];
  return all.filter((call) => !CALLS || CALLS.includes(call.name));
}

/**
 * Grows the market from `from` to `to` tenders: every table written in bulk. The first size is written with
 * every reference checked, so a market that names a row it never wrote fails there, at once; the larger ones
 * with the references trusted (writeRows), the same rows at a fraction of the time. Returns the seconds
 * each table took beside the counts.
 */
async function grow(database, context, from, to) {
  const rows = market({ ...context, from, to });
  const references = from === 0 ? 'checked' : 'trusted';
  const seconds = {};
  const timed = async (table, columns, tableRows) => {
    const started = Date.now();
    const written = await writeRows(database, table, columns, tableRows, { references });
    seconds[table] = round((Date.now() - started) / 1000, 1);
    return written;
  };
  await timed('tenders', context.columns, rows.tenders());
  const lastBid = await database.db
    .selectFrom('bids')
    .select((eb) => eb.fn.max('id').as('id'))
    .executeTakeFirst();
  const bids = await timed('bids', rows.bids.columns, rows.bids.rows());
  await timed('shipments', rows.shipments.columns, rows.shipments.rows(Number(lastBid?.id ?? 0) + 1));
  const ratings = await timed('ratings', rows.ratings.columns, rows.ratings.rows());
  // every rating written is visible (past its blind days): each user's totals are what the product would
  // have kept, counted again over all ratings after each step
  await sql`delete from rating_totals`.execute(database.db);
  await sql`insert into rating_totals
      (user_id, score_total, rating_count, on_time_count, on_time_of, payment_on_time_count, payment_of)
    select ratee_id, sum(score), count(*),
      sum(case when rater_role = 'owner' and on_time = 1 then 1 else 0 end),
      sum(case when rater_role = 'owner' then 1 else 0 end),
      sum(case when rater_role = 'carrier' and payment = 'on_time' then 1 else 0 end),
      sum(case when rater_role = 'carrier' then 1 else 0 end)
    from ratings where counted_at is not null group by ratee_id`.execute(database.db);
  await timed('notifications', rows.notifications.columns, rows.notifications.rows());
  await timed('lane_price_days', rows.laneDays.columns, rows.laneDays.rows());
  if (database.source.engine === 'postgres') {
    // rows copied with their ids: the sequence follows. Then VACUUM (ANALYZE), as autovacuum does after many
    // inserts and an operator after a restore: statistics for the planner, and the visibility map without
    // which a covering index still reads the table (no index-only scans)
    await sql`select setval('tenders_id_seq', (select max(id) from tenders))`.execute(database.db);
    await sql`select setval('users_id_seq', (select max(id) from users))`.execute(database.db);
    await sql`select setval('shipments_id_seq', (select max(id) from shipments))`.execute(database.db);
    await sql`vacuum (analyze)`.execute(database.db);
    // each copied tender bumped its counter row in tender_counts (a trigger), inside one statement of 20,000
    // rows: a dead version per tender that nothing could prune meanwhile, 40 MB for 722 live rows at a million,
    // read by every unfiltered list. Tenders created one by one leave a few pages (pruned as they go): the
    // table is rewritten to what the product would hold
    await sql`vacuum full tender_counts`.execute(database.db);
  }
  return { bids, ratings, references, seconds };
}

/**
 * One size's calls: a built server started on the database, each call at its fixed rate over HTTP beside the
 * same service call in this process, round by round; each call's figures are added to `measured`.
 */
async function measureSize({ engine, size, dataDir, url, list, ctx, measured, dataRow, cores, seconds, rounds, log }) {
  const writtenBefore = diskWrittenMb();
  const app = await startBuiltServer({
    dataDir,
    core: cores.server,
    env: url ? { DATABASE_URL: url } : {},
  });
  // signed in again for each round of each call: an access token lasts 15 minutes, and on a slow machine a size's
  // calls take longer than that, the busy tender's bids alone too (at one a second, 300 answers a round)
  const signIn = async () => {
    const login = await fetch(`${app.url}/api/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'bench-curve@yuktender.uz', password: PASSWORD }),
    });
    if (!login.ok) throw new Error(`login failed: ${login.status} ${await login.text()}`);
    return { authorization: `Bearer ${(await login.json()).accessToken}` };
  };
  try {
    for (const call of list) {
      const callUrl = `${app.url}${call.path}`;
      const probe = await fetch(callUrl, { headers: await signIn() });
      if (!probe.ok) throw new Error(`${callUrl}: ${probe.status} ${await probe.text()}`);
      if (!measured.has(call.name)) measured.set(call.name, { call, rows: [] });
      const entry = measured.get(call.name);
      const figures = [];
      for (let r = 0; r < rounds; r += 1) {
        const inProcess = await measureInProcess(() => call.call(ctx), { warmup: 10, iterations: 100 });
        // the rate a call is measured at is fixed at the first size, where it keeps the server a quarter
        // busy at most (5,000 bids take longer than a page), and kept for the larger sizes
        entry.rate ??= Math.max(1, Math.min(RATE, Math.floor(250 / inProcess.latency.p50)));
        const fixed = HTTP
          ? await measureAtRateApart({
              url: callUrl,
              headers: await signIn(),
              seconds: Math.max(seconds, Math.ceil(MIN_ANSWERS / entry.rate)),
              rate: entry.rate,
            })
          : { latency: { p50: Number.NaN, p99: Number.NaN } };
        figures.push({ fixed, inProcess });
      }
      const pick = (fn) => median(figures.map(fn));
      const row = {
        size,
        matching: Number(probe.headers.get('x-total-count') ?? Number.NaN),
        p50: pick((f) => f.fixed.latency.p50),
        p99: pick((f) => f.fixed.latency.p99),
        inProcessP50: pick((f) => f.inProcess.latency.p50),
        inProcessP99: pick((f) => f.inProcess.latency.p99),
        // each round's own p99: a median far from its rounds says one round caught other work
        p99Rounds: figures.map((f) => f.fixed.latency.p99),
      };
      entry.rows.push(row);
      const overHttp = HTTP
        ? `p50 ${row.p50.toFixed(2)} / p99 ${row.p99.toFixed(2)} ms ` +
          `(rounds ${row.p99Rounds.map((p99) => p99.toFixed(2)).join(' / ')}) at ${entry.rate} req/s`
        : 'over HTTP not measured (BENCH_CURVE_HTTP=off)';
      log(
        `${call.name} (${engine.name}) at ${size.toLocaleString('en')}: ${overHttp}; ` +
          `in-process p50 ${row.inProcessP50.toFixed(3)} / p99 ${row.inProcessP99.toFixed(3)} ms` +
          (Number.isFinite(row.matching) ? `; ${row.matching} matching` : ''),
      );
    }
    // what the machine wrote to disk while this size's calls were measured: reads alone write little
    dataRow.writtenWhileMeasuredMb = round(diskWrittenMb() - writtenBefore, 0);
    log(
      `${engine.name} at ${size.toLocaleString('en')}: ${dataRow.writtenWhileMeasuredMb} MB written to disk ` +
        `while its calls were measured`,
    );
    if (loadavg()[0] > 1.5)
      log(`note: the machine was busy during this size (load ${loadavg()[0].toFixed(1)}); the figures include that`);
  } finally {
    await app.stop();
  }
}

/**
 * The curve's rows: each size's data, then each call at each size against its p99 at the smallest. A kept
 * database measured again is one size: no curve, so no ratio and no verdict.
 */
function curveRows(engine, dataRows, measured, { kept = false } = {}) {
  const rows = [...dataRows];
  for (const [name, { call, rate, rows: sizes }] of measured) {
    const first = sizes[0];
    for (const at of sizes) {
      const target = at === first ? undefined : round(first.p99 * 1.5);
      // the target is over HTTP: a quick look in process alone (BENCH_CURVE_HTTP=off) states no verdict
      const verdict = kept
        ? { target: 'a kept database measured again' }
        : !HTTP
          ? { target: 'in process only (BENCH_CURVE_HTTP=off)' }
          : target === undefined
            ? { target: `the base of the curve` }
            : { targetP99: target, met: at.p99 <= target };
      rows.push({
        case: `B14 ${name} at ${at.size.toLocaleString('en')} (${engine.name})${kept ? ', kept' : ''}`,
        request: `GET ${call.path}`,
        tenders: at.size,
        rate,
        ...(Number.isFinite(at.matching) ? { matching: at.matching } : {}),
        ...(HTTP
          ? {
              p50: round(at.p50),
              p99: round(at.p99),
              p99Rounds: at.p99Rounds.map((p99) => round(p99)),
              ...(kept ? {} : { ratioP99: round(at.p99 / first.p99, 2) }),
            }
          : {}),
        inProcessP50: round(at.inProcessP50, 3),
        inProcessP99: round(at.inProcessP99, 3),
        ...(kept ? {} : { inProcessRatioP99: round(at.inProcessP99 / first.inProcessP99, 2) }),
        ...verdict,
      });
    }
  }
  return rows;
}

/** BENCH_CURVE_KEPT: the calls measured again on a kept database, as it is. */
async function runKept({ server, cores, seconds, rounds, log }) {
  const isUrl = /^postgres(ql)?:/.test(KEPT);
  const engine = { name: isUrl ? 'PostgreSQL' : 'SQLite' };
  // on PostgreSQL the server still wants a data directory of its own (uploads), made for this run
  const dataDir = isUrl ? mkdtempSync(join(tmpdir(), 'yuk-bench-curve-kept-')) : KEPT;
  const database = server.openDatabase({ url: isUrl ? KEPT : undefined, dataDir });
  try {
    const me = await database.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'bench-curve@yuktender.uz')
      .executeTakeFirstOrThrow();
    const counted = await database.db
      .selectFrom('tenders')
      .select((eb) => eb.fn.countAll().as('tenders'))
      .executeTakeFirstOrThrow();
    const size = Number(counted.tenders);
    log(`${engine.name}: a kept database of ${size.toLocaleString('en')} tenders, measured again`);
    const list = calls(server, me.id);
    const measured = new Map();
    const dataRow = { case: `B14 kept data at ${size.toLocaleString('en')} tenders (${engine.name})`, tenders: size };
    await measureSize({
      engine,
      size,
      dataDir,
      url: isUrl ? KEPT : undefined,
      list,
      ctx: { db: database.db, dialect: database.dialect },
      measured,
      dataRow,
      cores,
      seconds,
      rounds,
      log,
    });
    return curveRows(engine, [dataRow], measured, { kept: true });
  } finally {
    await database.close();
    if (isUrl) rmSync(dataDir, { recursive: true, force: true });
  }
}

async function runEngine({ server, engine, cores, seconds, rounds, log, templates, vehicleTemplates }) {
  const dataDir = mkdtempSync(join(tmpdir(), 'yuk-bench-curve-'));
  const created = engine.name === 'PostgreSQL' ? await createBenchDatabase() : undefined;
  const database = server.openDatabase({ url: created?.url, dataDir });
  const measured = new Map(); // call name → { call, rate, rows: [{ size, p50, p99, inProcessP50, … }] }
  const dataRows = [];
  try {
    await server.migrateToLatest(database);
    if (database.source.engine === 'sqlite') {
      // this connection only writes the bench's data: a large cache for the bulk, and no fsync per commit
      // (the server it starts opens its own connection with the product's settings)
      database.source.connection.pragma('cache_size = -1000000');
      database.source.connection.pragma('synchronous = off');
    }
    const me = await server.registerUser(database.db, {
      first_name: 'Bench',
      last_name: 'Curve',
      email: 'bench-curve@yuktender.uz',
      phone_number: '+998900000014',
      password: PASSWORD,
    });
    const seeded = await seedUsers(database, server, me, vehicleTemplates);
    log(
      `${engine.name}: ${USERS.toLocaleString('en')} users, ${seeded.companies.toLocaleString('en')} companies ` +
        `(${Math.ceil(USERS / SUSPENDED_EVERY)} suspended), ${seeded.vehicles.toLocaleString('en')} vehicles`,
    );
    const nowMs = Date.now();
    const today = new Date(nowMs).toISOString().slice(0, 10);
    await seedAskedLane(database, server, today);
    const columns = Object.keys(templates[0]).filter((column) => column !== 'number');
    const context = { templates, columns, me: me.id, nowMs, today };
    const list = calls(server, me.id);
    const ctx = { db: database.db, dialect: database.dialect };
    let size = 0;
    let bids = 0;
    let ratings = 0;
    for (const target of SIZES) {
      const started = Date.now();
      const grown = await grow(database, context, size, target);
      bids += grown.bids;
      ratings += grown.ratings;
      size = target;
      const writeSeconds = (Date.now() - started) / 1000;
      // the calls are measured on a settled database: the bulk write's dirty pages, written back by the kernel
      // and PostgreSQL's checkpoints over the next minutes (309 MB while the calls at 100,000 tenders ran, in one
      // run), would otherwise compete with the first calls' reads, the more so the larger the bulk (decision 036)
      const settleSeconds = await settleBulkWrites(database);
      const bytes = await databaseBytes(database);
      log(
        `${engine.name}: ${size.toLocaleString('en')} tenders, ${bids.toLocaleString('en')} bids, ` +
          `${ratings.toLocaleString('en')} ratings; grown in ` +
          `${writeSeconds.toFixed(1)} s (references ${grown.references}; ` +
          `${Object.entries(grown.seconds)
            .map(([table, tableSeconds]) => `${table} ${tableSeconds} s`)
            .join(', ')}), on disk ${settleSeconds.toFixed(1)} s later; ` +
          `database ${(bytes / 2 ** 20).toFixed(0)} MB; ` +
          `this process's heap ${(process.memoryUsage().heapUsed / 2 ** 20).toFixed(0)} MB`,
      );
      const dataRow = {
        case: `B14 data at ${size.toLocaleString('en')} tenders (${engine.name})`,
        tenders: size,
        bids,
        ratings,
        users: USERS + 1,
        writeSeconds: round(writeSeconds, 1),
        references: grown.references,
        tableSeconds: grown.seconds,
        settleSeconds: round(settleSeconds, 1),
        p50: round(bytes / 2 ** 20, 0),
        unit: 'MB on disk',
        databaseBytes: bytes,
      };
      dataRows.push(dataRow);
      await measureSize({
        engine,
        size,
        dataDir,
        url: created?.url,
        list,
        ctx,
        measured,
        dataRow,
        cores,
        seconds,
        rounds,
        log,
      });
    }
  } finally {
    await database.close();
    if (KEEP) {
      log(`${engine.name}: the database is kept: ${created?.url ?? dataDir}`);
    } else {
      await created?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  return curveRows(engine, dataRows, measured);
}

export default {
  name: 'B14 list curve',
  async run(context) {
    const server = await loadServerModules(modules);
    const { tenders: templates, vehicles: vehicleTemplates } = await marketTemplates(server);
    const seconds = Number(process.env.BENCH_CURVE_SECONDS ?? Math.min(context.seconds, 3));
    // one round's p99 is decided by one burst of the machine's other work: each figure is the median of three
    // rounds' own
    const rounds = Number(process.env.BENCH_CURVE_ROUNDS ?? 3);
    if (KEPT) return runKept({ server, ...context, seconds, rounds });
    const rows = [];
    // BENCH_CURVE_ENGINES=SQLite or PostgreSQL: one engine alone (the two can then run side by side)
    for (const engine of enginesNamedIn('BENCH_CURVE_ENGINES', benchEngines)) {
      try {
        rows.push(...(await runEngine({ server, engine, ...context, seconds, rounds, templates, vehicleTemplates })));
      } catch (error) {
        // one engine's failure (a bulk load that cannot finish, a server that died) keeps the other's curve
        context.log(`${engine.name}: failed: ${error?.stack ?? error}`);
        rows.push(failedRow(engine.name, error));
      }
    }
    return rows;
  },
};
