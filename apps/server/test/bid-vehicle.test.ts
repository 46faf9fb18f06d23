import { describe, expect, it } from 'vitest';
import { apiPaths, pathTo, type PlacedBid, type Shipment, type Tender, type Vehicle } from '@yuk/shared';
import { api, buildTestApp, type ApiErrorBody } from './helpers.js';
import { requestsTo } from './requests.js';
import {
  answerAward,
  createTender,
  createUser,
  createVehicle,
  daysFromToday,
  sendVehicleForm,
  vehicleFields,
} from './factories/index.js';

const { app } = await buildTestApp();

const owner = await createUser(app);
const carrier = await createUser(app);
const stranger = await createUser(app);

const { bid, award, tenderBids, myBids } = requestsTo(app, { lang: 'en' });

/** A tender of 20 000 kg (the factory's default) with its starting price of 1 500 USD. */
const newTender = (overrides: Parameters<typeof createTender>[2] = {}) =>
  createTender(app, owner.accessToken, overrides);

// the factory's vehicle carries 20 t, exactly the default tender's 20 000 kg
const truck = await createVehicle(app, carrier.accessToken, {
  vehicle_type: 'Refrigerated Truck',
  license_plate: '01 R 777 RR',
});
const theirs = await createVehicle(app, stranger.accessToken);

describe('a bid that names a vehicle', () => {
  it('is placed with the bidder’s own vehicle; the owner sees its type and plate, and so does the bidder', async () => {
    const tender = await newTender();
    const placed = await bid(carrier.accessToken, tender.id, 1400, { fields: { vehicle_id: truck.id } });
    expect(placed.statusCode).toBe(201);
    const other = await bid(stranger.accessToken, tender.id, 1300);
    expect(other.statusCode).toBe(201);

    const listed = await tenderBids(owner.accessToken, tender.id);
    expect(listed.map((row) => [row.bid_amount, row.vehicle])).toEqual([
      [1300, null],
      [1400, { id: truck.id, type: 'Refrigerated Truck', plate: '01 R 777 RR' }],
    ]);
    expect((await myBids(carrier.accessToken, `?tender_id=${tender.id}`)).map((row) => row.vehicle)).toEqual([
      { id: truck.id, type: 'Refrigerated Truck', plate: '01 R 777 RR' },
    ]);
    expect((await myBids(stranger.accessToken, `?tender_id=${tender.id}`)).map((row) => row.vehicle)).toEqual([null]);
    // the bidders do not see the owner's list
    expect(
      (
        await api(app, {
          method: 'GET',
          url: pathTo(apiPaths.tenders.bids, { id: tender.id }),
          token: carrier.accessToken,
        })
      ).statusCode,
    ).toBe(404);
  });

  it('without a vehicle (absent or null) works as before', async () => {
    const tender = await newTender();
    const plain = await bid(carrier.accessToken, tender.id, 1400);
    expect(plain.statusCode).toBe(201);
    expect(Object.keys(plain.json<PlacedBid>()).sort()).toEqual(
      ['bid_amount', 'confirm_by', 'created_at', 'id', 'status', 'tender_id', 'tender_number', 'valid_until'].sort(),
    );
    expect((await bid(carrier.accessToken, tender.id, 1390, { fields: { vehicle_id: null } })).statusCode).toBe(201);
    // the amount rules are unchanged
    expect((await bid(carrier.accessToken, tender.id, 1390)).json<ApiErrorBody>().code).toBe('BID_NOT_LOWER');
    expect(
      (await tenderBids(owner.accessToken, tender.id)).map((row) => [row.bid_amount, row.status, row.vehicle]),
    ).toEqual([
      [1390, 'active', null],
      [1400, 'pending', null],
    ]);
  });

  it('answers 404 VEHICLE_NOT_FOUND for someone else’s vehicle and a missing one alike, and records nothing', async () => {
    const tender = await newTender();
    const someoneElses = await bid(carrier.accessToken, tender.id, 1400, { fields: { vehicle_id: theirs.id } });
    const missing = await bid(carrier.accessToken, tender.id, 1400, { fields: { vehicle_id: 2_147_483_647 } });
    expect(someoneElses.statusCode).toBe(404);
    expect(missing.statusCode).toBe(404);
    expect(someoneElses.json()).toEqual({ code: 'VEHICLE_NOT_FOUND', error: 'Vehicle not found' });
    expect(missing.json()).toEqual(someoneElses.json());
    expect(await tenderBids(owner.accessToken, tender.id)).toEqual([]);
  });

  it('answers 404 TENDER_NOT_FOUND for a missing tender or someone else’s draft, before looking at the vehicle', async () => {
    const draft = await newTender({ status: 'draft' });
    for (const tenderId of [draft.id, 2_147_483_000]) {
      for (const vehicleId of [truck.id, theirs.id]) {
        const res = await bid(carrier.accessToken, tenderId, 1400, { fields: { vehicle_id: vehicleId } });
        expect(res.statusCode).toBe(404);
        expect(res.json<ApiErrorBody>().code).toBe('TENDER_NOT_FOUND');
      }
    }
  });

  it('refuses a vehicle whose insurance or registration has run out (400 VEHICLE_PAPERS_EXPIRED on vehicle_id); the last valid day counts', async () => {
    const tender = await newTender();
    const yesterday = daysFromToday(-1);
    for (const dates of [{ insurance_expires_on: yesterday }, { registration_expires_on: yesterday }]) {
      // a vehicle resting with old papers may exist; it may not be offered
      const resting = await createVehicle(app, carrier.accessToken, { current_status: 'Maintenance', ...dates });
      const refused = await bid(carrier.accessToken, tender.id, 1400, { fields: { vehicle_id: resting.id } });
      expect(refused.statusCode).toBe(400);
      const body = refused.json<ApiErrorBody>();
      expect(body.code).toBe('VEHICLE_PAPERS_EXPIRED');
      expect(body.error).toContain('nor be named in a bid');
      expect(body.fields).toEqual({ vehicle_id: body.error });
    }
    // only the work papers matter: a run-out inspection or permit is reminded of, not refused
    const lastDay = await createVehicle(app, carrier.accessToken, {
      insurance_expires_on: daysFromToday(0),
      registration_expires_on: daysFromToday(0),
      inspection_expires_on: yesterday,
      permit_expires_on: yesterday,
    });
    expect((await bid(carrier.accessToken, tender.id, 1400, { fields: { vehicle_id: lastDay.id } })).statusCode).toBe(
      201,
    );
    expect(await tenderBids(owner.accessToken, tender.id)).toHaveLength(1);
  });

  it('refuses a vehicle that carries less than the cargo (400 VEHICLE_TOO_SMALL on vehicle_id), in tons or kg', async () => {
    const tender = await newTender({ cargo_weight: 20000 });
    const tons = await createVehicle(app, carrier.accessToken, { max_load_weight: '19.99', weight_unit: 'ton' });
    const kilos = await createVehicle(app, carrier.accessToken, { max_load_weight: '19999.99', weight_unit: 'kg' });
    for (const small of [tons, kilos]) {
      const refused = await bid(carrier.accessToken, tender.id, 1400, { fields: { vehicle_id: small.id } });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({
        code: 'VEHICLE_TOO_SMALL',
        error: 'The vehicle’s load capacity is below the tender’s cargo weight',
        fields: { vehicle_id: 'The vehicle’s load capacity is below the tender’s cargo weight' },
      });
    }
    const ru = await bid(carrier.accessToken, tender.id, 1400, { fields: { vehicle_id: tons.id }, lang: 'ru' });
    expect(ru.json<ApiErrorBody>().error).toBe('Грузоподъёмность машины меньше веса груза тендера');
    // exactly the cargo's weight is enough, in either unit (20.01 t is not read as 20 009.99… kg)
    const exactKilos = await createVehicle(app, carrier.accessToken, { max_load_weight: '20000', weight_unit: 'kg' });
    expect(
      (await bid(carrier.accessToken, tender.id, 1400, { fields: { vehicle_id: exactKilos.id } })).statusCode,
    ).toBe(201);
    const heavier = await newTender({ cargo_weight: 20010 });
    const decimalTons = await createVehicle(app, carrier.accessToken, { max_load_weight: '20.01', weight_unit: 'ton' });
    expect(
      (await bid(carrier.accessToken, heavier.id, 1400, { fields: { vehicle_id: decimalTons.id } })).statusCode,
    ).toBe(201);
    expect((await tenderBids(owner.accessToken, tender.id)).map((row) => row.vehicle?.id)).toEqual([exactKilos.id]);
  });

  it('refuses an Inactive vehicle (400 VEHICLE_INACTIVE); Maintenance and In Transit ones may be offered', async () => {
    const tender = await newTender();
    const inactive = await createVehicle(app, carrier.accessToken, { current_status: 'Inactive' });
    const refused = await bid(carrier.accessToken, tender.id, 1400, { fields: { vehicle_id: inactive.id } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json<ApiErrorBody>()).toMatchObject({
      code: 'VEHICLE_INACTIVE',
      fields: { vehicle_id: expect.any(String) },
    });
    let amount = 1400;
    for (const status of ['Maintenance', 'In Transit', 'Available', 'Active']) {
      const vehicle = await createVehicle(app, carrier.accessToken, { current_status: status });
      const placed = await bid(carrier.accessToken, tender.id, amount, { fields: { vehicle_id: vehicle.id } });
      expect(placed.statusCode, status).toBe(201);
      amount -= 10;
    }
  });

  it('refuses wrong types and huge values with 400 on vehicle_id, and records nothing', async () => {
    const tender = await newTender();
    const wrong: unknown[] = [
      'abc',
      String(truck.id),
      1.5,
      0,
      -1,
      2_147_483_648,
      Number.MAX_SAFE_INTEGER,
      1e308,
      true,
      {},
      [truck.id],
    ];
    for (const value of wrong) {
      const res = await bid(carrier.accessToken, tender.id, 1400, { fields: { vehicle_id: value } });
      expect(res.statusCode, JSON.stringify(value)).toBe(400);
      const body = res.json<ApiErrorBody>();
      expect(body.code, JSON.stringify(value)).toBe('VALIDATION_FAILED');
      expect(Object.keys(body.fields), JSON.stringify(value)).toEqual(['vehicle_id']);
    }
    expect(await tenderBids(owner.accessToken, tender.id)).toEqual([]);
  });

  it('answers 401 without a token', async () => {
    const tender = await newTender();
    const res = await bid(undefined, tender.id, 1400, { fields: { vehicle_id: truck.id } });
    expect(res.statusCode).toBe(401);
    expect(await tenderBids(owner.accessToken, tender.id)).toEqual([]);
  });

  it('loses its vehicle when the vehicle is deleted; the bid stays', async () => {
    const tender = await newTender();
    const spare = await createVehicle(app, carrier.accessToken);
    expect((await bid(carrier.accessToken, tender.id, 1400, { fields: { vehicle_id: spare.id } })).statusCode).toBe(
      201,
    );
    const deleted = await api(app, {
      method: 'DELETE',
      url: pathTo(apiPaths.vehicles.one, { id: spare.id }),
      token: carrier.accessToken,
    });
    expect(deleted.statusCode).toBe(204);
    expect((await tenderBids(owner.accessToken, tender.id)).map((row) => [row.bid_amount, row.vehicle])).toEqual([
      [1400, null],
    ]);
  });
});

describe('the shipment of an awarded bid', () => {
  async function awardAndConfirm(tender: Tender, bidId: number) {
    expect((await award(owner.accessToken, tender.id, bidId)).statusCode).toBe(200);
    expect((await answerAward(app, carrier.accessToken, bidId)).statusCode).toBe(200);
  }
  const shipmentOf = async (tender: Tender, token: string) =>
    (
      await api(app, { method: 'GET', url: pathTo(apiPaths.shipments.one, { number: tender.number }), token })
    ).json<Shipment>();

  it('carries the winning bid’s vehicle type and plate, for both parties, as they were at the award', async () => {
    const tender = await newTender();
    const van = await createVehicle(app, carrier.accessToken, {
      vehicle_type: 'Box Truck',
      license_plate: '10 b 321 cd',
    });
    const placed = (
      await bid(carrier.accessToken, tender.id, 1400, { fields: { vehicle_id: van.id } })
    ).json<PlacedBid>();
    await bid(stranger.accessToken, tender.id, 1300, { fields: { vehicle_id: theirs.id } });
    await awardAndConfirm(tender, placed.id);

    const expected = { type: 'Box Truck', plate: '10 B 321 CD' };
    expect((await shipmentOf(tender, carrier.accessToken)).vehicle).toEqual(expected);
    expect((await shipmentOf(tender, owner.accessToken)).vehicle).toEqual(expected);
    const list = (await api(app, { method: 'GET', url: apiPaths.shipments.list, token: owner.accessToken })).json<
      Shipment[]
    >();
    expect(list.find((row) => row.number === tender.number)?.vehicle).toEqual(expected);

    // the shipment is a record of the award: a later edit of the vehicle does not rewrite it
    const edited = await sendVehicleForm(app, {
      token: carrier.accessToken,
      id: van.id,
      fields: vehicleFields({ vehicle_type: 'Van', license_plate: '99 Z 000 ZZ' }),
    });
    expect(edited.json<Vehicle>().license_plate).toBe('99 Z 000 ZZ');
    expect((await shipmentOf(tender, owner.accessToken)).vehicle).toEqual(expected);
  });

  it('has no vehicle when the winning bid named none', async () => {
    const tender = await newTender();
    const placed = (await bid(carrier.accessToken, tender.id, 1400)).json<PlacedBid>();
    await awardAndConfirm(tender, placed.id);
    expect((await shipmentOf(tender, carrier.accessToken)).vehicle).toBeNull();
  });
});
