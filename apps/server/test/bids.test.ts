import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { apiPaths, createTenderInput, pathTo, type PlacedBid, type TenderBid, type TenderLiveState } from '@yuk/shared';
import { bidsOfBidderQuery } from '../src/modules/bids/bids.repository.js';
import { insertTenders } from '../src/modules/tenders/tenders.repository.js';
import { tenderRow } from '../src/modules/tenders/tenders.service.js';
import { api, buildTestApp, engine, readStates, type ApiErrorBody } from './helpers.js';
import { requestsTo } from './requests.js';
import { buildTenderInput, createUser } from './factories/index.js';
import { answerAward, createTender, daysFromToday, passTenderClose, runSchedule } from './factories/index.js';

const { app, database } = await buildTestApp();

const { bid, myBids } = requestsTo(app);

const minBid = async (token: string, tenderId: number) =>
  (await api(app, { method: 'GET', url: pathTo(apiPaths.tenders.minBid, { id: tenderId }), token })).json<{
    min_bid: number | null;
  }>().min_bid;
const ownerAction = (token: string, tenderId: number, action: 'award' | 'close' | 'publish', payload?: object) =>
  api(app, { method: 'POST', url: `/api/tenders/${tenderId}/${action}`, token, ...(payload ? { payload } : {}) });

const owner = await createUser(app);
const carrierA = await createUser(app);
const carrierB = await createUser(app);

describe('GET /api/tenders/{id}/min-bid', () => {
  it('is null before any bid and the lowest bid after', async () => {
    const tender = await createTender(app, owner.accessToken, { initial_price: 1000 });
    expect(await minBid(carrierA.accessToken, tender.id)).toBeNull();
    expect((await bid(carrierA.accessToken, tender.id, 900)).statusCode).toBe(201);
    expect((await bid(carrierB.accessToken, tender.id, '850.50')).statusCode).toBe(201);
    expect(await minBid(carrierA.accessToken, tender.id)).toBe(850.5);
  });

  it('answers 404 for a missing tender or someone else’s draft, 400 for a bad id, 401 without a token', async () => {
    const draft = await createTender(app, owner.accessToken, { status: 'draft' });
    expect(
      (
        await api(app, {
          method: 'GET',
          url: pathTo(apiPaths.tenders.minBid, { id: draft.id }),
          token: carrierA.accessToken,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await api(app, {
          method: 'GET',
          url: pathTo(apiPaths.tenders.minBid, { id: draft.id }),
          token: owner.accessToken,
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (await api(app, { method: 'GET', url: '/api/tenders/999999/min-bid', token: carrierA.accessToken })).statusCode,
    ).toBe(404);
    expect(
      (await api(app, { method: 'GET', url: '/api/tenders/abc/min-bid', token: carrierA.accessToken })).statusCode,
    ).toBe(400);
    expect((await api(app, { method: 'GET', url: pathTo(apiPaths.tenders.minBid, { id: draft.id }) })).statusCode).toBe(
      401,
    );
  });
});

describe('POST /api/tenders/{id}/bids', () => {
  it('accepts a bid strictly lower than the initial price, then only lower than the lowest bid', async () => {
    const tender = await createTender(app, owner.accessToken, { initial_price: 1500 });
    const equal = await bid(carrierA.accessToken, tender.id, 1500);
    expect(equal.statusCode).toBe(409);
    expect(equal.json()).toEqual({ code: 'BID_NOT_LOWER', error: "Taklifingiz 1,500 USD dan kam bo'lishi kerak" });
    const first = await bid(carrierA.accessToken, tender.id, 1400);
    expect(first.statusCode).toBe(201);
    expect(first.json<PlacedBid>()).toMatchObject({
      tender_id: tender.id,
      tender_number: tender.number,
      bid_amount: 1400,
      status: 'active',
    });
    const notLower = await bid(carrierB.accessToken, tender.id, 1400, { lang: 'en' });
    expect(notLower.json()).toEqual({ code: 'BID_NOT_LOWER', error: 'Your bid must be lower than 1,400 USD' });
    expect((await bid(carrierB.accessToken, tender.id, 1399.99)).statusCode).toBe(201);
  });

  it("refuses bad amounts with 'Iltimos, to'g'ri narx kiriting'", async () => {
    const tender = await createTender(app, owner.accessToken);
    for (const amount of [undefined, '', 'abc', 0, -5, 12.345, '1e3', null, true, [], {}, 1e12, Number.MAX_VALUE]) {
      const res = await bid(carrierA.accessToken, tender.id, amount);
      expect(res.statusCode, JSON.stringify(amount)).toBe(400);
      expect(res.json()).toMatchObject({ code: 'BID_AMOUNT_INVALID', error: "Iltimos, to'g'ri narx kiriting" });
    }
    const ru = await bid(carrierA.accessToken, tender.id, -1, { lang: 'ru' });
    expect(ru.json<ApiErrorBody>().error).toBe('Пожалуйста, введите корректную цену');
    expect(await minBid(carrierA.accessToken, tender.id)).toBeNull();
  });

  it('refuses your own tender (403), missing tenders and others’ drafts (404), closed and awarded ones (409)', async () => {
    const tender = await createTender(app, owner.accessToken);
    expect((await bid(owner.accessToken, tender.id, 100)).json()).toMatchObject({ code: 'BID_OWN_TENDER' });
    expect((await bid(owner.accessToken, tender.id, 100)).statusCode).toBe(403);
    const draft = await createTender(app, owner.accessToken, { status: 'draft' });
    expect((await bid(carrierA.accessToken, draft.id, 100)).statusCode).toBe(404);
    expect((await bid(carrierA.accessToken, 987654, 100)).statusCode).toBe(404);
    const closed = await createTender(app, owner.accessToken, { status: 'closed' });
    const closedRes = await bid(carrierA.accessToken, closed.id, 100);
    expect(closedRes.statusCode).toBe(409);
    expect(closedRes.json()).toMatchObject({ code: 'TENDER_NOT_OPEN', error: 'Bu tender yopilgan' });
    const awarded = await createTender(app, owner.accessToken);
    const winning = (await bid(carrierA.accessToken, awarded.id, 1000)).json<PlacedBid>();
    expect((await ownerAction(owner.accessToken, awarded.id, 'award', { bid_id: winning.id })).statusCode).toBe(200);
    const late = await bid(carrierB.accessToken, awarded.id, 900);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ code: 'TENDER_ALREADY_AWARDED', error: 'Bu tender allaqachon berilgan' });
    expect((await bid('not-a-token', tender.id, 100)).statusCode).toBe(401);
  });

  it('refuses bids once the last day has ended, even before the sweep closes the tender', async () => {
    const tender = await createTender(app, owner.accessToken, {
      tender_start_date: daysFromToday(-5),
      tender_end_date: daysFromToday(-1),
    });
    const res = await bid(carrierA.accessToken, tender.id, 100);
    expect(res.statusCode).toBe(409);
    expect(res.json<ApiErrorBody>().code).toBe('TENDER_NOT_OPEN');
  });
});

describe('GET /api/bids/me and bid statuses', () => {
  it('lists my bids with their tenders; active → pending when outbid; awarded, then accepted and rejected on confirmation', async () => {
    const tender = await createTender(app, owner.accessToken, {
      name: 'Sement',
      origin_location: 'Samarqand',
      destination_location: 'Bishkek',
      cargo_weight: 12000,
    });
    const a = (await bid(carrierA.accessToken, tender.id, 1200)).json<PlacedBid>();
    let mine = await myBids(carrierA.accessToken, `?tender_id=${tender.id}`);
    expect(mine).toEqual([
      expect.objectContaining({
        id: a.id,
        tender_id: tender.id,
        bid_amount: 1200,
        status: 'active',
        number: tender.number,
        name: 'Sement',
        origin_location: 'Samarqand',
        destination_location: 'Bishkek',
        cargo_weight: 12000,
        shipment_date: tender.shipment_date,
        delivery_date: tender.delivery_date,
        tender_status: 'opened',
      }),
    ]);
    const b = (await bid(carrierB.accessToken, tender.id, 1100)).json<PlacedBid>();
    mine = await myBids(carrierA.accessToken, `?tender_id=${tender.id}`);
    expect(mine[0]?.status).toBe('pending');
    expect(
      (await ownerAction(owner.accessToken, tender.id, 'award', { bid_id: a.id })).json<TenderLiveState>().status,
    ).toBe('awarded');
    const awarded = (await myBids(carrierA.accessToken, `?tender_id=${tender.id}`))[0];
    expect(awarded?.status).toBe('awarded');
    expect(Date.parse(awarded?.confirm_by ?? '')).toBeGreaterThan(Date.now() + 119 * 60_000);
    // until the winner confirms, the other bids stay undecided: the award may still pass to them
    expect((await myBids(carrierB.accessToken, `?tender_id=${tender.id}`))[0]?.status).toBe('active');
    expect((await answerAward(app, carrierA.accessToken, a.id)).statusCode).toBe(200);
    expect((await myBids(carrierA.accessToken, `?tender_id=${tender.id}`))[0]?.status).toBe('accepted');
    expect((await myBids(carrierB.accessToken, `?tender_id=${tender.id}`)).map((x) => [x.id, x.status])).toEqual([
      [b.id, 'rejected'],
    ]);
  });

  it('shows only my own bids; a bad tender_id is 400', async () => {
    const someone = await createUser(app);
    expect(await myBids(someone.accessToken)).toEqual([]);
    expect(
      (await api(app, { method: 'GET', url: '/api/bids/me?tender_id=x', token: someone.accessToken })).statusCode,
    ).toBe(400);
    expect((await api(app, { method: 'GET', url: apiPaths.bids.mine })).statusCode).toBe(401);
  });
});

describe('owner actions', () => {
  it('lists the bids of my tender lowest first with the bidders; others get 404', async () => {
    const tender = await createTender(app, owner.accessToken);
    await bid(carrierA.accessToken, tender.id, 1300);
    await bid(carrierB.accessToken, tender.id, 1250);
    const res = await api(app, {
      method: 'GET',
      url: pathTo(apiPaths.tenders.bids, { id: tender.id }),
      token: owner.accessToken,
    });
    expect(res.statusCode).toBe(200);
    const bids = res.json<TenderBid[]>();
    expect(bids.map((x) => [x.bid_amount, x.status, x.bidder.id])).toEqual([
      [1250, 'active', carrierB.user.id],
      [1300, 'pending', carrierA.user.id],
    ]);
    expect(
      (
        await api(app, {
          method: 'GET',
          url: pathTo(apiPaths.tenders.bids, { id: tender.id }),
          token: carrierA.accessToken,
        })
      ).statusCode,
    ).toBe(404);
  });

  it('awards once: a second award is 409; others cannot award; a bid of another tender is 404', async () => {
    const tender = await createTender(app, owner.accessToken);
    const other = await createTender(app, owner.accessToken);
    const a = (await bid(carrierA.accessToken, tender.id, 1000)).json<PlacedBid>();
    const foreign = (await bid(carrierA.accessToken, other.id, 1000)).json<PlacedBid>();
    expect((await ownerAction(carrierA.accessToken, tender.id, 'award', { bid_id: a.id })).statusCode).toBe(404);
    expect((await ownerAction(owner.accessToken, tender.id, 'award', { bid_id: foreign.id })).statusCode).toBe(404);
    expect((await ownerAction(owner.accessToken, tender.id, 'award', { bid_id: 'x' })).statusCode).toBe(400);
    expect((await ownerAction(owner.accessToken, tender.id, 'award', { bid_id: a.id })).statusCode).toBe(200);
    const again = await ownerAction(owner.accessToken, tender.id, 'award', { bid_id: a.id });
    expect(again.statusCode).toBe(409);
    expect(again.json<ApiErrorBody>().code).toBe('TENDER_ALREADY_AWARDED');
  });

  it('closes an opened tender (bids rejected), then can still award it', async () => {
    const tender = await createTender(app, owner.accessToken);
    const a = (await bid(carrierA.accessToken, tender.id, 1000)).json<PlacedBid>();
    const closed = await ownerAction(owner.accessToken, tender.id, 'close');
    expect(closed.json<TenderLiveState>()).toEqual({
      min_bid: 1000,
      bid_count: 1,
      status: 'closed',
      closes_at: tender.closes_at,
    });
    expect((await myBids(carrierA.accessToken, `?tender_id=${tender.id}`))[0]?.status).toBe('rejected');
    expect((await ownerAction(owner.accessToken, tender.id, 'close')).statusCode).toBe(409);
    expect((await bid(carrierB.accessToken, tender.id, 900)).statusCode).toBe(409);
    expect((await ownerAction(owner.accessToken, tender.id, 'award', { bid_id: a.id })).statusCode).toBe(200);
    expect((await myBids(carrierA.accessToken, `?tender_id=${tender.id}`))[0]?.status).toBe('awarded');
    expect((await answerAward(app, carrierA.accessToken, a.id)).statusCode).toBe(200);
    expect((await myBids(carrierA.accessToken, `?tender_id=${tender.id}`))[0]?.status).toBe('accepted');
  });

  it('publishes a draft (draft → opened) once; only the owner', async () => {
    const draft = await createTender(app, owner.accessToken, { status: 'draft' });
    expect((await ownerAction(carrierA.accessToken, draft.id, 'publish')).statusCode).toBe(404);
    expect((await ownerAction(owner.accessToken, draft.id, 'publish')).json<TenderLiveState>().status).toBe('opened');
    expect((await ownerAction(owner.accessToken, draft.id, 'publish')).json<ApiErrorBody>().code).toBe(
      'TENDER_NOT_DRAFT',
    );
    expect((await bid(carrierA.accessToken, draft.id, 10)).statusCode).toBe(201);
  });

  it('closes expired tenders in the sweep and rejects their bids', async () => {
    const tender = await createTender(app, owner.accessToken, {
      tender_start_date: daysFromToday(-3),
      tender_end_date: daysFromToday(0),
    });
    await bid(carrierA.accessToken, tender.id, 1000);
    await passTenderClose(database, tender.id, daysFromToday(-1));
    const closed = await runSchedule(database);
    expect(closed).toBeGreaterThanOrEqual(1);
    const after = await database.db
      .selectFrom('tenders')
      .select('status')
      .where('id', '=', tender.id)
      .executeTakeFirstOrThrow();
    expect(after.status).toBe('closed');
    expect((await myBids(carrierA.accessToken, `?tender_id=${tender.id}`))[0]?.status).toBe('rejected');
    expect(await runSchedule(database)).toBe(0);
  });
});

describe('races', () => {
  it('200 concurrent bids: accepted amounts strictly decrease in commit order and the lowest offer wins', async () => {
    const tender = await createTender(app, owner.accessToken, { initial_price: 100000 });
    const carriers = [carrierA, carrierB, await createUser(app), await createUser(app)];
    let seed = 7;
    const random = () => {
      seed = (seed * 48271) % 2147483647;
      return seed / 2147483647;
    };
    const amounts = Array.from({ length: 200 }, () => Math.round(random() * 9_000_000) / 100 + 1);
    const results = await Promise.all(
      amounts.map((amount, i) => bid(carriers[i % carriers.length]!.accessToken, tender.id, amount)),
    );
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.every((status) => status === 201 || status === 409)).toBe(true);
    const accepted = results.filter((r) => r.statusCode === 201).map((r) => r.json<PlacedBid>());
    accepted.sort((x, y) => x.id - y.id); // commit order
    for (let i = 1; i < accepted.length; i += 1)
      expect(accepted[i]!.bid_amount).toBeLessThan(accepted[i - 1]!.bid_amount);
    const lowestOffered = Math.min(...amounts);
    expect(accepted.at(-1)?.bid_amount).toBe(lowestOffered);
    expect(await minBid(owner.accessToken, tender.id)).toBe(lowestOffered);
    const rows = await database.db.selectFrom('bids').select(['status']).where('tender_id', '=', tender.id).execute();
    expect(rows.filter((row) => row.status === 'active')).toHaveLength(1);
    expect(rows).toHaveLength(accepted.length);
    const counted = await database.db
      .selectFrom('tenders')
      .select('bid_count')
      .where('id', '=', tender.id)
      .executeTakeFirstOrThrow();
    expect(counted.bid_count).toBe(accepted.length);
  });

  it('two equal amounts at once: exactly one is accepted', async () => {
    const tender = await createTender(app, owner.accessToken, { initial_price: 1000 });
    const results = await Promise.all([
      bid(carrierA.accessToken, tender.id, 500),
      bid(carrierB.accessToken, tender.id, 500),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
  });

  it('bids racing an award or a close: no bid is accepted after the tender left opened', async () => {
    for (const action of ['award', 'close'] as const) {
      const tender = await createTender(app, owner.accessToken, { initial_price: 10000 });
      const first = (await bid(carrierA.accessToken, tender.id, 9000)).json<PlacedBid>();
      const racing = Array.from({ length: 30 }, (_, i) =>
        bid(i % 2 ? carrierA.accessToken : carrierB.accessToken, tender.id, 8000 - i * 10),
      );
      const decision = ownerAction(
        owner.accessToken,
        tender.id,
        action,
        action === 'award' ? { bid_id: first.id } : undefined,
      );
      const [results, decided] = await Promise.all([Promise.all(racing), decision]);
      expect(decided.statusCode).toBe(200);
      if (action === 'award') expect((await answerAward(app, carrierA.accessToken, first.id)).statusCode).toBe(200);
      expect(results.every((r) => r.statusCode === 201 || r.statusCode === 409)).toBe(true);
      const rows = await database.db
        .selectFrom('bids')
        .select(['id', 'status'])
        .where('tender_id', '=', tender.id)
        .execute();
      // after the decision nothing is left active or pending: every bid that got in was settled by it
      expect(rows.filter((row) => row.status === 'active' || row.status === 'pending')).toEqual([]);
      expect(rows.filter((row) => row.status === 'accepted').map((row) => row.id)).toEqual(
        action === 'award' ? [first.id] : [],
      );
    }
  });
});

describe('GET /api/tenders/{id}/events', () => {
  it('streams the state now and after every bid', async () => {
    const tender = await createTender(app, owner.accessToken, { initial_price: 2000 });
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const controller = new AbortController();
    const res = await fetch(`${address}/api/tenders/${tender.id}/events`, {
      headers: { authorization: `Bearer ${carrierA.accessToken}` },
      signal: controller.signal,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    const stream = readStates(res);
    await stream.until(1);
    expect(stream.text()).toContain(
      `data: {"min_bid":null,"bid_count":0,"status":"opened","closes_at":"${tender.closes_at}"}`,
    );
    await bid(carrierB.accessToken, tender.id, 1800);
    await stream.until(2);
    expect(stream.text()).toContain(
      `data: {"min_bid":1800,"bid_count":1,"status":"opened","closes_at":"${tender.closes_at}"}`,
    );
    controller.abort();
    const unauthorized = await fetch(`${address}/api/tenders/${tender.id}/events`);
    expect(unauthorized.status).toBe(401);
  });
});

describe('My Bids in a market of many tenders', () => {
  it.runIf(engine === 'postgres')(
    'walks the bidder’s bids newest first and reads each one’s tender by its key, never every tender',
    async () => {
      // 4,000 tenders, 300 of them bid on by one carrier, their statistics known: left to choose, PostgreSQL
      // read every tender to join them by hash, pricing each of the 300 probes as a read from disk
      const { db } = database;
      const bidder = await createUser(app);
      const now = new Date().toISOString();
      const rows = Array.from({ length: 4_000 }, (_, i) =>
        tenderRow(owner.user.id, createTenderInput.parse(buildTenderInput({ name: `Bozor ${i}` })), now),
      );
      for (let start = 0; start < rows.length; start += 500) await insertTenders(db, rows.slice(start, start + 500));
      const tenderIds = await db.selectFrom('tenders').select('id').where('name', 'like', 'Bozor %').execute();
      const bidderId = bidder.user.id;
      const bidRows = tenderIds
        .filter((_, i) => i % 13 === 0)
        .slice(0, 300)
        .map(({ id }) => ({
          tender_id: id,
          bidder_id: bidderId,
          amount_cents: 100_000,
          status: 'pending' as const,
          created_at: now,
          valid_until_ms: null,
          confirm_by_ms: null,
          vehicle_id: null,
        }));
      await db.insertInto('bids').values(bidRows).execute();
      // and the other carriers' bids, 30 a tender, as a market has them: were the bidder to hold nearly every
      // bid, walking the whole table backwards by its key would be a fair plan, and the test would pin a chance
      await sql`
        insert into bids (tender_id, bidder_id, amount_cents, status, created_at)
        select tenders.id,
               case when n % 2 = 0 then ${carrierA.user.id}::integer else ${carrierB.user.id}::integer end,
               90000 + n, 'pending', ${now}
        from tenders cross join generate_series(1, 30) as n where tenders.name like 'Bozor %'`.execute(db);
      await sql`analyze tenders, bids`.execute(db);

      const plan = JSON.stringify(await bidsOfBidderQuery(db, bidderId, {}).explain('json'));
      const tenderScans = [...plan.matchAll(/"Node Type":"([^"]+)"[^{}]*?"Relation Name":"tenders"[^{}]*/g)];
      expect(tenderScans.map((scan) => scan[1])).toEqual(['Index Scan']);
      expect(tenderScans[0]![0]).toContain('"Index Name":"tenders_pkey"');
      // the bids by one of the bidder's indexes (which one is the planner's choice), never read whole
      const bidScans = [...plan.matchAll(/"Node Type":"([^"]+)"[^{}]*?"Relation Name":"bids"[^{}]*/g)];
      expect(bidScans).toHaveLength(1);
      expect(bidScans[0]![0]).toMatch(/"Index Name":"bids_bidder_[a-z_]*idx"/);
      const mine = await myBids(bidder.accessToken);
      expect(mine).toHaveLength(300);
      expect(mine.map((bid) => bid.id)).toEqual([...mine.map((bid) => bid.id)].sort((a, b) => b - a));
    },
  );
});
