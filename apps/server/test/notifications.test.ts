import { describe, expect, it } from 'vitest';
import { apiPaths, pathTo, type Notification } from '@yuk/shared';
import { api, buildTestApp, openEventStream } from './helpers.js';
import { requestsTo } from './requests.js';
import { createUser } from './factories/index.js';
import { answerAward, createTender, daysFromToday, passTenderClose, runSchedule } from './factories/index.js';

const { app, database } = await buildTestApp();
const { placedBid } = requestsTo(app);

const list = async (token: string, query = '', lang?: string) =>
  (
    await api(app, {
      method: 'GET',
      url: `${apiPaths.notifications.list}${query}`,
      token,
      ...(lang ? { headers: { 'accept-language': lang } } : {}),
    })
  ).json<Notification[]>();
const unread = async (token: string) =>
  (await api(app, { method: 'GET', url: apiPaths.notifications.unreadCount, token })).json<{ count: number }>().count;

describe('notifications made by events', () => {
  it('a new bid tells the owner; the outbid carrier is told; nobody else is', async () => {
    const [owner, a, b, stranger] = [
      await createUser(app),
      await createUser(app),
      await createUser(app),
      await createUser(app),
    ];
    const tender = await createTender(app, owner.accessToken, { name: 'Olma', initial_price: 3000 });
    await placedBid(a.accessToken, tender.id, 2900);
    await placedBid(a.accessToken, tender.id, 2800); // lowering my own bid does not tell me I was outbid
    await placedBid(b.accessToken, tender.id, 2750);
    const ownerNotes = await list(owner.accessToken);
    expect(ownerNotes.map((n) => n.kind)).toEqual(['bid_received', 'bid_received', 'bid_received']);
    expect(ownerNotes[0]).toMatchObject({
      type: 'offer',
      title: 'Tenderingizga yangi taklif',
      body: `${tender.number} «Olma»: 2,750 USD`,
      link: `/tender/${tender.id}`,
      read: false,
    });
    const aNotes = await list(a.accessToken, '', 'en');
    expect(aNotes.map((n) => [n.kind, n.title])).toEqual([['outbid', 'You have been outbid']]);
    expect(aNotes[0]?.body).toBe(`${tender.number} “Olma”: the new lowest bid is 2,750 USD`);
    expect(await list(b.accessToken)).toEqual([]);
    expect(await list(stranger.accessToken)).toEqual([]);
  });

  it('the award tells the winner and each loser once; closing tells the bidders; expiry tells the owner', async () => {
    const [owner, a, b] = [await createUser(app), await createUser(app), await createUser(app)];
    const tender = await createTender(app, owner.accessToken, { initial_price: 3000 });
    const winning = await placedBid(a.accessToken, tender.id, 2000);
    await placedBid(b.accessToken, tender.id, 1900);
    await placedBid(b.accessToken, tender.id, 1800);
    await api(app, {
      method: 'POST',
      url: pathTo(apiPaths.tenders.award, { id: tender.id }),
      token: owner.accessToken,
      payload: { bid_id: winning.id },
    });
    expect((await list(a.accessToken, '', 'ru')).map((n) => [n.kind, n.title.replace(/до .*/, 'до …')])).toEqual([
      ['award_offered', 'Вы победили! Подтвердите до …'],
      ['outbid', 'Ваше предложение перебито'],
    ]);
    expect((await list(b.accessToken)).map((n) => n.kind)).toEqual([]);
    await answerAward(app, a.accessToken, winning.id);
    expect((await list(a.accessToken, '', 'ru')).map((n) => [n.kind, n.title]).slice(0, 1)).toEqual([
      ['bid_won', 'Ваше предложение принято!'],
    ]);
    expect((await list(b.accessToken)).map((n) => n.kind)).toEqual(['bid_lost']);
    expect((await list(owner.accessToken))[0]?.kind).toBe('award_confirmed');

    const closing = await createTender(app, owner.accessToken);
    await placedBid(a.accessToken, closing.id, 1000);
    await api(app, {
      method: 'POST',
      url: pathTo(apiPaths.tenders.close, { id: closing.id }),
      token: owner.accessToken,
    });
    expect((await list(a.accessToken))[0]?.kind).toBe('bid_lost');

    const expiring = await createTender(app, owner.accessToken, {
      tender_start_date: daysFromToday(-2),
      tender_end_date: daysFromToday(0),
    });
    await placedBid(b.accessToken, expiring.id, 1000);
    await passTenderClose(database, expiring.id, daysFromToday(-1));
    await runSchedule(database);
    const ownerLatest = (await list(owner.accessToken, '?tab=system'))[0];
    expect(ownerLatest).toMatchObject({ kind: 'tender_closed', type: 'system', title: 'Tender muddati tugadi' });
    expect((await list(b.accessToken))[0]?.kind).toBe('bid_lost');
  });
});

describe('tabs, read and read-all', () => {
  it('filters by tab, counts unread, marks one and all read, and pages', async () => {
    const [owner, a] = [await createUser(app), await createUser(app)];
    const tender = await createTender(app, owner.accessToken, {
      initial_price: 3000,
      tender_start_date: daysFromToday(-2),
      tender_end_date: daysFromToday(0),
    });
    await placedBid(a.accessToken, tender.id, 2000);
    await placedBid(a.accessToken, tender.id, 1900);
    await passTenderClose(database, tender.id, daysFromToday(-1));
    await runSchedule(database);
    expect((await list(owner.accessToken, '?tab=all')).length).toBe(3);
    expect((await list(owner.accessToken, '?tab=offers')).map((n) => n.kind)).toEqual(['bid_received', 'bid_received']);
    expect((await list(owner.accessToken, '?tab=system')).map((n) => n.kind)).toEqual(['tender_closed']);
    expect(await unread(owner.accessToken)).toBe(3);
    const first = (await list(owner.accessToken))[0]!;
    const read = await api(app, {
      method: 'POST',
      url: pathTo(apiPaths.notifications.read, { id: first.id }),
      token: owner.accessToken,
    });
    expect(read.json()).toEqual({ count: 2 });
    expect((await list(owner.accessToken, '?tab=unread')).map((n) => n.id)).not.toContain(first.id);
    const page = await list(owner.accessToken, '?limit=2');
    expect(page).toHaveLength(2);
    const next = await list(owner.accessToken, `?limit=2&before=${page[1]!.id}`);
    expect(next).toHaveLength(1);
    expect(
      (await api(app, { method: 'POST', url: apiPaths.notifications.readAll, token: owner.accessToken })).json(),
    ).toEqual({ count: 0 });
    expect(await list(owner.accessToken, '?tab=unread')).toEqual([]);
  });

  it("refuses someone else's notification (404), bad tabs and ids (400), and no token (401)", async () => {
    const [owner, a] = [await createUser(app), await createUser(app)];
    const tender = await createTender(app, owner.accessToken);
    await placedBid(a.accessToken, tender.id, 100);
    const theirs = (await list(owner.accessToken))[0]!;
    expect(
      (
        await api(app, {
          method: 'POST',
          url: pathTo(apiPaths.notifications.read, { id: theirs.id }),
          token: a.accessToken,
        })
      ).statusCode,
    ).toBe(404);
    expect(await unread(owner.accessToken)).toBe(1);
    expect(
      (await api(app, { method: 'GET', url: '/api/notifications?tab=spam', token: a.accessToken })).statusCode,
    ).toBe(400);
    expect(
      (await api(app, { method: 'GET', url: '/api/notifications?limit=1000', token: a.accessToken })).statusCode,
    ).toBe(400);
    expect(
      (await api(app, { method: 'POST', url: '/api/notifications/abc/read', token: a.accessToken })).statusCode,
    ).toBe(400);
    expect((await api(app, { method: 'GET', url: apiPaths.notifications.list })).statusCode).toBe(401);
  });
});

describe('GET /api/notifications/stream', () => {
  it('sends the unread count, then each new notification as it happens, to its user only', async () => {
    const [owner, a] = [await createUser(app), await createUser(app)];
    const tender = await createTender(app, owner.accessToken);
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const stream = await openEventStream(address, apiPaths.notifications.stream, owner.accessToken, {
      'accept-language': 'en',
    });
    expect(await stream.until('event: unread')).toContain('data: {"count":0}');
    await placedBid(a.accessToken, tender.id, 1000);
    const text = await stream.until('"count":1');
    expect(text).toContain('event: notification');
    expect(text).toContain('"title":"New bid on your tender"');
    stream.close();
  });
});
