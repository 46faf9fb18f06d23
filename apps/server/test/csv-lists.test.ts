import { beforeAll, describe, expect, it } from 'vitest';
import { apiPaths, pathTo, type PlacedBid } from '@yuk/shared';
import { seedDemoTenders } from '../src/modules/tenders/index.js';
import { createShipment, createTender, createUser, createVehicle } from './factories/index.js';
import { api, buildTestApp, readCsvAnswer, type ApiErrorBody, type TestApp } from './helpers.js';

/**
 * My Bids, My vehicles and the shipments list as CSV files, on the engine the suite runs on: the byte-order
 * mark, the header in the reader's language, the list's filters, only the caller's own rows, every row
 * beyond one page, cells safe in a spreadsheet, and the refusals.
 */

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});

function getCsv(url: string, token?: string, headers: Record<string, string> = {}) {
  return api(t.app, { method: 'GET', url, token, headers });
}

/** The rows of a file as objects by their header's names. */
function records(rows: string[][]): Record<string, string>[] {
  const [header = [], ...body] = rows;
  return body.map((cells) => Object.fromEntries(header.map((name, i) => [name, cells[i] ?? ''])));
}

async function setLanguage(userId: number, language: 'uz' | 'en' | 'ru') {
  await t.database.db.updateTable('users').set({ language }).where('id', '=', userId).execute();
}

async function placeBid(token: string, tenderId: number, amount: number, vehicleId?: number): Promise<PlacedBid> {
  const res = await api(t.app, {
    method: 'POST',
    url: pathTo(apiPaths.tenders.bids, { id: tenderId }),
    token,
    payload: { bid_amount: amount, ...(vehicleId ? { vehicle_id: vehicleId } : {}) },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<PlacedBid>();
}

/** The file name a list's CSV is sent under: its stem and today in Tashkent. */
function attachmentOf(stem: string): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tashkent' }).format(new Date());
  return `attachment; filename="${stem}-${today}.csv"`;
}

describe('My Bids as CSV', () => {
  it('one row per bid, newest first, the header in the reader’s language, the time in Tashkent', async () => {
    const owner = await createUser(t.app);
    const carrier = await createUser(t.app);
    const truck = await createVehicle(t.app, carrier.accessToken, { license_plate: '01 B 777 CD' });
    const sement = await createTender(t.app, owner.accessToken, { name: 'Sement', origin_location: 'Toshkent' });
    const paxta = await createTender(t.app, owner.accessToken, { name: 'Paxta', destination_location: 'Buxoro' });
    const first = await placeBid(carrier.accessToken, sement.id, 1400.5, truck.id);
    await placeBid(carrier.accessToken, paxta.id, 1300);
    // a known instant: 20:30 UTC is 01:30 the next day in Tashkent
    await t.database.db
      .updateTable('bids')
      .set({ created_at: '2026-11-25T20:30:00.000Z' })
      .where('id', '=', first.id)
      .execute();

    await setLanguage(carrier.user.id, 'en');
    const res = await getCsv(`${apiPaths.bids.mine}?format=csv`, carrier.accessToken);
    const rows = readCsvAnswer(res);
    expect(res.headers['content-disposition']).toBe(attachmentOf('my-bids'));
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(rows[0]).toEqual([
      'Tender number',
      'Tender name',
      'Origin',
      'Destination',
      'My bid (USD)',
      'Status',
      'Placed at (Tashkent time)',
      'Vehicle plate',
    ]);
    const [newest, older] = records(rows);
    expect(rows).toHaveLength(3);
    expect(newest).toMatchObject({ 'Tender number': paxta.number, 'Tender name': 'Paxta', Destination: 'Buxoro' });
    expect(newest?.['Vehicle plate']).toBe('');
    expect(older).toMatchObject({
      'Tender number': sement.number,
      'Tender name': 'Sement',
      Origin: 'Toshkent',
      'My bid (USD)': '1400.5',
      'Placed at (Tashkent time)': '2026-11-26 01:30',
      'Vehicle plate': truck.license_plate,
    });

    await setLanguage(carrier.user.id, 'ru');
    const ru = readCsvAnswer(await getCsv(`${apiPaths.bids.mine}?format=csv`, carrier.accessToken));
    expect(ru[0]?.slice(0, 2)).toEqual(['Номер тендера', 'Название тендера']);
    // Accept-Language (the web app's language) comes before the setting
    const uz = readCsvAnswer(
      await getCsv(`${apiPaths.bids.mine}?format=csv`, carrier.accessToken, { 'accept-language': 'uz' }),
    );
    expect(uz[0]?.slice(0, 2)).toEqual(['Tender raqami', 'Tender nomi']);
    const en = readCsvAnswer(
      await getCsv(`${apiPaths.bids.mine}?format=csv`, carrier.accessToken, { 'accept-language': 'en-US,en;q=0.9' }),
    );
    expect(en[0]?.[0]).toBe('Tender number');
  });

  it('holds only the caller’s bids, with the screen’s filters applied as in the JSON answer', async () => {
    const owner = await createUser(t.app);
    const carrier = await createUser(t.app);
    const rival = await createUser(t.app);
    const near = await createTender(t.app, owner.accessToken, {
      name: 'Olma',
      origin_location: 'Samarqand',
      initial_price: 900,
    });
    const far = await createTender(t.app, owner.accessToken, {
      name: 'Un',
      origin_location: 'Toshkent',
      initial_price: 8000,
    });
    await placeBid(carrier.accessToken, near.id, 800);
    await placeBid(carrier.accessToken, far.id, 7000);
    await placeBid(rival.accessToken, far.id, 6000);

    const all = records(readCsvAnswer(await getCsv(`${apiPaths.bids.mine}?format=csv`, carrier.accessToken)));
    expect(all.map((row) => row['Tender raqami'])).toEqual([far.number, near.number]);
    // the rival's lower bid on the same tender is not the carrier's
    expect(all.map((row) => row['Mening taklifim (USD)'])).toEqual(['7000', '800']);

    for (const [query, expected] of [
      ['q=olma', [near.number]],
      ['price=Qimmat', [far.number]],
      ['location=Samarqand', [near.number]],
      [`tender_id=${far.id}`, [far.number]],
      ['q=nothing-like-this', []],
    ] as const) {
      const file = records(
        readCsvAnswer(await getCsv(`${apiPaths.bids.mine}?${query}&format=csv`, carrier.accessToken)),
      );
      expect(
        file.map((row) => row['Tender raqami']),
        query,
      ).toEqual(expected);
      const json = await getCsv(`${apiPaths.bids.mine}?${query}`, carrier.accessToken);
      expect(json.json<{ number: string }[]>().map((bid) => bid.number)).toEqual(expected);
    }

    const rivals = records(readCsvAnswer(await getCsv(`${apiPaths.bids.mine}?format=csv`, rival.accessToken)));
    expect(rivals.map((row) => row['Mening taklifim (USD)'])).toEqual(['6000']);
  });

  it('neutralises a tender name a spreadsheet would run as a formula; amounts stay numbers', async () => {
    const owner = await createUser(t.app);
    const carrier = await createUser(t.app);
    const tender = await createTender(t.app, owner.accessToken, { name: '=HYPERLINK("http://x")' });
    await placeBid(carrier.accessToken, tender.id, 1234.56);
    const res = await getCsv(`${apiPaths.bids.mine}?format=csv`, carrier.accessToken);
    const [row] = records(readCsvAnswer(res));
    expect(row?.['Tender nomi']).toBe(`'=HYPERLINK("http://x")`);
    expect(row?.['Mening taklifim (USD)']).toBe('1234.56');
    expect(res.body).not.toMatch(/(^|,)=HYPERLINK/m);
  });
});

describe('My vehicles as CSV', () => {
  it('every column a fleet list needs, the header in the reader’s language, a formula-like name neutralised', async () => {
    const carrier = await createUser(t.app);
    const other = await createUser(t.app);
    await createVehicle(t.app, carrier.accessToken, {
      vehicle_name: '=cmd|calc',
      license_plate: '01 C 555 EF',
      vehicle_type: 'Refrigerated Truck',
      max_load_weight: '18.5',
      weight_unit: 'ton',
      max_volume: '60',
      current_status: 'Maintenance',
      insurance_expires_on: '2027-03-31',
      inspection_expires_on: '2027-01-15',
    });
    await createVehicle(t.app, other.accessToken, { vehicle_name: 'Not mine', license_plate: '10 Z 999 ZZ' });

    const res = await getCsv(apiPaths.vehicles.mine + '?format=csv', carrier.accessToken, { 'accept-language': 'en' });
    const rows = readCsvAnswer(res);
    expect(res.headers['content-disposition']).toBe(attachmentOf('vehicles'));
    expect(rows[0]).toEqual([
      'Vehicle name',
      'Vehicle type',
      'License plate',
      'Max load',
      'Weight unit',
      'Max volume',
      'Volume unit',
      'Status',
      'Insurance valid until',
      'Registration valid until',
      'Inspection valid until',
      'Transport permit valid until',
    ]);
    expect(records(rows)).toEqual([
      {
        'Vehicle name': "'=cmd|calc",
        'Vehicle type': 'Refrigerated Truck',
        'License plate': '01 C 555 EF',
        'Max load': '18.5',
        'Weight unit': 'ton',
        'Max volume': '60',
        'Volume unit': 'm³',
        Status: 'Maintenance',
        'Insurance valid until': '2027-03-31',
        'Registration valid until': '',
        'Inspection valid until': '2027-01-15',
        'Transport permit valid until': '',
      },
    ]);
    expect(res.body).not.toContain('Not mine');

    const ru = readCsvAnswer(
      await getCsv(`${apiPaths.vehicles.mine}?format=csv`, carrier.accessToken, { 'accept-language': 'ru' }),
    );
    expect(ru[0]?.slice(0, 3)).toEqual(['Название транспорта', 'Тип транспорта', 'Госномер']);
    await setLanguage(carrier.user.id, 'uz');
    const uz = readCsvAnswer(await getCsv(`${apiPaths.vehicles.mine}?format=csv`, carrier.accessToken));
    expect(uz[0]?.slice(0, 3)).toEqual(['Transport nomi', 'Transport turi', 'Davlat raqami']);
  });

  it('keeps the list’s filters: type, status, and the screen’s search by name, plate or id', async () => {
    const carrier = await createUser(t.app);
    const a = await createVehicle(t.app, carrier.accessToken, {
      vehicle_name: 'Volvo FH',
      license_plate: '01 D 101 AA',
      vehicle_type: 'Tented Truck',
      current_status: 'Active',
    });
    const b = await createVehicle(t.app, carrier.accessToken, {
      vehicle_name: 'Isuzu NPR',
      license_plate: '01 D 202 BB',
      vehicle_type: 'Box Truck',
      current_status: 'Maintenance',
    });
    const c = await createVehicle(t.app, carrier.accessToken, {
      vehicle_name: 'Volvo FM',
      license_plate: '01 D 303 CC',
      vehicle_type: 'Box Truck',
      current_status: 'Active',
    });
    const platesOf = async (query: string) =>
      records(
        readCsvAnswer(
          await getCsv(`${apiPaths.vehicles.mine}?${query}&format=csv`, carrier.accessToken, {
            'accept-language': 'en',
          }),
        ),
      ).map((row) => row['License plate']);

    expect(await platesOf('')).toEqual([c.license_plate, b.license_plate, a.license_plate]);
    expect(await platesOf('type=Box%20Truck')).toEqual([c.license_plate, b.license_plate]);
    expect(await platesOf('status=Active')).toEqual([c.license_plate, a.license_plate]);
    expect(await platesOf('search=volvo')).toEqual([c.license_plate, a.license_plate]);
    expect(await platesOf('search=01d202')).toEqual([b.license_plate]);
    expect(await platesOf(`search=%23${a.id}`)).toEqual([a.license_plate]);
    expect(await platesOf('search=volvo&type=Box%20Truck')).toEqual([c.license_plate]);
    expect(await platesOf('name=isuzu')).toEqual([b.license_plate]);
    // the JSON list answers the same search
    const json = await getCsv(`${apiPaths.vehicles.mine}?search=volvo`, carrier.accessToken);
    expect(json.json<{ id: number }[]>().map((vehicle) => vehicle.id)).toEqual([c.id, a.id]);
  });
});

describe('the shipments list as CSV', () => {
  it('each party sees the shipment with their own role; nobody else sees it', async () => {
    const owner = await createUser(t.app);
    const carrier = await createUser(t.app);
    const stranger = await createUser(t.app);
    const number = await createShipment(t.app, owner, carrier, {
      status: 'loaded',
      tender: { name: '@Sement', origin_location: 'Toshkent', destination_location: 'Navoiy' },
    });

    const res = await getCsv(`${apiPaths.shipments.list}?format=csv`, owner.accessToken, { 'accept-language': 'en' });
    const rows = readCsvAnswer(res);
    expect(res.headers['content-disposition']).toBe(attachmentOf('shipments'));
    expect(rows[0]?.slice(0, 7)).toEqual([
      'Shipment number',
      'Tender name',
      'Origin',
      'Destination',
      'My role',
      'Status',
      'Price (USD)',
    ]);
    const [mine] = records(rows);
    expect(rows).toHaveLength(2);
    expect(mine).toMatchObject({
      'Shipment number': number,
      'Tender name': "'@Sement",
      Origin: 'Toshkent',
      Destination: 'Navoiy',
      'My role': 'owner',
      Status: 'loaded',
      'Price (USD)': '1200',
      'Delivered at (Tashkent time)': '',
    });
    expect(mine?.['Loaded at (Tashkent time)']).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);

    const theirs = records(
      readCsvAnswer(
        await getCsv(`${apiPaths.shipments.list}?format=csv`, carrier.accessToken, { 'accept-language': 'ru' }),
      ),
    );
    expect(theirs).toHaveLength(1);
    expect(theirs[0]).toMatchObject({ 'Номер перевозки': number, 'Моя роль': 'carrier' });

    await setLanguage(stranger.user.id, 'uz');
    const none = readCsvAnswer(await getCsv(`${apiPaths.shipments.list}?format=csv`, stranger.accessToken));
    expect(none).toHaveLength(1);
    expect(none[0]).toEqual(expect.arrayContaining(['Yuk tashish raqami', 'Tender nomi', 'Mening rolim']));
    // the JSON list is as it was
    const json = await getCsv(apiPaths.shipments.list, owner.accessToken);
    expect(json.headers['content-type']).toMatch(/^application\/json/);
    expect(json.json<{ number: string }[]>().map((one) => one.number)).toEqual([number]);
  });
});

describe('lists longer than one page', () => {
  it('hold every row, each once, newest first, whatever the page size of the reading', async () => {
    const COUNT = 1003;
    const owner = await createUser(t.app);
    const carrier = await createUser(t.app);
    await seedDemoTenders(t.database.db, owner.user.id, COUNT);
    const tenders = await t.database.db
      .selectFrom('tenders')
      .select(['id', 'number', 'name', 'origin_location', 'destination_location', 'shipment_date', 'delivery_date'])
      .where('owner_id', '=', owner.user.id)
      .orderBy('id')
      .execute();
    expect(tenders).toHaveLength(COUNT);

    const at = new Date().toISOString();
    for (let start = 0; start < COUNT; start += 200) {
      await t.database.db
        .insertInto('bids')
        .values(
          tenders.slice(start, start + 200).map((tender, i) => ({
            tender_id: tender.id,
            bidder_id: carrier.user.id,
            amount_cents: 100_000 + start + i,
            status: 'pending' as const,
            created_at: at,
            valid_until_ms: null,
            confirm_by_ms: null,
            vehicle_id: null,
          })),
        )
        .execute();
    }
    const bids = await t.database.db
      .selectFrom('bids')
      .select(['id', 'tender_id', 'amount_cents'])
      .where('bidder_id', '=', carrier.user.id)
      .orderBy('id')
      .execute();
    for (let start = 0; start < COUNT; start += 200) {
      await t.database.db
        .insertInto('shipments')
        .values(
          bids.slice(start, start + 200).map((bid) => {
            const tender = tenders.find((one) => one.id === bid.tender_id)!;
            return {
              number: tender.number,
              tender_id: tender.id,
              bid_id: bid.id,
              owner_id: owner.user.id,
              carrier_id: carrier.user.id,
              status: 'awarded' as const,
              description: tender.name,
              weight: 1000,
              volume: 10,
              origin: tender.origin_location,
              destination: tender.destination_location,
              pickup_date: tender.shipment_date,
              delivery_date: tender.delivery_date,
              requirements: '',
              notes: '',
              incoterms: '',
              amount_cents: bid.amount_cents,
              vehicle_type: null,
              vehicle_plate: null,
              loaded_at: null,
              on_the_way_at: null,
              delivered_at: null,
              created_at: at,
            };
          }),
        )
        .execute();
    }

    const newestFirst = [...tenders].reverse().map((tender) => tender.number);
    const bidRows = readCsvAnswer(await getCsv(`${apiPaths.bids.mine}?format=csv`, carrier.accessToken));
    expect(bidRows).toHaveLength(COUNT + 1);
    expect(bidRows.slice(1).map((cells) => cells[0])).toEqual(newestFirst);
    // the JSON list stays capped for the screen
    const json = await getCsv(apiPaths.bids.mine, carrier.accessToken);
    expect(json.json<unknown[]>()).toHaveLength(1000);

    for (const party of [owner, carrier]) {
      const shipmentRows = readCsvAnswer(await getCsv(`${apiPaths.shipments.list}?format=csv`, party.accessToken));
      expect(shipmentRows).toHaveLength(COUNT + 1);
      expect(shipmentRows.slice(1).map((cells) => cells[0])).toEqual(newestFirst);
      expect(new Set(shipmentRows.slice(1).map((cells) => cells[4]))).toEqual(
        new Set([party === owner ? 'owner' : 'carrier']),
      );
    }

    // vehicles: copies of one, every few with the same creation instant (the page boundary falls inside a tie)
    const fleet = await createUser(t.app);
    const model = await createVehicle(t.app, fleet.accessToken, { license_plate: '90 A 000 AA' });
    const stored = await t.database.db
      .selectFrom('vehicles')
      .selectAll()
      .where('id', '=', model.id)
      .executeTakeFirstOrThrow();
    const { id: _id, ...columns } = stored;
    const base = Date.parse('2026-01-01T00:00:00.000Z');
    for (let start = 0; start < COUNT; start += 200) {
      await t.database.db
        .insertInto('vehicles')
        .values(
          Array.from({ length: Math.min(200, COUNT - start) }, (_, i) => {
            const n = start + i;
            const plate = `90 B ${String(n).padStart(4, '0')} AA`;
            return {
              ...columns,
              license_plate: plate,
              plate_search: plate.toLowerCase().replace(/[\s-]+/g, ''),
              created_at: new Date(base + Math.floor(n / 7) * 1000).toISOString(),
            };
          }),
        )
        .execute();
    }
    const vehicleRows = readCsvAnswer(
      await getCsv(`${apiPaths.vehicles.mine}?format=csv`, fleet.accessToken, { 'accept-language': 'en' }),
    );
    const plates = vehicleRows.slice(1).map((cells) => cells[2]!);
    expect(plates).toHaveLength(COUNT + 1);
    expect(new Set(plates).size).toBe(COUNT + 1);
    expect(plates[0]).toBe(model.license_plate);
    expect(plates.at(-1)).toBe('90 B 0000 AA');
    const sameQuery = readCsvAnswer(
      await getCsv(`${apiPaths.vehicles.mine}?search=90b&format=csv`, fleet.accessToken, { 'accept-language': 'en' }),
    );
    expect(sameQuery).toHaveLength(COUNT + 1);
  });
});

describe('refusals', () => {
  it('a wrong format or filter is 400 VALIDATION_FAILED, no token 401', async () => {
    const user = await createUser(t.app);
    for (const url of [
      `${apiPaths.bids.mine}?format=xml`,
      `${apiPaths.bids.mine}?format=csv&price=cheap`,
      `${apiPaths.bids.mine}?format=csv&tender_id=abc`,
      `${apiPaths.vehicles.mine}?format=pdf`,
      `${apiPaths.vehicles.mine}?format=csv&type=Spaceship`,
      `${apiPaths.shipments.list}?format=xlsx`,
    ]) {
      const res = await getCsv(url, user.accessToken);
      expect(res.statusCode, url).toBe(400);
      expect(res.json<ApiErrorBody>().code).toBe('VALIDATION_FAILED');
    }
    for (const url of [apiPaths.bids.mine, apiPaths.vehicles.mine, apiPaths.shipments.list]) {
      const res = await getCsv(`${url}?format=csv`);
      expect(res.statusCode, url).toBe(401);
      expect(res.json<ApiErrorBody>().code).toBe('NOT_AUTHENTICATED');
    }
  });
});
