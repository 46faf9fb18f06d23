import { describe, expect, it } from 'vitest';
import {
  apiPaths,
  defaultDashboardPeriod,
  pathTo,
  type CreateTenderInput,
  type Dashboard,
  type PlacedBid,
  type ShipmentStep,
  type Tender,
} from '@yuk/shared';
import { seedDemoHistory } from '../src/seed/demo-history.js';
import { api, buildTestApp, sql, type ApiErrorBody } from './helpers.js';
import { requestsTo } from './requests.js';
import { answerAward, createTender, quickUsers, type QuickUser } from './factories/index.js';

const { app, database } = await buildTestApp();
const { placedBid } = requestsTo(app);
const db = database.db;

const [shipper, carrier, rival, outsider, nobody] = await quickUsers(database, 5);
if (!shipper || !carrier || !rival || !outsider || !nobody) throw new Error('no users');

// ---------------------------------------------------------------------------------------------------
// Deals as the product makes them (tenders, bids, awards, buy-now, steps, ratings through the API); then
// their timestamps are moved to fixed instants around Tashkent month boundaries, as if made then.

async function post<T>(who: QuickUser, url: string, payload?: object): Promise<T> {
  const res = await api(app, { method: 'POST', url, token: who.accessToken, ...(payload ? { payload } : {}) });
  if (res.statusCode >= 300) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
  return res.json<T>();
}

const postTender = (owner: QuickUser, overrides: Partial<CreateTenderInput> = {}) =>
  createTender(app, owner.accessToken, { initial_price: 1500, ...overrides });
const buyNow = (who: QuickUser, tender: Tender) =>
  post<PlacedBid>(who, pathTo(apiPaths.tenders.buyNow, { id: tender.id }));

async function award(owner: QuickUser, winner: QuickUser, tender: Tender, won: PlacedBid): Promise<void> {
  await post(owner, pathTo(apiPaths.tenders.award, { id: tender.id }), { bid_id: won.id });
  expect((await answerAward(app, winner.accessToken, won.id)).statusCode).toBe(200);
}

async function deliver(owner: QuickUser, winner: QuickUser, tender: Tender): Promise<void> {
  const steps: [QuickUser, ShipmentStep][] = [
    [winner, 'loaded'],
    [winner, 'on_the_way'],
    [owner, 'delivered'],
  ];
  for (const [who, status] of steps) {
    await post(who, pathTo(apiPaths.shipments.status, { number: tender.number }), { status });
  }
}

const rate = (who: QuickUser, tender: Tender, payload: object) =>
  post(who, pathTo(apiPaths.shipments.rating, { number: tender.number }), payload);

/** Moves a row's timestamp (or date) to a fixed value. */
async function setAt(
  table: 'tenders' | 'bids' | 'shipments' | 'ratings',
  where: { column: 'id' | 'tender_id'; value: number },
  values: Record<string, string>,
): Promise<void> {
  for (const [column, value] of Object.entries(values)) {
    await sql`update ${sql.table(table)} set ${sql.ref(column)} = ${value} where ${sql.ref(where.column)} = ${where.value}`.execute(
      db,
    );
  }
}

function dashboardOf(who: QuickUser | undefined, query: Record<string, string | string[]> = {}, lang = 'en') {
  return api(app, {
    method: 'GET',
    url: apiPaths.dashboard,
    query,
    headers: { 'accept-language': lang },
    ...(who ? { token: who.accessToken } : {}),
  });
}

async function figures(who: QuickUser, query: Record<string, string> = PERIOD): Promise<Dashboard> {
  const res = await dashboardOf(who, query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Dashboard>();
}

/** Four Tashkent months: August with one tender, an empty September, October and November with deals. */
const PERIOD = { from: '2026-08-01', to: '2026-11-20' };

// deal 1: the carrier's 1200 beats the rival's 1300 (starting price 1500); posted 2026-10-30T20:00Z (31 October
// in Tashkent), settled 24 hours later at 2026-10-31T20:00Z: already 1 November in Tashkent. Delivered on its
// delivery date; both sides rate.
const deal1 = await postTender(shipper);
const deal1Rival = await placedBid(rival.accessToken, deal1.id, 1300);
const deal1Won = await placedBid(carrier.accessToken, deal1.id, 1200);
await award(shipper, carrier, deal1, deal1Won);
await deliver(shipper, carrier, deal1);
await rate(shipper, deal1, { score: 4, on_time: true });
await rate(carrier, deal1, { score: 5, payment: 'on_time' });
await setAt('tenders', { column: 'id', value: deal1.id }, { created_at: '2026-10-30T20:00:00.000Z' });
await setAt('bids', { column: 'id', value: deal1Rival.id }, { created_at: '2026-10-31T10:00:00.000Z' });
await setAt('bids', { column: 'id', value: deal1Won.id }, { created_at: '2026-10-31T10:00:00.000Z' });
await setAt(
  'shipments',
  { column: 'tender_id', value: deal1.id },
  {
    created_at: '2026-10-31T20:00:00.000Z',
    delivery_date: '2026-11-05',
    delivered_at: '2026-11-05T10:00:00.000Z',
  },
);
await sql`update ratings set created_at = ${'2026-11-06T10:00:00.000Z'} where shipment_id = (select id from shipments where tender_id = ${deal1.id})`.execute(
  db,
);

// deal 2: the rival buys now at 1600 (starting price 2000), 10 hours after posting, still in October in
// Tashkent (2026-10-31T18:00Z is 23:00 there). Delivered the day after its delivery date in Tashkent (19:00Z is
// midnight there): late. The shipper rates the rival alone.
const deal2 = await postTender(shipper, { initial_price: 2000, buy_now_price: 1600 });
const deal2Bought = await buyNow(rival, deal2);
await deliver(shipper, rival, deal2);
await rate(shipper, deal2, { score: 2, on_time: false });
await setAt('tenders', { column: 'id', value: deal2.id }, { created_at: '2026-10-31T08:00:00.000Z' });
await setAt('bids', { column: 'id', value: deal2Bought.id }, { created_at: '2026-10-31T18:00:00.000Z' });
await setAt(
  'shipments',
  { column: 'tender_id', value: deal2.id },
  {
    created_at: '2026-10-31T18:00:00.000Z',
    delivery_date: '2026-11-01',
    delivered_at: '2026-11-01T19:00:00.000Z',
  },
);
await sql`update ratings set created_at = ${'2026-11-02T09:00:00.000Z'} where shipment_id = (select id from shipments where tender_id = ${deal2.id})`.execute(
  db,
);

// deal 3: the carrier again, settled 12 hours after posting, in November; not delivered yet.
const deal3 = await postTender(shipper);
const deal3Won = await placedBid(carrier.accessToken, deal3.id, 1200);
await award(shipper, carrier, deal3, deal3Won);
await setAt('tenders', { column: 'id', value: deal3.id }, { created_at: '2026-11-15T00:00:00.000Z' });
await setAt('bids', { column: 'id', value: deal3Won.id }, { created_at: '2026-11-15T06:00:00.000Z' });
await setAt('shipments', { column: 'tender_id', value: deal3.id }, { created_at: '2026-11-15T12:00:00.000Z' });

// an open tender of August with one bid of the carrier's: undecided
const open = await postTender(shipper);
const openBid = await placedBid(carrier.accessToken, open.id, 1400);
await setAt('tenders', { column: 'id', value: open.id }, { created_at: '2026-08-10T10:00:00.000Z' });
await setAt('bids', { column: 'id', value: openBid.id }, { created_at: '2026-08-11T10:00:00.000Z' });

// a draft of October: not a posted tender
const draft = await postTender(shipper, { status: 'draft' });
await setAt('tenders', { column: 'id', value: draft.id }, { created_at: '2026-10-05T00:00:00.000Z' });

// just outside the period at both ends: a tender posted at 23:59:59.999 on 31 July in Tashkent, bought at
// midnight starting 21 November there
const late = await postTender(shipper, { initial_price: 1000, buy_now_price: 900 });
const lateBought = await buyNow(rival, late);
await setAt('tenders', { column: 'id', value: late.id }, { created_at: '2026-07-31T18:59:59.999Z' });
await setAt('bids', { column: 'id', value: lateBought.id }, { created_at: '2026-11-20T19:00:00.000Z' });
await setAt('shipments', { column: 'tender_id', value: late.id }, { created_at: '2026-11-20T19:00:00.000Z' });

// someone else's tenders: one the carrier wins at 900 (November), one the carrier bids on and the owner closes
const other1 = await postTender(outsider, { initial_price: 1000 });
const other1Won = await placedBid(carrier.accessToken, other1.id, 900);
await award(outsider, carrier, other1, other1Won);
await setAt('tenders', { column: 'id', value: other1.id }, { created_at: '2026-11-08T00:00:00.000Z' });
await setAt('bids', { column: 'id', value: other1Won.id }, { created_at: '2026-11-09T00:00:00.000Z' });
await setAt('shipments', { column: 'tender_id', value: other1.id }, { created_at: '2026-11-10T00:00:00.000Z' });
const other2 = await postTender(outsider, { initial_price: 1000 });
const other2Bid = await placedBid(carrier.accessToken, other2.id, 950);
await post(outsider, pathTo(apiPaths.tenders.close, { id: other2.id }));
await setAt('tenders', { column: 'id', value: other2.id }, { created_at: '2026-10-19T00:00:00.000Z' });
await setAt('bids', { column: 'id', value: other2Bid.id }, { created_at: '2026-10-20T00:00:00.000Z' });

const zeroShipperMonth = {
  tenders: 0,
  bids_per_tender: null,
  deals: 0,
  spend: 0,
  savings: 0,
  median_hours_to_award: null,
  delivered: 0,
  on_time: 0,
};

describe('the dashboard of a shipper', () => {
  it('sums the tenders, deals and deliveries by Tashkent month, every month listed, each boundary exact', async () => {
    const { from, to, shipper: figures_, carrier: asCarrier } = await figures(shipper);
    expect({ from, to }).toEqual(PERIOD);
    expect(asCarrier).toBeNull(); // never bid
    expect(figures_?.months).toEqual([
      { ...zeroShipperMonth, month: '2026-08', tenders: 1, bids_per_tender: 1 },
      { ...zeroShipperMonth, month: '2026-09' },
      {
        month: '2026-10',
        tenders: 2,
        bids_per_tender: 1.5,
        deals: 1,
        spend: 1600,
        savings: 400,
        median_hours_to_award: 10,
        delivered: 0,
        on_time: 0,
      },
      {
        month: '2026-11',
        tenders: 1,
        bids_per_tender: 1,
        deals: 2,
        spend: 2400,
        savings: 600,
        median_hours_to_award: 18,
        delivered: 2,
        on_time: 1,
      },
    ]);
    expect(figures_).toMatchObject({
      tenders: 4,
      bids_per_tender: 1.25,
      deals: 3,
      spend: 4000,
      savings: 1000,
      savings_share: 0.2,
      median_hours_to_award: 12,
      delivered: 2,
      on_time: 1,
      on_time_share: 0.5,
    });
  });

  it('counts the deal settled at 2026-10-31T20:00Z in November, and one a millisecond earlier in October', async () => {
    await setAt('shipments', { column: 'tender_id', value: deal1.id }, { created_at: '2026-10-31T18:59:59.999Z' });
    const moved = (await figures(shipper)).shipper?.months.map((month) => [month.month, month.deals]);
    await setAt('shipments', { column: 'tender_id', value: deal1.id }, { created_at: '2026-10-31T20:00:00.000Z' });
    expect(moved).toEqual([
      ['2026-08', 0],
      ['2026-09', 0],
      ['2026-10', 2],
      ['2026-11', 1],
    ]);
  });

  it("never counts another user's tenders or deals", async () => {
    const other = (await figures(outsider)).shipper;
    expect(other).toMatchObject({ tenders: 2, deals: 1, spend: 900, savings: 100 });
    // the carrier's section does not hold the shipper's side, and someone with neither side has no section
    expect((await figures(carrier)).shipper).toBeNull();
    expect(await figures(nobody)).toEqual({ ...PERIOD, shipper: null, carrier: null });
  });
});

describe('the dashboard of a carrier', () => {
  it('counts bids placed and won, revenue, deliveries and ratings by month, and the win rate of decided tenders', async () => {
    const mine = (await figures(carrier)).carrier;
    expect(mine?.months).toEqual([
      {
        month: '2026-08',
        bids_placed: 1,
        bids_won: 0,
        revenue: 0,
        delivered: 0,
        on_time: 0,
        ratings: 0,
        rating_average: null,
      },
      {
        month: '2026-09',
        bids_placed: 0,
        bids_won: 0,
        revenue: 0,
        delivered: 0,
        on_time: 0,
        ratings: 0,
        rating_average: null,
      },
      {
        month: '2026-10',
        bids_placed: 2,
        bids_won: 0,
        revenue: 0,
        delivered: 0,
        on_time: 0,
        ratings: 0,
        rating_average: null,
      },
      {
        month: '2026-11',
        bids_placed: 2,
        bids_won: 3,
        revenue: 3300,
        delivered: 1,
        on_time: 1,
        ratings: 1,
        rating_average: 4,
      },
    ]);
    // decided: deal 1, deal 3 and the outsider's first tender won, the closed one lost; the open one undecided
    expect(mine).toMatchObject({
      bids_placed: 5,
      bids_won: 3,
      decided_tenders: 4,
      tenders_won: 3,
      win_rate: 0.75,
      revenue: 3300,
      delivered: 1,
      on_time: 1,
      on_time_share: 1,
      ratings: 1,
      rating_average: 4,
    });
  });

  it("keeps each carrier's figures apart: the rival lost deal 1 and bought deal 2", async () => {
    const theirs = (await figures(rival)).carrier;
    expect(theirs).toMatchObject({
      bids_placed: 2,
      bids_won: 1,
      decided_tenders: 2,
      tenders_won: 1,
      win_rate: 0.5,
      revenue: 1600,
      delivered: 1,
      on_time: 0,
      on_time_share: 0,
      // the shipper's rating of deal 2 is shown: its delivery is more than 14 days past
      ratings: 1,
      rating_average: 2,
    });
    expect(theirs?.months.find((month) => month.month === '2026-10')).toMatchObject({ bids_placed: 2, bids_won: 1 });
  });

  it('leaves out a rating still hidden by the double-blind, and counts it once it may be shown', async () => {
    // the default period: the 12 months up to today, this month last
    const thisMonth = (dashboard: Dashboard) => dashboard.carrier?.months.at(-1);
    const before = await figures(rival, {});
    expect({ from: before.from, to: before.to }).toEqual(defaultDashboardPeriod());
    expect(before.carrier?.months).toHaveLength(12);

    const fresh = await postTender(shipper);
    const won = await placedBid(rival.accessToken, fresh.id, 1000);
    await award(shipper, rival, fresh, won);
    await deliver(shipper, rival, fresh);
    await rate(shipper, fresh, { score: 5, on_time: true });
    const hidden = await figures(rival, {});
    const was = thisMonth(before);
    expect(thisMonth(hidden)).toMatchObject({
      bids_placed: (was?.bids_placed ?? 0) + 1,
      bids_won: (was?.bids_won ?? 0) + 1,
      revenue: (was?.revenue ?? 0) + 1000,
      delivered: (was?.delivered ?? 0) + 1,
      ratings: was?.ratings,
    });
    expect(hidden.carrier?.ratings).toBe(before.carrier?.ratings);

    // once the delivery is 15 days past, everyone may see the rating
    const fifteenDaysAgo = new Date(Date.now() - 15 * 86_400_000).toISOString();
    await setAt('shipments', { column: 'tender_id', value: fresh.id }, { delivered_at: fifteenDaysAgo });
    const shown = await figures(rival, {});
    expect(thisMonth(shown)?.ratings).toBe((was?.ratings ?? 0) + 1);
    expect(shown.carrier?.ratings).toBe((before.carrier?.ratings ?? 0) + 1);
  });
});

describe('the period', () => {
  it('takes 12 months from or to a single date', async () => {
    expect(await figures(nobody, { from: '2026-03-15' })).toMatchObject({ from: '2026-03-15', to: '2027-02-28' });
    expect(await figures(nobody, { to: '2026-03-15' })).toMatchObject({ from: '2025-04-01', to: '2026-03-15' });
    expect((await figures(shipper, { from: '2026-11-20', to: '2026-11-20' })).shipper?.months).toHaveLength(1);
  });

  it('allows 60 months and refuses 61, a reversed period, a bad or huge date, with field errors', async () => {
    const sixty = await figures(carrier, { from: '2021-12-01', to: '2026-11-30' });
    expect(sixty.carrier?.months).toHaveLength(60);
    expect(sixty.carrier?.months.at(0)?.month).toBe('2021-12');

    const cases: [Record<string, string | string[]>, string, string][] = [
      [{ from: '2021-11-30', to: '2026-11-30' }, 'to', 'The period may be at most 5 years (60 months)'],
      [{ from: '2026-11-02', to: '2026-11-01' }, 'to', 'The end must not be before the start'],
      [{ from: '2026-13-01' }, 'from', 'Invalid date (YYYY-MM-DD)'],
      [{ from: '2026-02-30' }, 'from', 'Invalid date (YYYY-MM-DD)'],
      [{ to: '9999-12-31' }, 'to', 'Invalid date (YYYY-MM-DD)'],
      [{ from: '1970-01-01', to: '2026-02-01' }, 'from', 'Invalid date (YYYY-MM-DD)'],
      [{ from: '2026-11-01T00:00:00Z' }, 'from', 'Invalid date (YYYY-MM-DD)'],
      [{ from: `2026-11-01${'9'.repeat(10_000)}` }, 'from', 'Invalid date (YYYY-MM-DD)'],
      [{ from: ['2026-01-01', '2026-02-01'] }, 'from', ''],
    ];
    for (const [query, field, text] of cases) {
      const res = await dashboardOf(shipper, query);
      expect(res.statusCode, JSON.stringify(query).slice(0, 80)).toBe(400);
      const body = res.json<ApiErrorBody>();
      expect(body.code).toBe('VALIDATION_FAILED');
      expect(Object.keys(body.fields)).toEqual([field]);
      if (text) expect(body.fields[field]).toBe(text);
    }
    const uz = await dashboardOf(shipper, { from: '2021-11-30', to: '2026-11-30' }, 'uz');
    expect(uz.json<ApiErrorBody>().fields.to).toBe("Davr ko'pi bilan 5 yil (60 oy) bo'lishi mumkin");
  });

  it('answers only a signed-in user', async () => {
    expect((await dashboardOf(undefined, PERIOD)).statusCode).toBe(401);
    const forged = await api(app, { method: 'GET', url: apiPaths.dashboard, token: 'not-a-token' });
    expect(forged.statusCode).toBe(401);
    expect(['NOT_AUTHENTICATED', 'TOKEN_INVALID']).toContain(forged.json<ApiErrorBody>().code);
  });
});

describe('the demo history', async () => {
  const demo = await buildTestApp();
  const [demoShipper, ...demoCarriers] = await quickUsers(demo.database, 5);
  if (!demoShipper) throw new Error('no users');
  const deals = await seedDemoHistory(demo.database.db, {
    shipperId: demoShipper.user.id,
    carrierIds: demoCarriers.map((carrier) => carrier.user.id),
  });
  const read = async (who: QuickUser) =>
    (await api(demo.app, { method: 'GET', url: apiPaths.dashboard, token: who.accessToken })).json<Dashboard>();

  it("gives the demo shipper and carriers months of deals to see, through the product's own tables", async () => {
    expect(deals).toBeGreaterThanOrEqual(30);
    const shipperView = await read(demoShipper);
    expect(shipperView.shipper?.deals).toBe(deals);
    expect(shipperView.shipper?.months.filter((month) => month.deals > 0).length).toBeGreaterThanOrEqual(5);
    expect(shipperView.shipper?.savings).toBeGreaterThan(0);
    expect(shipperView.shipper?.on_time_share).toBeGreaterThan(0.5);
    expect(shipperView.shipper?.on_time_share).toBeLessThan(1);
    const carrierView = (await read(demoCarriers[0]!)).carrier;
    expect(carrierView?.bids_placed).toBeGreaterThan(carrierView?.bids_won ?? 0);
    expect(carrierView?.win_rate).toBeGreaterThan(0.2);
    expect(carrierView?.win_rate).toBeLessThan(0.9);
    expect(carrierView?.ratings).toBeGreaterThan(0);
    // the shipments, bids and ratings are the product's: the shipper's shipment list shows them
    const shipments = await api(demo.app, {
      method: 'GET',
      url: apiPaths.shipments.list,
      token: demoShipper.accessToken,
    });
    expect(shipments.json<unknown[]>()).toHaveLength(deals);
  });

  it('counts the deals in the lane price guidance: Tashkent → Samarkand by truck has enough to show', async () => {
    const res = await api(demo.app, {
      method: 'GET',
      url: apiPaths.market.lanePrice,
      query: { origin: 'Toshkent', destination: 'Samarkand', mode: 'truck' },
      token: demoCarriers[1]!.accessToken,
    });
    expect(res.json()).toMatchObject({ insufficient_data: false });
    expect(res.json<{ deals: number; carriers: number }>()).toMatchObject({
      deals: expect.any(Number),
      carriers: 4,
    });
    expect(res.json<{ deals: number }>().deals).toBeGreaterThanOrEqual(7);
  });
});
