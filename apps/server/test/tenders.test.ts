import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import {
  apiPaths,
  createTenderInput,
  decodeTenderCursor,
  encodeTenderCursor,
  matchesTenderListFilters,
  TENDER_DATE_FIELD_NAMES,
  TENDER_REQUIRED_FIELD_NAMES,
  TENDER_TOTAL_CAP,
  TOTAL_CAPPED_HEADER,
  TOTAL_COUNT_HEADER,
  type CreateTenderInput,
  type Tender,
  type TenderListFilters,
  pathTo,
} from '@yuk/shared';
import { tenderRow } from '../src/modules/tenders/tenders.service.js';
import {
  chooseListPlan,
  countFirstRangesQuery,
  countRowsQuery,
  countTenderRows,
  countTenders,
  countTendersUpTo,
  FIRST_COUNTED_IDS,
  isCountedFilter,
  DENSE_MATCHES,
  insertTenders,
  listTenders,
  listTendersQuery,
  type TenderListFilter,
  type TenderPage,
} from '../src/modules/tenders/tenders.repository.js';
import { seedDemoTenders } from '../src/modules/tenders/tenders.seed.js';
import {
  KEPT_SHAPES,
  keepShapePreparedOnPostgres,
  openDatabase,
  preparedNameOf,
  walkingReader,
} from '../src/db/database.js';
import {
  api,
  buildTestApp,
  engine,
  planOnLargeTable,
  testDatabaseUrl,
  type ApiErrorBody,
  type OpenApiDocument,
} from './helpers.js';
import { createUser } from './factories/index.js';
import { buildTenderInput, daysFromToday } from './factories/index.js';

// The periodic expiry sweep stays off: the data of these tests must not change under them.
const { app } = await buildTestApp({ deadlineTickMs: 0 });
const owner = await createUser(app);
const other = await createUser(app);

const REQUIRED_TEXT = "Iltimos, barcha majburiy maydonlarni to'ldiring";
const DATES_TEXT = 'Iltimos, barcha sanalarni tanlang';

/** `token` null sends no Authorization header. */
const post = (payload: unknown, token: string | null = owner.accessToken, headers: Record<string, string> = {}) =>
  api(app, {
    method: 'POST',
    url: apiPaths.tenders.collection,
    payload: payload as object,
    headers,
    ...(token ? { token } : {}),
  });
const get = (url: string, token: string | null = owner.accessToken) =>
  api(app, { method: 'GET', url, ...(token ? { token } : {}) });

/** GET a list of `on` and return its tenders with the paging headers. */
async function list(on: FastifyInstance, url: string, token: string) {
  const res = await api(on, { method: 'GET', url, token });
  expect(res.statusCode, res.body).toBe(200);
  return {
    tenders: res.json<Tender[]>(),
    total: Number(res.headers['x-total-count']),
    next: res.headers['x-next-cursor'] as string | undefined,
  };
}

describe('POST /api/tenders', () => {
  it('creates a tender owned by the caller: number, status opened, no bids yet', async () => {
    const input = buildTenderInput({
      name: '  Paxta tolasi  ',
      requirements: 'Tentli yuk mashinasi',
      notes: 'Yuklash 09:00 da',
      incoterms: 'FCA Tashkent',
    });
    const { status: _status, ...withoutStatus } = input;
    const res = await post(withoutStatus);
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json<Tender>();
    expect(created).toMatchObject({
      name: 'Paxta tolasi',
      cargo_type: input.cargo_type,
      cargo_weight: 20000,
      cargo_volume: 82,
      origin_location: 'Tashkent',
      destination_location: 'Almaty',
      shipment_date: input.shipment_date,
      delivery_date: input.delivery_date,
      tender_start_date: input.tender_start_date,
      tender_end_date: input.tender_end_date,
      initial_price: 1500,
      status: 'opened',
      current_min_bid: null,
      bid_count: 0,
      requirements: 'Tentli yuk mashinasi',
      notes: 'Yuklash 09:00 da',
      incoterms: 'FCA Tashkent',
      owner_id: owner.user.id,
      is_owner: true,
    });
    expect(created.number).toBe(`YT-${String(created.id).padStart(6, '0')}`);
    expect(new Date(created.created_at).toISOString()).toBe(created.created_at);

    const stored = await get(pathTo(apiPaths.tenders.one, { id: created.id }));
    expect(stored.json()).toEqual(created);
  });

  it('gives every tender its own number', async () => {
    const numbers = new Set<string>();
    for (let i = 0; i < 5; i += 1) numbers.add((await post(buildTenderInput())).json<Tender>().number);
    expect(numbers.size).toBe(5);
    for (const number of numbers) expect(number).toMatch(/^YT-\d{6,}$/);
  });

  it('accepts the statuses closed and draft, and numbers typed as text', async () => {
    const closed = await post(
      buildTenderInput({ status: 'closed', cargo_weight: '1500.5', cargo_volume: '12,5', initial_price: '999.99' }),
    );
    expect(closed.statusCode, closed.body).toBe(201);
    expect(closed.json()).toMatchObject({
      status: 'closed',
      cargo_weight: 1500.5,
      cargo_volume: 12.5,
      initial_price: 999.99,
    });
    const draft = await post(buildTenderInput({ status: 'draft' }));
    expect(draft.json()).toMatchObject({ status: 'draft' });
  });

  it('keeps money exact: 0.29 and 4.35 USD come back as written', async () => {
    for (const price of [0.29, 4.35, 1000.1, 9_999_999.99]) {
      const res = await post(buildTenderInput({ initial_price: price }));
      expect(res.json<Tender>().initial_price).toBe(price);
    }
  });

  it.each(TENDER_REQUIRED_FIELD_NAMES)(
    'refuses a missing or blank %s with the form text and the field',
    async (field) => {
      for (const value of [undefined, '', '   ', null]) {
        const payload: Record<string, unknown> = { ...buildTenderInput() };
        if (value === undefined) delete payload[field];
        else payload[field] = value;
        const res = await post(payload);
        expect(res.statusCode).toBe(400);
        const body = res.json<ApiErrorBody>();
        expect(body).toMatchObject({ code: 'TENDER_REQUIRED_FIELDS', error: REQUIRED_TEXT });
        expect(Object.keys(body.fields)).toEqual([field]);
      }
    },
  );

  it.each(TENDER_DATE_FIELD_NAMES)('refuses a missing or blank %s with the dates text and the field', async (field) => {
    for (const value of [undefined, '', null]) {
      const payload: Record<string, unknown> = { ...buildTenderInput() };
      if (value === undefined) delete payload[field];
      else payload[field] = value;
      const res = await post(payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'TENDER_DATES_REQUIRED',
        error: DATES_TEXT,
        fields: { [field]: DATES_TEXT },
      });
    }
  });

  it('names every blank field, the required ones first, in the reader language', async () => {
    const res = await post({});
    expect(res.statusCode).toBe(400);
    const body = res.json<ApiErrorBody>();
    expect(body.code).toBe('TENDER_REQUIRED_FIELDS');
    expect(Object.keys(body.fields).sort()).toEqual(
      [...TENDER_REQUIRED_FIELD_NAMES, ...TENDER_DATE_FIELD_NAMES].sort(),
    );

    const en = await post({ ...buildTenderInput(), name: '' }, owner.accessToken, { 'accept-language': 'en' });
    expect(en.json()).toMatchObject({ code: 'TENDER_REQUIRED_FIELDS', error: 'Please fill in all required fields' });
    const ru = await post({ ...buildTenderInput(), tender_end_date: '' }, owner.accessToken, {
      'accept-language': 'ru',
    });
    expect(ru.json()).toMatchObject({ code: 'TENDER_DATES_REQUIRED', error: 'Пожалуйста, выберите все даты' });
  });

  it.each([
    ['name', 123],
    ['name', ['a']],
    ['cargo_type', { text: 'Truck' }],
    ['cargo_weight', 'abc'],
    ['cargo_weight', true],
    ['cargo_weight', [1]],
    ['cargo_weight', '1e3'],
    ['cargo_weight', 'NaN'],
    ['cargo_weight', 'Infinity'],
    ['cargo_volume', 0],
    ['cargo_volume', -2],
    ['cargo_volume', '-0.5'],
    ['cargo_weight', 1_000_000_001],
    ['initial_price', 'ten'],
    ['initial_price', 0],
    ['initial_price', -100],
    ['initial_price', 10.005],
    ['initial_price', 10_000_000.01],
    ['shipment_date', '2026-02-30'],
    ['shipment_date', '21.11.2026'],
    ['shipment_date', 20261121],
    ['delivery_date', '2026-13-01'],
    ['tender_start_date', '1999-12-31'],
    ['tender_end_date', 'tomorrow'],
    ['status', 'awarded'],
    ['status', 'deleted'],
    ['status', 1],
    ['name', 'x'.repeat(201)],
    ['origin_location', 'y'.repeat(201)],
    ['name', 'Paxta\u0000'],
    ['destination_location', 'Almaty\nMoskva'],
    ['requirements', 'r'.repeat(2001)],
    ['notes', 'n'.repeat(2001)],
    ['incoterms', 42],
  ])('refuses %s = %j with 400 and the field named', async (field, value) => {
    const res = await post({ ...buildTenderInput(), [field]: value });
    expect(res.statusCode, res.body).toBe(400);
    const body = res.json<ApiErrorBody>();
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(Object.keys(body.fields)).toEqual([field]);
  });

  it('refuses a delivery before the shipment and an end before the start', async () => {
    const early = await post(buildTenderInput({ shipment_date: daysFromToday(5), delivery_date: daysFromToday(4) }));
    expect(early.statusCode).toBe(400);
    expect(early.json<ApiErrorBody>().fields).toEqual({
      delivery_date: "Yetkazib berish sanasi jo'natish sanasidan oldin bo'lmasligi kerak",
    });
    const reversed = await post(
      buildTenderInput({ tender_start_date: daysFromToday(2), tender_end_date: daysFromToday(1) }),
    );
    expect(reversed.statusCode).toBe(400);
    expect(Object.keys(reversed.json<ApiErrorBody>().fields)).toEqual(['tender_end_date']);
  });

  it('refuses non-finite numbers written in JSON (1e400 reads as Infinity)', async () => {
    const body = JSON.stringify(buildTenderInput()).replace('"cargo_weight":20000', '"cargo_weight":1e400');
    const res = await api(app, {
      method: 'POST',
      url: apiPaths.tenders.collection,
      token: owner.accessToken,
      headers: { 'content-type': 'application/json' },
      payload: body,
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json<ApiErrorBody>().fields)).toEqual(['cargo_weight']);
  });

  it('accepts texts of exactly 200 and 2000 characters', async () => {
    const res = await post(buildTenderInput({ name: 'n'.repeat(200), notes: 'line\n'.repeat(400) }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<Tender>().name).toHaveLength(200);
  });

  it('refuses malformed and non-object bodies with 400', async () => {
    const malformed = await api(app, {
      method: 'POST',
      url: apiPaths.tenders.collection,
      token: owner.accessToken,
      headers: { 'content-type': 'application/json' },
      payload: '{"name":',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json<ApiErrorBody>().code).toBe('MALFORMED_BODY');
    for (const payload of ['[]', 'null', '"text"', '42']) {
      const res = await api(app, {
        method: 'POST',
        url: apiPaths.tenders.collection,
        token: owner.accessToken,
        headers: { 'content-type': 'application/json' },
        payload,
      });
      expect(res.statusCode, payload).toBe(400);
    }
  });

  it('ignores fields the client may not set: owner, number, id, bids', async () => {
    const res = await post({
      ...buildTenderInput(),
      owner_id: other.user.id,
      number: 'YT-999999',
      id: 999_999,
      bid_count: 7,
      current_min_bid: 1,
      current_min_bid_cents: 100,
      created_at: '2000-01-01T00:00:00.000Z',
    });
    expect(res.statusCode).toBe(201);
    const created = res.json<Tender>();
    expect(created.owner_id).toBe(owner.user.id);
    expect(created.id).not.toBe(999_999);
    expect(created.number).toBe(`YT-${String(created.id).padStart(6, '0')}`);
    expect(created).toMatchObject({ bid_count: 0, current_min_bid: null });
    expect(created.created_at).not.toBe('2000-01-01T00:00:00.000Z');
  });

  it('needs a valid token (401)', async () => {
    const none = await post(buildTenderInput(), null);
    expect(none.statusCode).toBe(401);
    expect(none.json<ApiErrorBody>().code).toBe('NOT_AUTHENTICATED');
    const bad = await post(buildTenderInput(), 'not-a-token');
    expect(bad.statusCode).toBe(401);
    // 401 comes before the body is judged
    expect((await post({}, null)).statusCode).toBe(401);
  });
});

describe('OpenAPI', () => {
  it('documents the tender routes with their parameters and answers', async () => {
    const res = await api(app, { method: 'GET', url: apiPaths.docsJson });
    expect(res.statusCode).toBe(200);
    const doc = res.json<OpenApiDocument>();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        apiPaths.tenders.collection,
        apiPaths.tenders.all,
        apiPaths.tenders.mine,
        '/api/tenders/{id}',
      ]),
    );
    const list = doc.paths[apiPaths.tenders.all]!.get!;
    expect(list.parameters.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining([
        'name',
        'id',
        'tender_start_date',
        'initial_price',
        'type',
        'status',
        'location',
        'price',
        'delivery',
        'q',
        'limit',
        'offset',
        'cursor',
      ]),
    );
    expect(Object.keys(list.responses)).toEqual(expect.arrayContaining(['200', '400', '401']));
    expect(doc.paths[apiPaths.tenders.collection]?.post?.requestBody).toBeDefined();
  });
});

describe('GET /api/tenders/{id}', () => {
  it('shows anyone an opened tender, with is_owner for the caller', async () => {
    const created = (await post(buildTenderInput())).json<Tender>();
    const asOther = await get(pathTo(apiPaths.tenders.one, { id: created.id }), other.accessToken);
    expect(asOther.statusCode).toBe(200);
    // the reserve is the owner's alone: another reader does not get the field at all
    const { reserve_price, ...publicPart } = created;
    expect(reserve_price).toBeNull();
    expect(asOther.json()).toEqual({ ...publicPart, is_owner: false });
  });

  it("shows a draft to its owner only: someone else's draft is 404", async () => {
    const draft = (await post(buildTenderInput({ status: 'draft' }))).json<Tender>();
    expect((await get(pathTo(apiPaths.tenders.one, { id: draft.id }))).statusCode).toBe(200);
    const res = await get(pathTo(apiPaths.tenders.one, { id: draft.id }), other.accessToken);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'TENDER_NOT_FOUND', error: 'Tender topilmadi' });
  });

  it('answers 404 for a missing tender and 400 for an id that is not a positive integer', async () => {
    expect((await get('/api/tenders/999999')).statusCode).toBe(404);
    for (const id of ['abc', '0', '-1', '1.5', '1e3', '99999999999', '%20']) {
      const res = await get(pathTo(apiPaths.tenders.one, { id: id }));
      expect(res.statusCode, id).toBe(400);
      expect(res.json<ApiErrorBody>().code).toBe('VALIDATION_FAILED');
    }
  });

  it('needs a token (401)', async () => {
    expect((await get('/api/tenders/1', null)).statusCode).toBe(401);
  });
});

describe('GET /api/tenders/all and /me: filters', async () => {
  // A second, clean app: the list holds exactly the tenders below.
  const { app: listApp, database: listDb } = await buildTestApp({ deadlineTickMs: 0 });
  const shipper = await createUser(listApp);
  const carrier = await createUser(listApp);
  const listGet = (url: string, token = carrier.accessToken) => api(listApp, { method: 'GET', url, token });

  type Spec = Partial<CreateTenderInput> & { days?: number; by?: 'shipper' | 'carrier' };
  const specs: Spec[] = [
    {
      name: 'Paxta tolasi',
      cargo_type: 'Truck - tented',
      origin_location: 'Tashkent',
      destination_location: 'Moskva',
      initial_price: 999.99,
      days: 3,
    },
    {
      name: 'Sement M400',
      cargo_type: 'Truck (flatbed)',
      origin_location: 'Toshkent sh., Sergeli',
      destination_location: 'Almaty',
      initial_price: 1000,
      days: 4,
      status: 'closed',
    },
    {
      name: 'Mis katodlari',
      cargo_type: 'Aviation cargo',
      origin_location: 'Samarqand',
      destination_location: 'Dubai',
      initial_price: 5000,
      days: 7,
    },
    {
      name: 'Dori-darmon',
      cargo_type: 'aviation express',
      origin_location: 'Samarkand',
      destination_location: 'Frankfurt',
      initial_price: 5000.01,
      days: 8,
    },
    {
      name: 'Mebel',
      cargo_type: 'Maritime container 40ft',
      origin_location: 'Namangan',
      destination_location: 'Istanbul',
      initial_price: 1000.01,
      days: 0,
    },
    {
      name: 'Quritilgan meva',
      cargo_type: 'Truck + Maritime',
      origin_location: 'Buxoro',
      destination_location: 'Riga',
      initial_price: 4999.99,
      days: 12,
      status: 'closed',
    },
    {
      name: 'Non mahsulotlari',
      cargo_type: 'Local delivery (Labo)',
      origin_location: 'Andijon',
      destination_location: 'Namangan',
      initial_price: 120,
      days: 1,
    },
    {
      name: 'Ipak gilamlar',
      cargo_type: 'Local',
      origin_location: "Farg'ona",
      destination_location: 'Toshkent',
      initial_price: 300,
      days: 2,
    },
    {
      name: 'Baliq',
      cargo_type: 'local van',
      origin_location: 'Nukus',
      destination_location: 'Xiva',
      initial_price: 75.5,
      days: 5,
    },
    {
      name: 'Avtomobil ehtiyot qismlari',
      cargo_type: 'Truck refrigerated',
      origin_location: 'Fergana',
      destination_location: 'Bishkek',
      initial_price: 7000,
      days: 9,
    },
    {
      name: 'Qurilish materiallari',
      cargo_type: 'General cargo',
      origin_location: 'Qarshi',
      destination_location: 'Termiz',
      initial_price: 2500,
      days: 6,
    },
    {
      name: 'Москва товары',
      cargo_type: 'Aviation',
      origin_location: 'Ташкент',
      destination_location: 'Москва',
      initial_price: 8000,
      days: 2,
    },
    {
      name: 'Chegirma 50%_off',
      cargo_type: 'Truck',
      origin_location: 'Andijan',
      destination_location: 'Osh',
      initial_price: 1500,
      days: 3,
    },
    {
      name: 'Shipper draft',
      cargo_type: 'Truck',
      origin_location: 'Tashkent',
      destination_location: 'Almaty',
      initial_price: 900,
      days: 3,
      status: 'draft',
    },
    {
      name: 'Carrier draft',
      cargo_type: 'Truck',
      origin_location: 'Tashkent',
      destination_location: 'Almaty',
      initial_price: 900,
      days: 3,
      status: 'draft',
      by: 'carrier',
    },
    {
      name: 'Carrier own',
      cargo_type: 'Maritime',
      origin_location: 'Bukhara',
      destination_location: 'Baku',
      initial_price: 6000,
      days: 10,
      by: 'carrier',
    },
    {
      name: 'Awarded rice',
      cargo_type: 'Truck',
      origin_location: 'Namangan',
      destination_location: 'Moskva',
      initial_price: 3000,
      days: 5,
      tender_start_date: '2026-12-24',
      tender_end_date: '2026-12-30',
    },
  ];
  const all: Tender[] = [];
  for (const { days = 3, by = 'shipper', ...overrides } of specs) {
    const shipment = daysFromToday(5);
    const input = buildTenderInput({ ...overrides, shipment_date: shipment, delivery_date: daysFromToday(5 + days) });
    const token = by === 'carrier' ? carrier.accessToken : shipper.accessToken;
    const res = await api(listApp, { method: 'POST', url: apiPaths.tenders.collection, payload: input, token });
    if (res.statusCode !== 201) throw new Error(`create failed: ${res.body}`);
    all.push(res.json<Tender>());
  }
  // Awarding is bidding's business; here the status is set directly.
  const awarded = all.find((t) => t.name === 'Awarded rice')!;
  await listDb.db.updateTable('tenders').set({ status: 'awarded' }).where('id', '=', awarded.id).execute();
  awarded.status = 'awarded';
  const withBid = all.find((t) => t.name === 'Paxta tolasi')!;
  await listDb.db
    .updateTable('tenders')
    .set({ current_min_bid_cents: 95_050, bid_count: 2 })
    .where('id', '=', withBid.id)
    .execute();

  const visibleTo = (viewerId: number) => all.filter((t) => t.status !== 'draft' || t.owner_id === viewerId);
  const newestFirst = (tenders: Tender[]) => tenders.map((t) => t.id).sort((a, b) => b - a);

  /** The server's answer for `filters` equals the shared rule applied to everything the carrier may see. */
  async function expectSameAsRule(filters: TenderListFilters) {
    const query = new URLSearchParams(filters as Record<string, string>).toString();
    const res = await listGet(`${apiPaths.tenders.all}?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    const expected = newestFirst(visibleTo(carrier.user.id).filter((t) => matchesTenderListFilters(t, filters)));
    const got = res.json<Tender[]>().map((t) => t.id);
    expect(got, query).toEqual(expected);
    expect(Number(res.headers['x-total-count']), query).toBe(expected.length);
    return res.json<Tender[]>().map((t) => t.name);
  }

  it('lists every visible tender newest first, with its lowest bid and the total', async () => {
    const res = await listGet(apiPaths.tenders.all);
    expect(res.statusCode).toBe(200);
    const tenders = res.json<Tender[]>();
    expect(tenders.map((t) => t.id)).toEqual(newestFirst(visibleTo(carrier.user.id)));
    expect(res.headers['x-total-count']).toBe(String(tenders.length));
    expect(res.headers['x-next-cursor']).toBeUndefined();
    expect(tenders.find((t) => t.id === withBid.id)).toMatchObject({ current_min_bid: 950.5, bid_count: 2 });
    expect(tenders.filter((t) => t.id !== withBid.id).every((t) => t.current_min_bid === null)).toBe(true);
    expect(
      tenders
        .filter((t) => t.is_owner)
        .map((t) => t.name)
        .sort(),
    ).toEqual(['Carrier draft', 'Carrier own']);
  });

  it('filters by mode: the cargo type contains Truck, Aviation, Maritime or Local (any case)', async () => {
    expect(await expectSameAsRule({ type: 'truck' })).toEqual(
      expect.arrayContaining([
        'Paxta tolasi',
        'Sement M400',
        'Quritilgan meva',
        'Avtomobil ehtiyot qismlari',
        'Chegirma 50%_off',
        'Awarded rice',
      ]),
    );
    expect((await expectSameAsRule({ type: 'plane' })).sort()).toEqual([
      'Dori-darmon',
      'Mis katodlari',
      'Москва товары',
    ]);
    expect((await expectSameAsRule({ type: 'ship' })).sort()).toEqual(['Carrier own', 'Mebel', 'Quritilgan meva']);
    expect((await expectSameAsRule({ type: 'labo' })).sort()).toEqual(['Baliq', 'Ipak gilamlar', 'Non mahsulotlari']);
  });

  it('filters by status; drafts only ever show their owner', async () => {
    expect(await expectSameAsRule({ status: 'opened' })).not.toContain('Shipper draft');
    expect((await expectSameAsRule({ status: 'closed' })).sort()).toEqual(['Quritilgan meva', 'Sement M400']);
    expect(await expectSameAsRule({ status: 'awarded' })).toEqual(['Awarded rice']);
    expect(await expectSameAsRule({ status: 'draft' })).toEqual(['Carrier draft']);
  });

  it('filters by origin city in any spelling; Boshqa is none of the five cities', async () => {
    expect((await expectSameAsRule({ location: 'Tashkent' })).sort()).toEqual([
      'Carrier draft',
      'Paxta tolasi',
      'Sement M400',
      'Москва товары',
    ]);
    expect((await expectSameAsRule({ location: 'Toshkent' })).sort()).toEqual([
      'Carrier draft',
      'Paxta tolasi',
      'Sement M400',
      'Москва товары',
    ]);
    expect((await expectSameAsRule({ location: 'Samarqand' })).sort()).toEqual(['Dori-darmon', 'Mis katodlari']);
    expect((await expectSameAsRule({ location: 'Namangan' })).sort()).toEqual(['Awarded rice', 'Mebel']);
    expect((await expectSameAsRule({ location: 'Buxoro' })).sort()).toEqual(['Carrier own', 'Quritilgan meva']);
    expect((await expectSameAsRule({ location: 'Andijon' })).sort()).toEqual(['Chegirma 50%_off', 'Non mahsulotlari']);
    expect((await expectSameAsRule({ location: 'Boshqa' })).sort()).toEqual([
      'Avtomobil ehtiyot qismlari',
      'Baliq',
      'Ipak gilamlar',
      'Qurilish materiallari',
    ]);
    expect((await expectSameAsRule({ location: "Farg'ona" })).sort()).toEqual([
      'Avtomobil ehtiyot qismlari',
      'Ipak gilamlar',
    ]);
  });

  it("filters by the tender list's price bands at their edges", async () => {
    const arzon = await expectSameAsRule({ price: 'Arzon' });
    expect(arzon).toContain('Paxta tolasi'); // 999.99
    expect(arzon).not.toContain('Sement M400'); // 1000
    const ortacha = await expectSameAsRule({ price: "O'rtacha" });
    expect(ortacha).toEqual(expect.arrayContaining(['Sement M400', 'Mis katodlari', 'Mebel', 'Quritilgan meva'])); // 1000, 5000, 1000.01, 4999.99
    expect(ortacha).not.toContain('Dori-darmon'); // 5000.01
    const qimmat = await expectSameAsRule({ price: 'Qimmat' });
    expect(qimmat).toContain('Dori-darmon');
    expect(qimmat).not.toContain('Mis katodlari');
  });

  it('filters by delivery speed: Tez ≤ 3 days, Odatdagi 4–7, Sekin ≥ 8', async () => {
    const tez = await expectSameAsRule({ delivery: 'Tez' });
    expect(tez).toEqual(expect.arrayContaining(['Paxta tolasi', 'Mebel', 'Non mahsulotlari'])); // 3, 0, 1
    expect(tez).not.toContain('Sement M400'); // 4
    const odatdagi = await expectSameAsRule({ delivery: 'Odatdagi' });
    expect(odatdagi).toEqual(expect.arrayContaining(['Sement M400', 'Mis katodlari'])); // 4, 7
    const sekin = await expectSameAsRule({ delivery: 'Sekin' });
    expect(sekin).toEqual(expect.arrayContaining(['Dori-darmon', 'Quritilgan meva'])); // 8, 12
    expect(sekin).not.toContain('Mis katodlari');
  });

  it('searches name, cargo type, origin and destination, in any letter case', async () => {
    expect(await expectSameAsRule({ q: 'KATOD' })).toEqual(['Mis katodlari']); // name
    expect(await expectSameAsRule({ q: 'refrigerated' })).toEqual(['Avtomobil ehtiyot qismlari']); // cargo type
    expect(await expectSameAsRule({ q: 'nukus' })).toEqual(['Baliq']); // origin
    expect(await expectSameAsRule({ q: 'FrankFurt' })).toEqual(['Dori-darmon']); // destination
    // a city is found under each of its spellings and scripts
    const moscow = ['Awarded rice', 'Paxta tolasi', 'Москва товары'];
    expect((await expectSameAsRule({ q: 'МОСКВА' })).sort()).toEqual(moscow);
    expect((await expectSameAsRule({ q: 'moskva' })).sort()).toEqual(moscow);
    expect((await expectSameAsRule({ q: 'Moscow' })).sort()).toEqual(moscow);
    expect(await expectSameAsRule({ q: 'os' })).toContain('Chegirma 50%_off'); // two letters: Osh
    expect(await expectSameAsRule({ q: '50%_' })).toEqual(['Chegirma 50%_off']);
    expect(await expectSameAsRule({ q: '%' })).toEqual(['Chegirma 50%_off']);
    expect(await expectSameAsRule({ q: 'zzzz' })).toEqual([]);
    // Search syntax is taken literally
    expect(await expectSameAsRule({ q: 'a" OR "b' })).toEqual([]);
    expect(await expectSameAsRule({ q: 'NEAR(x y)' })).toEqual([]);
  });

  it("filters by the spec's name, id, tender_start_date and initial_price", async () => {
    expect(await expectSameAsRule({ name: 'meva' })).toEqual(['Quritilgan meva']);
    expect(await expectSameAsRule({ name: 'Moskva' })).toEqual([]); // a destination, not a name
    expect(await expectSameAsRule({ name: 'ba' })).toEqual(['Baliq']);
    const byId = await listGet(`${apiPaths.tenders.all}?id=${withBid.id}`);
    expect(byId.json<Tender[]>().map((t) => t.name)).toEqual(['Paxta tolasi']);
    const draftId = all.find((t) => t.name === 'Shipper draft')!.id;
    expect((await listGet(`${apiPaths.tenders.all}?id=${draftId}`)).json()).toEqual([]);
    const byStart = await listGet('/api/tenders/all?tender_start_date=2026-12-24');
    expect(byStart.json<Tender[]>().map((t) => t.name)).toEqual(['Awarded rice']);
    const byPrice = await listGet('/api/tenders/all?initial_price=5000.01');
    expect(byPrice.json<Tender[]>().map((t) => t.name)).toEqual(['Dori-darmon']);
    expect((await listGet('/api/tenders/all?initial_price=999.990')).json<Tender[]>().map((t) => t.name)).toEqual([
      'Paxta tolasi',
    ]);
  });

  it('combines filters', async () => {
    await expectSameAsRule({ type: 'truck', status: 'opened' });
    await expectSameAsRule({ type: 'truck', status: 'opened', q: 'paxta' });
    await expectSameAsRule({ type: 'plane', price: 'Qimmat', delivery: 'Tez' });
    await expectSameAsRule({ location: 'Boshqa', type: 'labo', delivery: 'Odatdagi' });
    await expectSameAsRule({ location: 'Tashkent', status: 'draft', type: 'truck', name: 'draft' });
    expect(
      await expectSameAsRule({ type: 'ship', location: 'Namangan', price: "O'rtacha", delivery: 'Tez', q: 'istanbul' }),
    ).toEqual(['Mebel']);
  });

  it('treats empty parameters as no filter', async () => {
    const res = await listGet('/api/tenders/all?type=&status=&location=&price=&delivery=&q=&name=');
    expect(res.json<Tender[]>()).toHaveLength(visibleTo(carrier.user.id).length);
  });

  it.each([
    'type=boat',
    'status=lost',
    'location=Atlantis',
    'price=cheap',
    'delivery=fast',
    'limit=0',
    'limit=501',
    'limit=abc',
    'offset=-1',
    'id=abc',
    'id=0',
    'tender_start_date=2026-02-30',
    'initial_price=abc',
    'cursor=***',
    'cursor=eyJpZCI6MH0',
    `cursor=${encodeTenderCursor(5)}&offset=2`,
    'q=a%00b',
    'q=moskva%0Amis',
    `q=${'x'.repeat(201)}`,
    'type=truck&type=ship',
  ])('refuses %s with 400', async (query) => {
    const res = await listGet(`${apiPaths.tenders.all}?${query}`);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json<ApiErrorBody>().code).toBe('VALIDATION_FAILED');
  });

  it('pages with a cursor: every tender once, newest first, the same total on every page', async () => {
    const expected = newestFirst(visibleTo(carrier.user.id));
    const seen: number[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const res = await listGet(`${apiPaths.tenders.all}?limit=4${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-total-count']).toBe(String(expected.length));
      const page = res.json<Tender[]>();
      expect(page.length).toBeLessThanOrEqual(4);
      seen.push(...page.map((t) => t.id));
      cursor = res.headers['x-next-cursor'] as string | undefined;
      if (cursor) expect(decodeTenderCursor(cursor)).toBe(page.at(-1)!.id);
      pages += 1;
    } while (cursor);
    expect(seen).toEqual(expected);
    expect(pages).toBe(Math.ceil(expected.length / 4));
  });

  it('pages with a cursor inside a filter, and with offset', async () => {
    const expected = newestFirst(
      visibleTo(carrier.user.id).filter((t) => matchesTenderListFilters(t, { type: 'truck' })),
    );
    const first = await listGet('/api/tenders/all?type=truck&limit=2');
    expect(first.headers['x-total-count']).toBe(String(expected.length));
    const second = await listGet(
      `${apiPaths.tenders.all}?type=truck&limit=2&cursor=${String(first.headers['x-next-cursor'])}`,
    );
    expect([...first.json<Tender[]>(), ...second.json<Tender[]>()].map((t) => t.id)).toEqual(expected.slice(0, 4));

    const byOffset = await listGet('/api/tenders/all?type=truck&limit=2&offset=2');
    expect(byOffset.json<Tender[]>().map((t) => t.id)).toEqual(expected.slice(2, 4));
    expect(byOffset.headers['x-total-count']).toBe(String(expected.length));
    const beyond = await listGet('/api/tenders/all?type=truck&offset=1000');
    expect(beyond.json()).toEqual([]);
    expect(beyond.headers['x-total-count']).toBe(String(expected.length));
  });

  it('GET /me lists only my tenders, drafts included', async () => {
    const mine = await list(listApp, apiPaths.tenders.mine, shipper.accessToken);
    const expected = newestFirst(all.filter((t) => t.owner_id === shipper.user.id));
    expect(mine.tenders.map((t) => t.id)).toEqual(expected);
    expect(mine.total).toBe(expected.length);
    expect(mine.tenders.map((t) => t.name)).toContain('Shipper draft');
    expect(mine.tenders.every((t) => t.is_owner)).toBe(true);

    const carriers = await list(listApp, apiPaths.tenders.mine, carrier.accessToken);
    expect(carriers.tenders.map((t) => t.name).sort()).toEqual(['Carrier draft', 'Carrier own']);
    const filtered = await list(listApp, '/api/tenders/me?status=draft', shipper.accessToken);
    expect(filtered.tenders.map((t) => t.name)).toEqual(['Shipper draft']);
  });

  it("hides other users' drafts in /all, /me and /{id}", async () => {
    const shipperDraft = all.find((t) => t.name === 'Shipper draft')!;
    const carrierSees = (await list(listApp, '/api/tenders/all?limit=500', carrier.accessToken)).tenders.map(
      (t) => t.id,
    );
    expect(carrierSees).not.toContain(shipperDraft.id);
    expect((await list(listApp, '/api/tenders/all?status=draft&q=shipper', carrier.accessToken)).tenders).toEqual([]);
    expect((await list(listApp, apiPaths.tenders.mine, carrier.accessToken)).tenders.map((t) => t.id)).not.toContain(
      shipperDraft.id,
    );
    expect((await listGet(pathTo(apiPaths.tenders.one, { id: shipperDraft.id }))).statusCode).toBe(404);

    const shipperSees = (await list(listApp, apiPaths.tenders.all, shipper.accessToken)).tenders.map((t) => t.name);
    expect(shipperSees).toContain('Shipper draft');
    expect(shipperSees).not.toContain('Carrier draft');
  });

  it('reads the same pages whichever way the database is walked (dense, sparse, search)', async () => {
    // a viewer's drafts in a price band and in a delivery band: each holds that viewer's own draft alone
    const carrierDraftsCheap: TenderListFilter = { viewerId: carrier.user.id, status: 'draft', price: 'Arzon' };
    const shipperDraftsFastTrucks: TenderListFilter = {
      viewerId: shipper.user.id,
      status: 'draft',
      delivery: 'Tez',
      mode: 'truck',
    };
    const filters: TenderListFilter[] = [
      { viewerId: carrier.user.id },
      { viewerId: carrier.user.id, mode: 'truck' },
      { viewerId: carrier.user.id, status: 'opened', mode: 'truck' },
      { viewerId: carrier.user.id, status: 'draft' },
      carrierDraftsCheap,
      shipperDraftsFastTrucks,
      { viewerId: carrier.user.id, location: 'other', price: 'Arzon' },
      { viewerId: carrier.user.id, delivery: 'Sekin' },
      { viewerId: carrier.user.id, initialPriceCents: 100_000 },
      { viewerId: shipper.user.id, ownerId: shipper.user.id },
      { viewerId: carrier.user.id, q: 'moskva' },
      { viewerId: carrier.user.id, q: 'os', mode: 'truck' },
      { viewerId: carrier.user.id, name: 'meva' },
      { viewerId: carrier.user.id, q: 'moskva', name: 'paxta' },
      { viewerId: carrier.user.id, q: 'tashkent', status: 'draft' },
      { viewerId: shipper.user.id, ownerId: shipper.user.id, q: 'truck' },
    ];
    const pages: TenderPage[] = [
      { limit: 500 },
      { limit: 3 },
      { limit: 3, offset: 2 },
      { limit: 2, afterId: all[8]!.id },
    ];
    for (const filter of filters) {
      const total = await countTenders(listDb.db, filter);
      for (const page of pages) {
        const label = JSON.stringify({ filter, page });
        // The count decides the plan: 0 → sparse, DENSE_MATCHES → dense (on SQLite search filters always search).
        const sparse = await listTenders(listDb.db, filter, page, 0);
        const dense = await listTenders(listDb.db, filter, page, DENSE_MATCHES);
        expect(
          dense.map((t) => t.id),
          label,
        ).toEqual(sparse.map((t) => t.id));
        const all500 = await listTenders(listDb.db, filter, { limit: 500 }, total);
        expect(all500.length, label).toBe(total);
        const from = page.afterId === undefined ? (page.offset ?? 0) : all500.findIndex((t) => t.id < page.afterId!);
        const expected = from < 0 ? [] : all500.slice(from, from + page.limit).map((t) => t.id);
        expect(
          sparse.map((t) => t.id),
          label,
        ).toEqual(expected);
      }
    }
    // the viewer's drafts in a band are their own only: the carrier's draft at 900, the shipper's of 3 days
    for (const [filter, name] of [
      [carrierDraftsCheap, 'Carrier draft'],
      [shipperDraftsFastTrucks, 'Shipper draft'],
    ] as const) {
      const drafts = await listTenders(listDb.db, filter, { limit: 500 }, 0);
      expect(drafts.map((t) => t.name)).toEqual([name]);
      expect(await countTenders(listDb.db, filter)).toBe(1);
    }
    expect(chooseListPlan('sqlite', { viewerId: 1 }, DENSE_MATCHES)).toBe('dense');
    expect(chooseListPlan('sqlite', { viewerId: 1 }, DENSE_MATCHES - 1)).toBe('sparse');
    expect(chooseListPlan('sqlite', { viewerId: 1, q: 'x' }, 0)).toBe('search');
    expect(chooseListPlan('postgres', { viewerId: 1 }, 5)).toBe('natural');
    expect(chooseListPlan('postgres', { viewerId: 1 }, Number.POSITIVE_INFINITY)).toBe('natural');
    expect(chooseListPlan('postgres', { viewerId: 1, q: 'x' }, Number.POSITIVE_INFINITY)).toBe('dense');
    expect(chooseListPlan('postgres', { viewerId: 1, name: 'x' }, DENSE_MATCHES - 1)).toBe('sparse');
  });

  it("counts the viewer's own drafts from the drafts' own index, not from every draft of the market", async () => {
    const filter: TenderListFilter = { viewerId: shipper.user.id, status: 'draft' };
    const plan = await planOnLargeTable(listDb.db, (trx) => countRowsQuery(trx, engine, filter));
    expect(plan).toContain('tenders_owner_drafts_idx');
  });

  it("counts and pages the viewer's drafts in a price or delivery band from the drafts' own index", async () => {
    // the filter index holds status, both bands and the owner: SQLite took it, covering, and read every draft
    for (const band of [{ price: 'Qimmat' }, { delivery: 'Tez' }] as const) {
      const filter: TenderListFilter = { viewerId: shipper.user.id, status: 'draft', ...band };
      for (const plan of [
        await planOnLargeTable(listDb.db, (trx) => countRowsQuery(trx, engine, filter)),
        await planOnLargeTable(listDb.db, (trx) => listTendersQuery(trx, filter, { limit: 51 }, 0)),
      ]) {
        expect(plan, JSON.stringify(band)).toContain('tenders_owner_drafts_idx');
        expect(plan, JSON.stringify(band)).not.toContain('tenders_filter_idx');
      }
    }
  });

  it("counts the suspended owners' share of a total by their owner index, not by a filter index of the market", async () => {
    // their tenders are taken off a total of tender_counts; at a million on SQLite the status's filter index read
    // every tender of the status to count theirs
    for (const narrowed of [{ status: 'opened' }, { status: 'opened', mode: 'truck' }, { price: 'Arzon' }] as const) {
      const filter: TenderListFilter = {
        viewerId: carrier.user.id,
        onlyOwnerIds: [shipper.user.id, other.user.id],
        ...narrowed,
      };
      const plan = await planOnLargeTable(listDb.db, (trx) => countRowsQuery(trx, engine, filter));
      expect(plan, JSON.stringify(narrowed)).toMatch(/tenders_owner(_created)?_idx/);
      expect(plan, JSON.stringify(narrowed)).not.toMatch(/tenders_filter_idx|tenders_status/);
    }
  });

  it('reads a page at one initial price from the price and id index, newest first, nothing sorted', async () => {
    const filter: TenderListFilter = { viewerId: carrier.user.id, initialPriceCents: 150_000 };
    // past the capped count: a walk newest first
    const plan = await planOnLargeTable(listDb.db, (trx) =>
      listTendersQuery(trx, filter, { limit: 51 }, Number.POSITIVE_INFINITY),
    );
    expect(plan).toContain('tenders_initial_price_page_idx');
    expect(plan).not.toMatch(/Sort|TEMP B-TREE/);
  });

  it.runIf(engine === 'postgres')(
    'reads a text many tenders hold newest first from the narrow copy, and one few hold from the trigram index (PostgreSQL)',
    async () => {
      // as listTenders reads them: a dense page on the walking pool; the table here is small enough to read
      // whole, so a sparse one is read with sequential scans off, as it would be planned on a large one
      const planOf = async (filter: TenderListFilter, matching: number) => {
        if (chooseListPlan('postgres', filter, matching) === 'dense') {
          const walker = walkingReader(listDb.db)!;
          return JSON.stringify(await listTendersQuery(walker, filter, { limit: 51 }, matching).explain('json'));
        }
        return listDb.db.transaction().execute(async (trx) => {
          await sql`set local enable_seqscan = off`.execute(trx);
          return JSON.stringify(await listTendersQuery(trx, filter, { limit: 51 }, matching).explain('json'));
        });
      };
      // a name is looked for in the names' own trigram index, not among every text that holds its letters; both
      // are read from the ranges of tender_search (a range's index is named after it: tender_search_0_…)
      for (const [filter, index] of [
        [{ viewerId: carrier.user.id, q: 'moskva' }, 'search_text_idx'],
        [{ viewerId: carrier.user.id, name: 'meva', mode: 'truck' as const }, 'split_part_idx'],
        [
          { viewerId: carrier.user.id, q: 'moskva', status: 'opened' as const, location: 'samarqand' as const },
          'search_text_idx',
        ],
      ] as const) {
        const label = JSON.stringify(filter);
        // many match: the ranges' primary keys walked newest first, no trigram index, nothing sorted
        const dense = await planOf(filter, Number.POSITIVE_INFINITY);
        expect(dense, label).toContain('tender_search_0_pkey');
        expect(dense, label).not.toContain('_idx');
        expect(dense, label).not.toContain('"Node Type":"Sort"');
        expect(dense, label).toContain('"Scan Direction":"Backward"');
        const sparse = await planOf(filter, 3);
        expect(sparse, label).toContain(`tender_search_0_${index}`);
        expect(sparse, label).not.toContain(index === 'split_part_idx' ? 'search_text_idx' : 'split_part_idx');
      }
      // the owner's own list with a text walks the owner's tenders newest first, not the whole market's copy
      const mine = await planOf(
        { viewerId: shipper.user.id, ownerId: shipper.user.id, q: 'truck' },
        Number.POSITIVE_INFINITY,
      );
      expect(mine).toContain('tenders_owner_idx');
      expect(mine).not.toContain('tender_search');
      const drafts = await planOf({ viewerId: shipper.user.id, status: 'draft', q: 'truck' }, Number.POSITIVE_INFINITY);
      expect(drafts).toContain('tenders_owner_drafts_idx');
      expect(drafts).not.toContain('tender_search');
    },
  );

  it.runIf(engine === 'postgres')(
    'plans a dense text page of the market once per connection, and reads the same page (PostgreSQL)',
    async () => {
      // one connection, so that its prepared statements are the ones read back
      const single = openDatabase({
        url: testDatabaseUrl!,
        dataDir: '.',
        ...(listDb.schema ? { schema: listDb.schema } : {}),
        poolSize: 1,
      });
      try {
        const filter: TenderListFilter = { viewerId: carrier.user.id, q: 'moskva', mode: 'truck' };
        const page: TenderPage = { limit: 3 };
        const sparse = await listTenders(single.db, filter, page, 0);
        const runs = [];
        for (let i = 0; i < 3; i += 1) runs.push(await listTenders(single.db, filter, page, DENSE_MATCHES));
        for (const run of runs) expect(run.map((t) => t.id)).toEqual(sparse.map((t) => t.id));
        expect(sparse.length).toBeGreaterThan(0);
        const { sql: text } = listTendersQuery(single.db, filter, page, DENSE_MATCHES).compile();
        expect(preparedNameOf(text)).toBeDefined();
        // read on the walking pool's one connection, where the dense pages ran
        const walker = walkingReader(single.db)!;
        const kept = await sql<{ generic_plans: string; custom_plans: string }>`
          select generic_plans, custom_plans from pg_prepared_statements where name = ${preparedNameOf(text)}`.execute(
          walker,
        );
        // planned once for any text, that plan run three times; never planned for one text
        expect(kept.rows.map((row) => [Number(row.generic_plans), Number(row.custom_plans)])).toEqual([[3, 0]]);
        // the switches are the walking pool's alone: the pool's connections plan as the planner chooses
        const settings = (on: typeof walker) =>
          sql<{ plan_cache_mode: string; enable_sort: string; enable_seqscan: string; enable_bitmapscan: string }>`
            select current_setting('plan_cache_mode') as plan_cache_mode, current_setting('enable_sort') as enable_sort,
              current_setting('enable_seqscan') as enable_seqscan,
              current_setting('enable_bitmapscan') as enable_bitmapscan`.execute(on);
        expect((await settings(walker)).rows[0]).toEqual({
          plan_cache_mode: 'force_generic_plan',
          enable_sort: 'off',
          enable_seqscan: 'off',
          enable_bitmapscan: 'off',
        });
        expect((await settings(single.db)).rows[0]).toEqual({
          plan_cache_mode: 'auto',
          enable_sort: 'on',
          enable_seqscan: 'on',
          enable_bitmapscan: 'on',
        });
        // in a transaction (no walking pool there) the page is read as the planner chooses, and is the same page
        const inTransaction = await single.db
          .transaction()
          .execute((trx) => listTenders(trx, filter, page, DENSE_MATCHES));
        expect(inTransaction.map((t) => t.id)).toEqual(sparse.map((t) => t.id));
      } finally {
        await single.close();
      }
    },
  );

  it('keeps at most KEPT_SHAPES list texts prepared: a new filter combination past them runs unnamed', () => {
    const texts = Array.from({ length: KEPT_SHAPES + 10 }, (_, i) => `select ${i} as shape_of_a_test`);
    for (const text of texts) keepShapePreparedOnPostgres(text);
    const named = texts.filter((text) => preparedNameOf(text) !== undefined);
    expect(named.length).toBeGreaterThan(0);
    expect(named.length).toBeLessThanOrEqual(KEPT_SHAPES);
    // the texts kept are the first ones asked; asking again names no later one
    expect(texts.slice(0, named.length)).toEqual(named);
    keepShapePreparedOnPostgres(texts.at(-1)!);
    expect(preparedNameOf(texts.at(-1)!)).toBeUndefined();
  });

  it('needs a token for every list (401)', async () => {
    for (const url of [apiPaths.tenders.all, apiPaths.tenders.mine, '/api/tenders/all?type=truck']) {
      const res = await api(listApp, { method: 'GET', url });
      expect(res.statusCode, url).toBe(401);
      expect(res.json<ApiErrorBody>().code).toBe('NOT_AUTHENTICATED');
    }
  });
});

describe('GET /api/tenders/all: the 500-row default', async () => {
  const { app: bigApp, database: bigDb } = await buildTestApp({ deadlineTickMs: 0 });
  const bulkOwner = await createUser(bigApp);
  const createdAt = new Date().toISOString();
  const rows = Array.from({ length: 510 }, (_, i) =>
    tenderRow(
      bulkOwner.user.id,
      createTenderInput.parse(buildTenderInput({ name: `Bulk ${i}`, initial_price: 500 + i })),
      createdAt,
    ),
  );
  await bigDb.db.transaction().execute(async (trx) => {
    for (let i = 0; i < rows.length; i += 100) await insertTenders(trx, rows.slice(i, i + 100));
  });

  it('answers at most 500 rows without paging parameters, with the total and a cursor', async () => {
    const res = await api(bigApp, { method: 'GET', url: apiPaths.tenders.all, token: bulkOwner.accessToken });
    expect(res.json<Tender[]>()).toHaveLength(500);
    expect(res.headers['x-total-count']).toBe('510');
    const rest = await api(bigApp, {
      method: 'GET',
      url: `${apiPaths.tenders.all}?cursor=${String(res.headers['x-next-cursor'])}`,
      token: bulkOwner.accessToken,
    });
    expect(rest.json<Tender[]>().map((t) => t.name)).toEqual([
      'Bulk 9',
      'Bulk 8',
      'Bulk 7',
      'Bulk 6',
      'Bulk 5',
      'Bulk 4',
      'Bulk 3',
      'Bulk 2',
      'Bulk 1',
      'Bulk 0',
    ]);
    expect(rest.headers['x-next-cursor']).toBeUndefined();
    const mine = await api(bigApp, { method: 'GET', url: '/api/tenders/me?limit=500', token: bulkOwner.accessToken });
    expect(mine.json<Tender[]>()).toHaveLength(500);
    expect(mine.headers['x-total-count']).toBe('510');
  });

  it('finds bulk-inserted tenders by search (the search index follows every insert)', async () => {
    const res = await api(bigApp, { method: 'GET', url: '/api/tenders/all?q=bulk 50', token: bulkOwner.accessToken });
    expect(
      res
        .json<Tender[]>()
        .map((t) => t.name)
        .sort(),
    ).toEqual(['Bulk 50', ...Array.from({ length: 10 }, (_, i) => `Bulk 50${i}`)].sort());
  });
});

describe('GET /api/tenders/all: a total past TENDER_TOTAL_CAP', async () => {
  const { app: capApp, database: capDb } = await buildTestApp({ deadlineTickMs: 0 });
  const capOwner = await createUser(capApp);
  const viewer = await createUser(capApp);
  const createdAt = new Date().toISOString();
  // the factory's start date: every one of them starts that day
  const startDate = buildTenderInput().tender_start_date;
  const matches = TENDER_TOTAL_CAP + 3;
  // all of them match q=kapsula, the start date and the price; exactly TENDER_TOTAL_CAP match q=aniq
  const rows = Array.from({ length: matches }, (_, i) =>
    tenderRow(
      capOwner.user.id,
      createTenderInput.parse(
        buildTenderInput({
          name: i < TENDER_TOTAL_CAP ? `Kapsula aniq ${i}` : `Kapsula ${i}`,
          initial_price: 777,
        }),
      ),
      createdAt,
    ),
  );
  await capDb.db.transaction().execute(async (trx) => {
    for (let i = 0; i < rows.length; i += 100) await insertTenders(trx, rows.slice(i, i + 100));
  });
  const listed = (url: string, token = viewer.accessToken) => api(capApp, { method: 'GET', url, token });

  it.each(['q=kapsula', 'name=kapsula', `tender_start_date=${startDate}`, 'initial_price=777'])(
    'counts %s up to the cap, says so, and still pages to the last match',
    async (query) => {
      const seen: number[] = [];
      let cursor: string | undefined;
      do {
        const res = await listed(`${apiPaths.tenders.all}?${query}&limit=500${cursor ? `&cursor=${cursor}` : ''}`);
        expect(res.statusCode, res.body).toBe(200);
        expect(res.headers[TOTAL_COUNT_HEADER.toLowerCase()]).toBe(String(TENDER_TOTAL_CAP));
        expect(res.headers[TOTAL_CAPPED_HEADER.toLowerCase()]).toBe('true');
        seen.push(...res.json<Tender[]>().map((t) => t.id));
        cursor = res.headers['x-next-cursor'] as string | undefined;
      } while (cursor);
      expect(seen).toHaveLength(matches);
      expect(new Set(seen).size).toBe(matches);
      expect(seen).toEqual([...seen].sort((a, b) => b - a));
    },
  );

  it('counts exactly when the matches are at the cap, and always where the total is kept or the rows are mine', async () => {
    const atCap = await listed(`${apiPaths.tenders.all}?q=aniq&limit=1`);
    expect(atCap.headers[TOTAL_COUNT_HEADER.toLowerCase()]).toBe(String(TENDER_TOTAL_CAP));
    expect(atCap.headers[TOTAL_CAPPED_HEADER.toLowerCase()]).toBeUndefined();
    // the unfiltered list and its filter values are summed from the kept totals: exact at any size
    const all = await listed(`${apiPaths.tenders.all}?limit=1`);
    expect(all.headers[TOTAL_COUNT_HEADER.toLowerCase()]).toBe(String(matches));
    expect(all.headers[TOTAL_CAPPED_HEADER.toLowerCase()]).toBeUndefined();
    // My Orders grows with its owner alone: counted in full
    const mine = await listed(`${apiPaths.tenders.mine}?q=kapsula&limit=1`, capOwner.accessToken);
    expect(mine.headers[TOTAL_COUNT_HEADER.toLowerCase()]).toBe(String(matches));
    expect(mine.headers[TOTAL_CAPPED_HEADER.toLowerCase()]).toBeUndefined();
  });

  it('exports every match as CSV past the cap', async () => {
    const res = await listed(`${apiPaths.tenders.all}?q=kapsula&format=csv`);
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    // a header row, then one row a tender
    expect(res.body.trim().split(/\r?\n/)).toHaveLength(matches + 1);
  });
});

describe('demo tenders', async () => {
  const { app: demoApp, database: demoDb } = await buildTestApp({ deadlineTickMs: 0 });
  const shipper = await createUser(demoApp);
  const now = new Date('2026-11-21T10:00:00Z');
  const seeded = await seedDemoTenders(demoDb.db, shipper.user.id, 300, now);
  const total = async (query: string) => {
    const res = await api(demoApp, {
      method: 'GET',
      url: `${apiPaths.tenders.all}?limit=1&${query}`,
      token: shipper.accessToken,
    });
    expect(res.statusCode, res.body).toBe(200);
    return Number(res.headers['x-total-count']);
  };

  it('seeds a few hundred tenders of the demo shipper', async () => {
    expect(seeded).toBe(300);
    expect(await total('')).toBe(300);
    const mine = await api(demoApp, { method: 'GET', url: '/api/tenders/me?limit=5', token: shipper.accessToken });
    expect(mine.headers['x-total-count']).toBe('300');
  });

  it('covers every mode, status, city of the filters, price band and delivery speed', async () => {
    for (const query of [
      'type=truck',
      'type=plane',
      'type=ship',
      'type=labo',
      'status=opened',
      'status=closed',
      'status=awarded',
      'status=draft',
      ...['Tashkent', 'Samarqand', 'Namangan', 'Buxoro', 'Andijon', 'Boshqa', "Farg'ona"].map(
        (city) => `location=${encodeURIComponent(city)}`,
      ),
      ...['Arzon', "O'rtacha", 'Qimmat'].map((band) => `price=${encodeURIComponent(band)}`),
      'delivery=Tez',
      'delivery=Odatdagi',
      'delivery=Sekin',
    ]) {
      expect(await total(query), query).toBeGreaterThan(0);
    }
    expect(await total('status=draft')).toBeLessThan(10);
  });

  it('keeps opened tenders open past today, and is the same on every run', async () => {
    const rows = await demoDb.db
      .selectFrom('tenders')
      .select(['status', 'tender_end_date', 'tender_start_date', 'created_at'])
      .execute();
    for (const row of rows) {
      if (row.status === 'opened') expect(row.tender_end_date > '2026-11-21').toBe(true);
      expect(row.created_at <= now.toISOString()).toBe(true);
    }
    const again = await buildTestApp({ deadlineTickMs: 0 });
    const user = await createUser(again.app);
    await seedDemoTenders(again.database.db, user.user.id, 300, now);
    const names = async (db: typeof demoDb.db) =>
      (
        await db
          .selectFrom('tenders')
          .select(['name', 'initial_price_cents', 'origin_location'])
          .orderBy('id')
          .execute()
      ).map((r) => JSON.stringify(r));
    expect(await names(again.database.db)).toEqual(await names(demoDb.db));
  });
});

describe('list totals kept in tender_counts', async () => {
  const { app: countApp, database: countDb } = await buildTestApp({ deadlineTickMs: 0 });
  const alice = await createUser(countApp);
  const bob = await createUser(countApp);
  const { db } = countDb;
  const cities = ['Tashkent', 'Samarqand', 'Namangan', 'Buxoro', 'Andijon', "Farg'ona", 'Nukus', 'Almaty'];
  const cargo = ['Truck', 'Aviation', 'Maritime', 'Local', 'Truck + Maritime', 'General'];
  const prices = [10, 999.99, 1000, 3000, 5000, 5000.01, 9000];
  const statuses = ['opened', 'closed', 'draft'] as const;

  const filters: TenderListFilter[] = [];
  for (const viewerId of [alice.user.id, bob.user.id]) {
    filters.push({ viewerId });
    for (const status of ['opened', 'closed', 'awarded'] as const) filters.push({ viewerId, status });
    for (const mode of ['truck', 'plane', 'ship', 'labo'] as const)
      filters.push({ viewerId, mode }, { viewerId, mode, status: 'opened' });
    for (const location of ['tashkent', 'namangan', 'fargona', 'other'] as const) filters.push({ viewerId, location });
    for (const price of ['Arzon', "O'rtacha", 'Qimmat'] as const) filters.push({ viewerId, price });
    for (const delivery of ['Tez', 'Odatdagi', 'Sekin'] as const) filters.push({ viewerId, delivery, mode: 'truck' });
    filters.push({ viewerId, mode: 'ship', location: 'other', price: 'Qimmat', delivery: 'Sekin', status: 'closed' });
  }

  /** A tender of alice's with its id chosen (to place it in a range of tender_search). */
  const rowWithId = (id: number, name: string) => ({
    ...tenderRow(alice.user.id, createTenderInput.parse(buildTenderInput({ name })), new Date().toISOString()),
    id,
  });

  /** PostgreSQL: tender_search holds every tender's filter columns as the tenders do (migration 110). */
  async function expectSearchCopyExact() {
    if (engine !== 'postgres') return;
    const columns = [
      'id',
      'status',
      'owner_id',
      'tender_start_date',
      'initial_price_cents',
      'mode_mask',
      'origin_city',
      'delivery_days',
      'search_text',
    ] as const;
    const copy = await db.selectFrom('tender_search').select(columns).orderBy('id').execute();
    const tenders = await db.selectFrom('tenders').select(columns).orderBy('id').execute();
    expect(copy).toEqual(tenders);
    expect(copy.length).toBeGreaterThan(0);
  }

  async function expectCountsExact() {
    await expectSearchCopyExact();
    for (const filter of filters) {
      expect(isCountedFilter(filter)).toBe(true);
      expect(await countTenders(db, filter), JSON.stringify(filter)).toBe(await countTenderRows(db, filter));
    }
  }

  it('match the rows after inserts, status changes, edits and deletes', async () => {
    let i = 0;
    for (const owner of [alice, bob]) {
      for (let k = 0; k < 40; k += 1, i += 1) {
        const input = buildTenderInput({
          cargo_type: cargo[i % cargo.length],
          origin_location: cities[(i * 3) % cities.length],
          initial_price: prices[(i * 5) % prices.length],
          status: statuses[i % statuses.length],
          shipment_date: daysFromToday(5),
          delivery_date: daysFromToday(5 + ((i * 7) % 13)),
        });
        const res = await api(countApp, {
          method: 'POST',
          url: apiPaths.tenders.collection,
          payload: input,
          token: owner.accessToken,
        });
        expect(res.statusCode, res.body).toBe(201);
      }
    }
    await expectCountsExact();

    // What bidding does: close, award, publish; bids themselves leave the totals alone.
    const rows = await db.selectFrom('tenders').select(['id', 'status']).orderBy('id').execute();
    for (const row of rows.filter((r) => r.status === 'opened').slice(0, 10)) {
      await db.updateTable('tenders').set({ status: 'closed' }).where('id', '=', row.id).execute();
    }
    for (const row of rows.filter((r) => r.status === 'closed').slice(0, 5)) {
      await db.updateTable('tenders').set({ status: 'awarded' }).where('id', '=', row.id).execute();
    }
    for (const row of rows.filter((r) => r.status === 'draft').slice(0, 5)) {
      await db.updateTable('tenders').set({ status: 'opened' }).where('id', '=', row.id).execute();
    }
    await db
      .updateTable('tenders')
      .set({ current_min_bid_cents: 500, bid_count: 3 })
      .where('id', '=', rows[0]!.id)
      .execute();
    // Edits of the counted columns move a tender between groups.
    await db
      .updateTable('tenders')
      .set({ initial_price_cents: 700_000, delivery_days: 12, mode_mask: 4, origin_city: '' })
      .where('id', '=', rows[1]!.id)
      .execute();
    // An edited name or place changes the searched text.
    await db.updateTable('tenders').set({ search_text: 'tahrirlangan\ntruck' }).where('id', '=', rows[3]!.id).execute();
    await expectCountsExact();
    const edited = await countTenders(db, { viewerId: alice.user.id, name: 'tahrirlangan' });
    expect(edited).toBe(1);

    await db.deleteFrom('tenders').where('id', '=', rows[2]!.id).execute();
    // Deleting an account deletes its tenders (cascade); their counts go too.
    await db.deleteFrom('users').where('id', '=', bob.user.id).execute();
    await expectCountsExact();
    expect(await countTenders(db, { viewerId: alice.user.id })).toBe(
      await countTenderRows(db, { viewerId: alice.user.id }),
    );
  });

  it.runIf(engine === 'postgres')(
    'keeps the searched copy in ranges of ids, each made before a tender needs it, also when two make it at once',
    async () => {
      const rangeOf = async (k: number) =>
        (await sql<{ name: string | null }>`select to_regclass(${`tender_search_${k}`})::text as name`.execute(db))
          .rows[0]!.name;
      expect(await rangeOf(5)).toBeNull();
      // two transactions write the first tenders of a range not made yet, side by side
      await Promise.all(
        [500_001, 500_002].map((id) =>
          db.transaction().execute(async (trx) => {
            await trx
              .insertInto('tenders')
              .values(rowWithId(id, `Uzoq yuk ${id}`))
              .execute();
          }),
        ),
      );
      expect(await rangeOf(5)).toBe('tender_search_5');
      expect(await rangeOf(6)).toBe('tender_search_6'); // the next one, ahead
      const inRange = await sql<{ n: number }>`select count(*)::int as n from tender_search_5`.execute(db);
      expect(inRange.rows[0]!.n).toBe(2);
      const filter: TenderListFilter = { viewerId: alice.user.id, q: 'uzoq yuk' };
      expect(await countTenders(db, filter)).toBe(2);
      const page = await listTenders(db, filter, { limit: 10 }, 2);
      expect(page.map((t) => t.id)).toEqual([500_002, 500_001]);
      await expectSearchCopyExact();
    },
  );

  it.runIf(engine === 'postgres')(
    'counts a text up to the cap from the first ranges, planned for them alone, and the later ranges only when short of it',
    async () => {
      // three in the first ranges, two far beyond them (ranges 7 and 8 are made for them)
      const ids = [7_001, 7_002, 7_003, FIRST_COUNTED_IDS + 500_001, FIRST_COUNTED_IDS + 600_001];
      await insertTenders(
        db,
        ids.map((id) => rowWithId(id, `Qalampir ${id}`)),
      );
      const filter: TenderListFilter = { viewerId: alice.user.id, q: 'qalampir' };
      expect(await countTendersUpTo(db, filter, 10)).toEqual({ total: 5, more: false });
      expect(await countTendersUpTo(db, filter, 4)).toEqual({ total: 4, more: true });
      // past the cap within the first ranges: the later ones are not read
      expect(await countTendersUpTo(db, filter, 2)).toEqual({ total: 2, more: true });
      expect(await countTendersUpTo(db, { ...filter, q: 'qalampir 7002' }, 10)).toEqual({ total: 1, more: false });
      expect(await countTendersUpTo(db, { ...filter, q: `qalampir ${FIRST_COUNTED_IDS + 600_001}` }, 10)).toEqual({
        total: 1,
        more: false,
      });
      // the first count's plan holds the first two ranges and none made after them
      const plan = JSON.stringify(await countFirstRangesQuery(db, filter, 10).explain('json'));
      const ranges = new Set([...plan.matchAll(/"Relation Name":"(tender_search_\d+)"/g)].map((match) => match[1]));
      expect([...ranges].sort()).toEqual(['tender_search_0', 'tender_search_1']);
      await expectSearchCopyExact();
    },
  );

  it.runIf(engine === 'postgres')(
    'asks whether tenders lie beyond the first ranges of the primary key, never by reading the tenders from the start',
    async () => {
      // a market past the first ranges, its statistics known: asked as "exists a tender at or past the bound",
      // PostgreSQL expects the first row it reads to match and scans the table, whose first pages hold the
      // first ranges' tenders (at a million, 12,213 pages before a match)
      const beyond = Array.from({ length: 2_000 }, (_, i) => rowWithId(FIRST_COUNTED_IDS + i, `Bodring ${i}`));
      for (let start = 0; start < beyond.length; start += 500)
        await insertTenders(db, beyond.slice(start, start + 500));
      await sql`analyze tenders`.execute(db);
      const filter: TenderListFilter = { viewerId: alice.user.id, q: 'bodring' };
      const plan = JSON.stringify(await countFirstRangesQuery(db, filter, 10).explain('json'));
      const tenderScans = [...plan.matchAll(/"Node Type":"([^"]+)"[^{}]*?"Relation Name":"tenders"[^{}]*/g)];
      expect(tenderScans.map((scan) => scan[1])).toEqual(['Index Only Scan']);
      expect(tenderScans[0]![0]).toContain('"Index Name":"tenders_pkey"');
      expect(tenderScans[0]![0]).toContain('"Scan Direction":"Backward"');
      expect(await countTendersUpTo(db, filter, 10)).toEqual({ total: 10, more: true });
    },
  );
});
