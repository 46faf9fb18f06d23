import {
  createTenderInput,
  marketToday,
  type CreateTenderInput,
  type TenderMode,
  type TenderStatus,
} from '@yuk/shared';
import type { Db } from '../../db/database.js';
import { randomSource } from '../../seeded-random.js';
import { insertTenders, type NewTenderRow } from './tenders.repository.js';
import { tenderRow } from './tenders.service.js';

interface ModeProfile {
  cargoTypes: readonly string[];
  products: readonly string[];
  weightKg: [number, number];
  /** m³ per tonne, roughly */
  volumePerTonne: [number, number];
  priceUsd: [number, number];
  deliveryDays: [number, number];
  destinations: readonly string[];
}

const UZ_CITIES = [
  'Tashkent',
  'Toshkent',
  'Samarqand',
  'Namangan',
  'Buxoro',
  'Andijon',
  "Farg'ona",
  'Nukus',
  'Termiz',
  'Qarshi',
  'Navoiy',
  'Urganch',
  'Jizzax',
  'Guliston',
];
/** Origins weighted towards the capital, with the cities of every filter and a few abroad. */
const ORIGINS = [
  ...UZ_CITIES,
  'Tashkent',
  'Tashkent',
  'Samarqand',
  'Andijon',
  'Almaty',
  'Bishkek',
  'Moscow',
  'Shymkent',
  'Urumqi',
];

const PROFILES: Record<TenderMode, ModeProfile> = {
  truck: {
    cargoTypes: [
      'Truck - tented',
      'Truck (refrigerated)',
      'Truck (flatbed)',
      'Truck (40ft container)',
      'Truck - tanker',
    ],
    products: [
      'Paxta tolasi',
      'Sement M400',
      'Qurilish armaturasi',
      'Quritilgan meva',
      'Uzum (yangi)',
      'Olma',
      'Kartoshka',
      'Un (1-nav)',
      'Shakar',
      "Paxta yog'i",
      'Tekstil mahsulotlari',
      'Maishiy texnika',
      'Plastik quvurlar',
      'Keramik plitkalar',
      'Mebel',
      'Avtomobil ehtiyot qismlari',
      'Mineral o\u2018g\u2018itlar',
    ],
    weightKg: [1500, 22000],
    volumePerTonne: [1.5, 4.5],
    priceUsd: [450, 9500],
    deliveryDays: [2, 12],
    destinations: [
      'Moscow',
      'Almaty',
      'Bishkek',
      'Dushanbe',
      'Istanbul',
      'Kazan',
      'Minsk',
      'Ashgabat',
      'Samarqand',
      'Tashkent',
      'Nukus',
    ],
  },
  plane: {
    cargoTypes: ['Aviation cargo', 'Aviation express', 'Aviation (temperature controlled)'],
    products: [
      'Dori-darmonlar',
      'Ipak gilamlar',
      'Gilos',
      'Zargarlik buyumlari',
      'Elektronika',
      'Tibbiy asboblar',
      'Hujjatlar va namunalar',
      'Atirlar',
    ],
    weightKg: [40, 3000],
    volumePerTonne: [3, 7],
    priceUsd: [600, 16000],
    deliveryDays: [1, 4],
    destinations: ['Dubai', 'Istanbul', 'Moscow', 'Frankfurt', 'Seoul', 'Urumqi', 'Riga', 'London'],
  },
  ship: {
    cargoTypes: [
      'Maritime container (20ft)',
      'Maritime container (40ft)',
      'Maritime bulk',
      'Maritime reefer container',
    ],
    products: [
      'Paxta tolasi',
      'Mis katodlari',
      'Polietilen granulalar',
      'Mineral o\u2018g\u2018itlar',
      'Tekstil mahsulotlari',
      'Quritilgan meva',
      'Dukkakli ekinlar (no\u2018xat)',
    ],
    weightKg: [8000, 26000],
    volumePerTonne: [1.2, 2.8],
    priceUsd: [2200, 14500],
    deliveryDays: [12, 45],
    destinations: [
      'Poti port',
      'Bandar Abbas',
      'Riga port',
      'Istanbul (Ambarli)',
      'Shanghai',
      'Hamburg',
      'Mersin',
      'Constanta',
    ],
  },
  labo: {
    cargoTypes: ['Local delivery (Labo)', 'Local (Damas van)', 'Local courier'],
    products: [
      'Non mahsulotlari',
      'Sut mahsulotlari',
      'Sabzavotlar',
      'Maishiy texnika',
      'Qurilish mollari',
      'Ofis mebeli',
      'Mevalar',
      'Gullar',
    ],
    weightKg: [40, 750],
    volumePerTonne: [2, 6],
    priceUsd: [10, 350],
    deliveryDays: [0, 2],
    destinations: [
      'Chilonzor',
      'Yunusobod',
      'Sergeli',
      'Olmazor',
      'Mirzo Ulug\u2018bek',
      'Chirchiq',
      'Yangiyo\u2018l',
      "Marg'ilon",
      'Kattaqo\u2018rg\u2018on',
    ],
  },
};

const REQUIREMENTS = [
  'Tentli yuk mashinasi, 20 t',
  'Harorat +2..+6 °C',
  'GPS kuzatuvi majburiy',
  'Sug‘urta bilan',
  'Yuklash-tushirish yordami kerak',
  null,
  null,
];
const INCOTERMS = ['FCA Tashkent', 'EXW', 'DAP', 'CPT', 'FOB', 'CIF', null];
const NOTES = [
  'Yuk hujjatlari tayyor',
  'Bojxona rasmiylashtiruvi jo‘natuvchi tomonidan',
  'Ehtiyotkorlik bilan tashish',
  null,
  null,
];

function addDays(date: string, days: number): string {
  const value = new Date(`${date}T00:00:00Z`);
  value.setUTCDate(value.getUTCDate() + days);
  return value.toISOString().slice(0, 10);
}

const round2 = (value: number) => Math.round(value * 100) / 100;

/** Auction rules for some demo tenders: a soft close, a step, a buy-now price, an automatic award. */
function demoAuctionRules(i: number, price: number): Partial<CreateTenderInput> {
  const rules: Partial<CreateTenderInput> = {};
  if (i % 3 === 0) rules.soft_close_minutes = 10;
  if (i % 4 === 0 && price >= 2000) rules.min_step = 10;
  if (i % 5 === 0) rules.buy_now_price = Math.round(price * 0.9);
  if (i % 7 === 0) {
    rules.auto_award = true;
    rules.reserve_price = Math.round(price * 0.85);
    rules.confirm_within_minutes = 60;
  }
  return rules;
}

/**
 * Demo tenders of one owner: `count` realistic tenders over all four modes, the cities of every filter and a
 * few others, every price band and delivery speed, in every status (a few drafts), dated around today.
 */
export async function seedDemoTenders(db: Db, ownerId: number, count = 300, now: Date = new Date()): Promise<number> {
  const random = randomSource(20261121);
  const today = marketToday(now);
  const modes: TenderMode[] = ['truck', 'truck', 'truck', 'plane', 'ship', 'labo', 'labo'];
  const tenders: { row: NewTenderRow; createdAt: string }[] = [];

  for (let i = 0; i < count; i += 1) {
    const mode = random.pick(modes);
    const profile = PROFILES[mode];
    // Drafts are rare, opened tenders the most common.
    const roll = random.next();
    const status: TenderStatus = i % 100 === 7 ? 'draft' : roll < 0.6 ? 'opened' : roll < 0.82 ? 'closed' : 'awarded';

    let start: string;
    let end: string;
    if (status === 'opened') {
      start = addDays(today, -random.int(0, 12));
      end = addDays(today, random.int(1, 21));
    } else if (status === 'draft') {
      start = addDays(today, random.int(1, 10));
      end = addDays(start, random.int(5, 14));
    } else {
      start = addDays(today, -random.int(20, 90));
      end = addDays(start, random.int(3, 15));
    }
    const shipment = addDays(end, random.int(1, 7));
    const delivery = addDays(shipment, random.int(profile.deliveryDays[0], profile.deliveryDays[1]));
    const weight = Math.round(random.int(profile.weightKg[0], profile.weightKg[1]) / 10) * 10;
    const volume = Math.max(
      0.5,
      round2(
        (weight / 1000) *
          (profile.volumePerTonne[0] + random.next() * (profile.volumePerTonne[1] - profile.volumePerTonne[0])),
      ),
    );
    // Round prices the way people write them, with an occasional exact edge of a price band.
    const edge = mode !== 'labo' && random.next() < 0.04 ? random.pick([999.99, 1000, 5000, 5000.01]) : undefined;
    const price = edge ?? Math.max(10, Math.round(random.int(profile.priceUsd[0], profile.priceUsd[1]) / 10) * 10);
    let origin = random.pick(mode === 'labo' ? UZ_CITIES : ORIGINS);
    let destination = random.pick(profile.destinations);
    if (destination === origin) destination = mode === 'labo' ? 'Chilonzor' : 'Moscow';
    if (mode === 'labo' && !['Tashkent', 'Toshkent'].includes(origin) && random.next() < 0.5) origin = 'Toshkent';

    const input: CreateTenderInput = {
      name: random.pick(profile.products),
      cargo_type: random.pick(profile.cargoTypes),
      cargo_weight: weight,
      cargo_volume: volume,
      origin_location: origin,
      destination_location: destination,
      shipment_date: shipment,
      delivery_date: delivery,
      tender_start_date: start,
      tender_end_date: end,
      initial_price: price,
      status: status === 'awarded' ? 'closed' : status,
      requirements: random.pick(REQUIREMENTS),
      notes: random.pick(NOTES),
      incoterms: mode === 'labo' ? null : random.pick(INCOTERMS),
      // some open tenders show the auction rules (chosen by position, so the random draws stay as they were)
      ...(status === 'opened' ? demoAuctionRules(i, price) : {}),
    };
    const createdDay = status === 'draft' ? addDays(today, -random.int(0, 3)) : addDays(start, -random.int(0, 3));
    const createdAt = [
      `${createdDay}T0${random.int(3, 9)}:${random.int(10, 59)}:00.000Z`,
      now.toISOString(),
    ].sort()[0]!;
    const row = tenderRow(ownerId, createTenderInput.parse(input), createdAt);
    tenders.push({ row: { ...row, status }, createdAt });
  }

  // Oldest first, so that the newest tenders get the highest ids and head every list.
  tenders.sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  const rows = tenders.map((tender) => tender.row);
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < rows.length; i += 100) await insertTenders(trx, rows.slice(i, i + 100));
  });
  return rows.length;
}
