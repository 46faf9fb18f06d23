import { afterAll, describe, expect, it } from 'vitest';
import {
  apiPaths,
  pathTo,
  type Notification,
  type WaybillInput,
  type WaybillState,
  type WaybillToSign,
} from '@yuk/shared';
import { startFakeCbu } from '../../../scripts/fake-cbu.mjs';
import { startFakeDidox } from '../../../scripts/fake-didox.mjs';
import { fakePkcs7 } from '../../../scripts/fake-eimzo.mjs';
import { createMemoryEventBus } from '../src/plugins/event-bus.js';
import {
  createCbuClient,
  createDidoxClient,
  refreshWaybillOfShipment,
  runWaybillRefreshes,
  type WaybillStatusChange,
} from '../src/modules/waybills/index.js';
import { companyForm, createShipment, createUser, putCompany } from './factories/index.js';
import { api, buildTestApp, type ApiErrorBody } from './helpers.js';

const didox = await startFakeDidox();
const cbu = await startFakeCbu();
afterAll(async () => {
  await didox.close();
  await cbu.close();
});

const didoxSettings = { apiBase: didox.url, partnerToken: didox.partnerToken, timeoutMs: 1000 };
const { app, database } = await buildTestApp({
  didox: didoxSettings,
  cbu: { ratesUrl: cbu.ratesUrl },
  waybillRefreshTickMs: 0,
});
/** The same server without Didox: e-waybills are not set up. */
const offline = await buildTestApp();

let pinflSequence = 31_234_567_890_000;

/** A user with a company (its STIR) and an ERI key of that company: what the stand-in E-IMZO signs with. */
async function party(kind: 'shipper' | 'carrier', name: string, on = app) {
  const user = await createUser(on);
  const form = companyForm({ name, kind });
  expect((await putCompany(on, user.accessToken, form)).statusCode).toBe(200);
  pinflSequence += 1;
  const stir = form.stir as string;
  return { user, stir, key: { pinfl: String(pinflSequence), stir, cn: name.toUpperCase() } };
}
type Party = Awaited<ReturnType<typeof party>>;

const owner = await party('shipper', 'Paxta Savdo MChJ');
const carrier = await party('carrier', 'Ipak Yoli Logistik');
const stranger = await createUser(app);

const codeOf = (res: { json: <T>() => T }) => res.json<ApiErrorBody>().code;
type ShipmentPath = (typeof apiPaths.shipments)[
  'waybill' | 'waybillToSign' | 'waybillSignatures' | 'waybillPdf' | 'status'];
const url = (path: ShipmentPath, number: string) => pathTo(path, { number });

const getWaybill = (number: string, token?: string, on = app) =>
  api(on, { method: 'GET', url: url(apiPaths.shipments.waybill, number), ...(token ? { token } : {}) });
const putWaybill = (number: string, token: string | undefined, payload: unknown, lang?: string) =>
  api(app, {
    method: 'PUT',
    url: url(apiPaths.shipments.waybill, number),
    payload: payload as object,
    ...(token ? { token } : {}),
    ...(lang ? { headers: { 'accept-language': lang } } : {}),
  });
const createWaybill = (number: string, token?: string, on = app) =>
  api(on, { method: 'POST', url: url(apiPaths.shipments.waybill, number), ...(token ? { token } : {}) });
const toSign = (number: string, token?: string) =>
  api(app, { method: 'GET', url: url(apiPaths.shipments.waybillToSign, number), ...(token ? { token } : {}) });
const sendSignature = (number: string, token: string | undefined, payload: unknown, lang?: string) =>
  api(app, {
    method: 'POST',
    url: url(apiPaths.shipments.waybillSignatures, number),
    payload: payload as object,
    ...(token ? { token } : {}),
    ...(lang ? { headers: { 'accept-language': lang } } : {}),
  });
const pdfOf = (number: string, token?: string) =>
  api(app, { method: 'GET', url: url(apiPaths.shipments.waybillPdf, number), ...(token ? { token } : {}) });

/** What the stand-in E-IMZO gives for `data_base64`, signed with `who`'s key. */
const signedBy = (who: Party['key'], dataBase64: string) => ({
  pkcs7: fakePkcs7({ ...who, document: dataBase64 }),
  signature_hex: '3045022100ab12cd',
});

/** `who` signs whatever to-sign gives now; returns the answer of the signature and what it was for. */
async function signNext(number: string, who: Party) {
  const asked = await toSign(number, who.user.accessToken);
  expect(asked.statusCode, asked.body).toBe(200);
  const { purpose, data_base64 } = asked.json<WaybillToSign>();
  const sent = await sendSignature(number, who.user.accessToken, signedBy(who.key, data_base64));
  return { purpose, sent };
}

/** Opens `who`'s company session at Didox (to-sign gives the STIR, E-IMZO signs it). */
async function openSession(number: string, who: Party) {
  const { purpose, sent } = await signNext(number, who);
  expect(purpose).toBe('session');
  expect(sent.statusCode, sent.body).toBe(200);
}

const CARRIER_PART: WaybillInput = {
  driver: { full_name: 'Karimov Bobur', pinfl: '31234567890123', phone: '+998 90 123-45-67' },
  truck: { plate: '01A123BC', model: 'MAN TGX' },
};
const SHIPPER_PART: WaybillInput = {
  loading_point: { region_code: '1726', district_code: '1726294', address: 'Bunyodkor 12', lat: 41.28, lon: 69.2 },
  unloading_point: { region_code: '1718', district_code: '1718401', address: 'Registon 5' },
  loading_trustee: { pinfl: '30101010101010', full_name: 'Yusupova Dilnoza' },
  unloading_trustee: { pinfl: '30202020202020', full_name: 'Aliyev Sardor' },
  goods: [
    {
      ikpu: '10112008001000001',
      name: 'Paxta tolasi',
      package_code: '1209782',
      package_name: 'kg',
      amount: 2000,
      price: 18000.5,
      weight_gross: 2050,
      weight_net: 2000,
    },
  ],
};

const newShipment = (status: 'awarded' | 'delivered' = 'awarded') =>
  createShipment(app, owner.user, carrier.user, {
    status,
    tender: { name: 'Paxta tolasi', origin_location: 'Toshkent', destination_location: 'Samarqand' },
  });

/** A shipment whose waybill both sides have filled in. */
async function filledShipment() {
  const number = await newShipment();
  expect((await putWaybill(number, carrier.user.accessToken, CARRIER_PART)).statusCode).toBe(200);
  expect((await putWaybill(number, owner.user.accessToken, SHIPPER_PART)).statusCode).toBe(200);
  return number;
}

/** A filled waybill formed at Didox as a draft (the owner's session opened first when needed). */
async function formedShipment() {
  const number = await filledShipment();
  const asked = await toSign(number, owner.user.accessToken);
  if (asked.statusCode === 200 && asked.json<WaybillToSign>().purpose === 'session') await openSession(number, owner);
  const created = await createWaybill(number, owner.user.accessToken);
  expect(created.statusCode, created.body).toBe(200);
  return { number, state: created.json<WaybillState>() };
}

const auditOf = (number: string) =>
  database.db
    .selectFrom('audit_log')
    .select(['action', 'actor_user_id', 'details'])
    .where('subject_id', '=', number)
    .where('action', 'in', [
      'shipment.waybill_updated',
      'shipment.waybill_created',
      'shipment.waybill_signed',
      'shipment.waybill_status',
    ])
    .orderBy('id')
    .execute();

describe('the waybill of a shipment', () => {
  it('is made from the shipment: the route’s distance, the awarded price in so’m at the Central Bank’s rate, and what is missing', async () => {
    const number = await newShipment();
    const res = await getWaybill(number, owner.user.accessToken);
    expect(res.statusCode, res.body).toBe(200);
    const state = res.json<WaybillState>();
    expect(state).toMatchObject({ number, enabled: true, my_side: 'owner', status: 'not_created', didox_id: null });
    expect(state.rate).toEqual({ rate: '12850.35', date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) as unknown });
    expect(state.missing).toEqual([
      'driver',
      'truck',
      'loading_point',
      'unloading_point',
      'loading_trustee',
      'unloading_trustee',
      'goods',
    ]);
    // Toshkent → Samarqand by road, from the cities' centres
    expect(state.route_distance_km).toBeGreaterThan(250);
    expect(state.route_distance_km).toBeLessThan(400);
    // 1200 USD × 12850.35
    expect(state.sheet.delivery_cost).toBe('15420420.00');
    expect(state.sheet.consignor).toEqual({ tin: owner.stir, name: 'Paxta Savdo MChJ' });
    expect(state.sheet.consignee).toEqual(state.sheet.consignor);
    expect(state.sheet.carrier).toEqual({ tin: carrier.stir, name: 'Ipak Yoli Logistik' });
    expect(state.document).toMatchObject({
      WaybillDoc: { WaybillNo: number },
      Consignor: { ConsignorTinOrPinfl: owner.stir },
      Carrier: { CarrierTinOrPinfl: carrier.stir },
      TotalDistance: state.route_distance_km,
      DeliveryCost: '15420420.00',
    });
    const forCarrier = (await getWaybill(number, carrier.user.accessToken)).json<WaybillState>();
    expect(forCarrier.my_side).toBe('carrier');
  });

  it('is for the two parties only: 404 for anyone else, 401 without a token', async () => {
    const number = await newShipment();
    const other = await getWaybill(number, stranger.accessToken);
    expect(other.statusCode).toBe(404);
    expect(codeOf(other)).toBe('SHIPMENT_NOT_FOUND');
    expect((await getWaybill(number)).statusCode).toBe(401);
    expect((await getWaybill('YT-999999', owner.user.accessToken)).statusCode).toBe(404);
    for (const res of [
      await putWaybill(number, stranger.accessToken, CARRIER_PART),
      await createWaybill(number, stranger.accessToken),
      await toSign(number, stranger.accessToken),
      await sendSignature(number, stranger.accessToken, signedBy(carrier.key, 'MQ==')),
      await pdfOf(number, stranger.accessToken),
    ]) {
      expect(res.statusCode, res.body).toBe(404);
      expect(codeOf(res)).toBe('SHIPMENT_NOT_FOUND');
    }
    for (const res of [
      await putWaybill(number, undefined, CARRIER_PART),
      await createWaybill(number),
      await toSign(number),
      await sendSignature(number, undefined, signedBy(carrier.key, 'MQ==')),
      await pdfOf(number),
    ]) {
      expect(res.statusCode).toBe(401);
    }
  });

  it('without Didox set up says so, and forming or signing answers 503 WAYBILLS_NOT_SET_UP', async () => {
    const shipper = await party('shipper', 'Offline Savdo', offline.app);
    const hauler = await party('carrier', 'Offline Yuk', offline.app);
    const number = await createShipment(offline.app, shipper.user, hauler.user, {
      tender: { origin_location: 'Toshkent', destination_location: 'Buxoro' },
    });
    const state = (await getWaybill(number, shipper.user.accessToken, offline.app)).json<WaybillState>();
    expect(state).toMatchObject({ enabled: false, status: 'not_created', rate: null, next_step: null });
    const created = await createWaybill(number, shipper.user.accessToken, offline.app);
    expect(created.statusCode).toBe(503);
    expect(codeOf(created)).toBe('WAYBILLS_NOT_SET_UP');
  });
});

describe('filling in the waybill', () => {
  it('the carrier gives the driver, truck and trailer; the shipper the rest; each is kept and audited', async () => {
    const number = await newShipment();
    const byCarrier = await putWaybill(number, carrier.user.accessToken, {
      ...CARRIER_PART,
      trailer: { plate: '01B456CD', model: 'Schmitz' },
    });
    expect(byCarrier.statusCode, byCarrier.body).toBe(200);
    const afterCarrier = byCarrier.json<WaybillState>();
    // the phone is kept in one form
    expect(afterCarrier.fields.driver).toEqual({ ...CARRIER_PART.driver, phone: '+998901234567' });
    expect(afterCarrier.fields.trailer).toEqual({ plate: '01B456CD', model: 'Schmitz' });
    expect(afterCarrier.missing).not.toContain('driver');

    const byOwner = await putWaybill(number, owner.user.accessToken, {
      ...SHIPPER_PART,
      consignee: { tin: '30303030303030', name: 'Aliyev Sardor' },
      total_distance_km: 320,
    });
    expect(byOwner.statusCode, byOwner.body).toBe(200);
    const state = byOwner.json<WaybillState>();
    expect(state.missing).toEqual([]);
    expect(state.sheet).toMatchObject({
      consignee: { tin: '30303030303030', name: 'Aliyev Sardor' },
      loading: { region: 'Toshkent shahri', district: 'Chilonzor tumani', address: 'Bunyodkor 12' },
      unloading: { region: 'Samarqand viloyati' },
      total_distance_km: 320,
      goods_total: '36001000.00',
    });
    expect(state.document).toMatchObject({
      TotalDistance: 320,
      Roadway: {
        Driver: { Pinfl: '31234567890123', FullName: 'Karimov Bobur' },
        Trailer: { RegNo: '01B456CD' },
        ProductGroups: [
          {
            LoadingPoint: { RegionId: '1726', DistrictCode: '1726294', Latitude: 41.28 },
            ProductInfo: {
              Products: [{ CatalogCode: '10112008001000001', Price: '18000.50', DeliverySum: '36001000.00' }],
            },
          },
        ],
      },
    });
    // the other side sees the same; the sheet speaks the reader's language
    const inRussian = await api(app, {
      method: 'GET',
      url: url(apiPaths.shipments.waybill, number),
      token: carrier.user.accessToken,
      headers: { 'accept-language': 'ru' },
    });
    expect(inRussian.json<WaybillState>().sheet.loading?.region).toBe('город Ташкент');

    // null gives back the defaults: no trailer, the shipper as consignee, the route's distance
    const reset = await putWaybill(number, owner.user.accessToken, { consignee: null, total_distance_km: null });
    expect(reset.json<WaybillState>().sheet.consignee.tin).toBe(owner.stir);
    expect(reset.json<WaybillState>().sheet.total_distance_km).toBe(state.route_distance_km);
    expect(
      (await putWaybill(number, carrier.user.accessToken, { trailer: null })).json<WaybillState>().fields.trailer,
    ).toBeNull();

    const audit = await auditOf(number);
    expect(audit.map((row) => [row.action, row.actor_user_id])).toEqual([
      ['shipment.waybill_updated', carrier.user.user.id],
      ['shipment.waybill_updated', owner.user.user.id],
      ['shipment.waybill_updated', owner.user.user.id],
      ['shipment.waybill_updated', carrier.user.user.id],
    ]);
  });

  it('refuses a field of the other side with 403 WAYBILL_NOT_YOUR_PART, naming it', async () => {
    const number = await newShipment();
    const byOwner = await putWaybill(number, owner.user.accessToken, { driver: CARRIER_PART.driver });
    expect(byOwner.statusCode).toBe(403);
    expect(byOwner.json<ApiErrorBody>()).toMatchObject({
      code: 'WAYBILL_NOT_YOUR_PART',
      fields: { driver: expect.any(String) as unknown },
    });
    const byCarrier = await putWaybill(number, carrier.user.accessToken, {
      ...CARRIER_PART,
      goods: SHIPPER_PART.goods,
    });
    expect(byCarrier.statusCode).toBe(403);
    expect(Object.keys(byCarrier.json<ApiErrorBody>().fields ?? {})).toEqual(['goods']);
    // nothing of the refused call was kept
    expect((await getWaybill(number, carrier.user.accessToken)).json<WaybillState>().fields.driver).toBeNull();
  });

  it.each([
    ['driver.pinfl', { driver: { ...CARRIER_PART.driver, pinfl: '1234' } }, 'carrier', 'JShShIR aniq 14'],
    ['driver.phone', { driver: { ...CARRIER_PART.driver, phone: '12345' } }, 'carrier', 'Telefon'],
    ['truck.plate', { truck: { plate: 'x'.repeat(21), model: 'MAN' } }, 'carrier', 'Juda uzun'],
    ['goods.0.ikpu', { goods: [{ ...SHIPPER_PART.goods![0]!, ikpu: '123' }] }, 'owner', 'MXIK'],
    ['goods.0.weight_net', { goods: [{ ...SHIPPER_PART.goods![0]!, weight_net: 3000 }] }, 'owner', 'Sof vazn'],
    ['goods.0.amount', { goods: [{ ...SHIPPER_PART.goods![0]!, amount: 1e15 }] }, 'owner', ''],
    ['goods.0.price', { goods: [{ ...SHIPPER_PART.goods![0]!, price: 'many' }] }, 'owner', ''],
    ['goods', { goods: [] }, 'owner', ''],
    ['consignee.tin', { consignee: { tin: '12345', name: 'X' } }, 'owner', 'STIR (9 raqam)'],
    [
      'loading_point.district_code',
      { loading_point: { ...SHIPPER_PART.loading_point, district_code: '1718401' } },
      'owner',
      'tumanlaridan',
    ],
    [
      'loading_point.region_code',
      { loading_point: { ...SHIPPER_PART.loading_point, region_code: '9999' } },
      'owner',
      '',
    ],
    ['loading_point.lat', { loading_point: { ...SHIPPER_PART.loading_point, lat: 500 } }, 'owner', ''],
    ['total_distance_km', { total_distance_km: 1e9 }, 'owner', ''],
    ['loading_trustee.pinfl', { loading_trustee: { pinfl: 'abcdefghijklmn', full_name: 'X' } }, 'owner', ''],
    ['colour', { colour: 'red' }, 'owner', ''],
  ] as const)('refuses a bad %s with 400, naming the field', async (field, payload, side, text) => {
    const number = await newShipment();
    const who = side === 'owner' ? owner : carrier;
    const res = await putWaybill(number, who.user.accessToken, payload);
    expect(res.statusCode, res.body).toBe(400);
    const body = res.json<ApiErrorBody>();
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(Object.keys(body.fields ?? {})).toContain(field);
    if (text) expect(body.fields?.[field]).toContain(text);
  });

  it('refuses a body that is not an object, and huge ones', async () => {
    const number = await newShipment();
    expect((await putWaybill(number, owner.user.accessToken, [1, 2])).statusCode).toBe(400);
    const many = Array.from({ length: 51 }, () => SHIPPER_PART.goods![0]!);
    const res = await putWaybill(number, owner.user.accessToken, { goods: many });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json<ApiErrorBody>().fields ?? {})).toContain('goods');
  });
});

describe('forming the waybill at Didox', () => {
  it('refuses an incomplete waybill with 409 WAYBILL_INCOMPLETE and the list of what is missing', async () => {
    const number = await newShipment();
    expect((await putWaybill(number, carrier.user.accessToken, CARRIER_PART)).statusCode).toBe(200);
    const res = await createWaybill(number, owner.user.accessToken);
    expect(res.statusCode).toBe(409);
    const body = res.json<ApiErrorBody & { missing: string[] }>();
    expect(body.code).toBe('WAYBILL_INCOMPLETE');
    expect(body.missing).toEqual(['loading_point', 'unloading_point', 'loading_trustee', 'unloading_trustee', 'goods']);
    expect(Object.keys(body.fields ?? {})).toEqual(body.missing);
  });

  it('is the shipper’s: the carrier gets 403 WAYBILL_NOT_YOUR_PART', async () => {
    const number = await filledShipment();
    const res = await createWaybill(number, carrier.user.accessToken);
    expect(res.statusCode).toBe(403);
    expect(codeOf(res)).toBe('WAYBILL_NOT_YOUR_PART');
  });

  it('opens the company’s Didox session first: the STIR is signed with its key, timestamped and exchanged for a session', async () => {
    const shipper = await party('shipper', 'Yangi Savdo');
    const number = await createShipment(app, shipper.user, carrier.user, {
      tender: { origin_location: 'Toshkent', destination_location: 'Samarqand' },
    });
    await putWaybill(number, carrier.user.accessToken, CARRIER_PART);
    await putWaybill(number, shipper.user.accessToken, SHIPPER_PART);
    const before = await createWaybill(number, shipper.user.accessToken);
    expect(before.statusCode).toBe(409);
    expect(codeOf(before)).toBe('DIDOX_SESSION_REQUIRED');

    const asked = (await toSign(number, shipper.user.accessToken)).json<WaybillToSign>();
    expect(asked).toEqual({
      purpose: 'session',
      text: shipper.stir,
      data_base64: Buffer.from(shipper.stir).toString('base64'),
    });

    // a key of another company: Didox refuses, in its own words beside ours
    const wrong = await sendSignature(
      number,
      shipper.user.accessToken,
      signedBy({ ...shipper.key, stir: '399999999' }, asked.data_base64),
      'en',
    );
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json<ApiErrorBody>()).toMatchObject({ code: 'DIDOX_REFUSED' });
    expect(wrong.json<ApiErrorBody>().error).toBe(
      `Didox refused: Ключ ЭЦП не принадлежит организации с ИНН ${shipper.stir}`,
    );

    const right = await sendSignature(number, shipper.user.accessToken, signedBy(shipper.key, asked.data_base64));
    expect(right.statusCode, right.body).toBe(200);
    const session = await database.db
      .selectFrom('didox_sessions')
      .selectAll()
      .where('company_stir', '=', shipper.stir)
      .executeTakeFirstOrThrow();
    expect(didox.sessions.get(session.token)).toEqual({ tin: shipper.stir });
    expect(Date.parse(session.opened_at)).toBeGreaterThan(Date.now() - 60_000);
    // timestamped before use: what Didox got is the stamped signature
    const auth = didox.calls.filter((call) => call.path === `/v1/auth/${shipper.stir}/token/uz`).at(-1);
    expect(Buffer.from((auth?.body as { signature: string }).signature, 'base64').toString()).toContain(';stamped=');

    const created = await createWaybill(number, shipper.user.accessToken);
    expect(created.statusCode, created.body).toBe(200);
    const audit = await database.db
      .selectFrom('audit_log')
      .select(['action', 'details'])
      .where('action', '=', 'company.didox_session')
      .where('actor_user_id', '=', shipper.user.user.id)
      .execute();
    expect(audit).toHaveLength(1);
  });

  it('forms the draft: Didox’s id, the status, the rate used and the document sent are kept; a second time is 409 WAYBILL_EXISTS', async () => {
    const { number, state } = await formedShipment();
    expect(state.status).toBe('draft');
    expect(state.didox_id).toMatch(/^[0-9a-f]{32}$/);
    expect(state.rate?.rate).toBe('12850.35');
    expect(state.next_step).toBe('sign');
    expect(state.history.map((each) => [each.status, each.by])).toEqual([['draft', 'owner']]);
    const sent = didox.documents.get(state.didox_id!);
    expect(sent?.json).toEqual(state.document);
    expect(sent?.json).toMatchObject({ DeliveryCost: '15420420.00', TotalDeliveryCost: '15420420.00' });

    const again = await createWaybill(number, owner.user.accessToken);
    expect(again.statusCode).toBe(409);
    expect(codeOf(again)).toBe('WAYBILL_EXISTS');
    const locked = await putWaybill(number, carrier.user.accessToken, { trailer: null });
    expect(locked.statusCode).toBe(409);
    expect(codeOf(locked)).toBe('WAYBILL_LOCKED');
    // the carrier has nothing to sign while the shipper has not signed
    expect((await getWaybill(number, carrier.user.accessToken)).json<WaybillState>().next_step).toBeNull();
    expect((await auditOf(number)).map((row) => row.action)).toContain('shipment.waybill_created');
  });

  it('Didox down or slow: 503 DIDOX_UNAVAILABLE and nothing lost, the next try forms it', async () => {
    const number = await filledShipment();
    for (const mode of ['down', 'slow'] as const) {
      didox.setMode(mode, 1500);
      const res = await createWaybill(number, owner.user.accessToken);
      didox.setMode('normal');
      expect(res.statusCode, res.body).toBe(503);
      expect(codeOf(res)).toBe('DIDOX_UNAVAILABLE');
      const state = (await getWaybill(number, owner.user.accessToken)).json<WaybillState>();
      expect(state).toMatchObject({ status: 'not_created', didox_id: null, missing: [] });
    }
    const res = await createWaybill(number, owner.user.accessToken);
    expect(res.statusCode, res.body).toBe(200);
  });

  it('a refusal of Didox is 422 DIDOX_REFUSED with Didox’s message beside ours, and changes nothing', async () => {
    const number = await filledShipment();
    didox.refuseNext('Неверный код ИКПУ 10112008001000001');
    const res = await createWaybill(number, owner.user.accessToken);
    expect(res.statusCode).toBe(422);
    expect(res.json<ApiErrorBody>()).toEqual({
      code: 'DIDOX_REFUSED',
      error: 'Didox rad etdi: Неверный код ИКПУ 10112008001000001',
    });
    expect((await getWaybill(number, owner.user.accessToken)).json<WaybillState>().status).toBe('not_created');
  });

  it('without a Central Bank rate of the last three days: 503 RATE_UNAVAILABLE; the rate is read once a day and kept', async () => {
    const number = await filledShipment();
    const kept = await database.db.selectFrom('currency_rates').selectAll().execute();
    expect(kept.map((row) => [row.ccy, row.rate])).toEqual([['USD', '12850.35']]);
    const asked = cbu.requests.length;
    await getWaybill(number, owner.user.accessToken);
    expect(cbu.requests.length).toBe(asked);

    // only an old rate to be had
    await database.db.deleteFrom('currency_rates').execute();
    cbu.clear();
    cbu.setRate('2020-01-10', '10000.00');
    const stale = await createWaybill(number, owner.user.accessToken);
    expect(stale.statusCode).toBe(503);
    expect(codeOf(stale)).toBe('RATE_UNAVAILABLE');
    expect((await getWaybill(number, owner.user.accessToken)).json<WaybillState>().rate).toBeNull();
    // put back: today's rate
    await database.db.deleteFrom('currency_rates').execute();
    cbu.clear();
    cbu.setRate(new Date(Date.now() + 5 * 3_600_000).toISOString().slice(0, 10), '12850.35');
  });
});

describe('signing and following the waybill', () => {
  it('the shipper signs, the carrier accepts and hands over: each step through Didox, shown, kept and audited; both download the PDF', async () => {
    const { number, state } = await formedShipment();
    const id = state.didox_id!;

    // the shipper signs the document Didox gives to sign
    const asked = (await toSign(number, owner.user.accessToken)).json<WaybillToSign>();
    expect(asked.purpose).toBe('sign');
    expect(JSON.parse(asked.text)).toEqual(state.document);
    const signed = await sendSignature(number, owner.user.accessToken, signedBy(owner.key, asked.data_base64));
    expect(signed.statusCode, signed.body).toBe(200);
    expect(signed.json<WaybillState>()).toMatchObject({ status: 'consignor_signed', next_step: null });
    expect(didox.documents.get(id)?.status).toBe(1);
    // a signature over something else is Didox's refusal
    const nothing = await toSign(number, owner.user.accessToken);
    expect(nothing.statusCode).toBe(409);
    expect(codeOf(nothing)).toBe('WAYBILL_NOTHING_TO_SIGN');

    // the carrier: its company's session first, then the acceptance
    await openSession(number, carrier);
    const accept = await signNext(number, carrier);
    expect(accept.purpose).toBe('accept');
    expect(accept.sent.statusCode, accept.sent.body).toBe(200);
    expect(accept.sent.json<WaybillState>()).toMatchObject({ status: 'carrier_accepted', next_step: 'deliver' });

    const deliver = await signNext(number, carrier);
    expect(deliver.purpose).toBe('deliver');
    expect(deliver.sent.statusCode, deliver.sent.body).toBe(200);
    const done = (await getWaybill(number, owner.user.accessToken)).json<WaybillState>();
    expect(done.status).toBe('delivered');
    expect(done.history.map((each) => [each.status, each.by])).toEqual([
      ['draft', 'owner'],
      ['consignor_signed', 'owner'],
      ['carrier_accepted', 'carrier'],
      ['delivered', 'carrier'],
    ]);
    expect((await auditOf(number)).map((row) => row.action)).toEqual(
      expect.arrayContaining(['shipment.waybill_created', 'shipment.waybill_signed', 'shipment.waybill_status']),
    );
    const signedRows = (await auditOf(number)).filter((row) => row.action === 'shipment.waybill_signed');
    expect(signedRows.map((row) => row.actor_user_id)).toEqual([
      owner.user.user.id,
      carrier.user.user.id,
      carrier.user.user.id,
    ]);

    for (const who of [owner, carrier]) {
      const pdf = await pdfOf(number, who.user.accessToken);
      expect(pdf.statusCode, pdf.body).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      expect(pdf.headers['content-disposition']).toBe(`attachment; filename="waybill-${number}.pdf"`);
      expect(pdf.headers['x-content-type-options']).toBe('nosniff');
      expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      expect(pdf.rawPayload.toString('latin1')).toContain(id);
    }
  });

  it('the PDF before the waybill is formed: 404 WAYBILL_NOT_FOUND', async () => {
    const number = await newShipment();
    const res = await pdfOf(number, owner.user.accessToken);
    expect(res.statusCode).toBe(404);
    expect(codeOf(res)).toBe('WAYBILL_NOT_FOUND');
  });

  it('refuses a signature that is not one: 400 for a bad PKCS#7 or signature_hex', async () => {
    const number = await newShipment();
    for (const payload of [
      {},
      { pkcs7: 'not base64!', signature_hex: 'ab' },
      { pkcs7: 'MIAG', signature_hex: 'xyz' },
      { pkcs7: 'A'.repeat(70_000), signature_hex: 'ab' },
      { pkcs7: 'MIAG', signature_hex: 'ab', extra: 1 },
    ]) {
      const res = await sendSignature(number, owner.user.accessToken, payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 60)).toBe(400);
    }
  });

  it('a session Didox no longer accepts, or one older than five hours, is opened again', async () => {
    const { number } = await formedShipment();
    didox.expireSessions();
    const res = await toSign(number, owner.user.accessToken);
    expect(res.statusCode).toBe(409);
    expect(codeOf(res)).toBe('DIDOX_SESSION_REQUIRED');
    // dropped: the next to-sign asks for the STIR
    expect((await toSign(number, owner.user.accessToken)).json<WaybillToSign>().purpose).toBe('session');
    await openSession(number, owner);
    expect((await toSign(number, owner.user.accessToken)).json<WaybillToSign>().purpose).toBe('sign');
    await database.db
      .updateTable('didox_sessions')
      .set({ opened_at: new Date(Date.now() - 6 * 3_600_000).toISOString() })
      .where('company_stir', '=', owner.stir)
      .execute();
    expect((await toSign(number, owner.user.accessToken)).json<WaybillToSign>().purpose).toBe('session');
    await openSession(number, owner);
  });

  it('the schedule reads the status again: a rejection with Didox’s reason; the listeners are told', async () => {
    const changes: WaybillStatusChange[] = [];
    const { number, state } = await formedShipment();
    const ctx = {
      db: database.db,
      bus: createMemoryEventBus(),
      didox: createDidoxClient(didoxSettings),
      cbu: createCbuClient({ ratesUrl: cbu.ratesUrl }),
      now: () => Date.now() + 10 * 60_000,
      onStatusChange: (change: WaybillStatusChange) => {
        changes.push(change);
      },
    };
    const due = await database.db.selectFrom('due_actions').selectAll().where('kind', '=', 'waybill_refresh').execute();
    expect(due.length).toBeGreaterThan(0);
    didox.setStatus(state.didox_id!, 4, 'Неверный адрес разгрузки');
    expect(await runWaybillRefreshes(ctx)).toBeGreaterThan(0);
    const after = (await getWaybill(number, carrier.user.accessToken)).json<WaybillState>();
    expect(after).toMatchObject({ status: 'rejected', status_reason: 'Неверный адрес разгрузки', next_step: null });
    expect(after.history.at(-1)).toMatchObject({
      status: 'rejected',
      by: 'operator',
      note: 'Неверный адрес разгрузки',
    });
    expect(changes).toContainEqual(
      expect.objectContaining({ number, status: 'rejected', reason: 'Неверный адрес разгрузки', by: 'operator' }),
    );
    // final: nothing more is scheduled for it
    const waybill = await database.db
      .selectFrom('waybills')
      .select('id')
      .where('didox_id', '=', state.didox_id!)
      .executeTakeFirstOrThrow();
    const left = await database.db
      .selectFrom('due_actions')
      .selectAll()
      .where('kind', '=', 'waybill_refresh')
      .where('subject_id', '=', waybill.id)
      .execute();
    expect(left).toEqual([]);
    // the deadline schedule of tenders leaves waybill refreshes alone
    const { claimDue } = await import('../src/db/due-actions.js');
    const claimed = await claimDue(database.db, Date.now() + 3_600_000, 1, 1000);
    expect(claimed.map((each): string => each.kind)).not.toContain('waybill_refresh');
  });

  it('once the owner confirms the delivery here, the carrier is asked (once) to hand over on the waybill', async () => {
    const { number } = await formedShipment();
    const asked = (await toSign(number, owner.user.accessToken)).json<WaybillToSign>();
    await sendSignature(number, owner.user.accessToken, signedBy(owner.key, asked.data_base64));
    for (const [step, who] of [
      ['loaded', carrier],
      ['on_the_way', carrier],
      ['delivered', owner],
    ] as const) {
      const moved = await api(app, {
        method: 'POST',
        url: url(apiPaths.shipments.status, number),
        token: who.user.accessToken,
        payload: { status: step },
      });
      expect(moved.statusCode, moved.body).toBe(200);
    }
    const ctx = {
      db: database.db,
      bus: createMemoryEventBus(),
      didox: createDidoxClient(didoxSettings),
      cbu: undefined,
      now: () => Date.now() + 10 * 60_000,
    };
    const shipment = await database.db
      .selectFrom('shipments')
      .select('id')
      .where('number', '=', number)
      .executeTakeFirstOrThrow();
    // at once, from whoever knows the shipment moved; and the schedule does not ask a second time
    await refreshWaybillOfShipment(ctx, shipment.id);
    const notes = async () =>
      (await api(app, { method: 'GET', url: apiPaths.notifications.list, token: carrier.user.accessToken }))
        .json<Notification[]>()
        .filter((each) => each.kind === 'waybill_delivery_asked' && each.body.startsWith(number));
    expect(await notes()).toHaveLength(1);
    await runWaybillRefreshes(ctx);
    await runWaybillRefreshes({ ...ctx, now: () => Date.now() + 30 * 60_000 });
    expect(await notes()).toHaveLength(1);
  });
});
