// B13: tender channels in Telegram. 10,000 tenders open within one hour over four channels (one per mode) while
// bids move their minimums, on a clock stepped 10 seconds at a time: at each step the schedule and the outbox run
// against the stand-in Bot API (scripts/fake-telegram.mjs, in this process). Checked: every opening posted
// exactly once, no post edited within a minute of its last post or edit, every post finally showing its
// tender's minimum. Measured: what posting adds to a tender's opening (the schedule's action of 1,000 openings
// with and without channels) and the outbox's cost per post sent.
import { performance } from 'node:perf_hooks';
import { startFakeTelegram } from '../../scripts/fake-telegram.mjs';
import { rowsOnEachEngine } from '../lib/postgres.mjs';
import { loadServerModules } from '../lib/server-modules.mjs';
import { round } from '../lib/stats.mjs';

const TENDERS = Number(process.env.BENCH_CHANNEL_TENDERS ?? 10_000);
const HOUR_MS = 3_600_000;
const STEP_MS = 10_000;
const EDIT_INTERVAL_MS = 60_000;
/** Bids per step, each lowering the minimum of a tender already open. */
const BIDS_PER_STEP = Math.max(1, Math.round(TENDERS / 300));
const OPENINGS_MEASURED = Math.min(1000, TENDERS);
const TOKEN = '7000013:AAbench-channels';
const CHANNELS = 'truck:@bench_truck,plane:@bench_avia,ship:@bench_sea,*:@bench_other';
const CARGO_TYPES = ['Truck - tented', 'Aviation', 'Maritime', 'Local'];

const modules = {
  openDatabase: 'db/database.ts#openDatabase',
  migrateToLatest: 'db/migrate.ts#migrateToLatest',
  scheduleDueMany: 'db/due-actions.ts#scheduleDueMany',
  registerUser: 'modules/users/users.service.ts#registerUser',
  tenderRow: 'modules/tenders/tenders.service.ts#tenderRow',
  insertTenders: 'modules/tenders/tenders.repository.ts#insertTenders',
  createTenderInput: '../../../packages/shared/src/tenders.ts#createTenderInput',
  runDueActions: 'modules/deadlines/index.ts#runDueActions',
  dueHandlers: 'due-handlers.ts#dueHandlers',
  withChannelPosts: 'modules/tender-channels/index.ts#withChannelPosts',
  createMemoryEventBus: 'plugins/event-bus.ts#createMemoryEventBus',
  createDeliveryChannels: 'modules/delivery/index.ts#createDeliveryChannels',
  runOutbox: 'modules/delivery/index.ts#runOutbox',
  createChannelSender: 'modules/tender-channels/index.ts#createChannelSender',
  noteTendersChanged: 'modules/tender-channels/index.ts#noteTendersChanged',
  parseTenderChannels: 'modules/tender-channels/index.ts#parseTenderChannels',
};

const quietLog = { error: (...args) => console.error(...args), warn() {}, info() {}, debug() {} };

/** A fixed sequence of pseudo-random numbers, so every run bids the same way. */
function randomSequence(seed) {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

/** `count` opened tenders of the four modes in turn; their ids. */
async function insertOpened(server, db, ownerId, count, label) {
  const rows = [];
  for (let i = 0; i < count; i += 1) {
    const values = server.createTenderInput.parse({
      name: `${label} ${i}`,
      cargo_type: CARGO_TYPES[i % CARGO_TYPES.length],
      cargo_weight: 10000 + i,
      cargo_volume: 40,
      origin_location: 'Tashkent',
      destination_location: 'Almaty',
      shipment_date: '2099-01-10',
      delivery_date: '2099-01-14',
      tender_start_date: '2026-01-01',
      tender_end_date: '2099-01-01',
      initial_price: 5000,
      status: 'opened',
    });
    rows.push(server.tenderRow(ownerId, values, new Date().toISOString()));
  }
  await db.transaction().execute(async (trx) => {
    for (let k = 0; k < rows.length; k += 200) await server.insertTenders(trx, rows.slice(k, k + 200));
  });
  const ids = await db.selectFrom('tenders').select('id').where('name', 'like', `${label} %`).orderBy('id').execute();
  return ids.map((row) => row.id);
}

async function measure(server, database, engine, log) {
  const db = database.db;
  const bot = await startFakeTelegram({ token: TOKEN });
  try {
    const settings = { routes: server.parseTenderChannels(CHANNELS).routes, language: 'uz' };
    const owner = await server.registerUser(db, {
      first_name: 'Bench',
      last_name: 'Owner',
      email: 'bench-channels@yuktender.uz',
      phone_number: '+998900000040',
      password: 'bench-password-123',
    });
    let clock = Date.now();
    const now = () => new Date(clock);
    const bus = server.createMemoryEventBus();
    const channels = server.createDeliveryChannels(
      { publicUrl: 'https://yuk.example', telegram: { token: TOKEN, apiBase: bot.url, botUsername: 'YukBenchBot' } },
      quietLog,
    );
    const outbox = {
      db,
      channels,
      chatMessages: server.createChannelSender({ db, telegram: channels.telegram, settings, now: () => clock }),
      now,
    };
    const schedule = { db, bus, now };
    const plainHandlers = server.dueHandlers;
    const postingHandlers = server.withChannelPosts(server.dueHandlers, settings);

    // 1. what posting adds to an opening: 1,000 openings in one schedule run, without channels, then with (after
    // a few of each, so that neither pays for the first statements of its kind)
    const openNow = (ids) => ids.map((id) => ({ kind: 'tender_match', subject_id: id, due_at_ms: clock }));
    await server.scheduleDueMany(db, openNow(await insertOpened(server, db, owner.id, 20, 'Warm plain')));
    await server.runDueActions(schedule, plainHandlers);
    await server.scheduleDueMany(db, openNow(await insertOpened(server, db, owner.id, 20, 'Warm posted')));
    await server.runDueActions(schedule, postingHandlers);
    await server.runOutbox(outbox, quietLog);
    const warmPosts = bot.messages.length;
    const plain = await insertOpened(server, db, owner.id, OPENINGS_MEASURED, 'Plain');
    const posted = await insertOpened(server, db, owner.id, OPENINGS_MEASURED, 'Posted');
    await server.scheduleDueMany(db, openNow(plain));
    let started = performance.now();
    await server.runDueActions(schedule, plainHandlers);
    const plainMs = (performance.now() - started) / OPENINGS_MEASURED;
    await server.scheduleDueMany(db, openNow(posted));
    started = performance.now();
    await server.runDueActions(schedule, postingHandlers);
    const postedMs = (performance.now() - started) / OPENINGS_MEASURED;
    started = performance.now();
    await server.runOutbox(outbox, quietLog);
    const sendMs = (performance.now() - started) / OPENINGS_MEASURED;
    log(
      `${engine.name}: an opening ${round(plainMs, 3)} ms without channels, ${round(postedMs, 3)} ms with; ` +
        `a post sent ${round(sendMs, 3)} ms`,
    );

    // 2. an hour of openings and bids, stepped
    const hourStart = clock + STEP_MS;
    const ids = await insertOpened(server, db, owner.id, TENDERS, 'Hour');
    await server.scheduleDueMany(
      db,
      ids.map((id, i) => ({
        kind: 'tender_match',
        subject_id: id,
        due_at_ms: hourStart + Math.floor((i * HOUR_MS) / TENDERS),
      })),
    );
    const random = randomSequence(20261126);
    const lastShown = new Map();
    const tooSoon = [];
    let seenPosts = bot.messages.length;
    let seenEdits = bot.edits.length;
    let bids = 0;
    const hourStarted = performance.now();
    for (clock = hourStart; clock <= hourStart + HOUR_MS + 3 * EDIT_INTERVAL_MS; clock += STEP_MS) {
      const openedSoFar = Math.min(TENDERS, Math.floor(((clock - hourStart) * TENDERS) / HOUR_MS));
      if (clock <= hourStart + HOUR_MS && openedSoFar > 0) {
        const chosen = Array.from({ length: BIDS_PER_STEP }, () => ids[Math.floor(random() * openedSoFar)]);
        // a bid's own statements: the minimum lowered, and its post's edit put on the schedule
        await db.transaction().execute(async (trx) => {
          await trx
            .updateTable('tenders')
            .set((eb) => ({
              current_min_bid_cents: eb(eb.fn.coalesce('current_min_bid_cents', 'initial_price_cents'), '-', 100),
              bid_count: eb('bid_count', '+', 1),
            }))
            .where('id', 'in', chosen)
            .execute();
          await server.noteTendersChanged(trx, chosen, clock);
        });
        bids += chosen.length;
      }
      await server.runDueActions(schedule, postingHandlers);
      await server.runOutbox(outbox, quietLog);
      for (const message of bot.messages.slice(seenPosts)) lastShown.set(message.message_id, clock);
      for (const edit of bot.edits.slice(seenEdits)) {
        const previous = lastShown.get(edit.message_id);
        if (previous !== undefined && clock - previous < EDIT_INTERVAL_MS) tooSoon.push(edit.message_id);
        lastShown.set(edit.message_id, clock);
      }
      seenPosts = bot.messages.length;
      seenEdits = bot.edits.length;
    }
    const hourSeconds = (performance.now() - hourStarted) / 1000;

    const hourPosts = bot.messages.length - OPENINGS_MEASURED - warmPosts;
    const postRows = await db
      .selectFrom('telegram_channel_posts')
      .innerJoin('tenders', 'tenders.id', 'telegram_channel_posts.tender_id')
      .select(['telegram_channel_posts.message_id', 'telegram_channel_posts.shown', 'tenders.current_min_bid_cents'])
      .where('tenders.id', 'in', ids)
      .execute();
    const unposted = postRows.filter((row) => row.message_id === null).length + (TENDERS - postRows.length);
    const stale = postRows.filter((row) => row.shown?.split('|')[1] !== String(row.current_min_bid_cents ?? '')).length;
    const distinctPosts = new Set(
      bot.messages.map((message) => `${message.chat_id}:${message.text.split('\n').at(-1)}`),
    );
    log(
      `${engine.name}: ${TENDERS} openings, ${bids} bids in an hour stepped in ${round(hourSeconds, 1)} s: ` +
        `${hourPosts} posts, ${bot.edits.length} edits, ${tooSoon.length} edits within a minute, ${unposted} not posted, ` +
        `${stale} posts not showing the last minimum`,
    );
    return [
      {
        case: `B13 ${TENDERS} tenders opening in an hour over 4 channels (${engine.name})`,
        unit: 'posts',
        posts: hourPosts,
        edits: bot.edits.length,
        bids,
        editsWithinAMinute: tooSoon.length,
        notPosted: unposted,
        postedTwice: bot.messages.length - distinctPosts.size,
        staleAtTheEnd: stale,
        target: 'every opening posted once, no edit within a minute of the last, every post showing the last minimum',
        met:
          hourPosts === TENDERS &&
          unposted === 0 &&
          tooSoon.length === 0 &&
          stale === 0 &&
          bot.messages.length === distinctPosts.size,
      },
      {
        case: `B13 what posting adds to an opening (${engine.name})`,
        unit: 'ms per opening',
        p50: round(postedMs - plainMs, 3),
        withoutChannels: round(plainMs, 3),
        withChannels: round(postedMs, 3),
        postSent: round(sendMs, 3),
        target: 'a queued row, not a send: ≤ 1 ms added',
        met: postedMs - plainMs <= 1,
      },
    ];
  } finally {
    await bot.close();
  }
}

export default {
  name: 'B13 tender channels',
  async run({ log }) {
    const server = await loadServerModules(modules);
    return rowsOnEachEngine(server, 'channels', (database, engine) => measure(server, database, engine, log));
  },
};
