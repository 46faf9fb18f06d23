import { describe, expect, it } from 'vitest';
import { apiPaths, lanePricePeriod, marketToday, pathTo, type LanePrice, type TenderMode } from '@yuk/shared';
import { api, buildTestApp, sql, type ApiErrorBody } from './helpers.js';
import { createTender, quickUsers, type QuickUser } from './factories/index.js';

const { app, database } = await buildTestApp();

/** An accepted deal as the product makes one: a tender with a buy-now price, bought by the carrier. */
async function deal(
  owner: QuickUser,
  carrier: QuickUser,
  price: number,
  route: { origin: string; destination: string; cargoType?: string; weightKg?: number },
): Promise<void> {
  const tender = await createTender(app, owner.accessToken, {
    origin_location: route.origin,
    destination_location: route.destination,
    cargo_type: route.cargoType ?? 'Truck - tented',
    cargo_weight: route.weightKg ?? 20000,
    initial_price: price + 500,
    buy_now_price: price,
  });
  const bought = await api(app, {
    method: 'POST',
    url: pathTo(apiPaths.tenders.buyNow, { id: tender.id }),
    token: carrier.accessToken,
  });
  if (bought.statusCode !== 201) throw new Error(`buy now failed: ${bought.statusCode} ${bought.body}`);
}

function lanePrice(token: string | undefined, query: Record<string, string>) {
  return api(app, { method: 'GET', url: apiPaths.market.lanePrice, query, token });
}

const [owner, ...carriers] = await quickUsers(database, 5);
if (!owner) throw new Error('no users');
const carrier = (index: number): QuickUser => {
  const found = carriers[index % carriers.length];
  if (!found) throw new Error('no carrier');
  return found;
};

describe('lane price guidance', () => {
  it('answers only that data is insufficient below 7 deals, and below 3 carriers however many deals', async () => {
    // six deals from three carriers: one short of the deals threshold
    for (let i = 0; i < 6; i += 1) {
      await deal(owner, carrier(i), 1000 + i * 100, { origin: 'Samarkand', destination: 'Bukhara' });
    }
    let res = await lanePrice(owner.accessToken, { origin: 'Samarkand', destination: 'Bukhara', mode: 'truck' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ insufficient_data: true });

    // ten deals from only two carriers: one company's price could be read from a quartile
    for (let i = 0; i < 10; i += 1) {
      await deal(owner, carrier(i % 2), 900 + i * 10, { origin: 'Namangan', destination: 'Andijan' });
    }
    res = await lanePrice(owner.accessToken, { origin: 'Namangan', destination: 'Andijan', mode: 'truck' });
    expect(res.json()).toEqual({ insufficient_data: true });
    // the seventh deal on the first lane passes the threshold
    await deal(owner, carrier(3), 1600, { origin: 'Samarkand', destination: 'Bukhara' });
    res = await lanePrice(owner.accessToken, { origin: 'Samarkand', destination: 'Bukhara', mode: 'truck' });
    const answer = res.json<LanePrice>();
    if (answer.insufficient_data) throw new Error('expected figures');
    expect(answer).toMatchObject({ deals: 7, carriers: 4 });
  });

  it('gives the quartiles, median and per-tonne median of a lane, with the 90-day period', async () => {
    const prices = [1000, 1100, 1200, 1300, 1400, 1500, 1600, 1700];
    for (const [i, price] of prices.entries()) {
      await deal(owner, carrier(i), price, { origin: 'Tashkent', destination: 'Fergana', weightKg: 10_000 });
    }
    const res = await lanePrice(carrier(0).accessToken, { origin: 'Tashkent', destination: 'Fergana', mode: 'truck' });
    expect(res.statusCode).toBe(200);
    const period = lanePricePeriod(marketToday());
    expect(res.json()).toEqual({
      insufficient_data: false,
      deals: 8,
      carriers: 4,
      median: 1350,
      p25: 1175,
      p75: 1525,
      per_ton_median: 135,
      period_start: period.start,
      period_end: period.end,
    });
    expect(period.start < period.end).toBe(true);
  });

  it('matches a lane under any spelling and script of its cities', async () => {
    const spellings: [string, string][] = [
      ['Toshkent', 'Samarqand'],
      ['Tashkent, Uzbekistan', 'Samarkand'],
      ['Ташкент', 'Самарканд'],
      ['Тошкент', 'Самарқанд'],
      ['toshkent sh.', 'SAMARKAND'],
      ['Tashkent', 'Samarqand'],
      ['Ташкент', 'Samarkand'],
    ];
    for (const [i, [origin, destination]] of spellings.entries()) {
      await deal(owner, carrier(i), 800 + i * 50, { origin, destination });
    }
    for (const [origin, destination] of spellings) {
      const answer = (await lanePrice(owner.accessToken, { origin, destination, mode: 'truck' })).json<LanePrice>();
      expect(answer).toMatchObject({ insufficient_data: false, deals: 7, carriers: 4 });
    }
    // the way back is another lane
    const back = await lanePrice(owner.accessToken, { origin: 'Samarkand', destination: 'Tashkent', mode: 'truck' });
    expect(back.json()).toEqual({ insufficient_data: true });
  });

  it('keeps modes apart, and counts a cargo type naming two modes under both', async () => {
    for (let i = 0; i < 7; i += 1) {
      await deal(owner, carrier(i), 3000 + i * 100, {
        origin: 'Urgench',
        destination: 'Moscow',
        cargoType: 'Truck + Aviation',
      });
    }
    const modes: TenderMode[] = ['truck', 'plane', 'ship'];
    const answers = await Promise.all(
      modes.map(
        async (mode) =>
          (await lanePrice(owner.accessToken, { origin: 'Urgench', destination: 'Moscow', mode })).json<LanePrice>()
            .insufficient_data,
      ),
    );
    expect(answers).toEqual([false, false, true]);
  });

  it('counts every one of several deals settled on one lane at the same moment', async () => {
    await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        deal(owner, carrier(i), 2000 + i * 100, { origin: 'Jizzakh', destination: 'Navoi' }),
      ),
    );
    const answer = (
      await lanePrice(owner.accessToken, { origin: 'Jizzakh', destination: 'Navoi', mode: 'truck' })
    ).json<LanePrice>();
    expect(answer).toMatchObject({ insufficient_data: false, deals: 8, carriers: 4, median: 2350 });
  });

  it('forgets deals older than 90 days', async () => {
    for (let i = 0; i < 7; i += 1) {
      await deal(owner, carrier(i), 500 + i * 10, { origin: 'Nukus', destination: 'Khiva' });
    }
    const query = { origin: 'Nukus', destination: 'Khiva', mode: 'truck' };
    expect((await lanePrice(owner.accessToken, query)).json<LanePrice>().insufficient_data).toBe(false);
    // as if the deals had been settled 90 days before today: one day out of the window
    const old = new Date(Date.parse(`${lanePricePeriod(marketToday()).start}T00:00:00Z`) - 86_400_000)
      .toISOString()
      .slice(0, 10);
    await sql`update lane_price_days set day = ${old} where lane = 'nukus>xiva'`.execute(database.db);
    await sql`update lane_carriers set last_day = ${old} where lane = 'nukus>xiva'`.execute(database.db);
    expect((await lanePrice(owner.accessToken, query)).json()).toEqual({ insufficient_data: true });
  });

  it('counts a deal once the carrier confirms, not at the award', async () => {
    const lane = { origin_location: 'Termez', destination_location: 'Qarshi' };
    const before = await sql<{
      n: number;
    }>`select count(*) as n from lane_price_days where lane = 'termiz>qarshi'`.execute(database.db);
    expect(Number(before.rows[0]?.n)).toBe(0);
    const tender = await createTender(app, owner.accessToken, lane);
    const bid = await api(app, {
      method: 'POST',
      url: pathTo(apiPaths.tenders.bids, { id: tender.id }),
      token: carrier(0).accessToken,
      payload: { bid_amount: 1200 },
    });
    const bidId = bid.json<{ id: number }>().id;
    await api(app, {
      method: 'POST',
      url: pathTo(apiPaths.tenders.award, { id: tender.id }),
      token: owner.accessToken,
      payload: { bid_id: bidId },
    });
    const awarded = await sql<{
      n: number;
    }>`select count(*) as n from lane_price_days where lane = 'termiz>qarshi'`.execute(database.db);
    expect(Number(awarded.rows[0]?.n)).toBe(0);
    const confirmed = await api(app, {
      method: 'POST',
      url: pathTo(apiPaths.bids.confirm, { id: bidId }),
      token: carrier(0).accessToken,
    });
    expect(confirmed.statusCode).toBe(200);
    const rows = await sql<{
      deals: number;
      amounts: string;
    }>`select deals, amounts from lane_price_days where lane = 'termiz>qarshi'`.execute(database.db);
    expect(rows.rows.map((row) => [Number(row.deals), JSON.parse(row.amounts) as number[]])).toEqual([[1, [120000]]]);
  });

  it('refuses a missing or unknown mode, empty or huge places, and a caller without a token', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ origin: 'Tashkent', destination: 'Fergana' }, 'mode'],
      [{ origin: 'Tashkent', destination: 'Fergana', mode: 'rocket' }, 'mode'],
      [{ origin: '', destination: 'Fergana', mode: 'truck' }, 'origin'],
      [{ origin: 'Tashkent', destination: 'x'.repeat(10_000), mode: 'truck' }, 'destination'],
      [{ destination: 'Fergana', mode: 'truck' }, 'origin'],
    ];
    for (const [query, field] of cases) {
      const res = await lanePrice(owner.accessToken, query);
      expect(res.statusCode, JSON.stringify(query)).toBe(400);
      const body = res.json<ApiErrorBody>();
      expect(body.code).toBe('VALIDATION_FAILED');
      expect(Object.keys(body.fields)).toContain(field);
    }
    const anonymous = await lanePrice(undefined, { origin: 'Tashkent', destination: 'Fergana', mode: 'truck' });
    expect(anonymous.statusCode).toBe(401);
  });
});
