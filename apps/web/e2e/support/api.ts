import { expect, type APIRequestContext } from '@playwright/test';
import {
  apiPaths,
  type AuthTokens,
  type MyBid,
  type PlacedBid,
  type Tender,
  type User,
  type Vehicle,
  pathTo,
} from '@yuk/shared';
import { makePdf } from './files';

/** A user made for one journey, through the API (so journeys never depend on the demo data). */
export interface JourneyUser {
  email: string;
  password: string;
  user: User;
  accessToken: string;
}

let sequence = 0;

/** Registers a new user and logs in through the API; the browser logs in separately with email and password. */
export async function createApiUser(request: APIRequestContext, firstName: string): Promise<JourneyUser> {
  sequence += 1;
  const unique = `${Date.now().toString(36)}${sequence}${Math.random().toString(36).slice(2, 6)}`;
  const email = `e2e-${unique}@example.uz`;
  const password = 'journey-pass-1';
  const phone = `+99890${String(Math.floor(Math.random() * 10_000_000)).padStart(7, '0')}`;
  const registered = await request.post(apiPaths.users.register, {
    data: { first_name: firstName, last_name: 'Sinov', email, phone_number: phone, password },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const login = await request.post(apiPaths.users.login, { data: { email, password } });
  expect(login.status(), await login.text()).toBe(200);
  const tokens = (await login.json()) as AuthTokens;
  return { email, password, user: tokens.user, accessToken: tokens.accessToken };
}

const auth = (token: string) => ({ Authorization: `Bearer ${token}`, 'Accept-Language': 'uz' });

/** YYYY-MM-DD, `days` from today. */
export function dayFromToday(days: number): string {
  const date = new Date();
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** Creates an opened tender owned by `owner` (POST /api/tenders). */
export async function createApiTender(
  request: APIRequestContext,
  owner: JourneyUser,
  overrides: Record<string, unknown> = {},
): Promise<Tender> {
  const response = await request.post(apiPaths.tenders.collection, {
    headers: auth(owner.accessToken),
    data: {
      name: `Sement ${Math.random().toString(36).slice(2, 7)}`,
      cargo_type: 'Truck',
      cargo_weight: 12000,
      cargo_volume: 36,
      origin_location: 'Toshkent',
      destination_location: 'Samarqand',
      initial_price: 2000,
      shipment_date: dayFromToday(2),
      delivery_date: dayFromToday(4),
      tender_start_date: dayFromToday(0),
      tender_end_date: dayFromToday(7),
      status: 'opened',
      requirements: 'Tentli yuk mashinasi',
      notes: 'Ehtiyotkorlik bilan',
      incoterms: 'FCA',
      ...overrides,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as Tender;
}

/** Bids on a tender (POST /api/tenders/{id}/bids). */
export async function placeApiBid(
  request: APIRequestContext,
  bidder: JourneyUser,
  tenderId: number,
  amount: number,
): Promise<PlacedBid> {
  const response = await request.post(pathTo(apiPaths.tenders.bids, { id: tenderId }), {
    headers: auth(bidder.accessToken),
    data: { bid_amount: amount },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as PlacedBid;
}

/** The owner awards a bid (POST /api/tenders/{id}/award): it awaits its carrier's confirmation. */
export async function awardApiBid(
  request: APIRequestContext,
  owner: JourneyUser,
  tenderId: number,
  bidId: number,
): Promise<void> {
  const response = await request.post(pathTo(apiPaths.tenders.award, { id: tenderId }), {
    headers: auth(owner.accessToken),
    data: { bid_id: bidId },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** The awarded carrier confirms (POST /api/bids/{id}/confirm): the bid is accepted and the shipment made. */
export async function confirmApiAward(request: APIRequestContext, carrier: JourneyUser, bidId: number): Promise<void> {
  const response = await request.post(pathTo(apiPaths.bids.confirm, { id: bidId }), {
    headers: auth(carrier.accessToken),
  });
  expect(response.status(), await response.text()).toBe(200);
}

/**
 * A tender of `owner` that `carrier` won at `amount` USD: bid, awarded and confirmed through the API, so its
 * shipment exists (at "waiting for loading").
 */
export async function shipApiTender(
  request: APIRequestContext,
  parties: { owner: JourneyUser; carrier: JourneyUser; amount: number },
): Promise<{ tender: Tender; bid: PlacedBid }> {
  const tender = await createApiTender(request, parties.owner);
  const bid = await placeApiBid(request, parties.carrier, tender.id, parties.amount);
  await awardApiBid(request, parties.owner, tender.id, bid.id);
  await confirmApiAward(request, parties.carrier, bid.id);
  return { tender, bid };
}

/** Moves a shipment a step as `who` (POST /api/shipments/{number}/status). */
export async function moveApiShipment(
  request: APIRequestContext,
  who: JourneyUser,
  number: string,
  status: 'loaded' | 'on_the_way' | 'delivered',
): Promise<void> {
  const response = await request.post(pathTo(apiPaths.shipments.status, { number }), {
    headers: auth(who.accessToken),
    data: { status },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** My bids as the API has them. */
export async function myApiBids(request: APIRequestContext, who: JourneyUser): Promise<MyBid[]> {
  const response = await request.get(apiPaths.bids.mine, { headers: auth(who.accessToken) });
  expect(response.status()).toBe(200);
  return (await response.json()) as MyBid[];
}

/** Adds a vehicle of `owner` (POST /api/vehicles, the multipart form without documents): 20 t, Active. */
export async function createApiVehicle(
  request: APIRequestContext,
  owner: JourneyUser,
  fields: Record<string, string> = {},
): Promise<Vehicle> {
  const response = await request.post(apiPaths.vehicles.collection, {
    headers: auth(owner.accessToken),
    multipart: {
      vehicle_name: 'MAN TGX',
      vehicle_type: 'Tented Truck',
      license_plate: `01 A ${String(Math.floor(Math.random() * 1000)).padStart(3, '0')} AA`,
      year_of_manufacture: '2020',
      current_status: 'Active',
      max_load_weight: '20',
      weight_unit: 'ton',
      equipment_features: '[]',
      ...fields,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as Vehicle;
}

/** Fills in `who`'s company (PUT /api/companies/me, both documents); returns its STIR. */
export async function createApiCompany(
  request: APIRequestContext,
  who: JourneyUser,
  {
    name,
    kind,
    stir = String(300_000_000 + Math.floor(Math.random() * 99_999_999)),
  }: {
    name: string;
    kind: 'shipper' | 'carrier';
    stir?: string;
  },
): Promise<string> {
  const saved = await request.put(apiPaths.companies.mine, {
    headers: { Authorization: `Bearer ${who.accessToken}` },
    multipart: {
      name,
      stir,
      kind,
      legal_address: 'Toshkent, Yunusobod 4',
      director: `${who.user.first_name} Sinov`,
      phone: '+998901234567',
      licence: { name: 'licence.pdf', mimeType: 'application/pdf', buffer: makePdf('Licence') },
      registration_certificate: { name: 'certificate.pdf', mimeType: 'application/pdf', buffer: makePdf('Cert') },
    },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  return stir;
}
