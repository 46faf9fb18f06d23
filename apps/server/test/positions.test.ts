import { describe, expect, it } from 'vitest';
import { apiPaths, pathTo, type PositionBatchResult, type PositionPointInput, type PositionsPage } from '@yuk/shared';
import { api, buildTestApp, openEventStream, type ApiErrorBody } from './helpers.js';
import { createShipment, createUser } from './factories/index.js';

const { app, database } = await buildTestApp();

const owner = await createUser(app);
const carrier = await createUser(app);
const stranger = await createUser(app);

const MINUTE = 60_000;
const iso = (ms: number) => new Date(ms).toISOString();

/** A shipment on the road whose loading was `loadedAgoMs` ago (so that a track can have a past). */
async function onTheRoad(loadedAgoMs = 2 * 60 * MINUTE, status: 'loaded' | 'on_the_way' = 'on_the_way') {
  const number = await createShipment(app, owner, carrier, { status });
  const loadedAt = Date.now() - loadedAgoMs;
  await database.db
    .updateTable('shipments')
    .set({ loaded_at: iso(loadedAt), on_the_way_at: status === 'on_the_way' ? iso(loadedAt + MINUTE) : null })
    .where('number', '=', number)
    .execute();
  return { number, loadedAt };
}

const point = (ms: number, overrides: Partial<PositionPointInput> = {}): PositionPointInput => ({
  lat: 41.2995,
  lon: 69.2401,
  accuracy_m: 12,
  speed_kmh: 54,
  recorded_at: iso(ms),
  ...overrides,
});

const send = (number: string, payload: unknown, token: string | null = carrier.accessToken, lang?: string) =>
  api(app, {
    method: 'POST',
    url: pathTo(apiPaths.shipments.positions, { number }),
    ...(token !== null ? { token } : {}),
    ...(lang ? { headers: { 'accept-language': lang } } : {}),
    payload: payload as Record<string, unknown>,
  });

const read = (number: string, token: string = owner.accessToken, since?: string) =>
  api(app, {
    method: 'GET',
    url: pathTo(apiPaths.shipments.positions, { number }),
    token,
    ...(since !== undefined ? { query: { since } } : {}),
  });

const times = async (number: string) =>
  (await read(number)).json<PositionsPage>().points.map((p) => Date.parse(p.recorded_at));

describe('POST /api/shipments/{number}/positions', () => {
  it('keeps the carrier’s points and shows them to both parties, oldest first, as sent (whole metres and km/h)', async () => {
    const { number, loadedAt } = await onTheRoad();
    const res = await send(number, {
      points: [
        point(loadedAt + 5 * MINUTE, { lat: 41.2871234, lon: 69.2153456, accuracy_m: 7.2, speed_kmh: 53.6 }),
        { lat: 41.2995, lon: 69.2401, accuracy_m: 12, recorded_at: new Date(loadedAt + MINUTE).toISOString() },
      ],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<PositionBatchResult>()).toEqual({ accepted: 2, duplicates: 0, thinned: 0, rejected: [] });
    for (const who of [owner, carrier]) {
      const page = (await read(number, who.accessToken)).json<PositionsPage>();
      expect(page).toEqual({
        points: [
          { lat: 41.2995, lon: 69.2401, accuracy_m: 12, speed_kmh: null, recorded_at: iso(loadedAt + MINUTE) },
          { lat: 41.287123, lon: 69.215346, accuracy_m: 8, speed_kmh: 54, recorded_at: iso(loadedAt + 5 * MINUTE) },
        ],
        more: false,
      });
    }
  });

  it('reads a time with an offset as the instant it names, kept in UTC', async () => {
    const { number, loadedAt } = await onTheRoad();
    const at = new Date(loadedAt + 10 * MINUTE);
    const tashkent = new Date(at.getTime() + 5 * 60 * MINUTE).toISOString().replace('Z', '+05:00');
    expect((await send(number, { points: [point(0, { recorded_at: tashkent })] })).json()).toMatchObject({
      accepted: 1,
    });
    expect((await read(number)).json<PositionsPage>().points[0]?.recorded_at).toBe(at.toISOString());
  });

  it('only the carrier sends: the owner 403, a stranger and a missing shipment 404, no token 401', async () => {
    const { number, loadedAt } = await onTheRoad();
    const batch = { points: [point(loadedAt + MINUTE)] };
    const byOwner = await send(number, batch, owner.accessToken);
    expect(byOwner.statusCode).toBe(403);
    expect(byOwner.json<ApiErrorBody>().code).toBe('TRACKING_CARRIER_ONLY');
    const byStranger = await send(number, batch, stranger.accessToken);
    expect(byStranger.statusCode).toBe(404);
    expect(byStranger.json<ApiErrorBody>().code).toBe('SHIPMENT_NOT_FOUND');
    expect((await send('YT-999999', batch)).statusCode).toBe(404);
    expect((await send(number, batch, null)).statusCode).toBe(401);
    expect((await send(number, batch, 'not-a-token')).statusCode).toBe(401);
    expect(await times(number)).toEqual([]);
  });

  it('takes points only once the shipment is loaded: before that 409', async () => {
    const number = await createShipment(app, owner, carrier);
    const res = await send(number, { points: [point(Date.now())] });
    expect(res.statusCode).toBe(409);
    expect(res.json<ApiErrorBody>().code).toBe('TRACKING_NOT_ON_ROAD');
    const loaded = await createShipment(app, owner, carrier, { status: 'loaded' });
    expect((await send(loaded, { points: [point(Date.now())] })).json()).toMatchObject({ accepted: 1 });
  });

  it('names each bad point by its index and keeps the good ones', async () => {
    const { number, loadedAt } = await onTheRoad();
    const now = Date.now();
    const res = await send(
      number,
      {
        points: [
          point(loadedAt + 1 * MINUTE, { lat: 90.5 }),
          point(loadedAt + 2 * MINUTE), // good
          point(loadedAt + 3 * MINUTE, { lon: -180.01 }),
          point(now + 3 * MINUTE), // more than 2 minutes ahead
          point(loadedAt - MINUTE), // before loading
          point(0, { recorded_at: 'yesterday' }),
          point(loadedAt + 4 * MINUTE, { accuracy_m: -1 }),
          point(loadedAt + 5 * MINUTE, { speed_kmh: 5000 }),
          point(now + MINUTE), // ahead, but within the 2 minutes a phone's clock may drift: good
          point(loadedAt + 6 * MINUTE, { lat: -90, lon: 180, accuracy_m: 0, speed_kmh: 0 }), // the very edges: good
        ],
      },
      carrier.accessToken,
      'en',
    );
    expect(res.statusCode).toBe(200);
    const result = res.json<PositionBatchResult>();
    expect(result.accepted).toBe(3);
    expect(result.rejected.map(({ index, field, code }) => ({ index, field, code }))).toEqual([
      { index: 0, field: 'lat', code: 'lat_range' },
      { index: 2, field: 'lon', code: 'lon_range' },
      { index: 3, field: 'recorded_at', code: 'recorded_at_future' },
      { index: 4, field: 'recorded_at', code: 'recorded_at_before_loaded' },
      { index: 5, field: 'recorded_at', code: 'recorded_at_invalid' },
      { index: 6, field: 'accuracy_m', code: 'accuracy_range' },
      { index: 7, field: 'speed_kmh', code: 'speed_range' },
    ]);
    expect(result.rejected[0]?.error).toBe('The latitude must be from -90 to 90');
    expect(await times(number)).toEqual([loadedAt + 2 * MINUTE, loadedAt + 6 * MINUTE, now + MINUTE]);
    const ru = (await send(number, { points: [point(loadedAt - MINUTE)] }, carrier.accessToken, 'ru')).json();
    expect(ru).toMatchObject({ rejected: [{ index: 0, error: 'Точка снята до погрузки' }] });
  });

  it('compares with the moment of loading, to the millisecond', async () => {
    const { number, loadedAt } = await onTheRoad();
    const result = (await send(number, { points: [point(loadedAt - 1), point(loadedAt)] })).json<PositionBatchResult>();
    expect(result).toMatchObject({ accepted: 1, rejected: [{ index: 0, code: 'recorded_at_before_loaded' }] });
  });

  it('ignores a point it already has (a batch sent again) and counts it as a duplicate', async () => {
    const { number, loadedAt } = await onTheRoad();
    const batch = { points: [point(loadedAt + MINUTE), point(loadedAt + 2 * MINUTE)] };
    expect((await send(number, batch)).json()).toEqual({ accepted: 2, duplicates: 0, thinned: 0, rejected: [] });
    expect((await send(number, batch)).json()).toEqual({ accepted: 0, duplicates: 2, thinned: 0, rejected: [] });
    const twice = { points: [point(loadedAt + 3 * MINUTE), point(loadedAt + 3 * MINUTE, { lat: 41.3 })] };
    expect((await send(number, twice)).json()).toEqual({ accepted: 1, duplicates: 1, thinned: 0, rejected: [] });
    expect(await times(number)).toEqual([loadedAt + MINUTE, loadedAt + 2 * MINUTE, loadedAt + 3 * MINUTE]);
  });

  it('keeps at most one point per 10 seconds, within a batch, across batches and whatever the order', async () => {
    const { number, loadedAt } = await onTheRoad();
    const t = loadedAt + 10 * MINUTE;
    // sent newest first: still the first of each 10-second stretch is kept
    const first = await send(number, {
      points: [t + 25_000, t + 10_000, t + 9_999, t + 3_000, t].map((ms) => point(ms)),
    });
    expect(first.json()).toEqual({ accepted: 3, duplicates: 0, thinned: 2, rejected: [] });
    expect(await times(number)).toEqual([t, t + 10_000, t + 25_000]);
    // near kept points of the earlier batch on both sides; 35 s is 10 s after 25 s
    const second = await send(number, {
      points: [t + 15_001, t - 9_999, t + 35_000, t + 44_000].map((ms) => point(ms)),
    });
    expect(second.json()).toEqual({ accepted: 1, duplicates: 0, thinned: 3, rejected: [] });
    expect(await times(number)).toEqual([t, t + 10_000, t + 25_000, t + 35_000]);
  });

  it('keeps one of two batches sent at once with points 5 s apart', async () => {
    const { number, loadedAt } = await onTheRoad();
    const t = loadedAt + 20 * MINUTE;
    const results = await Promise.all([
      send(number, { points: [point(t)] }),
      send(number, { points: [point(t + 5_000)] }),
    ]);
    const accepted = results.map((res) => res.json<PositionBatchResult>().accepted);
    expect(accepted.sort()).toEqual([0, 1]);
    expect(await times(number)).toHaveLength(1);
  });

  it('takes 100 points in a batch and refuses 101 whole (413); an empty batch is 400', async () => {
    const { number, loadedAt } = await onTheRoad();
    const many = (count: number, from: number) => Array.from({ length: count }, (_, i) => point(from + i * 10_000));
    const tooMany = await send(number, { points: many(101, loadedAt + MINUTE) });
    expect(tooMany.statusCode).toBe(413);
    expect(tooMany.json<ApiErrorBody>().code).toBe('POSITIONS_BATCH_TOO_LARGE');
    expect(await times(number)).toEqual([]);
    expect((await send(number, { points: many(100, loadedAt + MINUTE) })).json()).toMatchObject({ accepted: 100 });
    const empty = await send(number, { points: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json<ApiErrorBody>().fields).toHaveProperty('points');
  });

  it('refuses wrong types with 400 and the field of the point at fault', async () => {
    const { number, loadedAt } = await onTheRoad();
    const cases: [unknown, string][] = [
      [{ points: [point(loadedAt + MINUTE, { lat: '41.3' as unknown as number })] }, 'points.0.lat'],
      [{ points: [point(loadedAt + MINUTE), { ...point(loadedAt + 2 * MINUTE), lon: null }] }, 'points.1.lon'],
      [{ points: [{ ...point(loadedAt + MINUTE), recorded_at: 1_700_000_000_000 }] }, 'points.0.recorded_at'],
      [{ points: [{ lat: 41, lon: 69, recorded_at: iso(loadedAt + MINUTE) }] }, 'points.0.accuracy_m'],
      [{ points: [point(loadedAt + MINUTE, { speed_kmh: 'fast' as unknown as number })] }, 'points.0.speed_kmh'],
      [{ points: 'many' }, 'points'],
      [{ points: [42] }, 'points.0'],
      [{}, 'points'],
      [[point(loadedAt + MINUTE)], ''],
    ];
    for (const [payload, field] of cases) {
      const res = await send(number, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      if (field) expect(res.json<ApiErrorBody>().fields, JSON.stringify(payload)).toHaveProperty([field]);
    }
    expect(await times(number)).toEqual([]);
  });

  it('survives huge values: out of range by index, too long or not finite refused, never a 500', async () => {
    const { number, loadedAt } = await onTheRoad();
    const result = await send(number, {
      points: [
        point(loadedAt + MINUTE, { lat: 1e308 }),
        point(loadedAt + 2 * MINUTE, { lon: -1e308 }),
        point(loadedAt + 3 * MINUTE, { accuracy_m: Number.MAX_VALUE }),
        point(loadedAt + 4 * MINUTE, { speed_kmh: 1e300 }),
        point(0, { recorded_at: '+275760-09-13T00:00:00.000Z' }),
      ],
    });
    expect(result.statusCode).toBe(200);
    expect(result.json<PositionBatchResult>().rejected.map((r) => r.code)).toEqual([
      'lat_range',
      'lon_range',
      'accuracy_range',
      'speed_range',
      'recorded_at_invalid',
    ]);
    const longTime = await send(number, { points: [point(0, { recorded_at: '2'.repeat(10_000) })] });
    expect(longTime.statusCode).toBe(400);
    const infinite = await api(app, {
      method: 'POST',
      url: pathTo(apiPaths.shipments.positions, { number }),
      token: carrier.accessToken,
      headers: { 'content-type': 'application/json' },
      payload: `{"points":[{"lat":1e400,"lon":69,"accuracy_m":5,"recorded_at":"${iso(loadedAt + MINUTE)}"}]}`,
    });
    expect(infinite.statusCode).toBe(400);
    expect((await send('Y'.repeat(100), { points: [point(loadedAt)] })).statusCode).toBe(400);
    expect((await send('Y'.repeat(1000), { points: [point(loadedAt)] })).statusCode).toBe(414);
    expect(await times(number)).toEqual([]);
  });

  it('after delivery takes the points taken before it (sent late from the phone), and no later ones', async () => {
    const { number, loadedAt } = await onTheRoad();
    const delivered = await api(app, {
      method: 'POST',
      url: pathTo(apiPaths.shipments.status, { number }),
      token: owner.accessToken,
      payload: { status: 'delivered' },
    });
    expect(delivered.statusCode).toBe(200);
    const res = await send(number, { points: [point(loadedAt + 30 * MINUTE), point(Date.now() + MINUTE)] });
    expect(res.json()).toMatchObject({
      accepted: 1,
      rejected: [{ index: 1, code: 'recorded_at_after_delivered' }],
    });
  });
});

describe('GET /api/shipments/{number}/positions', () => {
  it('gives the points after `since` only', async () => {
    const { number, loadedAt } = await onTheRoad();
    const at = [1, 2, 3, 4].map((m) => loadedAt + m * MINUTE);
    await send(number, { points: at.map((ms) => point(ms)) });
    const after = (await read(number, owner.accessToken, iso(at[1]!))).json<PositionsPage>();
    expect(after.points.map((p) => Date.parse(p.recorded_at))).toEqual([at[2], at[3]]);
    const withOffset = new Date(at[0]! + 5 * 60 * MINUTE).toISOString().replace('Z', '+05:00');
    expect((await read(number, carrier.accessToken, withOffset)).json<PositionsPage>().points).toHaveLength(3);
    expect((await read(number, owner.accessToken, '')).json<PositionsPage>().points).toHaveLength(4);
    expect((await read(number, owner.accessToken, iso(Date.now() + 60 * MINUTE))).json()).toEqual({
      points: [],
      more: false,
    });
  });

  it('refuses a `since` that is not an instant; strangers 404, no token 401', async () => {
    const { number } = await onTheRoad();
    for (const since of ['yesterday', '2026-12-01', '1700000000000', 'x'.repeat(500)]) {
      const res = await read(number, owner.accessToken, since);
      expect(res.statusCode, since).toBe(400);
      expect(res.json<ApiErrorBody>().fields).toHaveProperty('since');
    }
    expect((await read(number, stranger.accessToken)).statusCode).toBe(404);
    expect((await api(app, { method: 'GET', url: pathTo(apiPaths.shipments.positions, { number }) })).statusCode).toBe(
      401,
    );
  });

  it('pages a long track 2,000 points at a time', async () => {
    const { number, loadedAt } = await onTheRoad(20 * 60 * MINUTE);
    const rows = Array.from({ length: 2_001 }, (_, i) => point(loadedAt + MINUTE + i * 10_000));
    for (let i = 0; i < rows.length; i += 100) {
      expect((await send(number, { points: rows.slice(i, i + 100) })).statusCode).toBe(200);
    }
    const first = (await read(number)).json<PositionsPage>();
    expect(first.points).toHaveLength(2_000);
    expect(first.more).toBe(true);
    const rest = (await read(number, owner.accessToken, first.points.at(-1)!.recorded_at)).json<PositionsPage>();
    expect(rest).toEqual({ points: [expect.objectContaining({ recorded_at: rows[2_000]!.recorded_at })], more: false });
  });
});

describe('GET /api/shipments/{number}/events', () => {
  it('streams the shipment’s new points and steps to both parties', async () => {
    const { number, loadedAt } = await onTheRoad(60 * MINUTE, 'loaded');
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const url = pathTo(apiPaths.shipments.events, { number });
    const open = (token: string) => openEventStream(address, url, token);
    const ownerStream = await open(owner.accessToken);
    const carrierStream = await open(carrier.accessToken);
    await ownerStream.until(': connected');
    await carrierStream.until(': connected');
    await send(number, { points: [point(loadedAt + 5 * MINUTE, { lat: 40.1 })] });
    for (const stream of [ownerStream, carrierStream]) {
      const text = await stream.until('event: position');
      expect(text).toContain(`"recorded_at":"${iso(loadedAt + 5 * MINUTE)}"`);
      expect(text).toContain('"lat":40.1');
    }
    await api(app, {
      method: 'POST',
      url: pathTo(apiPaths.shipments.status, { number }),
      token: carrier.accessToken,
      payload: { status: 'on_the_way' },
    });
    expect(await ownerStream.until('event: status')).toContain('data: {"status":"on_the_way"}');
    ownerStream.close();
    carrierStream.close();
  });

  it('is for the two parties only: strangers 404, no token 401', async () => {
    const { number } = await onTheRoad();
    const url = pathTo(apiPaths.shipments.events, { number });
    expect((await api(app, { method: 'GET', url, token: stranger.accessToken })).statusCode).toBe(404);
    expect((await api(app, { method: 'GET', url })).statusCode).toBe(401);
  });
});
