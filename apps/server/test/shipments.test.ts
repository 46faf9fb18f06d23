import { describe, expect, it } from 'vitest';
import { apiPaths, pathTo, type Notification, type PlacedBid, type Shipment } from '@yuk/shared';
import { api, buildTestApp, type ApiErrorBody } from './helpers.js';
import { createUser } from './factories/index.js';
import { answerAward, createTender } from './factories/index.js';

const { app } = await buildTestApp();

const owner = await createUser(app, { first_name: 'Dilshod', last_name: 'Karimov' });
const carrier = await createUser(app, { first_name: 'Aziz', last_name: 'Rahimov', phone_number: '+998911112233' });
const loser = await createUser(app);
const stranger = await createUser(app);

async function awardedShipment() {
  const tender = await createTender(app, owner.accessToken, {
    name: 'Paxta',
    cargo_type: 'Truck',
    cargo_weight: 20000,
    cargo_volume: 80,
    origin_location: 'Tashkent',
    destination_location: 'Moscow',
    requirements: 'Tent',
    notes: 'Fragile',
    incoterms: 'FCA',
  });
  const won = (
    await api(app, {
      method: 'POST',
      url: pathTo(apiPaths.tenders.bids, { id: tender.id }),
      token: carrier.accessToken,
      payload: { bid_amount: 1200 },
    })
  ).json<PlacedBid>();
  await api(app, {
    method: 'POST',
    url: pathTo(apiPaths.tenders.bids, { id: tender.id }),
    token: loser.accessToken,
    payload: { bid_amount: 1100 },
  });
  await api(app, {
    method: 'POST',
    url: pathTo(apiPaths.tenders.award, { id: tender.id }),
    token: owner.accessToken,
    payload: { bid_id: won.id },
  });
  await answerAward(app, carrier.accessToken, won.id);
  return tender;
}

const move = (token: string, number: string, status: unknown) =>
  api(app, { method: 'POST', url: pathTo(apiPaths.shipments.status, { number: number }), token, payload: { status } });

describe('shipments', () => {
  it('the award creates the shipment for the winning carrier, seen by both parties only', async () => {
    const tender = await awardedShipment();
    const res = await api(app, {
      method: 'GET',
      url: pathTo(apiPaths.shipments.one, { number: tender.number }),
      token: carrier.accessToken,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<Shipment>()).toMatchObject({
      number: tender.number,
      tender_id: tender.id,
      status: 'awarded',
      role: 'carrier',
      description: 'Paxta (Truck)',
      weight: 20000,
      volume: 80,
      origin: 'Tashkent',
      destination: 'Moscow',
      pickupDate: tender.shipment_date,
      deliveryDate: tender.delivery_date,
      requirements: 'Tent',
      notes: 'Fragile',
      incoterms: 'FCA',
      amount: 1200,
      carrier_name: 'Aziz Rahimov',
      carrier_phone: '+998911112233',
      owner_name: 'Dilshod Karimov',
      loaded_at: null,
    });
    expect(
      (await api(app, { method: 'GET', url: apiPaths.shipments.list, token: owner.accessToken }))
        .json<Shipment[]>()
        .map((s) => s.number),
    ).toContain(tender.number);
    for (const who of [loser, stranger]) {
      expect(
        (
          await api(app, {
            method: 'GET',
            url: pathTo(apiPaths.shipments.one, { number: tender.number }),
            token: who.accessToken,
          })
        ).statusCode,
      ).toBe(404);
      expect((await api(app, { method: 'GET', url: apiPaths.shipments.list, token: who.accessToken })).json()).toEqual(
        [],
      );
    }
  });

  it('moves in order: carrier loaded → on the way, owner delivered; out of order 409, wrong party 403, stranger 404', async () => {
    const { number } = await awardedShipment();
    expect((await move(carrier.accessToken, number, 'on_the_way')).statusCode).toBe(409);
    expect((await move(carrier.accessToken, number, 'delivered')).statusCode).toBe(403);
    expect((await move(owner.accessToken, number, 'loaded')).json<ApiErrorBody>().code).toBe('SHIPMENT_STEP_NOT_YOURS');
    expect((await move(stranger.accessToken, number, 'loaded')).statusCode).toBe(404);
    expect((await move(carrier.accessToken, number, 'flying')).statusCode).toBe(400);
    const loaded = await move(carrier.accessToken, number, 'loaded');
    expect(loaded.json<Shipment>()).toMatchObject({ status: 'loaded', loaded_at: expect.any(String) });
    expect((await move(carrier.accessToken, number, 'loaded')).json<ApiErrorBody>().code).toBe(
      'SHIPMENT_STEP_OUT_OF_ORDER',
    );
    expect((await move(owner.accessToken, number, 'delivered')).statusCode).toBe(409);
    expect((await move(carrier.accessToken, number, 'on_the_way')).json<Shipment>().status).toBe('on_the_way');
    const delivered = (await move(owner.accessToken, number, 'delivered')).json<Shipment>();
    expect(delivered).toMatchObject({ status: 'delivered', role: 'owner' });
    expect(delivered.delivered_at! >= delivered.on_the_way_at!).toBe(true);
    expect(delivered.on_the_way_at! >= delivered.loaded_at!).toBe(true);
  });

  it('each move tells the other party', async () => {
    const { number } = await awardedShipment();
    await move(carrier.accessToken, number, 'loaded');
    const ownerNotes = (
      await api(app, { method: 'GET', url: '/api/notifications?tab=system', token: owner.accessToken })
    ).json<Notification[]>();
    expect(ownerNotes[0]).toMatchObject({ kind: 'shipment_moved', body: `${number}: Yuklangan` });
    await move(carrier.accessToken, number, 'on_the_way');
    await move(owner.accessToken, number, 'delivered');
    const carrierNotes = (
      await api(app, {
        method: 'GET',
        url: '/api/notifications?tab=system',
        token: carrier.accessToken,
        headers: { 'accept-language': 'en' },
      })
    ).json<Notification[]>();
    expect(carrierNotes.filter((n) => n.body.startsWith(number)).map((n) => n.body)).toEqual([`${number}: Delivered`]);
  });
});
