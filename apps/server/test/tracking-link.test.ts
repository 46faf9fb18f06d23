import { describe, expect, it } from 'vitest';
import {
  apiPaths,
  pathTo,
  type PositionPointInput,
  type PublicConfig,
  type PublicTrack,
  type ShareLink,
} from '@yuk/shared';
import { loadConfig } from '../src/config.js';
import { tileImageSource } from '../src/plugins/security.js';
import { api, buildTestApp, type ApiErrorBody } from './helpers.js';
import { createShipment, createUser } from './factories/index.js';

const PUBLIC_URL = 'https://track.example.uz';
const { app, database } = await buildTestApp({
  delivery: { publicUrl: PUBLIC_URL },
  map: { tileUrl: 'https://{s}.tiles.example.org/{z}/{x}/{y}.png', attribution: '© Example tiles' },
});

// people whose names, phones and e-mails must never reach a tracking page
const owner = await createUser(app, { first_name: 'Dilnoza', last_name: 'Yusupova', phone_number: '+998901234567' });
const carrier = await createUser(app, { first_name: 'Aziz', last_name: 'Rahimov', phone_number: '+998911112233' });
const stranger = await createUser(app);

const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString();

async function shipmentOnTheWay() {
  const number = await createShipment(app, owner, carrier, {
    status: 'on_the_way',
    tender: {
      name: 'Paxta tolasi',
      cargo_type: 'Truck - tented',
      origin_location: 'Tashkent',
      destination_location: 'Samarqand',
      initial_price: 1500,
      requirements: 'Call Aziz at +998 91 111 22 33',
      notes: 'Gate code 4321, ask for Dilnoza',
      incoterms: 'FCA',
    },
  });
  const loadedAt = Date.now() - 3 * 3_600_000;
  await database.db
    .updateTable('shipments')
    .set({ loaded_at: iso(loadedAt), on_the_way_at: iso(loadedAt + 60_000) })
    .where('number', '=', number)
    .execute();
  return { number, loadedAt };
}

const share = (number: string, token: string | null) =>
  api(app, {
    method: 'POST',
    url: pathTo(apiPaths.shipments.share, { number }),
    ...(token !== null ? { token } : {}),
  });

const revoke = (number: string, linkToken: string, token: string | null) =>
  api(app, {
    method: 'DELETE',
    url: pathTo(apiPaths.shipments.shareOne, { number, token: linkToken }),
    ...(token !== null ? { token } : {}),
  });

const track = (token: string, remoteAddress?: string) =>
  app.inject({
    method: 'GET',
    url: pathTo(apiPaths.track.one, { token }),
    ...(remoteAddress ? { remoteAddress } : {}),
  });

const point = (ms: number, lat: number, lon: number): PositionPointInput => ({
  lat,
  lon,
  accuracy_m: 9,
  speed_kmh: 70,
  recorded_at: iso(ms),
});

async function sendPoints(number: string, points: PositionPointInput[]) {
  const res = await api(app, {
    method: 'POST',
    url: pathTo(apiPaths.shipments.positions, { number }),
    token: carrier.accessToken,
    payload: { points },
  });
  expect(res.statusCode).toBe(200);
}

async function deliver(number: string, deliveredAgoMs: number) {
  await api(app, {
    method: 'POST',
    url: pathTo(apiPaths.shipments.status, { number }),
    token: owner.accessToken,
    payload: { status: 'delivered' },
  });
  const deliveredAt = Date.now() - deliveredAgoMs;
  await database.db
    .updateTable('shipments')
    .set({ delivered_at: iso(deliveredAt) })
    .where('number', '=', number)
    .execute();
  return deliveredAt;
}

describe('POST /api/shipments/{number}/share', () => {
  it('gives the owner and the carrier each a link of their own: a long random token, shown once, stored hashed', async () => {
    const { number } = await shipmentOnTheWay();
    const links: ShareLink[] = [];
    for (const who of [owner, carrier]) {
      const res = await share(number, who.accessToken);
      expect(res.statusCode).toBe(201);
      const link = res.json<ShareLink>();
      expect(link.token).toMatch(/^[A-Za-z0-9_-]{24,}$/); // 24 base64url characters: 144 bits
      expect(link.url).toBe(`${PUBLIC_URL}/track/${link.token}`);
      expect(link.expires_at).toBeNull(); // not delivered yet: 7 days after the delivery, when it comes
      links.push(link);
    }
    expect(links[0]!.token).not.toBe(links[1]!.token);
    const stored = await database.db.selectFrom('shipment_share_links').selectAll().execute();
    const text = JSON.stringify(stored);
    for (const link of links) expect(text).not.toContain(link.token);
    for (const link of links) expect((await track(link.token)).statusCode).toBe(200);
  });

  it('is for the two parties only: a stranger and a missing shipment 404, no token 401', async () => {
    const { number } = await shipmentOnTheWay();
    const byStranger = await share(number, stranger.accessToken);
    expect(byStranger.statusCode).toBe(404);
    expect(byStranger.json<ApiErrorBody>().code).toBe('SHIPMENT_NOT_FOUND');
    expect((await share('YT-404404', owner.accessToken)).statusCode).toBe(404);
    expect((await share(number, null)).statusCode).toBe(401);
    expect((await share('N'.repeat(100), owner.accessToken)).statusCode).toBe(400);
  });

  it('works for a shipment not yet loaded, and not once its links have run out', async () => {
    const awarded = await createShipment(app, owner, carrier);
    expect((await share(awarded, carrier.accessToken)).statusCode).toBe(201);
    const { number } = await shipmentOnTheWay();
    await deliver(number, 8 * DAY);
    const late = await share(number, owner.accessToken);
    expect(late.statusCode).toBe(409);
    expect(late.json<ApiErrorBody>().code).toBe('TRACKING_LINK_TOO_LATE');
  });
});

describe('GET /api/track/{token}', () => {
  it('shows the status, the timeline, the way and the last position to anyone holding the link', async () => {
    const { number, loadedAt } = await shipmentOnTheWay();
    await sendPoints(number, [
      point(loadedAt + 10 * 60_000, 41.1, 69.0),
      point(loadedAt + 20 * 60_000, 40.9, 68.6),
      point(loadedAt + 30 * 60_000, 40.7, 68.2),
    ]);
    const link = (await share(number, owner.accessToken)).json<ShareLink>();
    const res = await track(link.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-robots-tag']).toContain('noindex');
    const body = res.json<PublicTrack>();
    expect(body).toEqual({
      number,
      status: 'on_the_way',
      mode: 'truck',
      origin: 'Tashkent',
      destination: 'Samarqand',
      origin_point: { lat: 41.2995, lon: 69.2401 },
      destination_point: { lat: 39.6542, lon: 66.9597 },
      loaded_at: iso(loadedAt),
      on_the_way_at: iso(loadedAt + 60_000),
      delivered_at: null,
      points: [
        { lat: 41.1, lon: 69, accuracy_m: 9, speed_kmh: 70, recorded_at: iso(loadedAt + 10 * 60_000) },
        { lat: 40.9, lon: 68.6, accuracy_m: 9, speed_kmh: 70, recorded_at: iso(loadedAt + 20 * 60_000) },
        { lat: 40.7, lon: 68.2, accuracy_m: 9, speed_kmh: 70, recorded_at: iso(loadedAt + 30 * 60_000) },
      ],
      last_position: { lat: 40.7, lon: 68.2, accuracy_m: 9, speed_kmh: 70, recorded_at: iso(loadedAt + 30 * 60_000) },
      expires_at: null,
    });
  });

  it('shows nothing personal: no names, phone numbers, e-mails, prices or notes', async () => {
    const { number, loadedAt } = await shipmentOnTheWay();
    await sendPoints(number, [point(loadedAt + 5 * 60_000, 41.0, 69.1)]);
    const link = (await share(number, carrier.accessToken)).json<ShareLink>();
    const text = (await track(link.token)).body;
    // what the parties themselves see of the same shipment holds all of it: the test knows what to look for
    const full = (
      await api(app, { method: 'GET', url: pathTo(apiPaths.shipments.one, { number }), token: owner.accessToken })
    ).json<{ amount: number; carrier_phone: string; carrier_name: string; owner_name: string }>();
    expect(full.carrier_phone).toBe('+998911112233');
    const forbidden = [
      'Dilnoza',
      'Yusupova',
      'Aziz',
      'Rahimov',
      full.carrier_name,
      full.owner_name,
      owner.email,
      carrier.email,
      'Gate code',
      '4321',
      'Paxta',
      '"amount"',
      '"price"',
      'phone',
      'name',
      'email',
      'notes',
      'requirements',
      'incoterms',
      String(full.amount), // 1200 USD
      '120000', // and in cents
      '1500', // the tender's initial price
    ];
    for (const word of forbidden) expect(text, word).not.toContain(word);
    // no phone number in any form (+998 and 9 digits, with or without spaces)
    expect(text).not.toMatch(/\+?998[\s-]?\d{2}[\s-]?\d{3}[\s-]?\d{2}[\s-]?\d{2}/);
    expect(text).not.toMatch(/\b\d{2}[\s-]?\d{3}[\s-]?\d{2}[\s-]?\d{2}\b/);
  });

  it('answers an unknown, a revoked and an expired link with the same 404, byte for byte', async () => {
    const revoked = await shipmentOnTheWay();
    const revokedLink = (await share(revoked.number, owner.accessToken)).json<ShareLink>();
    expect((await revoke(revoked.number, revokedLink.token, carrier.accessToken)).statusCode).toBe(204);

    const expired = await shipmentOnTheWay();
    const expiredLink = (await share(expired.number, owner.accessToken)).json<ShareLink>(); // made before delivery
    await deliver(expired.number, 7 * DAY + 60_000);

    const answers = await Promise.all(
      ['q8mN3vX0aB7cD2eF4gH6iJ9k', revokedLink.token, expiredLink.token, 'x', 'z'.repeat(150)].map((token) =>
        track(token),
      ),
    );
    for (const res of answers) {
      expect(res.statusCode).toBe(404);
      expect(res.json<ApiErrorBody>().code).toBe('TRACKING_LINK_NOT_FOUND');
      expect(res.body).toBe(answers[0]!.body);
      expect(res.headers['content-type']).toBe(answers[0]!.headers['content-type']);
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });

  it('lasts until 7 days after the delivery, even when made before it', async () => {
    const { number } = await shipmentOnTheWay();
    const link = (await share(number, carrier.accessToken)).json<ShareLink>();
    const deliveredAt = await deliver(number, 6 * DAY);
    const res = await track(link.token);
    expect(res.statusCode).toBe(200);
    expect(res.json<PublicTrack>()).toMatchObject({
      status: 'delivered',
      delivered_at: iso(deliveredAt),
      expires_at: iso(deliveredAt + 7 * DAY),
    });
    const made = (await share(number, owner.accessToken)).json<ShareLink>();
    expect(made.expires_at).toBe(iso(deliveredAt + 7 * DAY));
    await database.db
      .updateTable('shipments')
      .set({ delivered_at: iso(Date.now() - 7 * DAY - 1000) })
      .where('number', '=', number)
      .execute();
    expect((await track(link.token)).statusCode).toBe(404);
    expect((await track(made.token)).statusCode).toBe(404);
  });

  it('shows at most 500 evenly picked points of a long way, ending at the last position', async () => {
    const { number, loadedAt } = await shipmentOnTheWay();
    // 1,000 points 10 s apart: a little under the 3 hours since loading
    const rows = Array.from({ length: 1_000 }, (_, i) => point(loadedAt + 60_000 + i * 10_000, 41 - i * 0.001, 69));
    for (let i = 0; i < rows.length; i += 100) await sendPoints(number, rows.slice(i, i + 100));
    const body = (await track((await share(number, owner.accessToken)).json<ShareLink>().token)).json<PublicTrack>();
    expect(body.points).toHaveLength(500);
    expect(body.points[0]?.recorded_at).toBe(rows[0]!.recorded_at);
    expect(body.points.at(-1)?.recorded_at).toBe(rows.at(-1)!.recorded_at);
    expect(body.last_position?.recorded_at).toBe(rows.at(-1)!.recorded_at);
    const times = body.points.map((p) => Date.parse(p.recorded_at));
    expect([...times].sort((a, b) => a - b)).toEqual(times);
  });

  it('needs no account, and a too long token is refused without a 500', async () => {
    const { number } = await shipmentOnTheWay();
    const link = (await share(number, owner.accessToken)).json<ShareLink>();
    const signedIn = await api(app, {
      method: 'GET',
      url: pathTo(apiPaths.track.one, { token: link.token }),
      token: stranger.accessToken,
    });
    expect(signedIn.statusCode).toBe(200);
    expect((await track('t'.repeat(1_000))).statusCode).toBe(414);
  });

  it('limits how often one address asks (429), not the others', async () => {
    const { number } = await shipmentOnTheWay();
    const link = (await share(number, owner.accessToken)).json<ShareLink>();
    let last = 0;
    for (let i = 0; i < 121; i += 1) last = (await track(link.token, '203.0.113.7')).statusCode;
    expect(last).toBe(429);
    expect((await track(link.token, '203.0.113.8')).statusCode).toBe(200);
  });
});

describe('DELETE /api/shipments/{number}/share/{token}', () => {
  it('either party revokes a link at once; again, an unknown token, a stranger: 404; no token 401', async () => {
    const { number } = await shipmentOnTheWay();
    const link = (await share(number, owner.accessToken)).json<ShareLink>();
    expect((await revoke(number, link.token, stranger.accessToken)).statusCode).toBe(404);
    expect((await revoke(number, link.token, null)).statusCode).toBe(401);
    expect((await track(link.token)).statusCode).toBe(200);
    expect((await revoke(number, link.token, owner.accessToken)).statusCode).toBe(204);
    expect((await track(link.token)).statusCode).toBe(404);
    const again = await revoke(number, link.token, carrier.accessToken);
    expect(again.statusCode).toBe(404);
    expect(again.json<ApiErrorBody>().code).toBe('TRACKING_LINK_NOT_FOUND');
    expect((await revoke(number, 'no-such-token', owner.accessToken)).statusCode).toBe(404);
  });

  it('a link of one shipment cannot be revoked through another', async () => {
    const first = await shipmentOnTheWay();
    const second = await shipmentOnTheWay();
    const link = (await share(first.number, owner.accessToken)).json<ShareLink>();
    expect((await revoke(second.number, link.token, owner.accessToken)).statusCode).toBe(404);
    expect((await track(link.token)).statusCode).toBe(200);
  });

  it('DELETE …/share revokes every link of the shipment', async () => {
    const { number } = await shipmentOnTheWay();
    const links = [
      (await share(number, owner.accessToken)).json<ShareLink>(),
      (await share(number, carrier.accessToken)).json<ShareLink>(),
    ];
    const url = pathTo(apiPaths.shipments.share, { number });
    expect((await api(app, { method: 'DELETE', url, token: stranger.accessToken })).statusCode).toBe(404);
    const res = await api(app, { method: 'DELETE', url, token: carrier.accessToken });
    expect(res.json()).toEqual({ revoked: 2 });
    for (const link of links) expect((await track(link.token)).statusCode).toBe(404);
    expect((await api(app, { method: 'DELETE', url, token: owner.accessToken })).json()).toEqual({ revoked: 0 });
  });
});

describe('GET /api/config', () => {
  it('gives the map tiles to anyone, and the page may load them (CSP)', async () => {
    const res = await app.inject({ method: 'GET', url: apiPaths.config });
    expect(res.statusCode).toBe(200);
    expect(res.json<PublicConfig>()).toEqual({
      map: { tile_url: 'https://{s}.tiles.example.org/{z}/{x}/{y}.png', attribution: '© Example tiles' },
      eimzo: { api_keys: [] },
    });
    // the pages' policy lets them load the tiles (the API's own answers allow nothing)
    const page = await app.inject({ method: 'GET', url: '/tenders' });
    expect(page.headers['content-security-policy']).toMatch(
      /img-src 'self' data: blob: https:\/\/\*\.tiles\.example\.org/,
    );
  });

  it('hands the web app the E-IMZO keys of our domains, read from EIMZO_API_KEYS', async () => {
    const { eimzoApiKeys } = loadConfig({
      EIMZO_API_KEYS: ' yuktender.uz:86f3e2d1c0b9a8f7e6d5c4b3a2918070 , test.yuktender.uz:8443:0123456789ABCDEF ',
    });
    expect(eimzoApiKeys).toEqual([
      { domain: 'yuktender.uz', key: '86F3E2D1C0B9A8F7E6D5C4B3A2918070' },
      { domain: 'test.yuktender.uz:8443', key: '0123456789ABCDEF' },
    ]);
    expect(loadConfig({}).eimzoApiKeys).toEqual([]);
    for (const bad of ['yuktender.uz', 'yuktender.uz:not-hex', ':0123456789ABCDEF', 'a.uz:0123456789ABCDEF,']) {
      expect(() => loadConfig({ EIMZO_API_KEYS: bad }), bad).toThrow(/EIMZO_API_KEYS/);
    }
    const withKeys = await buildTestApp({ eimzoApiKeys });
    const res = await withKeys.app.inject({ method: 'GET', url: apiPaths.config });
    expect(res.json<PublicConfig>().eimzo.api_keys).toEqual(eimzoApiKeys);
    await withKeys.close();
  });
});

describe('the map settings', () => {
  it('default to OpenStreetMap with its attribution; another server, a data URL or off', () => {
    expect(loadConfig({}).map).toEqual({
      tileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
      attribution: '© OpenStreetMap contributors',
    });
    expect(loadConfig({ MAP_TILE_URL: 'off' }).map).toEqual({ tileUrl: null, attribution: '' });
    expect(
      loadConfig({ MAP_TILE_URL: 'https://tiles.example.uz/{z}/{x}/{y}.png', MAP_ATTRIBUTION: '© Example' }).map,
    ).toEqual({ tileUrl: 'https://tiles.example.uz/{z}/{x}/{y}.png', attribution: '© Example' });
    expect(loadConfig({ MAP_TILE_URL: 'data:image/png;base64,iVBORw0KGgo=' }).map.tileUrl).toMatch(/^data:image/);
    expect(() => loadConfig({ MAP_TILE_URL: 'javascript:alert(1)' })).toThrow(/MAP_TILE_URL/);
    expect(() => loadConfig({ MAP_TILE_URL: 'ftp://tiles/{z}/{x}/{y}.png' })).toThrow(/MAP_TILE_URL/);
  });

  it('let the page load images from the tile server only (CSP img-src)', () => {
    expect(tileImageSource('https://tile.openstreetmap.org/{z}/{x}/{y}.png')).toBe('https://tile.openstreetmap.org');
    expect(tileImageSource('https://{s}.tile.example.org/{z}/{x}/{y}.png')).toBe('https://*.tile.example.org');
    expect(tileImageSource('http://127.0.0.1:8080/{z}/{x}/{y}.png')).toBe('http://127.0.0.1:8080');
    expect(tileImageSource('https://tiles-{s}.example.org/{z}/{x}/{y}.png')).toBe('https:');
    expect(tileImageSource('data:image/png;base64,iVBORw0KGgo=')).toBeUndefined();
    expect(tileImageSource(null)).toBeUndefined();
  });
});
