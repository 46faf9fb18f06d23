import { describe, expect, it } from 'vitest';
import { cityOf } from './cities.js';
import {
  cargoTypeForMode,
  cargoTypeMatchesMode,
  daysBetween,
  deliverySpeed,
  locationFilterOf,
  matchesOrdersFilters,
  matchesTenderListFilters,
  modeMaskOf,
  modeMasksWith,
  modeOfPath,
  ordersPriceBand,
  tenderListPriceBand,
  type FilterableTender,
} from './tender-filters.js';

describe('tender list price bands (Arzon < 1000, O\u2019rtacha 1000–5000 inclusive, Qimmat > 5000)', () => {
  it.each([
    [0.01, 'Arzon'],
    [999.99, 'Arzon'],
    [1000, "O'rtacha"],
    [1000.01, "O'rtacha"],
    [4999.99, "O'rtacha"],
    [5000, "O'rtacha"],
    [5000.01, 'Qimmat'],
    ['999.99', 'Arzon'],
    ['1000', "O'rtacha"],
    ['5000', "O'rtacha"],
    ['5000.01', 'Qimmat'],
  ])('%s → %s', (price, band) => {
    expect(tenderListPriceBand(price)).toBe(band);
  });

  it.each([['abc'], [''], [null], [undefined], [Number.NaN], ['1e3']])('non-numeric %s → no band', (price) => {
    expect(tenderListPriceBand(price)).toBeNull();
  });
});

describe('My Orders price bands (Arzon ≤ 1000, O\u2019rtacha > 1000 and ≤ 5000, Qimmat > 5000)', () => {
  it.each([
    [999.99, 'Arzon'],
    [1000, 'Arzon'],
    [1000.01, "O'rtacha"],
    [5000, "O'rtacha"],
    [5000.01, 'Qimmat'],
    ['1000', 'Arzon'],
    ['5000.01', 'Qimmat'],
  ])('%s → %s', (price, band) => {
    expect(ordersPriceBand(price)).toBe(band);
  });

  it.each([['N/A'], [''], [null], [undefined], [Number.NaN], [Infinity]])('non-numeric %s → no band', (price) => {
    expect(ordersPriceBand(price)).toBeNull();
  });

  it('differs from the tender list exactly at 1000', () => {
    expect(tenderListPriceBand(1000)).toBe("O'rtacha");
    expect(ordersPriceBand(1000)).toBe('Arzon');
  });
});

describe('modes', () => {
  it('maps each mode to its cargo-type text', () => {
    expect(cargoTypeForMode('truck')).toBe('Truck');
    expect(cargoTypeForMode('plane')).toBe('Aviation');
    expect(cargoTypeForMode('ship')).toBe('Maritime');
    expect(cargoTypeForMode('labo')).toBe('Local');
  });

  it('reads the mode of a route', () => {
    expect(modeOfPath('/tenders/truck')).toBe('truck');
    expect(modeOfPath('/tenders/plane/')).toBe('plane');
    expect(modeOfPath('/tenders/ship?x=1')).toBe('ship');
    expect(modeOfPath('labo')).toBe('labo');
    expect(modeOfPath('/tenders')).toBeNull();
    expect(modeOfPath('/tenders/boat')).toBeNull();
    expect(modeOfPath('/orders/truck')).toBeNull();
    expect(modeOfPath('')).toBeNull();
    expect(modeOfPath(undefined)).toBeNull();
  });

  it('keeps cargo types that contain the mode text, in any case', () => {
    expect(cargoTypeMatchesMode('Truck (tented)', 'truck')).toBe(true);
    expect(cargoTypeMatchesMode('refrigerated truck', 'truck')).toBe(true);
    expect(cargoTypeMatchesMode('Aviation cargo', 'plane')).toBe(true);
    expect(cargoTypeMatchesMode('Aviation cargo', 'truck')).toBe(false);
    expect(cargoTypeMatchesMode('Maritime container', 'ship')).toBe(true);
    expect(cargoTypeMatchesMode('Local delivery (Labo)', 'labo')).toBe(true);
    expect(cargoTypeMatchesMode('', 'labo')).toBe(false);
    expect(cargoTypeMatchesMode(null, 'labo')).toBe(false);
  });

  it('gives a cargo type naming two modes both bits, and lists the masks of a mode', () => {
    expect(modeMaskOf('Truck + Maritime')).toBe(1 | 4);
    expect(modeMaskOf('General cargo')).toBe(0);
    expect(modeMasksWith('truck')).toEqual([1, 3, 5, 7, 9, 11, 13, 15]);
    expect(modeMasksWith('labo')).toEqual([8, 9, 10, 11, 12, 13, 14, 15]);
  });
});

describe('delivery speed (days from shipment to delivery: Tez ≤ 3, Odatdagi 4–7, Sekin ≥ 8)', () => {
  it.each([
    ['2026-11-21', '2026-11-21', 'Tez'],
    ['2026-11-21', '2026-11-24', 'Tez'],
    ['2026-11-21', '2026-11-25', 'Odatdagi'],
    ['2026-11-21', '2026-11-28', 'Odatdagi'],
    ['2026-11-21', '2026-11-29', 'Sekin'],
    ['2026-12-30', '2027-01-10', 'Sekin'],
    ['2028-02-27', '2028-03-01', 'Tez'], // leap year: 3 days
    ['2026-11-21T00:00:00.000Z', '2026-11-26', 'Odatdagi'],
  ])('%s → %s is %s', (from, to, speed) => {
    expect(deliverySpeed(from, to)).toBe(speed);
  });

  it('counts calendar days across month ends and time zones', () => {
    expect(daysBetween('2026-02-28', '2026-03-01')).toBe(1);
    expect(daysBetween('2026-03-28', '2026-03-30')).toBe(2);
    expect(daysBetween('2026-11-25', '2026-11-21')).toBe(-4);
  });

  it('has no speed for missing or invalid dates', () => {
    expect(deliverySpeed('', '2026-11-21')).toBeNull();
    expect(deliverySpeed('2026-11-21', null)).toBeNull();
    expect(deliverySpeed('2026-02-30', '2026-03-02')).toBeNull();
    expect(deliverySpeed('21.11.2026', '2026-11-25')).toBeNull();
  });
});

describe('cities', () => {
  it('recognises the common spellings of a city', () => {
    expect(cityOf('Tashkent')).toBe('tashkent');
    expect(cityOf('Toshkent sh., Chilonzor')).toBe('tashkent');
    expect(cityOf('TASHKENT, Uzbekistan')).toBe('tashkent');
    expect(cityOf('Ташкент')).toBe('tashkent');
    expect(cityOf("Farg'ona")).toBe('fargona');
    expect(cityOf('Farg‘ona')).toBe('fargona');
    expect(cityOf('Fargʻona viloyati')).toBe('fargona');
    expect(cityOf('Fergana')).toBe('fargona');
    expect(cityOf('Samarkand')).toBe('samarqand');
    expect(cityOf('Bukhara')).toBe('buxoro');
    expect(cityOf('Andijan')).toBe('andijon');
    expect(cityOf('Namangan')).toBe('namangan');
    expect(cityOf('Nukus')).toBe('nukus');
    expect(cityOf('Kashgar')).toBeNull();
    expect(cityOf('')).toBeNull();
  });

  it('reads a location filter value', () => {
    expect(locationFilterOf('Boshqa')).toBe('other');
    expect(locationFilterOf('boshqa')).toBe('other');
    expect(locationFilterOf('Toshkent')).toBe('tashkent');
    expect(locationFilterOf('Tashkent')).toBe('tashkent');
    expect(locationFilterOf('Atlantis')).toBeUndefined();
  });
});

const tender = (overrides: Partial<FilterableTender> = {}): FilterableTender => ({
  name: 'Paxta tolasi',
  cargo_type: 'Truck (tented)',
  origin_location: 'Toshkent',
  destination_location: 'Moscow',
  initial_price: 1000,
  status: 'opened',
  shipment_date: '2026-11-21',
  delivery_date: '2026-11-24',
  ...overrides,
});

describe('My Orders filters', () => {
  it('searches name, cargo type, origin and destination case-insensitively', () => {
    expect(matchesOrdersFilters(tender(), { search: 'PAXTA' })).toBe(true);
    expect(matchesOrdersFilters(tender(), { search: 'tented' })).toBe(true);
    expect(matchesOrdersFilters(tender(), { search: 'toshk' })).toBe(true);
    expect(matchesOrdersFilters(tender(), { search: 'moscow' })).toBe(true);
    expect(matchesOrdersFilters(tender(), { search: 'almaty' })).toBe(false);
    expect(matchesOrdersFilters(tender(), { search: '' })).toBe(true);
  });

  it('filters by the orders price bands and excludes non-numeric prices', () => {
    expect(matchesOrdersFilters(tender({ initial_price: 1000 }), { priceRange: 'Arzon' })).toBe(true);
    expect(matchesOrdersFilters(tender({ initial_price: 1000.01 }), { priceRange: "O'rtacha" })).toBe(true);
    expect(matchesOrdersFilters(tender({ initial_price: 5000.01 }), { priceRange: 'Qimmat' })).toBe(true);
    expect(matchesOrdersFilters(tender({ initial_price: 999.99 }), { priceRange: "O'rtacha" })).toBe(false);
    for (const band of ['Arzon', "O'rtacha", 'Qimmat']) {
      expect(matchesOrdersFilters(tender({ initial_price: 'N/A' }), { priceRange: band })).toBe(false);
    }
    expect(matchesOrdersFilters(tender({ initial_price: 'N/A' }), {})).toBe(true);
  });

  it('matches the origin against the orders cities', () => {
    expect(matchesOrdersFilters(tender({ origin_location: 'Tashkent' }), { location: 'Toshkent' })).toBe(true);
    expect(matchesOrdersFilters(tender({ origin_location: 'Fergana' }), { location: "Farg'ona" })).toBe(true);
    expect(matchesOrdersFilters(tender({ origin_location: 'Samarqand' }), { location: 'Toshkent' })).toBe(false);
    expect(matchesOrdersFilters(tender({ destination_location: 'Buxoro' }), { location: 'Buxoro' })).toBe(false);
  });

  it('filters by delivery speed and combines all filters', () => {
    expect(matchesOrdersFilters(tender(), { deliverySpeed: 'Tez' })).toBe(true);
    expect(matchesOrdersFilters(tender(), { deliverySpeed: 'Sekin' })).toBe(false);
    expect(
      matchesOrdersFilters(tender(), {
        search: 'paxta',
        deliverySpeed: 'Tez',
        priceRange: 'Arzon',
        location: 'Toshkent',
      }),
    ).toBe(true);
    expect(
      matchesOrdersFilters(tender(), {
        search: 'paxta',
        deliverySpeed: 'Tez',
        priceRange: 'Qimmat',
        location: 'Toshkent',
      }),
    ).toBe(false);
  });
});

describe('tender list filters', () => {
  it('keeps a mode by cargo type and Boshqa for origins outside the five cities', () => {
    expect(matchesTenderListFilters(tender(), { type: 'truck' })).toBe(true);
    expect(matchesTenderListFilters(tender(), { type: 'ship' })).toBe(false);
    expect(matchesTenderListFilters(tender({ origin_location: 'Nukus' }), { location: 'Boshqa' })).toBe(true);
    expect(matchesTenderListFilters(tender({ origin_location: "Farg'ona" }), { location: 'Boshqa' })).toBe(true);
    expect(matchesTenderListFilters(tender({ origin_location: 'Namangan' }), { location: 'Boshqa' })).toBe(false);
    expect(matchesTenderListFilters(tender(), { location: 'Tashkent' })).toBe(true);
    expect(matchesTenderListFilters(tender(), { price: "O'rtacha" })).toBe(true);
    expect(matchesTenderListFilters(tender(), { status: 'closed' })).toBe(false);
    expect(matchesTenderListFilters(tender(), { name: 'TOLA' })).toBe(true);
    expect(matchesTenderListFilters(tender(), { name: 'moscow' })).toBe(false);
    expect(matchesTenderListFilters(tender(), { q: 'moscow' })).toBe(true);
  });
});
