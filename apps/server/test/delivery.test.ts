import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { apiPaths, pathTo, type NotificationSettings, type PlacedBid, type TelegramLink } from '@yuk/shared';
import { startFakeTelegram } from '../../../scripts/fake-telegram.mjs';
import {
  createDeliveryChannels,
  generateVapidKeys,
  runOutbox,
  type DeliveryOptions,
} from '../src/modules/delivery/index.js';
import { api, buildTestApp, type ApiErrorBody } from './helpers.js';
import { requestsTo } from './requests.js';
import { createTender, createUser, runSchedule } from './factories/index.js';
import { startFakePushService } from './fakes/push-service.js';
import { startFakeSmtp } from './fakes/smtp.js';

const TOKEN = '123456:TEST-token_for-the-fake';
const SECRET = 'webhook-secret-of-the-tests';
const bot = await startFakeTelegram({ token: TOKEN });
const smtp = await startFakeSmtp();
const push = await startFakePushService();
afterAll(async () => {
  await Promise.all([bot.close(), smtp.close(), push.close()]);
});

const delivery: DeliveryOptions = {
  publicUrl: 'https://yuk.example',
  telegram: { token: TOKEN, webhookSecret: SECRET, apiBase: bot.url },
  telegramWebhookUrl: 'https://yuk.example/api/telegram/webhook',
  email: { smtpUrl: smtp.url, from: 'Yuk Tender <no-reply@yuk.example>' },
  push: { vapid: generateVapidKeys(), subject: 'mailto:ops@yuk.example', services: [push.origin] },
};
const { app, database } = await buildTestApp({ delivery });
const { bid } = requestsTo(app);
// the sender the app runs on its timer, run by hand here (the same channels, the same database)
const channels = createDeliveryChannels(delivery, app.log);
const send = (atMs = Date.now()) => runOutbox({ db: database.db, channels, now: () => new Date(atMs) });

beforeEach(async () => {
  // every test starts with nothing left to send
  await send(Date.now() + 365 * 24 * 3600_000);
  bot.messages.length = 0;
  smtp.mails.length = 0;
  push.received.length = 0;
});

const webhook = (payload: unknown, secret: string | null = SECRET) =>
  api(app, {
    method: 'POST',
    url: apiPaths.telegram.webhook,
    payload: payload as object,
    ...(secret === null ? {} : { headers: { 'x-telegram-bot-api-secret-token': secret } }),
  });
let updateId = 1;
const say = (chatId: number, text: string) =>
  webhook({ update_id: updateId++, message: { chat: { id: chatId }, text } });

async function settings(token: string, change?: object) {
  const res = await api(app, {
    method: change ? 'PUT' : 'GET',
    url: apiPaths.users.notificationSettings,
    token,
    ...(change ? { payload: change } : {}),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<NotificationSettings>();
}

let nextChat = 5_000_000;
/** A user whose Telegram chat is linked through the real flow: the deep link, then /start <token> to the webhook. */
async function linkedUser(language: 'uz' | 'en' | 'ru' = 'uz') {
  const user = await createUser(app);
  await settings(user.accessToken, { language });
  const link = await api(app, { method: 'POST', url: apiPaths.users.telegramLink, token: user.accessToken });
  expect(link.statusCode, link.body).toBe(200);
  const { url } = link.json<TelegramLink>();
  const token = new URL(url).searchParams.get('start') ?? '';
  const chatId = nextChat++;
  const answer = await say(chatId, `/start ${token}`);
  expect(answer.statusCode).toBe(200);
  return { ...user, chatId, startToken: token, linkAnswer: answer.json<{ text: string }>() };
}

describe('settings', () => {
  it('start from the defaults, change in part, and refuse what is not a setting', async () => {
    const user = await createUser(app);
    const initial = await settings(user.accessToken);
    expect(initial.events.new_tender).toEqual(['in_app', 'telegram', 'push']);
    expect(initial.events.won).toEqual(['in_app', 'telegram', 'email', 'push']);
    expect(initial.quiet_hours).toBeNull();
    expect(initial.channels).toMatchObject({
      telegram: { available: true, linked: false },
      email: { available: true, address: user.email },
      push: { available: true, devices: 0 },
    });
    expect(initial.channels.push.public_key).toBe(delivery.push?.vapid?.publicKey);

    const changed = await settings(user.accessToken, {
      language: 'en',
      events: { outbid: ['email'], new_tender: [] },
      quiet_hours: { start: '22:30', end: '07:00' },
    });
    expect(changed.language).toBe('en');
    expect(changed.events.outbid).toEqual(['in_app', 'email']);
    expect(changed.events.new_tender).toEqual(['in_app']);
    expect(changed.events.won).toEqual(initial.events.won);
    expect(changed.quiet_hours).toEqual({ start: '22:30', end: '07:00' });
    // what is left out stays
    expect((await settings(user.accessToken, { quiet_hours: null })).events.outbid).toEqual(['in_app', 'email']);

    for (const wrong of [
      { events: { outbid: ['fax'] } },
      { events: { lunch: ['email'] } },
      { quiet_hours: { start: '25:00', end: '07:00' } },
      { quiet_hours: { start: '07:00', end: '07:00' } },
      { language: 'de' },
      { events: 'all' },
      { role: 'moderator' },
    ]) {
      const res = await api(app, {
        method: 'PUT',
        url: apiPaths.users.notificationSettings,
        token: user.accessToken,
        payload: wrong,
        headers: { 'accept-language': 'en' },
      });
      expect(res.statusCode, JSON.stringify(wrong)).toBe(400);
      expect(res.json<ApiErrorBody>().code).toBe('VALIDATION_FAILED');
    }
    expect((await api(app, { method: 'GET', url: apiPaths.users.notificationSettings })).statusCode).toBe(401);
  });
});

describe('Telegram', () => {
  it('tells Telegram where the webhook is, at start', () => {
    expect(bot.webhook).toEqual({ url: 'https://yuk.example/api/telegram/webhook', secret_token: SECRET });
  });

  it('links a chat with a one-time deep link valid 10 minutes, and replies in the user language', async () => {
    const user = await linkedUser('ru');
    expect(user.linkAnswer).toMatchObject({ method: 'sendMessage', chat_id: String(user.chatId) });
    expect(user.linkAnswer.text).toContain('Telegram подключён');
    // with a button that opens the app in Telegram, as a Mini App
    expect(user.linkAnswer).toMatchObject({
      reply_markup: { inline_keyboard: [[{ text: 'Открыть Yuk Tender', web_app: { url: 'https://yuk.example' } }]] },
    });
    expect((await settings(user.accessToken)).channels.telegram.linked).toBe(true);
    // the same link again: spent
    const reused = await say(nextChat++, `/start ${user.startToken}`);
    expect(reused.json<{ text: string }>().text).toMatch(/Havola yaroqsiz/);
    const link = await api(app, { method: 'POST', url: apiPaths.users.telegramLink, token: user.accessToken });
    const body = link.json<TelegramLink>();
    expect(body.url).toMatch(/^https:\/\/t\.me\/YukTenderTestBot\?start=[\w-]{32}$/);
    expect(Date.parse(body.expires_at) - Date.now()).toBeGreaterThan(9 * 60_000);
    expect(Date.parse(body.expires_at) - Date.now()).toBeLessThanOrEqual(10 * 60_000);
    // an expired one is refused
    await database.db
      .updateTable('telegram_links')
      .set({ expires_at_ms: Date.now() - 1 })
      .execute();
    const token = new URL(body.url).searchParams.get('start') ?? '';
    const late = await say(nextChat++, `/start ${token}`);
    expect(late.json<{ text: string }>().text).toMatch(/Havola yaroqsiz/);
  });

  it('refuses the webhook without the secret header (403), and the link when no bot is set up (409)', async () => {
    const update = { update_id: 9, message: { chat: { id: 1 }, text: '/stop' } };
    expect((await webhook(update, null)).statusCode).toBe(403);
    expect((await webhook(update, 'wrong')).statusCode).toBe(403);
    expect((await webhook(update, `${SECRET}x`)).statusCode).toBe(403);
    expect((await webhook({ update_id: 'x' })).statusCode).toBe(400);

    const { app: offline } = await buildTestApp();
    const user = await createUser(offline);
    const link = await api(offline, {
      method: 'POST',
      url: apiPaths.users.telegramLink,
      token: user.accessToken,
      headers: { 'accept-language': 'en' },
    });
    expect(link.statusCode).toBe(409);
    expect(link.json<ApiErrorBody>()).toMatchObject({
      code: 'TELEGRAM_OFF',
      error: 'Telegram is not set up on this server',
    });
    const off = await api(offline, {
      method: 'GET',
      url: apiPaths.users.notificationSettings,
      token: user.accessToken,
    });
    expect(off.json<NotificationSettings>().channels.telegram).toEqual({ available: false, linked: false });
    expect((await webhook(update)).statusCode).toBe(200);
    const offHook = await api(offline, {
      method: 'POST',
      url: apiPaths.telegram.webhook,
      payload: update,
      headers: { 'x-telegram-bot-api-secret-token': SECRET },
    });
    expect(offHook.statusCode).toBe(403);
  });

  it('sends to the right chat, in the right language, with an Open button to the tender', async () => {
    const [owner, carrier] = [await linkedUser('en'), await linkedUser('ru')];
    const tender = await createTender(app, owner.accessToken, { name: 'Olma', initial_price: 3000 });
    expect((await bid(carrier.accessToken, tender.id, 2900)).statusCode).toBe(201);
    // nothing leaves before the sender runs: a bid never waits for Telegram
    expect(bot.messages).toEqual([]);
    await send();
    expect(bot.messages).toHaveLength(1);
    expect(bot.messages[0]).toMatchObject({
      chat_id: String(owner.chatId),
      text: `New bid on your tender\n${tender.number} “Olma”: 2,900 USD`,
      reply_markup: {
        inline_keyboard: [[{ text: 'Open', web_app: { url: `https://yuk.example/tender/${tender.id}` } }]],
      },
    });
    // sent once: another round finds nothing
    await send();
    expect(bot.messages).toHaveLength(1);
  });

  it('retries after 500s with a growing backoff, honours a 429 retry_after, and goes dead after 8 failures', async () => {
    const [owner, carrier] = [await linkedUser(), await createUser(app)];
    const tender = await createTender(app, owner.accessToken, { initial_price: 3000 });
    bot.fail(500, 2);
    await bid(carrier.accessToken, tender.id, 2900);
    const sentAt = Date.now();
    await send(sentAt);
    const row = () =>
      database.db
        .selectFrom('outbox')
        .selectAll()
        .where('user_id', '=', owner.user.id)
        .where('channel', '=', 'telegram')
        .executeTakeFirstOrThrow();
    const first = await row();
    expect(first).toMatchObject({ status: 'pending', attempts: 1 });
    const firstWait = Number(first.next_attempt_ms) - sentAt;
    expect(firstWait).toBeGreaterThanOrEqual(5_000);
    expect(firstWait).toBeLessThanOrEqual(10_100);
    await send(Number(first.next_attempt_ms));
    const second = await row();
    expect(second.attempts).toBe(2);
    expect(Number(second.next_attempt_ms) - Number(first.next_attempt_ms)).toBeGreaterThanOrEqual(10_000);
    bot.fail(429, 1, 30);
    await send(Number(second.next_attempt_ms));
    const limited = await row();
    // the service said when: 30 s, and it is not counted as a failure
    expect(limited.attempts).toBe(2);
    expect(Number(limited.next_attempt_ms) - Number(second.next_attempt_ms)).toBe(30_000);
    await send(Number(limited.next_attempt_ms) - 1);
    expect(bot.messages).toEqual([]);
    await send(Number(limited.next_attempt_ms));
    expect(bot.messages.map((m) => m.chat_id)).toEqual([String(owner.chatId)]);
    expect((await row()).status).toBe('sent');

    // eight failures in a row: dead, shown on the settings page, and tried again on request
    await bid(carrier.accessToken, tender.id, 2800);
    bot.fail(500, 8);
    let at = Date.now();
    for (let i = 0; i < 8; i += 1) {
      await send(at);
      at += 2 * 3600_000;
    }
    const dead = await database.db
      .selectFrom('outbox')
      .selectAll()
      .where('user_id', '=', owner.user.id)
      .where('status', '=', 'dead')
      .executeTakeFirstOrThrow();
    expect(dead.attempts).toBe(8);
    const page = await settings(owner.accessToken);
    expect(page.failed).toEqual([
      expect.objectContaining({ id: dead.id, channel: 'telegram', title: 'Tenderingizga yangi taklif', attempts: 8 }),
    ]);
    const retried = await api(app, {
      method: 'POST',
      url: pathTo(apiPaths.users.retryDelivery, { id: dead.id }),
      token: owner.accessToken,
    });
    expect(retried.statusCode).toBe(200);
    expect(retried.json<NotificationSettings>().failed).toEqual([]);
    await send(at);
    expect(bot.messages).toHaveLength(2);
    const notMine = await api(app, {
      method: 'POST',
      url: pathTo(apiPaths.users.retryDelivery, { id: dead.id }),
      token: carrier.accessToken,
    });
    expect(notMine.statusCode).toBe(404);
  });

  it('sends nothing after /stop, and nothing during quiet hours until they end', async () => {
    const [owner, carrier] = [await linkedUser(), await createUser(app)];
    const tender = await createTender(app, owner.accessToken, { initial_price: 3000 });
    await bid(carrier.accessToken, tender.id, 2950);
    const stop = await say(owner.chatId, '/stop');
    expect(stop.json<{ text: string }>().text).toContain('uzildi');
    await bid(carrier.accessToken, tender.id, 2900);
    await send();
    expect(bot.messages).toEqual([]);
    expect((await settings(owner.accessToken)).channels.telegram.linked).toBe(false);

    // quiet all day but one minute: the message waits until the minute after the hours
    const quiet = await linkedUser();
    const nowTashkent = new Date(Date.now() + 5 * 3600_000);
    const minute = nowTashkent.getUTCHours() * 60 + nowTashkent.getUTCMinutes();
    const hhmm = (m: number) =>
      `${String(Math.floor(((m + 1440) % 1440) / 60)).padStart(2, '0')}:${String((m + 1440) % 60).padStart(2, '0')}`;
    await settings(quiet.accessToken, { quiet_hours: { start: hhmm(minute - 60), end: hhmm(minute + 60) } });
    const theirs = await createTender(app, quiet.accessToken, { initial_price: 3000 });
    await bid(carrier.accessToken, theirs.id, 2900);
    await send();
    await send(Date.now() + 30 * 60_000);
    expect(bot.messages).toEqual([]);
    const waiting = await database.db
      .selectFrom('outbox')
      .selectAll()
      .where('user_id', '=', quiet.user.id)
      .executeTakeFirstOrThrow();
    await send(Number(waiting.next_attempt_ms));
    expect(bot.messages.map((m) => m.chat_id)).toEqual([String(quiet.chatId)]);
    // in the app it was there all along
    const list = await api(app, { method: 'GET', url: apiPaths.notifications.list, token: quiet.accessToken });
    expect(list.json<unknown[]>()).toHaveLength(1);
  });

  it('a chat that blocked the bot: the message is dead at once, not retried', async () => {
    const [owner, carrier] = [await linkedUser(), await createUser(app)];
    bot.block(owner.chatId);
    const tender = await createTender(app, owner.accessToken, { initial_price: 3000 });
    await bid(carrier.accessToken, tender.id, 2900);
    await send();
    const row = await database.db
      .selectFrom('outbox')
      .selectAll()
      .where('user_id', '=', owner.user.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'dead', attempts: 1 });
    expect(row.last_error).toContain('blocked');
  });
});

describe('several senders, and a sender that dies mid-send', () => {
  it('two instances sending at once deliver each message once', async () => {
    const owners = await Promise.all(Array.from({ length: 6 }, () => linkedUser()));
    const carrier = await createUser(app);
    for (const owner of owners) {
      const tender = await createTender(app, owner.accessToken, { initial_price: 3000 });
      await bid(carrier.accessToken, tender.id, 2900);
      await bid(carrier.accessToken, tender.id, 2800);
    }
    const other = createDeliveryChannels(delivery, app.log);
    await Promise.all([send(), runOutbox({ db: database.db, channels: other }), send()]);
    expect(bot.messages).toHaveLength(12);
    expect(new Set(bot.messages.map((m) => `${m.chat_id} ${m.text}`)).size).toBe(12);
  });

  it('a claim whose sender died is taken over after its lease, with the same idempotency key', async () => {
    const owner = await createUser(app);
    const carrier = await createUser(app);
    const tender = await createTender(app, owner.accessToken, { initial_price: 3000 });
    const placed = (await bid(carrier.accessToken, tender.id, 2900)).json<PlacedBid>();
    await api(app, {
      method: 'POST',
      url: pathTo(apiPaths.tenders.award, { id: tender.id }),
      token: owner.accessToken,
      payload: { bid_id: placed.id },
    });
    // a sender claims the winner's e-mail and dies before sending: the row stays claimed
    const claimedAt = Date.now();
    await database.db
      .updateTable('outbox')
      .set({ status: 'sending', next_attempt_ms: claimedAt + 60_000 })
      .where('user_id', '=', carrier.user.id)
      .where('channel', '=', 'email')
      .execute();
    await send(claimedAt + 59_000);
    expect(smtp.mails).toEqual([]);
    await send(claimedAt + 60_000);
    expect(smtp.mails).toHaveLength(1);
    const row = await database.db
      .selectFrom('outbox')
      .selectAll()
      .where('user_id', '=', carrier.user.id)
      .where('channel', '=', 'email')
      .executeTakeFirstOrThrow();
    expect(smtp.mails[0]?.messageId).toBe(`<${row.idempotency_key}@yuk-tender>`);
    expect(row.status).toBe('sent');
  });
});

describe('e-mail', () => {
  it('mails what must not be missed, in the user language, plain and HTML; retries a busy server', async () => {
    const owner = await createUser(app);
    const carrier = await createUser(app);
    await settings(carrier.accessToken, { language: 'ru' });
    const tender = await createTender(app, owner.accessToken, { name: 'Olma', initial_price: 3000 });
    const placed = (await bid(carrier.accessToken, tender.id, 2900)).json<PlacedBid>();
    await send();
    // a bid is not mailed by default
    expect(smtp.mails).toEqual([]);
    smtp.refuseNext(1);
    await api(app, {
      method: 'POST',
      url: pathTo(apiPaths.tenders.award, { id: tender.id }),
      token: owner.accessToken,
      payload: { bid_id: placed.id },
    });
    await send();
    expect(smtp.mails).toEqual([]);
    const row = await database.db
      .selectFrom('outbox')
      .selectAll()
      .where('user_id', '=', carrier.user.id)
      .where('channel', '=', 'email')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    expect(row.last_error).toContain('451');
    await send(Number(row.next_attempt_ms));
    expect(smtp.mails).toHaveLength(1);
    const mail = smtp.mails[0]!;
    expect(mail.envelopeTo).toEqual([carrier.email]);
    expect(mail.subject).toMatch(/^Вы победили! Подтвердите до/);
    expect(mail.text).toContain(`${tender.number} «Olma»: 2,900 USD`);
    expect(mail.text).toContain('https://yuk.example/bids');
    expect(mail.html).toContain('<a href="https://yuk.example/bids"');
    expect(mail.html).toContain('Открыть');
    expect(mail.headers.get('content-language')).toBe('ru');
  });

  it('escapes what users typed in the HTML', async () => {
    const owner = await createUser(app);
    const carrier = await createUser(app);
    const tender = await createTender(app, owner.accessToken, { name: '<img src=x onerror=alert(1)>' });
    const placed = (await bid(carrier.accessToken, tender.id, 1400)).json<PlacedBid>();
    await api(app, {
      method: 'POST',
      url: pathTo(apiPaths.tenders.award, { id: tender.id }),
      token: owner.accessToken,
      payload: { bid_id: placed.id },
    });
    await send();
    const html = String(smtp.mails[0]?.html);
    expect(html).not.toContain('<img');
    expect(html).toContain('&#60;img');
  });
});

describe('Web Push', () => {
  it('keeps a browser, sends it encrypted and signed, and forgets it when the service says it is gone', async () => {
    const [owner, carrier] = [await createUser(app), await createUser(app)];
    const browser = push.browser();
    const added = await api(app, {
      method: 'POST',
      url: apiPaths.push.subscriptions,
      token: owner.accessToken,
      payload: { ...browser, expirationTime: null },
    });
    expect(added.statusCode, added.body).toBe(201);
    expect((await settings(owner.accessToken)).channels.push.devices).toBe(1);
    const tender = await createTender(app, owner.accessToken, { name: 'Olma', initial_price: 3000 });
    await bid(carrier.accessToken, tender.id, 2900);
    await send();
    expect(push.received).toHaveLength(1);
    expect(push.received[0]?.payload).toEqual({
      title: 'Tenderingizga yangi taklif',
      body: `${tender.number} «Olma»: 2,900 USD`,
      url: `https://yuk.example/tender/${tender.id}`,
    });
    expect(push.received[0]?.headers.topic).toMatch(/^[\w-]{1,32}$/);

    push.unsubscribe(browser);
    await bid(carrier.accessToken, tender.id, 2800);
    await send();
    expect((await settings(owner.accessToken)).channels.push.devices).toBe(0);
  });

  it('takes only the accepted push services, and only my own browsers can be removed', async () => {
    const [me, other] = [await createUser(app), await createUser(app)];
    const elsewhere = await api(app, {
      method: 'POST',
      url: apiPaths.push.subscriptions,
      token: me.accessToken,
      payload: { endpoint: 'http://10.0.0.1/steal', keys: push.browser().keys },
    });
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json<ApiErrorBody>().fields).toEqual({ endpoint: expect.any(String) });
    const malformed = await api(app, {
      method: 'POST',
      url: apiPaths.push.subscriptions,
      token: me.accessToken,
      payload: { endpoint: 'not a url', keys: { p256dh: 'x', auth: 42 } },
    });
    expect(malformed.statusCode).toBe(400);
    const mine = (
      await api(app, {
        method: 'POST',
        url: apiPaths.push.subscriptions,
        token: me.accessToken,
        payload: push.browser(),
      })
    ).json<{ id: number }>();
    const theirs = await api(app, {
      method: 'DELETE',
      url: pathTo(apiPaths.push.subscription, { id: mine.id }),
      token: other.accessToken,
    });
    expect(theirs.statusCode).toBe(404);
    const removed = await api(app, {
      method: 'DELETE',
      url: pathTo(apiPaths.push.subscription, { id: mine.id }),
      token: me.accessToken,
    });
    expect(removed.statusCode).toBe(204);
  });
});

describe('a matching tender reaches Telegram', () => {
  it('a saved search owner hears of the new tender in Telegram, within one round of the schedule and sender', async () => {
    const carrier = await linkedUser('en');
    const owner = await createUser(app);
    await api(app, {
      method: 'POST',
      url: apiPaths.savedSearches.collection,
      token: carrier.accessToken,
      payload: { name: 'Samarkand loads', origin: 'Самарканд' },
    });
    const tender = await createTender(app, owner.accessToken, { name: 'Uzum', origin_location: 'Samarqand' });
    await runSchedule(database);
    await send();
    expect(bot.messages).toEqual([
      expect.objectContaining({
        chat_id: String(carrier.chatId),
        text: expect.stringMatching(/^A new tender matches your search: Samarkand loads\n/),
        reply_markup: {
          inline_keyboard: [[{ text: 'Open', web_app: { url: `https://yuk.example/tender/${tender.id}` } }]],
        },
      }),
    ]);
  });
});
