import {
  DEFAULT_EVENT_CHANNELS,
  DELIVERY_EVENTS,
  tenderNumber,
  type CarrierFigures,
  type Company,
  type NotificationSettings,
  type SavedSearch,
  type ShipperFigures,
  type MyBid,
  type Notification,
  type Shipment,
  type Tender,
  type TenderBid,
  type User,
  type Vehicle,
} from '@yuk/shared';

/**
 * Test data of the web tests, as the API returns it: each factory fills every field with a plausible value and
 * tests change only what they look at.
 */

/** The signed-in user of the tests. */
export function makeUser(overrides: Partial<User> = {}): User {
  return {
    id: 7,
    first_name: 'Aziz',
    last_name: 'Karimov',
    email: 'aziz@example.uz',
    phone_number: '+998901234567',
    phone_verified: false,
    created_at: '2025-01-15T10:00:00.000Z',
    role: 'user',
    ...overrides,
  };
}

let nextTenderId = 500;

/** A tender as the API returns it; tests change only what they look at. */
export function makeTender(overrides: Partial<Tender> = {}): Tender {
  const id = overrides.id ?? nextTenderId++;
  return {
    id,
    number: tenderNumber(id),
    name: `Paxta tolasi ${id}`,
    cargo_type: 'Truck - tented',
    cargo_weight: 12500,
    cargo_volume: 40.5,
    origin_location: 'Tashkent',
    destination_location: 'Moscow',
    shipment_date: '2026-12-01',
    delivery_date: '2026-12-06',
    tender_start_date: '2026-11-20',
    tender_end_date: '2026-11-30',
    initial_price: 4200,
    status: 'opened',
    current_min_bid: null,
    bid_count: 0,
    requirements: null,
    notes: null,
    incoterms: null,
    owner_id: 1,
    is_owner: false,
    created_at: '2026-11-20T08:00:00.000Z',
    closes_at: '2026-11-30T18:59:59.000Z',
    soft_close_minutes: 0,
    min_step: 0.01,
    buy_now_price: null,
    auto_award: false,
    confirm_within_minutes: 120,
    verified_only: false,
    ...overrides,
  };
}

/** A bid as the tender's owner sees it. */
export const makeTenderBid = (overrides: Partial<TenderBid> = {}): TenderBid => ({
  id: 31,
  tender_id: 9,
  bid_amount: 3900,
  status: 'active',
  created_at: '2026-11-21T09:15:00.000Z',
  valid_until: null,
  confirm_by: null,
  vehicle: null,
  bidder: makeBidder(),
  ...overrides,
});

/** Who is behind a bid, as the tender's owner sees them. */
export function makeBidder(overrides: Partial<TenderBid['bidder']> = {}): TenderBid['bidder'] {
  return {
    id: 3,
    first_name: 'Aziz',
    last_name: 'Rahimov',
    phone_number: '+998911112233',
    no_shows: 0,
    recent_no_show: false,
    rating_average: null,
    company: null,
    ...overrides,
  };
}

/** A bid as its bidder sees it (My Bids). */
export function makeMyBid(overrides: Partial<MyBid> = {}): MyBid {
  return {
    id: 1,
    tender_id: 10,
    bid_amount: 1500,
    status: 'active',
    created_at: '2025-03-01T10:00:00.000Z',
    number: 'YT-000010',
    name: 'Sement',
    origin_location: 'Toshkent',
    destination_location: 'Samarqand',
    cargo_weight: 12000,
    shipment_date: '2025-03-01',
    delivery_date: '2025-03-05',
    tender_status: 'opened',
    tender_closes_at: '2025-03-01T18:59:59.000Z',
    valid_until: null,
    confirm_by: null,
    vehicle: null,
    ...overrides,
  };
}

let nextVehicleId = 100;

/** A vehicle as the API returns it; tests change only what they look at. */
export function makeVehicle(overrides: Partial<Vehicle> = {}): Vehicle {
  const id = overrides.id ?? nextVehicleId++;
  return {
    id,
    vehicle_name: `Truck-${id}`,
    vehicle_type: 'Tented Truck',
    license_plate: `01 A ${id} BC`,
    vin: null,
    year_of_manufacture: 2020,
    current_status: 'Active',
    max_load_weight: 20,
    weight_unit: 'ton',
    max_volume: 0,
    volume_unit: 'm³',
    axle_count: 0,
    length: 0,
    width: 0,
    height: 0,
    equipment_features: [],
    documents: { insurance: null, registration: null, vehicle_photo: null },
    document_names: { insurance: null, registration: null, vehicle_photo: null },
    insurance_expires_on: null,
    registration_expires_on: null,
    inspection_expires_on: null,
    permit_expires_on: null,
    created_at: '2025-03-07T09:30:00.000Z',
    ...overrides,
  };
}

/** A shipment as its carrier sees it. */
export function makeShipment(overrides: Partial<Shipment> = {}): Shipment {
  return {
    number: 'YT-000042',
    tender_id: 42,
    status: 'awarded',
    role: 'carrier',
    description: 'Sement (Truck)',
    weight: 12500,
    volume: 36.5,
    origin: 'Toshkent',
    destination: 'Samarqand',
    pickupDate: '2025-03-10',
    deliveryDate: '2025-03-14',
    requirements: 'Tentli yuk mashinasi',
    notes: 'Ehtiyot bo‘ling',
    incoterms: 'FCA',
    amount: 1850,
    carrier_name: 'Aziz Karimov',
    carrier_phone: '+998901234567',
    owner_name: 'Dilnoza Yusupova',
    vehicle: null,
    loaded_at: null,
    on_the_way_at: null,
    delivered_at: null,
    created_at: '2025-03-09T08:00:00.000Z',
    ...overrides,
  };
}

/** A notification; `created_at` five minutes ago. */
export function makeNotification(overrides: Partial<Notification> = {}): Notification {
  return {
    id: 1,
    type: 'offer',
    kind: 'bid_received',
    title: 'Tenderingizga yangi taklif',
    body: 'YT-000001 «Sement»: 900 USD',
    link: '/tender/1',
    read: false,
    created_at: new Date(Date.now() - 5 * 60_000).toISOString(),
    ...overrides,
  };
}

/** My company as the API returns it. */
export function makeCompany(overrides: Partial<Company> = {}): Company {
  return {
    id: 4,
    name: 'Silk Road Logistics MChJ',
    stir: '305123456',
    kind: 'carrier',
    legal_address: 'Toshkent, Chilonzor 12',
    director: 'Aziz Rahimov',
    phone: '+998901234567',
    documents: { licence: '/api/files/ab?exp=1&sig=x', registration_certificate: '/api/files/cd?exp=1&sig=y' },
    verification_status: 'unverified',
    rejection_reason: null,
    suspended: false,
    suspension_reason: null,
    verified_at: null,
    verified_by: null,
    created_at: '2026-11-20T08:00:00.000Z',
    ...overrides,
  };
}

export function makeSavedSearch(overrides: Partial<SavedSearch> = {}): SavedSearch {
  return {
    id: 9,
    name: 'Toshkent → Almaty',
    origin: 'Toshkent',
    destination: 'Almaty',
    modes: ['truck'],
    max_weight: 20000,
    min_price: 500,
    created_at: '2026-11-24T09:00:00.000Z',
    ...overrides,
  };
}

export function makeNotificationSettings(overrides: Partial<NotificationSettings> = {}): NotificationSettings {
  return {
    language: 'en',
    events: Object.fromEntries(
      DELIVERY_EVENTS.map((event) => [event, [...DEFAULT_EVENT_CHANNELS[event]]]),
    ) as NotificationSettings['events'],
    quiet_hours: null,
    channels: {
      telegram: { available: true, linked: false },
      email: { available: true, address: 'carrier@example.uz' },
      push: { available: true, public_key: 'BPublicKey', devices: 0 },
    },
    failed: [],
    ...overrides,
  };
}

/** A shipper's dashboard figures over `months` (YYYY-MM), every month empty unless overridden. */
export function makeShipperFigures(months: string[], overrides: Partial<ShipperFigures> = {}): ShipperFigures {
  return {
    tenders: 0,
    bids_per_tender: null,
    deals: 0,
    spend: 0,
    savings: 0,
    savings_share: null,
    median_hours_to_award: null,
    delivered: 0,
    on_time: 0,
    on_time_share: null,
    months: months.map((month) => ({
      month,
      tenders: 0,
      bids_per_tender: null,
      deals: 0,
      spend: 0,
      savings: 0,
      median_hours_to_award: null,
      delivered: 0,
      on_time: 0,
    })),
    ...overrides,
  };
}

/** A carrier's dashboard figures over `months` (YYYY-MM), every month empty unless overridden. */
export function makeCarrierFigures(months: string[], overrides: Partial<CarrierFigures> = {}): CarrierFigures {
  return {
    bids_placed: 0,
    bids_won: 0,
    decided_tenders: 0,
    tenders_won: 0,
    win_rate: null,
    revenue: 0,
    delivered: 0,
    on_time: 0,
    on_time_share: null,
    ratings: 0,
    rating_average: null,
    months: months.map((month) => ({
      month,
      bids_placed: 0,
      bids_won: 0,
      revenue: 0,
      delivered: 0,
      on_time: 0,
      ratings: 0,
      rating_average: null,
    })),
    ...overrides,
  };
}
