import { afterAll, describe, expect, it } from 'vitest';
import {
  apiPaths,
  formatMarketTime,
  pathTo,
  type Company,
  type Notification,
  type TelegramChannelsReport,
} from '@yuk/shared';
import { startFakeTelegram } from '../../../scripts/fake-telegram.mjs';
import { claimOutbox } from '../src/modules/delivery/outbox.repository.js';
import { createDeliveryChannels, runOutbox, type DeliveryOptions } from '../src/modules/delivery/index.js';
import { dueHandlers } from '../src/due-handlers.js';
import { runDueActions } from '../src/modules/deadlines/index.js';
import {
  createChannelSender,
  EDIT_INTERVAL_MS,
  parseTenderChannels,
  withChannelPosts,
  type TenderChannelsSettings,
} from '../src/modules/tender-channels/index.js';
import { createMemoryEventBus } from '../src/plugins/event-bus.js';
import { api, buildTestApp, type ApiErrorBody } from './helpers.js';
import { createTender, createUser, makeModerator, pendingCompany } from './factories/index.js';

const TOKEN = '7000003:AAchannels-test-bot';
const bot = await startFakeTelegram({ token: TOKEN });
afterAll(() => bot.close());

const settings: TenderChannelsSettings = {
  routes: parseTenderChannels('truck:@yuk_truck,plane:@yuk_avia,*:-1001234').routes,
  miniAppName: 'market',
  language: 'en',
};
const delivery: DeliveryOptions = {
  publicUrl: 'https://yuk.example',
  telegram: { token: TOKEN, apiBase: bot.url },
};
const { app, database } = await buildTestApp({ delivery, tenderChannels: settings });

/** The test's clock: the schedule and the outbox run at the instants the tests choose. */
let clock = Date.now();
/** A fresh sender, as a server that just started would have: the outbox holds everything it needs. */
function sender() {
  const channels = createDeliveryChannels(delivery, app.log);
  return {
    db: database.db,
    channels,
    chatMessages: createChannelSender({ db: database.db, telegram: channels.telegram, settings, now: () => clock }),
    now: () => new Date(clock),
  };
}
let outbox = sender();
const handlers = withChannelPosts(dueHandlers, settings);
const schedule = () =>
  runDueActions({ db: database.db, bus: createMemoryEventBus(), now: () => new Date(clock) }, handlers);
/** The schedule, then the outbox, at `atMs`. */
async function runAt(atMs: number) {
  clock = atMs;
  await schedule();
  await runOutbox(outbox);
}

const owner = await createUser(app);
const carriers = await Promise.all([createUser(app), createUser(app), createUser(app)]);
const moderator = await createUser(app);
await makeModerator(database, moderator.email);

const bid = async (token: string, tenderId: number, amount: number) => {
  const res = await api(app, {
    method: 'POST',
    url: pathTo(apiPaths.tenders.bids, { id: tenderId }),
    token,
    payload: { bid_amount: amount },
  });
  expect(res.statusCode, res.body).toBe(201);
};
const postOf = (tenderId: number) =>
  bot.messages.find((message) => JSON.stringify(message.reply_markup).includes(`tender-${tenderId}`));
const editsOf = (messageId: number) => bot.edits.filter((edit) => edit.message_id === messageId);
const report = async (token = moderator.accessToken) => {
  const res = await api(app, { method: 'GET', url: apiPaths.admin.telegramChannels, token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<TelegramChannelsReport>();
};
const channelEditsDue = (tenderId: number) =>
  database.db
    .selectFrom('due_actions')
    .selectAll()
    .where('kind', '=', 'channel_edit')
    .where('subject_id', '=', tenderId)
    .execute();

describe('TELEGRAM_CHANNELS', () => {
  it('reads mode:chat pairs, * for the other modes, and refuses what is not one', () => {
    expect(parseTenderChannels('truck:@yuk_truck, plane:@yuk_avia,*:-1001234')).toEqual({
      routes: [
        { mode: 'truck', chat: '@yuk_truck' },
        { mode: 'plane', chat: '@yuk_avia' },
        { mode: '*', chat: '-1001234' },
      ],
      errors: [],
    });
    expect(parseTenderChannels(undefined)).toEqual({ routes: [], errors: [] });
    for (const wrong of [
      'bus:@yuk_bus',
      'truck',
      'truck:yuk',
      'truck:@a',
      'truck:@x;drop',
      'truck:@yuk_a,truck:@yuk_b',
    ]) {
      expect(parseTenderChannels(wrong).errors, wrong).not.toHaveLength(0);
    }
  });
});

describe('tender channels', () => {
  let verifiedOwner: Awaited<ReturnType<typeof createUser>>;

  it('posts each opened tender once to the channel of its mode: route, cargo, dates, prices, close, the owner’s mark and a Mini App button', async () => {
    verifiedOwner = await createUser(app);
    const company = await pendingCompany(app, verifiedOwner.accessToken);
    const verified = await api(app, {
      method: 'POST',
      url: pathTo(apiPaths.admin.verify, { id: company.id }),
      token: moderator.accessToken,
    });
    expect(verified.json<Company>().verification_status).toBe('verified');

    const truck = await createTender(app, verifiedOwner.accessToken, {
      cargo_type: 'Truck - tented',
      origin_location: 'Tashkent',
      destination_location: 'Almaty',
      cargo_weight: 20000,
      initial_price: 1500,
    });
    const plane = await createTender(app, owner.accessToken, { cargo_type: 'Aviation', destination_location: 'Dubai' });
    const ship = await createTender(app, owner.accessToken, { cargo_type: 'Maritime', destination_location: 'Poti' });
    const general = await createTender(app, owner.accessToken, { cargo_type: 'General cargo' });
    const draft = await createTender(app, owner.accessToken, { status: 'draft' });
    await runAt(Date.now());
    await runAt(Date.now() + 1000);

    const post = postOf(truck.id);
    expect(post?.chat_id).toBe('@yuk_truck');
    expect(post?.text.split('\n')).toEqual([
      'Tashkent → Almaty',
      '',
      'Cargo: Truck - tented, 20,000 kg',
      `Dates: ${truck.shipment_date.split('-').reverse().join('.')} – ${truck.delivery_date.split('-').reverse().join('.')}`,
      'Starting price: 1,500 USD',
      'No bids yet',
      `Bidding closes ${formatMarketTime(Date.parse(truck.closes_at))} (Tashkent time)`,
      '✅ Verified shipper',
      truck.number,
    ]);
    expect(post?.reply_markup).toEqual({
      inline_keyboard: [
        [{ text: 'Open the tender', url: `https://t.me/YukTenderTestBot/market?startapp=tender-${truck.id}` }],
      ],
    });
    expect(postOf(plane.id)?.chat_id).toBe('@yuk_avia');
    expect(postOf(plane.id)?.text).toContain('Shipper not verified');
    expect(postOf(ship.id)?.chat_id).toBe('-1001234');
    expect(postOf(general.id)?.chat_id).toBe('-1001234');
    expect(postOf(draft.id)).toBeUndefined();
    // once each, however often the schedule and the outbox run
    for (const tender of [truck, plane, ship, general]) {
      expect(bot.messages.filter((message) => message === postOf(tender.id))).toHaveLength(1);
    }
  });

  it('edits the post as the minimum moves, at most once a minute, coalescing the bids between', async () => {
    const tender = await createTender(app, owner.accessToken, { initial_price: 2000 });
    const t0 = Date.now();
    await runAt(t0);
    const post = postOf(tender.id);
    expect(post).toBeDefined();
    const messageId = post?.message_id ?? 0;

    await bid(carriers[0].accessToken, tender.id, 1900);
    await bid(carriers[1].accessToken, tender.id, 1800);
    // one due edit for both bids, when the post's minute is up
    const due = await channelEditsDue(tender.id);
    expect(due).toHaveLength(1);
    expect(Number(due[0]?.due_at_ms)).toBeGreaterThanOrEqual(t0 + EDIT_INTERVAL_MS);

    await runAt(t0 + EDIT_INTERVAL_MS / 2);
    expect(editsOf(messageId)).toHaveLength(0);
    await runAt(t0 + EDIT_INTERVAL_MS + 1000);
    expect(editsOf(messageId)).toHaveLength(1);
    expect(editsOf(messageId)[0]?.text).toContain('Current lowest bid: 1,800 USD');
    expect(editsOf(messageId)[0]?.reply_markup).toEqual(post?.reply_markup);

    // the next edit waits for the next minute, whenever the bid comes
    await bid(carriers[2].accessToken, tender.id, 1700);
    await runAt(t0 + EDIT_INTERVAL_MS + 30_000);
    expect(editsOf(messageId)).toHaveLength(1);
    await runAt(t0 + 2 * EDIT_INTERVAL_MS + 2000);
    expect(editsOf(messageId)).toHaveLength(2);
    expect(editsOf(messageId)[1]?.text).toContain('Current lowest bid: 1,700 USD');

    // nothing changed: nothing is edited
    await runAt(t0 + 4 * EDIT_INTERVAL_MS);
    expect(editsOf(messageId)).toHaveLength(2);

    // the owner closes it: the post says so at the next minute
    const closed = await api(app, {
      method: 'POST',
      url: pathTo(apiPaths.tenders.close, { id: tender.id }),
      token: owner.accessToken,
    });
    expect(closed.statusCode, closed.body).toBe(200);
    await runAt(t0 + 5 * EDIT_INTERVAL_MS);
    expect(editsOf(messageId)).toHaveLength(3);
    expect(editsOf(messageId)[2]?.text).toContain('Bidding has closed');
    expect(editsOf(messageId)[2]?.text).not.toContain('Bidding closes');
  });

  it('says so when a tender is awarded', async () => {
    const tender = await createTender(app, owner.accessToken, { initial_price: 900 });
    const t0 = Date.now();
    await runAt(t0);
    const messageId = postOf(tender.id)?.message_id ?? 0;
    await bid(carriers[0].accessToken, tender.id, 800);
    const bids = await api(app, {
      method: 'GET',
      url: pathTo(apiPaths.tenders.bids, { id: tender.id }),
      token: owner.accessToken,
    });
    const [best] = bids.json<{ id: number }[]>();
    const awarded = await api(app, {
      method: 'POST',
      url: pathTo(apiPaths.tenders.award, { id: tender.id }),
      token: owner.accessToken,
      payload: { bid_id: best?.id },
    });
    expect(awarded.statusCode, awarded.body).toBe(200);
    await runAt(t0 + EDIT_INTERVAL_MS + 1000);
    expect(editsOf(messageId)).toHaveLength(1);
    expect(editsOf(messageId)[0]?.text).toContain('A winner has been chosen');
    expect(editsOf(messageId)[0]?.text).toContain('Current lowest bid: 800 USD');
  });

  it('stops editing a post its channel deleted (400 message to edit not found), once', async () => {
    const tender = await createTender(app, owner.accessToken, { initial_price: 3000, cargo_type: 'Aviation' });
    const t0 = Date.now();
    await runAt(t0);
    const post = postOf(tender.id);
    expect(post?.chat_id).toBe('@yuk_avia');
    bot.remove(post?.chat_id ?? '', post?.message_id ?? 0);
    await bid(carriers[0].accessToken, tender.id, 2900);
    await runAt(t0 + EDIT_INTERVAL_MS + 1000);
    const failed = await database.db
      .selectFrom('outbox')
      .select(['status', 'last_error'])
      .where('kind', '=', 'channel_edit')
      .where('params', '=', JSON.stringify({ tender_id: tender.id }))
      .execute();
    expect(failed).toEqual([{ status: 'dead', last_error: expect.stringContaining('message to edit not found') }]);
    // later bids queue no edit of it
    await bid(carriers[1].accessToken, tender.id, 2800);
    await runAt(t0 + 3 * EDIT_INTERVAL_MS);
    const edits = await database.db
      .selectFrom('outbox')
      .select('id')
      .where('kind', '=', 'channel_edit')
      .where('params', '=', JSON.stringify({ tender_id: tender.id }))
      .execute();
    expect(edits).toHaveLength(1);
  });

  it('waits as long as Telegram’s 429 retry_after says, without counting it a failure', async () => {
    const tender = await createTender(app, owner.accessToken, { cargo_type: 'Aviation' });
    const t0 = Date.now();
    bot.fail(429, 1, 7);
    await runAt(t0);
    expect(postOf(tender.id)).toBeUndefined();
    const row = await database.db
      .selectFrom('outbox')
      .selectAll()
      .where('kind', '=', 'channel_post')
      .where('status', '=', 'pending')
      .executeTakeFirstOrThrow();
    expect(Number(row.next_attempt_ms)).toBe(t0 + 7000);
    expect(row.attempts).toBe(0);
    await runAt(t0 + 6000);
    expect(postOf(tender.id)).toBeUndefined();
    await runAt(t0 + 7000);
    expect(postOf(tender.id)?.chat_id).toBe('@yuk_avia');
  });

  it('sends what a dead sender left behind after a restart, and never a post twice', async () => {
    const tender = await createTender(app, owner.accessToken, { cargo_type: 'Truck' });
    const t0 = Date.now();
    clock = t0;
    await schedule();
    // a sender claims the post and dies before sending it
    const claimed = await claimOutbox(database.db, t0, 60_000, 50);
    expect(claimed.map((row) => row.kind)).toContain('channel_post');
    await runOutbox(outbox);
    expect(postOf(tender.id)).toBeUndefined();
    // the server starts again: a new sender takes the post once the dead one's claim has run out
    outbox = sender();
    await runAt(t0 + 61_000);
    expect(postOf(tender.id)?.chat_id).toBe('@yuk_truck');

    // a sender that died after Telegram took the post and it was recorded, but before its row was settled
    const row = await database.db
      .selectFrom('outbox')
      .select(['id', 'params'])
      .where('kind', '=', 'channel_post')
      .where('params', '=', JSON.stringify({ tender_id: tender.id }))
      .executeTakeFirstOrThrow();
    await database.db
      .updateTable('outbox')
      .set({ status: 'sending', next_attempt_ms: t0 })
      .where('id', '=', row.id)
      .execute();
    const before = bot.messages.length;
    outbox = sender();
    await runAt(t0 + 62_000);
    expect(bot.messages.length).toBe(before);
    const settled = await database.db
      .selectFrom('outbox')
      .select(['status', 'last_error'])
      .where('id', '=', row.id)
      .executeTakeFirstOrThrow();
    expect(settled).toEqual({ status: 'dropped', last_error: 'already posted' });
  });

  it('gives up on a channel that refuses the bot (403), tells the moderators once, and shows it in the report', async () => {
    bot.block('-1001234');
    const first = await createTender(app, owner.accessToken, { cargo_type: 'Maritime' });
    const t0 = Date.now();
    await runAt(t0);
    const second = await createTender(app, owner.accessToken, { cargo_type: 'Maritime' });
    await runAt(Date.now() + 1000);
    // no retries: each refused post is given up at once
    await runAt(t0 + 3 * 3600_000);
    expect(postOf(first.id)).toBeUndefined();
    expect(postOf(second.id)).toBeUndefined();
    const dead = await database.db
      .selectFrom('outbox')
      .select(['status', 'attempts'])
      .where('address', '=', '-1001234')
      .where('status', '=', 'dead')
      .execute();
    expect(dead).toHaveLength(2);
    expect(dead.every((row) => row.attempts === 1)).toBe(true);

    const notifications = await api(app, {
      method: 'GET',
      url: apiPaths.notifications.list,
      token: moderator.accessToken,
    });
    const told = notifications.json<Notification[]>().filter((item) => item.kind === 'telegram_channel_refused');
    expect(told).toHaveLength(1);
    expect(told[0]?.body).toContain('-1001234');

    const refusing = (await report()).channels.find((channel) => channel.chat === '-1001234');
    expect(refusing?.modes).toEqual(['*']);
    expect(refusing?.refused?.error).toContain('403');
    expect(refusing?.failures.map((failure) => failure.tender_id)).toEqual([second.id, first.id]);
    expect(refusing?.failures[0]).toMatchObject({ kind: 'post', tender_number: second.number, attempts: 1 });

    // the bot is made an admin: the next post goes and the refusal is cleared
    bot.unblock('-1001234');
    const third = await createTender(app, owner.accessToken, { cargo_type: 'Maritime' });
    await runAt(Math.max(Date.now(), t0 + 3 * 3600_000 + 1000));
    expect(postOf(third.id)?.chat_id).toBe('-1001234');
    const cleared = (await report()).channels.find((channel) => channel.chat === '-1001234');
    expect(cleared?.refused).toBeNull();
    expect(cleared?.last_post).toMatchObject({ tender_id: third.id, tender_number: third.number });
  });

  it('lists each configured channel with its last post for moderators only', async () => {
    const body = await report();
    expect(body.enabled).toBe(true);
    expect(body.channels.map((channel) => channel.chat)).toEqual(['@yuk_truck', '@yuk_avia', '-1001234']);
    const truck = body.channels[0];
    expect(truck?.posts).toBeGreaterThan(0);
    expect(truck?.last_post?.message_id).toEqual(expect.any(Number));
    expect(truck?.failures).toEqual([]);

    const notModerator = await api(app, {
      method: 'GET',
      url: apiPaths.admin.telegramChannels,
      token: carriers[0].accessToken,
    });
    expect(notModerator.statusCode).toBe(403);
    expect(notModerator.json<ApiErrorBody>().code).toBe('MODERATOR_ONLY');
    const anonymous = await api(app, { method: 'GET', url: apiPaths.admin.telegramChannels });
    expect(anonymous.statusCode).toBe(401);
  });

  it('posts nothing and lists no channel when TELEGRAM_CHANNELS is empty', async () => {
    const { app: plain, database: plainDb } = await buildTestApp({ delivery });
    const user = await createUser(plain);
    await createTender(plain, user.accessToken);
    await runDueActions({ db: plainDb.db, bus: createMemoryEventBus() }, withChannelPosts(dueHandlers, undefined));
    const posts = await plainDb.db.selectFrom('telegram_channel_posts').selectAll().execute();
    expect(posts).toEqual([]);
    const mod = await createUser(plain);
    await makeModerator(plainDb, mod.email);
    const res = await api(plain, { method: 'GET', url: apiPaths.admin.telegramChannels, token: mod.accessToken });
    expect(res.json<TelegramChannelsReport>()).toEqual({ enabled: true, channels: [] });
  });
});

// the posts of these tests went to the channels named in TELEGRAM_CHANNELS only
afterAll(() => {
  const chats = new Set(bot.messages.map((message) => message.chat_id));
  for (const chat of chats) expect(['@yuk_truck', '@yuk_avia', '-1001234']).toContain(chat);
});
