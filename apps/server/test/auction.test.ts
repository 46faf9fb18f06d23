import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Migrator, sql } from 'kysely';
import {
  apiPaths,
  endOfMarketDayMs,
  pathTo,
  type MinBidResponse,
  type MyBid,
  type Notification,
  type PlacedBid,
  type Tender,
  type TenderAward,
} from '@yuk/shared';
import { buildApp } from '../src/app.js';
import { engineOf, openDatabase, type Database } from '../src/db/database.js';
import { migrations } from '../src/db/migrations/index.js';
import { dueHandlers } from '../src/due-handlers.js';
import { runDueActions } from '../src/modules/deadlines/index.js';
import { createMemoryEventBus } from '../src/plugins/event-bus.js';
import {
  answerAward,
  buildTenderInput,
  createTender,
  createUser,
  daysFromToday,
  passTenderClose,
  runSchedule,
  scheduledCloseMs,
  setTenderClose,
} from './factories/index.js';
import {
  api,
  buildTestApp,
  createTestSchema,
  dropTestSchema,
  migrateTestDatabase,
  readStates,
  engine,
  TEST_JWT_SECRET,
  TEST_QUOTAS,
  testDatabaseUrl,
  type ApiErrorBody,
} from './helpers.js';
import { requestsTo } from './requests.js';

const { app, database } = await buildTestApp();
const { bid, placedBid, buyNow, award, tenderBids } = requestsTo(app);

const owner = await createUser(app);
const [carrierA, carrierB, carrierC] = [await createUser(app), await createUser(app), await createUser(app)];

const getTender = async (token: string, tenderId: number) =>
  (await api(app, { method: 'GET', url: pathTo(apiPaths.tenders.one, { id: tenderId }), token })).json<Tender>();
const awards = async (tenderId: number) =>
  (
    await api(app, { method: 'GET', url: pathTo(apiPaths.tenders.awards, { id: tenderId }), token: owner.accessToken })
  ).json<TenderAward[]>();
const notifications = async (token: string) =>
  (await api(app, { method: 'GET', url: `${apiPaths.notifications.list}?limit=100`, token })).json<Notification[]>();
/** The newest notification of `token`'s user about this tender (other tenders' may arrive in the same batch). */
const latestAbout = async (token: string, tender: Tender) =>
  (await notifications(token)).find((notification) => notification.body.includes(tender.number));
const bidStatus = async (bidId: number) =>
  (await database.db.selectFrom('bids').select('status').where('id', '=', bidId).executeTakeFirstOrThrow()).status;
const tenderCount = async () =>
  Number(
    (
      await database.db
        .selectFrom('tenders')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
/** The schedule, run on a clock moved `minutes` ahead. */
const runScheduleIn = (minutes: number) => runSchedule(database, () => new Date(Date.now() + minutes * 60_000));

describe('the rules on POST /api/tenders', () => {
  it('takes the defaults: close at the end of the last day in Tashkent, step 0.01, no soft close, 120 minutes to confirm', async () => {
    const tender = await createTender(app, owner.accessToken, { tender_end_date: daysFromToday(2) });
    expect(tender).toMatchObject({
      closes_at: new Date(endOfMarketDayMs(daysFromToday(2))).toISOString(),
      soft_close_minutes: 0,
      min_step: 0.01,
      buy_now_price: null,
      reserve_price: null,
      auto_award: false,
      confirm_within_minutes: 120,
    });
    expect(tender.closes_at).toBe(`${daysFromToday(2)}T18:59:59.000Z`);
  });

  it('keeps the rules it is given; the reserve only for the owner, never in lists or the live stream', async () => {
    const closesAt = `${daysFromToday(2)}T15:30:00+05:00`;
    const tender = await createTender(app, owner.accessToken, {
      initial_price: 2000,
      closes_at: closesAt,
      soft_close_minutes: 10,
      min_step: 25,
      buy_now_price: 1500,
      reserve_price: 1700,
      auto_award: true,
      confirm_within_minutes: 30,
    });
    expect(tender).toMatchObject({
      closes_at: new Date(closesAt).toISOString(),
      soft_close_minutes: 10,
      min_step: 25,
      buy_now_price: 1500,
      reserve_price: 1700,
      auto_award: true,
      confirm_within_minutes: 30,
    });
    expect((await getTender(owner.accessToken, tender.id)).reserve_price).toBe(1700);
    const seenByCarrier = await getTender(carrierA.accessToken, tender.id);
    expect(seenByCarrier).not.toHaveProperty('reserve_price');
    expect(seenByCarrier.buy_now_price).toBe(1500);
    for (const path of [apiPaths.tenders.all, apiPaths.tenders.mine]) {
      const list = await api(app, { method: 'GET', url: `${path}?id=${tender.id}`, token: owner.accessToken });
      expect(list.body).not.toContain('reserve_price');
    }
    const live = await api(app, {
      method: 'POST',
      url: pathTo(apiPaths.tenders.close, { id: tender.id }),
      token: owner.accessToken,
    });
    expect(live.body).not.toContain('1700');
  });

  it('refuses each bad rule with 400, the field named in the reader’s language, and nothing written', async () => {
    const before = await tenderCount();
    const end = daysFromToday(2);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ min_step: 1500 }, 'min_step', 'Минимальный шаг должен быть меньше начальной цены'],
      [{ min_step: 2000 }, 'min_step', 'Минимальный шаг должен быть меньше начальной цены'],
      [{ min_step: 0 }, 'min_step', 'Должно быть больше 0'],
      [{ buy_now_price: 1500.01 }, 'buy_now_price', 'Не может быть выше начальной цены'],
      [{ reserve_price: 99999 }, 'reserve_price', 'Не может быть выше начальной цены'],
      [
        { closes_at: '2020-01-01T10:00:00+05:00', tender_end_date: end },
        'closes_at',
        'Время закрытия должно приходиться на дату окончания тендера (по Ташкенту)',
      ],
      [
        {
          closes_at: `${daysFromToday(-1)}T10:00:00+05:00`,
          tender_start_date: daysFromToday(-3),
          tender_end_date: daysFromToday(-1),
        },
        'closes_at',
        'Время должно быть в будущем',
      ],
      [
        { closes_at: `${end}T23:30:00+00:00`, tender_end_date: end },
        'closes_at',
        'Время закрытия должно приходиться на дату окончания тендера (по Ташкенту)',
      ],
      [
        { closes_at: `${end}T12:00:00`, tender_end_date: end },
        'closes_at',
        'Неверное время (например 2026-11-30T18:00:00+05:00)',
      ],
      [{ closes_at: 12 }, 'closes_at', 'Неверное время (например 2026-11-30T18:00:00+05:00)'],
      [{ soft_close_minutes: 61 }, 'soft_close_minutes', 'Целое число минут от 0 до 60'],
      [{ soft_close_minutes: -1 }, 'soft_close_minutes', 'Целое число минут от 0 до 60'],
      [{ soft_close_minutes: 1.5 }, 'soft_close_minutes', 'Должно быть целым числом'],
      [{ soft_close_minutes: 1e300 }, 'soft_close_minutes', 'Целое число минут от 0 до 60'],
      [{ confirm_within_minutes: 0 }, 'confirm_within_minutes', 'Целое число минут от 1 до 1440'],
      [{ confirm_within_minutes: 1441 }, 'confirm_within_minutes', 'Целое число минут от 1 до 1440'],
      [{ confirm_within_minutes: 'soon' }, 'confirm_within_minutes', 'Должно быть целым числом'],
      [{ auto_award: 'yes' }, 'auto_award', 'Неверное значение'],
    ];
    for (const [overrides, field, text] of cases) {
      const res = await api(app, {
        method: 'POST',
        url: apiPaths.tenders.collection,
        token: owner.accessToken,
        headers: { 'accept-language': 'ru' },
        payload: buildTenderInput({ initial_price: 1500, ...overrides }),
      });
      expect(res.statusCode, JSON.stringify(overrides)).toBe(400);
      const body = res.json<ApiErrorBody>();
      expect(body.code).toBe('VALIDATION_FAILED');
      expect(body.fields[field], JSON.stringify(overrides)).toBe(text);
    }
    expect(await tenderCount()).toBe(before);
  });
});

describe('the minimum step', () => {
  it('min-bid tells the step and the highest bid accepted now; a bid must be at least the step below', async () => {
    const tender = await createTender(app, owner.accessToken, { initial_price: 1000, min_step: 50 });
    const minBid = async () =>
      (
        await api(app, {
          method: 'GET',
          url: pathTo(apiPaths.tenders.minBid, { id: tender.id }),
          token: carrierA.accessToken,
        })
      ).json<MinBidResponse>();
    expect(await minBid()).toEqual({ min_bid: null, min_step: 50, next_max_bid: 950 });
    const tooClose = await bid(carrierA.accessToken, tender.id, 960);
    expect(tooClose.statusCode).toBe(400);
    expect(tooClose.json<ApiErrorBody>()).toMatchObject({
      code: 'BID_STEP_TOO_SMALL',
      error: "Taklif joriy minimaldan kamida 50 USD past bo'lishi kerak: ko'pi bilan 950 USD",
    });
    expect((await bid(carrierA.accessToken, tender.id, 1000)).json<ApiErrorBody>().code).toBe('BID_NOT_LOWER');
    await placedBid(carrierA.accessToken, tender.id, 950);
    expect(await minBid()).toEqual({ min_bid: 950, min_step: 50, next_max_bid: 900 });
    expect((await bid(carrierB.accessToken, tender.id, 900.01)).statusCode).toBe(400);
    await placedBid(carrierB.accessToken, tender.id, 900);
    expect((await getTender(owner.accessToken, tender.id)).bid_count).toBe(2);
  });
});

describe('the close time and the soft close', () => {
  it('refuses bids and buy-now after closes_at (409) and reads as closed before the schedule runs', async () => {
    const tender = await createTender(app, owner.accessToken, { buy_now_price: 1000 });
    await passTenderClose(database, tender.id);
    expect((await bid(carrierA.accessToken, tender.id, 900)).json<ApiErrorBody>()).toMatchObject({
      code: 'TENDER_NOT_OPEN',
    });
    expect((await buyNow(carrierA.accessToken, tender.id)).json<ApiErrorBody>().code).toBe('TENDER_NOT_OPEN');
    const live = await api(app, {
      method: 'GET',
      url: pathTo(apiPaths.tenders.minBid, { id: tender.id }),
      token: carrierA.accessToken,
    });
    expect(live.statusCode).toBe(200);
    expect(await runSchedule(database)).toBeGreaterThanOrEqual(1);
    expect((await getTender(owner.accessToken, tender.id)).status).toBe('closed');
  });

  it('a bid in the last minutes moves closes_at to its time + the window, announces it, and moves the scheduled close', async () => {
    const tender = await createTender(app, owner.accessToken, { initial_price: 1000, soft_close_minutes: 5 });
    const closesAt = Date.now() + 60_000;
    await setTenderClose(database, tender.id, closesAt);
    await placedBid(carrierA.accessToken, tender.id, 990);
    const before = Date.now();
    const late = await placedBid(carrierB.accessToken, tender.id, 980);
    const moved = Date.parse((await getTender(carrierA.accessToken, tender.id)).closes_at);
    expect(moved).toBeGreaterThanOrEqual(Date.parse(late.created_at) + 5 * 60_000);
    expect(moved).toBeLessThanOrEqual(Date.now() + 5 * 60_000);
    expect(moved).toBeGreaterThan(before + 4 * 60_000);
    expect(await scheduledCloseMs(database, tender.id)).toBe(moved);
    // the owner and the carrier just outbid are told
    expect((await notifications(owner.accessToken)).some((n) => n.kind === 'bidding_extended')).toBe(true);
    expect((await notifications(carrierA.accessToken))[0]?.kind).toBe('bidding_extended');
    // the schedule at the old close time does nothing: the tender is still open
    await runSchedule(database, () => new Date(closesAt + 1000));
    expect((await getTender(owner.accessToken, tender.id)).status).toBe('opened');
    await runSchedule(database, () => new Date(moved + 1000));
    expect((await getTender(owner.accessToken, tender.id)).status).toBe('closed');
  });

  it('a bid outside the window leaves closes_at alone', async () => {
    const tender = await createTender(app, owner.accessToken, { soft_close_minutes: 5 });
    await placedBid(carrierA.accessToken, tender.id, 1000);
    expect((await getTender(owner.accessToken, tender.id)).closes_at).toBe(tender.closes_at);
  });

  it('announces the extension on the live stream with extended_by_minutes', async () => {
    const tender = await createTender(app, owner.accessToken, { soft_close_minutes: 3 });
    await setTenderClose(database, tender.id, Date.now() + 30_000);
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const controller = new AbortController();
    const res = await fetch(`${address}${pathTo(apiPaths.tenders.events, { id: tender.id })}`, {
      headers: { authorization: `Bearer ${carrierC.accessToken}` },
      signal: controller.signal,
    });
    const stream = readStates(res);
    await stream.until(1);
    await placedBid(carrierA.accessToken, tender.id, 1400);
    await stream.until(2);
    controller.abort();
    expect(stream.text()).toMatch(/"extended_by_minutes":3/);
    expect(stream.text()).not.toContain('reserve');
  });

  it('50 bids in the last second of a soft close: every one lands, in order, and the close follows the last', async () => {
    const tender = await createTender(app, owner.accessToken, { initial_price: 10_000, soft_close_minutes: 2 });
    // the carriers first: signing up hashes a password, which on a busy machine could outlast the second
    const carriers = [carrierA, carrierB, carrierC, await createUser(app), await createUser(app)];
    await setTenderClose(database, tender.id, Date.now() + 1000);
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) => bid(carriers[i % carriers.length]!.accessToken, tender.id, 9_000 - i * 10)),
    );
    const statuses = results.map((r) => r.statusCode);
    // higher offers may lose to lower ones written first (409 BID_NOT_LOWER); none is refused as too late
    expect(statuses.every((status) => status === 201 || status === 409)).toBe(true);
    expect(results.filter((r) => r.statusCode === 409).map((r) => r.json<ApiErrorBody>().code)).not.toContain(
      'TENDER_NOT_OPEN',
    );
    const accepted = results.filter((r) => r.statusCode === 201).map((r) => r.json<PlacedBid>());
    accepted.sort((x, y) => x.id - y.id);
    for (let i = 1; i < accepted.length; i += 1)
      expect(accepted[i]!.bid_amount).toBeLessThan(accepted[i - 1]!.bid_amount);
    expect(accepted.at(-1)?.bid_amount).toBe(8_510);
    const stored = await getTender(owner.accessToken, tender.id);
    const latest = Math.max(...accepted.map((b) => Date.parse(b.created_at)));
    expect(Date.parse(stored.closes_at)).toBeGreaterThanOrEqual(latest + 2 * 60_000);
    expect(await scheduledCloseMs(database, tender.id)).toBe(Date.parse(stored.closes_at));
  });
});

describe('buy-now', () => {
  it('awards the tender to the buyer at once: bid accepted, shipment created, other bids rejected, owner told', async () => {
    const tender = await createTender(app, owner.accessToken, { initial_price: 1500, buy_now_price: 1200 });
    const other = await placedBid(carrierA.accessToken, tender.id, 1400);
    expect((await buyNow(owner.accessToken, tender.id)).json<ApiErrorBody>().code).toBe('BID_OWN_TENDER');
    const res = await buyNow(carrierB.accessToken, tender.id);
    expect(res.statusCode).toBe(201);
    const bought = res.json<PlacedBid>();
    expect(bought).toMatchObject({ tender_id: tender.id, bid_amount: 1200, status: 'accepted' });
    expect(await getTender(owner.accessToken, tender.id)).toMatchObject({ status: 'awarded', current_min_bid: 1200 });
    expect(await bidStatus(other.id)).toBe('rejected');
    const shipment = await api(app, {
      method: 'GET',
      url: pathTo(apiPaths.shipments.one, { number: tender.number }),
      token: carrierB.accessToken,
    });
    expect(shipment.statusCode).toBe(200);
    expect((await notifications(owner.accessToken))[0]?.kind).toBe('bought_now');
    expect((await awards(tender.id)).map((a) => [a.origin, a.outcome, a.bid_id])).toEqual([
      ['buy_now', 'confirmed', bought.id],
    ]);
    expect((await buyNow(carrierC.accessToken, tender.id)).json<ApiErrorBody>().code).toBe('TENDER_ALREADY_AWARDED');
  });

  it('two carriers at the same instant: exactly one wins, the other gets 409', async () => {
    for (let round = 0; round < 5; round += 1) {
      const tender = await createTender(app, owner.accessToken, { buy_now_price: 1000 });
      const results = await Promise.all([
        buyNow(carrierA.accessToken, tender.id),
        buyNow(carrierB.accessToken, tender.id),
      ]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
      expect(results.find((r) => r.statusCode === 409)?.json<ApiErrorBody>().code).toBe('TENDER_ALREADY_AWARDED');
      const bids = await database.db.selectFrom('bids').select('status').where('tender_id', '=', tender.id).execute();
      expect(bids.map((b) => b.status)).toEqual(['accepted']);
      const shipments = await database.db
        .selectFrom('shipments')
        .select('id')
        .where('tender_id', '=', tender.id)
        .execute();
      expect(shipments).toHaveLength(1);
    }
  });

  it('buy-now against a bid below its price: one or the other, never both', async () => {
    for (let round = 0; round < 6; round += 1) {
      const tender = await createTender(app, owner.accessToken, { initial_price: 1500, buy_now_price: 1200 });
      const [bidRes, buyRes] = await Promise.all([
        bid(carrierA.accessToken, tender.id, 1100),
        buyNow(carrierB.accessToken, tender.id),
      ]);
      const outcomes = [bidRes.statusCode, buyRes.statusCode].sort();
      expect(outcomes).toEqual([201, 409]);
      const stored = await getTender(owner.accessToken, tender.id);
      if (buyRes.statusCode === 201) {
        expect(bidRes.json<ApiErrorBody>().code).toBe('TENDER_ALREADY_AWARDED');
        expect(stored.status).toBe('awarded');
      } else {
        expect(buyRes.json<ApiErrorBody>().code).toBe('BUY_NOW_UNAVAILABLE');
        expect(stored).toMatchObject({ status: 'opened', current_min_bid: 1100 });
      }
    }
  });

  it('a tender without a buy-now price answers 409 BUY_NOW_UNAVAILABLE; unknown 404; no token 401; bad id 400', async () => {
    const tender = await createTender(app, owner.accessToken);
    expect((await buyNow(carrierA.accessToken, tender.id)).json<ApiErrorBody>().code).toBe('BUY_NOW_UNAVAILABLE');
    expect((await buyNow(carrierA.accessToken, 99_999_999)).statusCode).toBe(404);
    expect(
      (await api(app, { method: 'POST', url: pathTo(apiPaths.tenders.buyNow, { id: tender.id }) })).statusCode,
    ).toBe(401);
    expect((await buyNow(carrierA.accessToken, 'x' as unknown as number)).statusCode).toBe(400);
    expect((await getTender(owner.accessToken, tender.id)).status).toBe('opened');
  });
});

describe('the winner confirms', () => {
  it('by hand: awarded with confirm_by; declined passes to the next lowest valid bid; confirmed makes the shipment', async () => {
    const tender = await createTender(app, owner.accessToken, { initial_price: 2000, confirm_within_minutes: 30 });
    const a = await placedBid(carrierA.accessToken, tender.id, 1900);
    const b = await placedBid(carrierB.accessToken, tender.id, 1800);
    const c = await placedBid(carrierC.accessToken, tender.id, 1700, {
      valid_until: new Date(Date.now() + 60_000).toISOString(),
    });
    expect(c.valid_until).not.toBeNull();
    expect((await award(owner.accessToken, tender.id, b.id)).statusCode).toBe(200);
    const mine = (
      await api(app, {
        method: 'GET',
        url: `${apiPaths.bids.mine}?tender_id=${tender.id}`,
        token: carrierB.accessToken,
      })
    ).json<MyBid[]>();
    expect(mine[0]).toMatchObject({ status: 'awarded' });
    const confirmBy = Date.parse(mine[0]!.confirm_by!);
    expect(confirmBy).toBeGreaterThan(Date.now() + 29 * 60_000);
    expect(confirmBy).toBeLessThanOrEqual(Date.now() + 30 * 60_000);
    expect((await notifications(carrierB.accessToken))[0]).toMatchObject({ kind: 'award_offered' });
    // nobody else answers for B: to anyone else B's bid is "not found", exactly as a missing one (bid ids are
    // sequential); answers that make no sense are refused and change nothing
    const missing = await answerAward(app, carrierA.accessToken, 99_999_999);
    for (const [token, action] of [
      [carrierA.accessToken, 'confirm'],
      [carrierA.accessToken, 'decline'],
      [owner.accessToken, 'decline'],
      [owner.accessToken, 'confirm'],
    ] as const) {
      const foreign = await answerAward(app, token, b.id, action);
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json<ApiErrorBody>()).toEqual(missing.json<ApiErrorBody>());
    }
    expect(missing.json<ApiErrorBody>().code).toBe('BID_NOT_FOUND');
    expect((await answerAward(app, carrierA.accessToken, a.id)).json<ApiErrorBody>().code).toBe('BID_NOT_AWARDED');
    expect((await api(app, { method: 'POST', url: pathTo(apiPaths.bids.confirm, { id: b.id }) })).statusCode).toBe(401);
    expect(
      (await api(app, { method: 'POST', url: '/api/bids/abc/confirm', token: carrierB.accessToken })).statusCode,
    ).toBe(400);
    expect(await bidStatus(b.id)).toBe('awarded');

    // C's offer runs out: the award passes over it to A
    await database.db
      .updateTable('bids')
      .set({ valid_until_ms: Date.now() - 1 })
      .where('id', '=', c.id)
      .execute();
    const declined = await answerAward(app, carrierB.accessToken, b.id, 'decline');
    expect(declined.statusCode).toBe(200);
    expect(declined.json<PlacedBid>().status).toBe('declined');
    expect(await bidStatus(a.id)).toBe('awarded');
    expect((await notifications(owner.accessToken))[0]).toMatchObject({ kind: 'award_declined' });
    expect((await notifications(owner.accessToken))[0]?.body).toContain('1,900 USD');
    expect((await answerAward(app, carrierB.accessToken, b.id)).json<ApiErrorBody>().code).toBe('BID_NOT_AWARDED');

    const confirmed = await answerAward(app, carrierA.accessToken, a.id);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json<PlacedBid>().status).toBe('accepted');
    expect(await getTender(owner.accessToken, tender.id)).toMatchObject({ status: 'awarded' });
    expect(await bidStatus(c.id)).toBe('rejected');
    const shipment = await database.db
      .selectFrom('shipments')
      .select(['carrier_id'])
      .where('tender_id', '=', tender.id)
      .executeTakeFirstOrThrow();
    const carrierAId = (await api(app, { method: 'GET', url: apiPaths.users.me, token: carrierA.accessToken })).json<{
      id: number;
    }>().id;
    expect(shipment.carrier_id).toBe(carrierAId);
    expect((await notifications(owner.accessToken))[0]?.kind).toBe('award_confirmed');
    expect((await awards(tender.id)).map((x) => [x.origin, x.outcome, x.bid_id])).toEqual([
      ['owner', 'declined', b.id],
      ['fallback', 'confirmed', a.id],
    ]);
    // the history is the owner's alone
    expect(
      (
        await api(app, {
          method: 'GET',
          url: pathTo(apiPaths.tenders.awards, { id: tender.id }),
          token: carrierA.accessToken,
        })
      ).statusCode,
    ).toBe(404);
    // a declined bid can never be chosen again
    expect((await award(owner.accessToken, tender.id, b.id)).json<ApiErrorBody>().code).toBe('TENDER_ALREADY_AWARDED');
  });

  it('automatically at closes_at: the lowest valid bid at or under the reserve; silence is a no-show and passes on', async () => {
    const tender = await createTender(app, owner.accessToken, {
      initial_price: 2000,
      reserve_price: 1500,
      auto_award: true,
      confirm_within_minutes: 10,
    });
    await setTenderClose(database, tender.id, Date.now() + 5 * 60_000);
    const above = await placedBid(carrierA.accessToken, tender.id, 1600);
    const second = await placedBid(carrierB.accessToken, tender.id, 1450);
    const first = await placedBid(carrierC.accessToken, tender.id, 1400);
    const expiring = await placedBid(carrierA.accessToken, tender.id, 1300, {
      valid_until: new Date(Date.now() + 2 * 60_000).toISOString(),
    });
    // a minute after the close: the 1300 offer has expired, 1400 wins
    await runScheduleIn(6);
    expect(await bidStatus(expiring.id)).toBe('expired');
    expect(await bidStatus(first.id)).toBe('awarded');
    expect(await getTender(owner.accessToken, tender.id)).toMatchObject({ status: 'awarded' });
    expect((await latestAbout(carrierC.accessToken, tender))?.kind).toBe('award_offered');
    // C says nothing for ten minutes: no-show, B's 1450 is next (A's 1600 is above the reserve)
    await runScheduleIn(17);
    expect(await bidStatus(first.id)).toBe('no_show');
    expect(await bidStatus(second.id)).toBe('awarded');
    expect((await latestAbout(owner.accessToken, tender))?.kind).toBe('award_no_show');
    // B says nothing either: no bid is left at or under the reserve, the tender closes without a winner
    await runScheduleIn(30);
    expect(await bidStatus(second.id)).toBe('no_show');
    expect(await bidStatus(above.id)).toBe('rejected');
    expect(await getTender(owner.accessToken, tender.id)).toMatchObject({ status: 'closed' });
    expect((await latestAbout(owner.accessToken, tender))?.kind).toBe('award_unfilled');
    expect((await awards(tender.id)).map((x) => [x.origin, x.outcome, x.bid_id])).toEqual([
      ['auto', 'no_show', first.id],
      ['fallback', 'no_show', second.id],
    ]);
    const rows = await tenderBids(owner.accessToken, tender.id);
    expect(rows.find((row) => row.id === first.id)?.bidder.no_shows).toBeGreaterThanOrEqual(1);
    // the award dialog's warning: an award let pass in the last 90 days, only for those who did
    expect(rows.find((row) => row.id === first.id)?.bidder.recent_no_show).toBe(true);
    expect(rows.find((row) => row.id === above.id)?.bidder.recent_no_show).toBe(false);
    // nothing is left to do, and running again changes nothing
    expect(await runScheduleIn(60)).toBe(0);
    // the owner may still choose by hand, but not a bid that went unanswered
    expect((await award(owner.accessToken, tender.id, first.id)).json<ApiErrorBody>().code).toBe('BID_NOT_AWARDABLE');
    expect((await award(owner.accessToken, tender.id, above.id)).statusCode).toBe(200);
  });

  it('no bid meets the reserve: the tender closes and the owner is told; they may still award by hand', async () => {
    const tender = await createTender(app, owner.accessToken, {
      initial_price: 2000,
      reserve_price: 500,
      auto_award: true,
    });
    const offer = await placedBid(carrierA.accessToken, tender.id, 900);
    await passTenderClose(database, tender.id);
    await runSchedule(database);
    expect(await getTender(owner.accessToken, tender.id)).toMatchObject({ status: 'closed' });
    expect(await latestAbout(owner.accessToken, tender)).toMatchObject({ kind: 'reserve_not_met' });
    expect(await bidStatus(offer.id)).toBe('rejected');
    expect((await award(owner.accessToken, tender.id, offer.id)).statusCode).toBe(200);
    expect(await bidStatus(offer.id)).toBe('awarded');
  });

  it('confirm against the deadline: exactly one of confirmed and no-show, every time', async () => {
    for (let round = 0; round < 8; round += 1) {
      const tender = await createTender(app, owner.accessToken);
      const offer = await placedBid(carrierA.accessToken, tender.id, 1000 - round);
      await award(owner.accessToken, tender.id, offer.id);
      // the deadline falls in the next few milliseconds, while both race for it
      const deadline = Date.now() + (round % 4) * 3;
      await database.db.updateTable('bids').set({ confirm_by_ms: deadline }).where('id', '=', offer.id).execute();
      await database.db
        .updateTable('due_actions')
        .set({ due_at_ms: deadline })
        .where('kind', '=', 'award_confirm')
        .where('subject_id', '=', offer.id)
        .execute();
      const [confirm] = await Promise.all([
        answerAward(app, carrierA.accessToken, offer.id),
        runSchedule(database, () => new Date(deadline + 5)),
      ]);
      const status = await bidStatus(offer.id);
      const shipments = await database.db
        .selectFrom('shipments')
        .select('id')
        .where('tender_id', '=', tender.id)
        .execute();
      if (confirm.statusCode === 200) {
        expect(status).toBe('accepted');
        expect(shipments).toHaveLength(1);
      } else {
        expect(confirm.json<ApiErrorBody>().code).toMatch(/AWARD_CONFIRM_EXPIRED|BID_NOT_AWARDED/);
        expect(status).toBe('no_show');
        expect(shipments).toHaveLength(0);
      }
      await runSchedule(database, () => new Date(deadline + 60_000));
      expect(await bidStatus(offer.id)).toBe(status);
    }
  });

  it('a bid with valid_until in the past or malformed is refused with 400 and not stored', async () => {
    const tender = await createTender(app, owner.accessToken);
    for (const validUntil of [new Date(Date.now() - 1000).toISOString(), 'tomorrow', '2026-13-01T00:00:00Z', 5]) {
      const res = await bid(carrierA.accessToken, tender.id, 1000, { fields: { valid_until: validUntil } });
      expect(res.statusCode, String(validUntil)).toBe(400);
      expect(Object.keys(res.json<ApiErrorBody>().fields)).toEqual(['valid_until']);
    }
    expect((await getTender(owner.accessToken, tender.id)).bid_count).toBe(0);
  });
});

describe('the schedule', () => {
  it('acts on a deadline that passed while no server ran, at start', async () => {
    const tender = await createTender(app, owner.accessToken);
    await passTenderClose(database, tender.id);
    const restarted = await buildApp({ database, jwtSecret: TEST_JWT_SECRET, logLevel: 'silent', deadlineTickMs: 20 });
    await restarted.ready();
    try {
      const started = Date.now();
      while ((await getTender(owner.accessToken, tender.id)).status !== 'closed' && Date.now() - started < 5000) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect((await getTender(owner.accessToken, tender.id)).status).toBe('closed');
    } finally {
      await restarted.close();
    }
  });

  it('two instances sweeping the same due rows close each tender exactly once', async () => {
    const [first, second, cleanup] = await twoInstances();
    try {
      const app1 = await buildApp({
        database: first,
        jwtSecret: TEST_JWT_SECRET,
        logLevel: 'silent',
        deadlineTickMs: 0,
        quotas: TEST_QUOTAS,
      });
      const someone = await createUser(app1);
      const ids: number[] = [];
      for (let i = 0; i < 60; i += 1) ids.push((await createTender(app1, someone.accessToken)).id);
      await first.db
        .updateTable('tenders')
        .set({ closes_at_ms: Date.now() - 1000 })
        .execute();
      await first.db
        .updateTable('due_actions')
        .set({ due_at_ms: Date.now() - 1000 })
        .execute();
      const handled = await Promise.all([
        runDueActions({ db: first.db, bus: createMemoryEventBus() }, dueHandlers),
        runDueActions({ db: second.db, bus: createMemoryEventBus() }, dueHandlers),
        runDueActions({ db: second.db, bus: createMemoryEventBus() }, dueHandlers),
      ]);
      // each tender's close, and the saved-search match its opening scheduled: each done once
      expect(handled.reduce((sum, n) => sum + n, 0)).toBe(120);
      const closedNotices = await first.db
        .selectFrom('notifications')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('kind', '=', 'tender_closed')
        .executeTakeFirstOrThrow();
      expect(Number(closedNotices.n)).toBe(60);
      const left = await first.db.selectFrom('due_actions').select('id').execute();
      expect(left).toEqual([]);
      const statuses = await first.db.selectFrom('tenders').select('status').where('id', 'in', ids).execute();
      expect(statuses.every((row) => row.status === 'closed')).toBe(true);
      await app1.close();
    } finally {
      await cleanup();
    }
  });
});

describe('upgrading a database of the previous version', () => {
  it('gives existing tenders their close at the end of their last day, and schedules the open ones', async () => {
    const [old, second, cleanup] = await twoInstances(false);
    try {
      const provider = {
        getMigrations: async () =>
          Object.fromEntries(Object.entries(migrations).map(([name, factory]) => [name, factory(engineOf(old.db))])),
      };
      const migrator = new Migrator({
        db: old.db,
        provider,
        ...(old.schema ? { migrationTableSchema: old.schema } : {}),
      });
      expect((await migrator.migrateTo('007-scheduled-jobs')).error).toBeUndefined();
      await sql`insert into users (first_name, last_name, email, phone_number, password_hash, created_at)
        values ('Old', 'Owner', 'old@example.uz', '+998900000000', 'x', '2026-01-01T00:00:00.000Z')`.execute(old.db);
      for (const [status, end] of [
        ['opened', '2026-12-30'],
        ['closed', '2026-01-10'],
      ] as const) {
        await sql`insert into tenders (owner_id, name, cargo_type, cargo_weight, cargo_volume, origin_location,
            destination_location, shipment_date, delivery_date, tender_start_date, tender_end_date,
            initial_price_cents, status, mode_mask, origin_city, delivery_days, search_text, created_at)
          values (1, 'Old cargo', 'Truck', 1000, 10, 'Tashkent', 'Almaty', '2027-01-05', '2027-01-08', '2026-01-01',
            ${end}, 150000, ${status}, 1, 'tashkent', 3, 'old cargo', '2026-01-01T00:00:00.000Z')`.execute(old.db);
      }
      await migrateTestDatabase(old);
      const rows = await second.db
        .selectFrom('tenders')
        .select(['status', 'closes_at_ms', 'min_step_cents'])
        .orderBy('id')
        .execute();
      expect(
        rows.map((row) => [row.status, new Date(Number(row.closes_at_ms)).toISOString(), row.min_step_cents]),
      ).toEqual([
        ['opened', '2026-12-30T18:59:59.000Z', 1],
        ['closed', '2026-01-10T18:59:59.000Z', 1],
      ]);
      const due = await second.db.selectFrom('due_actions').select(['kind', 'subject_id', 'due_at_ms']).execute();
      expect(due.map((row) => [row.kind, row.subject_id, Number(row.due_at_ms)])).toEqual([
        ['tender_close', 1, Date.parse('2026-12-30T18:59:59.000Z')],
      ]);
    } finally {
      await cleanup();
    }
  });
});

/** Two connections to one fresh database, as two server instances would hold. */
async function twoInstances(migrated = true): Promise<[Database, Database, () => Promise<void>]> {
  if (engine === 'postgres' && testDatabaseUrl) {
    const schema = await createTestSchema('t_two_');
    const first = openDatabase({ url: testDatabaseUrl, dataDir: '.', schema });
    if (migrated) await migrateTestDatabase(first);
    const second = openDatabase({ url: testDatabaseUrl, dataDir: '.', schema });
    return [
      first,
      second,
      async () => {
        await first.close();
        await second.close();
        await dropTestSchema(schema);
      },
    ];
  }
  const dir = mkdtempSync(join(tmpdir(), 'yuk-two-'));
  const first = openDatabase({ url: undefined, dataDir: dir });
  if (migrated) await migrateTestDatabase(first);
  const second = openDatabase({ url: undefined, dataDir: dir });
  return [
    first,
    second,
    async () => {
      await first.close();
      await second.close();
      rmSync(dir, { recursive: true, force: true });
    },
  ];
}
