import { describe, expect, it } from 'vitest';
import { endOfMarketDayMs, formatMarketTime, marketDateOf, nextMaxBidCents } from './auction.js';
import { createTenderInput } from './tenders.js';

describe('auction time in Tashkent', () => {
  it('closes a day at 23:59:59 +05:00', () => {
    expect(new Date(endOfMarketDayMs('2026-11-30')).toISOString()).toBe('2026-11-30T18:59:59.000Z');
  });

  it('reads the Tashkent date of an instant across the UTC midnight', () => {
    expect(marketDateOf(Date.parse('2026-11-30T18:59:59Z'))).toBe('2026-11-30');
    expect(marketDateOf(Date.parse('2026-11-30T19:00:00Z'))).toBe('2026-12-01');
    expect(marketDateOf(Date.parse('2026-11-30T00:00:00+05:00'))).toBe('2026-11-30');
  });

  it('formats an instant as people in the market read it', () => {
    expect(formatMarketTime(Date.parse('2026-11-30T13:05:00Z'))).toBe('30.11.2026 18:05');
    // Tashkent's midnight is 19:00 UTC: the date, month and year turn there
    expect(formatMarketTime(Date.parse('2026-12-31T18:59:00Z'))).toBe('31.12.2026 23:59');
    expect(formatMarketTime(Date.parse('2026-12-31T19:00:00Z'))).toBe('01.01.2027 00:00');
    expect(formatMarketTime(Date.parse('2027-03-05T04:07:09Z'))).toBe('05.03.2027 09:07');
  });

  it('gives the highest acceptable bid, or none when the step leaves nothing', () => {
    expect(nextMaxBidCents(100_000, 1)).toBe(99_999);
    expect(nextMaxBidCents(5000, 2500)).toBe(2500);
    expect(nextMaxBidCents(100, 100)).toBeNull();
  });
});

describe('the auction rules of the create form', () => {
  const base = {
    name: 'Sement',
    cargo_type: 'Truck',
    cargo_weight: 1000,
    cargo_volume: 10,
    origin_location: 'Tashkent',
    destination_location: 'Samarqand',
    initial_price: 1000,
    shipment_date: '2026-12-05',
    delivery_date: '2026-12-07',
    tender_start_date: '2026-11-25',
    tender_end_date: '2026-11-30',
  };
  const fieldsOf = (values: Record<string, unknown>) => {
    const result = createTenderInput.safeParse({ ...base, ...values });
    return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}:${issue.message}`);
  };

  it('fills the defaults; blank boxes count as not given', () => {
    const parsed = createTenderInput.parse({ ...base, min_step: '', buy_now_price: '', soft_close_minutes: '' });
    expect(parsed).toMatchObject({
      closes_at: null,
      soft_close_minutes: 0,
      min_step: 0.01,
      buy_now_price: null,
      reserve_price: null,
      auto_award: false,
      confirm_within_minutes: 120,
    });
  });

  it('reads typed numbers and the close time with its offset', () => {
    const parsed = createTenderInput.parse({
      ...base,
      min_step: '12,5',
      reserve_price: '900',
      closes_at: '2026-11-30T23:00:00+05:00',
      confirm_within_minutes: '45',
    });
    expect(parsed).toMatchObject({ min_step: 12.5, reserve_price: 900, confirm_within_minutes: 45 });
    expect(parsed.closes_at).toBe(Date.parse('2026-11-30T18:00:00Z'));
  });

  it('names each rule that does not hold', () => {
    expect(fieldsOf({ min_step: 1000 })).toEqual(['min_step:step_not_below_price']);
    expect(fieldsOf({ buy_now_price: 1000.01 })).toEqual(['buy_now_price:above_initial_price']);
    expect(fieldsOf({ buy_now_price: 1000 })).toEqual([]);
    expect(fieldsOf({ reserve_price: 2000 })).toEqual(['reserve_price:above_initial_price']);
    expect(fieldsOf({ closes_at: '2026-12-01T00:00:00+05:00' })).toEqual(['closes_at:closes_off_end_date']);
    expect(fieldsOf({ closes_at: '2026-11-30T20:00:00Z' })).toEqual(['closes_at:closes_off_end_date']);
    expect(fieldsOf({ closes_at: '2026-11-30 12:00' })).toEqual(['closes_at:instant']);
    expect(fieldsOf({ soft_close_minutes: 61 })).toEqual(['soft_close_minutes:soft_close_range']);
    expect(fieldsOf({ confirm_within_minutes: 0 })).toEqual(['confirm_within_minutes:confirm_within_range']);
    expect(fieldsOf({ confirm_within_minutes: 2.5 })).toEqual(['confirm_within_minutes:integer']);
  });
});
