import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import {
  apiPaths,
  MESSAGE_TEXT_MAX,
  pathTo,
  type ConversationEntry,
  type ConversationPage,
  type Notification,
  type ReadMark,
  type Report,
  type UnreadMessages,
} from '@yuk/shared';
import { startFakeTelegram } from '../../../scripts/fake-telegram.mjs';
import { MESSAGE_DIGEST_DELAY_MS } from '../src/modules/conversations/index.js';
import { createDeliveryChannels, runOutbox, type DeliveryOptions } from '../src/modules/delivery/index.js';
import { quotaTableFromEnv } from '../src/modules/quotas/index.js';
import { api, buildTestApp, openEventStream, TEST_QUOTAS, type ApiErrorBody } from './helpers.js';
import {
  createShipment,
  createUser,
  jpegFile,
  linkTelegramChat,
  makeModerator,
  multipart,
  pdfFile,
  runSchedule,
  telegramUpdate,
  type FormValue,
} from './factories/index.js';

const TOKEN = '123456:conversation-test-token';
const SECRET = 'conversation-webhook-secret';
const bot = await startFakeTelegram({ token: TOKEN });
afterAll(() => bot.close());
const delivery: DeliveryOptions = {
  publicUrl: 'https://yuk.example',
  telegram: { token: TOKEN, webhookSecret: SECRET, apiBase: bot.url },
};
const { app, database } = await buildTestApp({ delivery });
const channels = createDeliveryChannels(delivery, app.log);
const sendOutbox = () => runOutbox({ db: database.db, channels });

const owner = await createUser(app, { first_name: 'Dilnoza', last_name: 'Yusupova' });
const carrier = await createUser(app, { first_name: 'Aziz', last_name: 'Rahimov' });
const stranger = await createUser(app);
const moderator = await createUser(app);
await makeModerator(database, moderator.email);

const messagesUrl = (number: string) => pathTo(apiPaths.shipments.messages, { number });
const readUrl = (number: string) => pathTo(apiPaths.shipments.messagesRead, { number });

const write = (token: string | undefined, number: string, payload: unknown) =>
  api(app, { method: 'POST', url: messagesUrl(number), ...(token ? { token } : {}), payload: payload as object });
async function say(token: string, number: string, text: string): Promise<ConversationEntry> {
  const res = await write(token, number, { text });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<ConversationEntry>();
}
async function upload(token: string, number: string, entries: Record<string, FormValue | undefined>) {
  const form = await multipart(entries);
  return api(app, { method: 'POST', url: messagesUrl(number), token, payload: form.payload, headers: form.headers });
}
async function page(token: string, number: string, query = ''): Promise<ConversationPage> {
  const res = await api(app, { method: 'GET', url: `${messagesUrl(number)}${query}`, token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ConversationPage>();
}
const read = (token: string | undefined, number: string, payload: unknown) =>
  api(app, { method: 'POST', url: readUrl(number), ...(token ? { token } : {}), payload: payload as object });
async function unread(token: string): Promise<UnreadMessages> {
  const res = await api(app, { method: 'GET', url: apiPaths.conversations.unread, token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<UnreadMessages>();
}
async function notificationsOf(token: string): Promise<Notification[]> {
  return (await api(app, { method: 'GET', url: apiPaths.notifications.list, token })).json<Notification[]>();
}
/** Runs the schedule as it would run once the digest's delay has passed. */
const afterDelay = () => runSchedule(database, () => new Date(Date.now() + MESSAGE_DIGEST_DELAY_MS + 1000));

beforeEach(async () => {
  // nothing of an earlier test is left to tell
  await afterDelay();
  await sendOutbox();
  bot.messages.length = 0;
});

describe('the conversation of a shipment', () => {
  it('both parties write and read, newest page first, oldest first within it', async () => {
    const number = await createShipment(app, owner, carrier);
    const first = await say(owner.accessToken, number, 'Loading at 8:00, gate 3. https://maps.example/gate3');
    expect(first).toMatchObject({ kind: 'message', side: 'owner', read: false, attachment: null, hidden: false });
    expect(first.text).toBe('Loading at 8:00, gate 3. https://maps.example/gate3');
    const markup = await say(carrier.accessToken, number, '<script>alert(1)</script> & fine');
    // kept exactly as typed: shown as text by the page
    expect(markup.text).toBe('<script>alert(1)</script> & fine');
    for (let i = 0; i < 5; i += 1) await say(carrier.accessToken, number, `line ${i}`);

    const newest = await page(owner.accessToken, number, '?limit=3');
    expect(newest.my_side).toBe('owner');
    expect(newest.entries.map((entry) => entry.text)).toEqual(['line 2', 'line 3', 'line 4']);
    expect(newest.has_more).toBe(true);
    const older = await page(owner.accessToken, number, `?limit=3&before=${newest.entries[0]!.id}`);
    expect(older.entries.map((entry) => entry.text)).toEqual([markup.text, 'line 0', 'line 1']);
    const oldest = await page(owner.accessToken, number, `?limit=3&before=${older.entries[0]!.id}`);
    expect(oldest.entries.map((entry) => entry.id)).toEqual([first.id]);
    expect(oldest.has_more).toBe(false);
    expect((await page(carrier.accessToken, number)).my_side).toBe('carrier');
  });

  it('marks what each side read, and counts the unread per shipment', async () => {
    const number = await createShipment(app, owner, carrier);
    const otherNumber = await createShipment(app, owner, carrier);
    const before = (await unread(owner.accessToken)).total;
    const one = await say(carrier.accessToken, number, 'one');
    const two = await say(carrier.accessToken, number, 'two');
    await say(carrier.accessToken, otherNumber, 'three');
    const counts = await unread(owner.accessToken);
    expect(counts.total).toBe(before + 3);
    expect(counts.shipments).toEqual(
      expect.arrayContaining([
        { number, unread: 2 },
        { number: otherNumber, unread: 1 },
      ]),
    );
    // my own messages are never unread for me
    expect((await unread(carrier.accessToken)).shipments.find((row) => row.number === number)).toBeUndefined();

    const marked = await read(owner.accessToken, number, { up_to: one.id });
    expect(marked.statusCode, marked.body).toBe(200);
    expect(marked.json<ReadMark>()).toEqual({ side: 'owner', up_to: one.id });
    const carrierView = await page(carrier.accessToken, number);
    expect(carrierView.entries.find((entry) => entry.id === one.id)?.read).toBe(true);
    expect(carrierView.entries.find((entry) => entry.id === two.id)?.read).toBe(false);
    expect(carrierView.read_up_to.owner).toBe(one.id);

    // never back; beyond the last entry stops at it
    expect((await read(owner.accessToken, number, { up_to: 1 })).json<ReadMark>().up_to).toBe(one.id);
    expect((await read(owner.accessToken, number, { up_to: 2_000_000_000 })).json<ReadMark>().up_to).toBe(two.id);
    expect((await unread(owner.accessToken)).shipments.find((row) => row.number === number)).toBeUndefined();
  });

  it('is for the two parties only, and refuses no token, wrong types and huge values', async () => {
    const number = await createShipment(app, owner, carrier);
    await say(owner.accessToken, number, 'private');
    for (const res of [
      await api(app, { method: 'GET', url: messagesUrl(number), token: stranger.accessToken }),
      await write(stranger.accessToken, number, { text: 'let me in' }),
      await read(stranger.accessToken, number, { up_to: 1 }),
      await upload(stranger.accessToken, number, { attachment: jpegFile() }),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json<ApiErrorBody>().code).toBe('SHIPMENT_NOT_FOUND');
    }
    expect(JSON.stringify(await unread(stranger.accessToken))).not.toContain(number);
    expect((await api(app, { method: 'GET', url: messagesUrl(number) })).statusCode).toBe(401);
    expect((await write(undefined, number, { text: 'x' })).statusCode).toBe(401);
    expect((await read(undefined, number, { up_to: 1 })).statusCode).toBe(401);
    expect((await api(app, { method: 'GET', url: apiPaths.conversations.unread })).statusCode).toBe(401);

    for (const payload of [
      {},
      { text: 7 },
      { text: '  ' },
      { text: 'x'.repeat(MESSAGE_TEXT_MAX + 1) },
      { text: 'nul\u0000' },
      [],
    ]) {
      const res = await write(owner.accessToken, number, payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 30)).toBe(400);
      expect(res.json<ApiErrorBody>().code).toBe('VALIDATION_FAILED');
    }
    for (const payload of [{}, { up_to: 'x' }, { up_to: 0 }, { up_to: 1.5 }, { up_to: 2 ** 40 }]) {
      expect((await read(owner.accessToken, number, payload)).statusCode, JSON.stringify(payload)).toBe(400);
    }
    for (const query of ['?limit=0', '?limit=101', '?limit=x', '?before=0', '?before=99999999999']) {
      const res = await api(app, { method: 'GET', url: `${messagesUrl(number)}${query}`, token: owner.accessToken });
      expect(res.statusCode, query).toBe(400);
    }
    const long = await api(app, { method: 'GET', url: messagesUrl('x'.repeat(41)), token: owner.accessToken });
    expect(long.statusCode).toBe(400);
  });

  it('carries a photo or a PDF through the files module’s checks', async () => {
    const number = await createShipment(app, owner, carrier);
    const photo = await upload(carrier.accessToken, number, {
      text: 'Loaded, see photo',
      attachment: jpegFile('truck.jpg'),
    });
    expect(photo.statusCode, photo.body).toBe(201);
    const entry = photo.json<ConversationEntry>();
    expect(entry).toMatchObject({
      text: 'Loaded, see photo',
      attachment: { content_type: 'image/jpeg', name: 'truck.jpg' },
    });
    const file = await api(app, { method: 'GET', url: entry.attachment!.url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/jpeg');
    expect(file.headers['content-security-policy']).toContain('sandbox');

    const pdf = await upload(owner.accessToken, number, { attachment: pdfFile('waybill.pdf') });
    expect(pdf.statusCode, pdf.body).toBe(201);
    expect(pdf.json<ConversationEntry>()).toMatchObject({
      text: null,
      attachment: { content_type: 'application/pdf' },
    });

    const html = await upload(owner.accessToken, number, {
      attachment: { filename: 'photo.jpg', data: '<html><script>alert(1)</script></html>', type: 'image/jpeg' },
    });
    expect(html.statusCode).toBe(415);
    expect(html.json<ApiErrorBody>().code).toBe('UNSUPPORTED_FILE_TYPE');
    const two = await upload(owner.accessToken, number, { attachment: jpegFile(), extra: undefined });
    expect(two.statusCode).toBe(201);
    const many = await multipart([
      ['attachment', jpegFile('a.jpg')],
      ['attachment', jpegFile('b.jpg')],
    ]);
    const refused = await api(app, {
      method: 'POST',
      url: messagesUrl(number),
      token: owner.accessToken,
      payload: many.payload,
      headers: many.headers,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json<ApiErrorBody>().code).toBe('MESSAGE_ONE_ATTACHMENT');
    const huge = await upload(owner.accessToken, number, {
      attachment: {
        filename: 'big.pdf',
        data: Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(11 * 1024 * 1024)]),
      },
    });
    expect(huge.statusCode).toBe(413);
    const empty = await upload(owner.accessToken, number, { text: undefined });
    expect(empty.statusCode).toBe(400);
    const unknown = await upload(owner.accessToken, number, { photo: jpegFile() });
    expect(unknown.statusCode).toBe(400);
  });

  it('writes the shipment’s steps as short lines in its timeline', async () => {
    const number = await createShipment(app, owner, carrier, { status: 'delivered' });
    const entries = (await page(owner.accessToken, number)).entries;
    expect(entries.map((entry) => [entry.kind, entry.side, entry.system?.kind])).toEqual([
      ['system', null, 'loaded'],
      ['system', null, 'on_the_way'],
      ['system', null, 'delivered'],
    ]);
    // lines are nobody's messages: nothing unread, nothing to tell
    expect((await unread(owner.accessToken)).shipments.find((row) => row.number === number)).toBeUndefined();
  });
});

describe('live', () => {
  it('sends new messages and read marks on the shipment’s stream to both parties', async () => {
    const number = await createShipment(app, owner, carrier);
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const url = pathTo(apiPaths.shipments.events, { number });
    const ownerStream = await openEventStream(address, url, owner.accessToken);
    const carrierStream = await openEventStream(address, url, carrier.accessToken);
    await ownerStream.until(': connected');
    await carrierStream.until(': connected');
    const sent = await say(carrier.accessToken, number, 'On my way to the gate');
    for (const stream of [ownerStream, carrierStream]) {
      const text = await stream.until('event: message');
      expect(text).toContain(`"id":${sent.id}`);
      expect(text).toContain('On my way to the gate');
    }
    await read(owner.accessToken, number, { up_to: sent.id });
    expect(await carrierStream.until('event: read')).toContain(`data: {"side":"owner","up_to":${sent.id}}`);
    ownerStream.close();
    carrierStream.close();
  });
});

describe('telling the party who is not on the page', () => {
  it('tells once for a burst, not for what was read in time, and a Telegram reply goes back in', async () => {
    // a pair of their own: nothing of the other tests is left to tell them
    const owner = await createUser(app);
    const carrier = await createUser(app, { first_name: 'Aziz', last_name: 'Rahimov' });
    const number = await createShipment(app, owner, carrier);
    const ownerChat = 7_100_001;
    await linkTelegramChat(app, owner.accessToken, ownerChat, SECRET);

    // read in time: nothing to tell
    const early = await say(carrier.accessToken, number, 'Are you at the warehouse?');
    await read(owner.accessToken, number, { up_to: early.id });
    await afterDelay();
    expect((await notificationsOf(owner.accessToken)).some((n) => n.kind === 'shipment_messages')).toBe(false);

    // a burst of three: one notification, one Telegram message
    await say(carrier.accessToken, number, 'Driver is Bobur');
    await say(carrier.accessToken, number, 'Plate 01 A 123 BC');
    await say(carrier.accessToken, number, 'Arriving at 8:10');
    // not yet due
    await runSchedule(database);
    expect((await notificationsOf(owner.accessToken)).some((n) => n.kind === 'shipment_messages')).toBe(false);
    await afterDelay();
    const told = (await notificationsOf(owner.accessToken)).filter((n) => n.kind === 'shipment_messages');
    expect(told).toHaveLength(1);
    expect(told[0]!.title).toContain('(3)');
    expect(told[0]!.body).toBe('Aziz Rahimov: Arriving at 8:10');
    await afterDelay();
    expect((await notificationsOf(owner.accessToken)).filter((n) => n.kind === 'shipment_messages')).toHaveLength(1);

    await sendOutbox();
    const sent = bot.messages.filter((message) => message.chat_id === String(ownerChat));
    expect(sent).toHaveLength(1);
    expect(sent[0]!.text).toContain('Arriving at 8:10');

    // the owner answers in Telegram, replying to that message
    const webhook = (payload: object) =>
      api(app, {
        method: 'POST',
        url: apiPaths.telegram.webhook,
        payload,
        headers: { 'x-telegram-bot-api-secret-token': SECRET },
      });
    const replied = await webhook(telegramUpdate(2, ownerChat, 'Gate 3, I am here', sent[0]!.message_id));
    expect(replied.statusCode, replied.body).toBe(200);
    expect(replied.json<{ method: string; text: string }>()).toMatchObject({ method: 'sendMessage' });
    const last = (await page(carrier.accessToken, number)).entries.at(-1);
    expect(last).toMatchObject({ side: 'owner', text: 'Gate 3, I am here' });

    // a reply to anything else, from a chat linked to no one, or too long, goes nowhere
    const before = (await page(carrier.accessToken, number)).entries.length;
    for (const update of [
      telegramUpdate(3, ownerChat, 'to nothing', 999_999),
      telegramUpdate(4, 7_100_999, 'from a stranger', sent[0]!.message_id),
      telegramUpdate(5, ownerChat, 'x'.repeat(MESSAGE_TEXT_MAX + 1), sent[0]!.message_id),
    ]) {
      const res = await webhook(update);
      expect(res.statusCode).toBe(200);
      expect(res.json<{ text: string }>().text).not.toMatch(/^Yuborildi/);
    }
    expect((await page(carrier.accessToken, number)).entries).toHaveLength(before);
  });
});

describe('reports and hiding', () => {
  it('a party reports a message, a moderator hides it, both see it hidden', async () => {
    const number = await createShipment(app, owner, carrier);
    const message = await say(carrier.accessToken, number, 'Pay me in cash outside the platform');
    const reportOf = (token: string) =>
      api(app, {
        method: 'POST',
        url: apiPaths.reports.collection,
        token,
        payload: { subject_type: 'shipment_message', subject_id: message.id, reason: 'fraud' },
      });
    // a third party cannot report what it cannot read
    expect((await reportOf(stranger.accessToken)).statusCode).toBe(404);
    const filed = await reportOf(owner.accessToken);
    expect(filed.statusCode, filed.body).toBe(201);
    // the moderator reads what was reported
    const queue = await api(app, { method: 'GET', url: apiPaths.admin.reports, token: moderator.accessToken });
    expect(queue.json<Report[]>().find((r) => r.id === filed.json<Report>().id)?.subject_text).toBe(
      'Pay me in cash outside the platform',
    );
    const hidden = await api(app, {
      method: 'POST',
      url: pathTo(apiPaths.admin.hideReportSubject, { id: filed.json<Report>().id }),
      token: moderator.accessToken,
    });
    expect(hidden.statusCode, hidden.body).toBe(200);
    for (const token of [owner.accessToken, carrier.accessToken]) {
      const entry = (await page(token, number)).entries.find((e) => e.id === message.id);
      expect(entry).toMatchObject({ hidden: true, text: null, attachment: null });
    }
    const trail = await database.db
      .selectFrom('audit_log')
      .select(['actor_user_id', 'details'])
      .where('action', '=', 'report.subject_hidden')
      .execute();
    expect(trail).toEqual([
      expect.objectContaining({
        actor_user_id: moderator.user.id,
        details: expect.stringContaining(`shipment_message:${message.id}`),
      }),
    ]);
  });
});

describe('quotas', () => {
  const small = quotaTableFromEnv({ QUOTA_MESSAGES: '3/m,100/d', QUOTA_QUESTIONS: '2/m' }, TEST_QUOTAS);
  it('are read from QUOTA_MESSAGES and QUOTA_QUESTIONS', () => {
    expect(small.errors).toEqual([]);
  });

  it('refuse a fourth message in a minute with 429 and Retry-After', async () => {
    const limited = await buildTestApp({ quotas: small.table });
    const a = await createUser(limited.app);
    const b = await createUser(limited.app);
    const number = await createShipment(limited.app, a, b);
    const answers = [];
    for (let i = 0; i < 4; i += 1) {
      answers.push(
        await api(limited.app, {
          method: 'POST',
          url: messagesUrl(number),
          token: a.accessToken,
          payload: { text: `line ${i}` },
        }),
      );
    }
    expect(answers.map((res) => res.statusCode)).toEqual([201, 201, 201, 429]);
    const refused = answers[3];
    expect(refused?.json<ApiErrorBody>().code).toBe('RATE_LIMITED');
    expect(Number(refused?.headers['retry-after'])).toBeGreaterThan(0);
    // the other party still writes
    const other = await api(limited.app, {
      method: 'POST',
      url: messagesUrl(number),
      token: b.accessToken,
      payload: { text: 'still here' },
    });
    expect(other.statusCode).toBe(201);

    const tenderOwner = await createUser(limited.app);
    const { createTender } = await import('./factories/index.js');
    const tender = await createTender(limited.app, tenderOwner.accessToken);
    const asks: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      const res = await api(limited.app, {
        method: 'POST',
        url: pathTo(apiPaths.tenders.questions, { id: tender.id }),
        token: a.accessToken,
        payload: { text: `question ${i}` },
      });
      asks.push(res.statusCode);
    }
    expect(asks).toEqual([201, 201, 429]);
  });
});
