import { describe, expect, it } from 'vitest';
import {
  createTenderInput,
  decodeTenderCursor,
  encodeTenderCursor,
  missingTenderFields,
  tenderListQuery,
  tenderNumber,
  type CreateTenderInput,
} from './tenders.js';

const valid: CreateTenderInput = {
  name: 'Paxta tolasi',
  cargo_type: 'Truck',
  cargo_weight: 20000,
  cargo_volume: 82,
  origin_location: 'Toshkent',
  destination_location: 'Moskva',
  shipment_date: '2026-11-25',
  delivery_date: '2026-12-02',
  tender_start_date: '2026-11-21',
  tender_end_date: '2026-11-24',
  initial_price: 3500,
};

function messages(input: unknown): Record<string, string> {
  const result = createTenderInput.safeParse(input);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
}

describe('createTenderInput', () => {
  it('accepts the form values, trims texts and defaults the status to opened', () => {
    const parsed = createTenderInput.parse({ ...valid, name: '  Paxta tolasi  ', notes: '  ', requirements: 'Tent' });
    expect(parsed).toMatchObject({
      name: 'Paxta tolasi',
      status: 'opened',
      notes: null,
      requirements: 'Tent',
      incoterms: null,
    });
  });

  it('reads numbers typed as text, with a dot or a decimal comma', () => {
    const parsed = createTenderInput.parse({
      ...valid,
      cargo_weight: ' 1500.5 ',
      cargo_volume: '12,5',
      initial_price: '999.99',
    });
    expect(parsed).toMatchObject({ cargo_weight: 1500.5, cargo_volume: 12.5, initial_price: 999.99 });
  });

  it('names the form text for a blank required field and for a blank date', () => {
    expect(messages({ ...valid, name: '   ' })).toEqual({ name: 'TENDER_REQUIRED_FIELDS' });
    expect(messages({ ...valid, cargo_weight: '' })).toEqual({ cargo_weight: 'TENDER_REQUIRED_FIELDS' });
    expect(messages({ ...valid, initial_price: undefined })).toEqual({ initial_price: 'TENDER_REQUIRED_FIELDS' });
    expect(messages({ ...valid, tender_end_date: '' })).toEqual({ tender_end_date: 'TENDER_DATES_REQUIRED' });
    expect(messages({ ...valid, shipment_date: null })).toEqual({ shipment_date: 'TENDER_DATES_REQUIRED' });
  });

  it('refuses non-numbers, non-positive numbers, too many decimals and absurd sizes', () => {
    expect(messages({ ...valid, cargo_weight: 'abc' })).toEqual({ cargo_weight: 'number' });
    expect(messages({ ...valid, cargo_weight: 'Infinity' })).toEqual({ cargo_weight: 'number' });
    expect(messages({ ...valid, cargo_weight: Infinity })).toEqual({ cargo_weight: 'number' });
    expect(messages({ ...valid, cargo_volume: 0 })).toEqual({ cargo_volume: 'positive' });
    expect(messages({ ...valid, cargo_volume: '-3' })).toEqual({ cargo_volume: 'positive' });
    expect(messages({ ...valid, initial_price: 10.005 })).toEqual({ initial_price: 'decimals' });
    expect(messages({ ...valid, initial_price: 10_000_000.01 })).toEqual({ initial_price: 'too_large' });
    expect(messages({ ...valid, cargo_weight: true })).toEqual({ cargo_weight: 'number' });
  });

  it('refuses invalid dates and dates out of order', () => {
    expect(messages({ ...valid, shipment_date: '2026-02-30' })).toEqual({ shipment_date: 'date' });
    expect(messages({ ...valid, shipment_date: '25.11.2026' })).toEqual({ shipment_date: 'date' });
    expect(messages({ ...valid, shipment_date: '1999-12-31' })).toEqual({ shipment_date: 'date' });
    expect(messages({ ...valid, delivery_date: '2026-11-24' })).toEqual({ delivery_date: 'delivery_before_shipment' });
    expect(messages({ ...valid, tender_end_date: '2026-11-20' })).toEqual({ tender_end_date: 'end_before_start' });
  });

  it('refuses other statuses, long texts and control characters', () => {
    expect(messages({ ...valid, status: 'awarded' })).toEqual({ status: 'one_of' });
    expect(messages({ ...valid, name: 'x'.repeat(201) })).toEqual({ name: 'too_long' });
    expect(messages({ ...valid, notes: 'x'.repeat(2001) })).toEqual({ notes: 'too_long' });
    expect(messages({ ...valid, name: 'a\u0000b' })).toEqual({ name: 'invalid' });
    expect(createTenderInput.parse({ ...valid, notes: 'line 1\nline 2' }).notes).toBe('line 1\nline 2');
  });
});

describe('missingTenderFields', () => {
  it('reports the required fields first, then the dates', () => {
    expect(missingTenderFields(valid)).toBeNull();
    expect(missingTenderFields({ ...valid, name: ' ', shipment_date: '' })).toEqual({
      code: 'TENDER_REQUIRED_FIELDS',
      fields: ['name', 'shipment_date'],
    });
    expect(missingTenderFields({ ...valid, delivery_date: undefined })).toEqual({
      code: 'TENDER_DATES_REQUIRED',
      fields: ['delivery_date'],
    });
  });
});

describe('tenderListQuery', () => {
  it('treats empty parameters as absent', () => {
    expect(tenderListQuery.parse({ type: '', status: '', price: '', q: ' ', location: '' })).toEqual({});
  });

  it('reads every parameter', () => {
    const cursor = encodeTenderCursor(42);
    expect(
      tenderListQuery.parse({
        name: ' Paxta ',
        id: '7',
        tender_start_date: '2026-11-21',
        initial_price: '1000.50',
        type: 'truck',
        status: 'opened',
        location: 'Toshkent',
        price: "O'rtacha",
        delivery: 'Tez',
        q: 'cement',
        limit: '50',
        cursor,
      }),
    ).toEqual({
      name: 'Paxta',
      id: 7,
      tender_start_date: '2026-11-21',
      initial_price: 1000.5,
      type: 'truck',
      status: 'opened',
      location: 'tashkent',
      price: "O'rtacha",
      delivery: 'Tez',
      q: 'cement',
      limit: 50,
      cursor: 42,
    });
    expect(tenderListQuery.parse({ location: 'Boshqa' }).location).toBe('other');
  });

  it('refuses unknown enum values, bad numbers and both cursor and offset', () => {
    for (const query of [
      { type: 'boat' },
      { status: 'lost' },
      { price: 'cheap' },
      { delivery: 'fast' },
      { location: 'Atlantis' },
      { limit: '0' },
      { limit: '501' },
      { limit: 'ten' },
      { offset: '-1' },
      { id: 'abc' },
      { initial_price: 'abc' },
      { tender_start_date: '2026-13-01' },
      { cursor: 'not a cursor' },
      { cursor: encodeTenderCursor(5), offset: '10' },
      { q: 'a\u0000' },
      { q: 'x'.repeat(201) },
    ]) {
      expect(tenderListQuery.safeParse(query).success, JSON.stringify(query)).toBe(false);
    }
  });
});

describe('numbers and cursors', () => {
  it('numbers tenders YT- and at least six digits', () => {
    expect(tenderNumber(123)).toBe('YT-000123');
    expect(tenderNumber(1234567)).toBe('YT-1234567');
  });

  it('round-trips a cursor and refuses foreign ones', () => {
    for (const id of [1, 42, 99_999, 2_147_483_647]) expect(decodeTenderCursor(encodeTenderCursor(id))).toBe(id);
    expect(encodeTenderCursor(123)).toBe('eyJpZCI6MTIzfQ');
    expect(decodeTenderCursor('eyJpZCI6MTIzfQ')).toBe(123);
    expect(decodeTenderCursor('')).toBeUndefined();
    expect(decodeTenderCursor('@@@')).toBeUndefined();
    expect(decodeTenderCursor('eyJpZCI6LTF9')).toBeUndefined(); // {"id":-1}
    expect(decodeTenderCursor('bnVsbA')).toBeUndefined(); // null
  });
});
