import { describe, expect, it } from 'vitest';
import { centsToUsd, formatUsd, groupDigits, hasAtMostTwoDecimals, parseDecimal, usdToCents } from './money.js';

describe('usdToCents', () => {
  it('converts numbers and typed text without float drift', () => {
    expect(usdToCents(0.1)).toBe(10);
    expect(usdToCents(0.29)).toBe(29);
    expect(usdToCents(1.15)).toBe(115); // 1.15 * 100 = 114.99999999999999
    expect(usdToCents(19.99)).toBe(1999);
    expect(usdToCents(4.35)).toBe(435); // 4.35 * 100 = 434.99999999999994 in floating point
    expect(usdToCents(1_000_000.07)).toBe(100_000_007);
    expect(usdToCents('1250.5')).toBe(125050);
    expect(usdToCents(' 42 ')).toBe(4200);
    expect(usdToCents('.5')).toBe(50);
    expect(usdToCents('7.')).toBe(700);
    expect(usdToCents('1.230')).toBe(123);
    expect(usdToCents('-3.5')).toBe(-350);
    expect(usdToCents(0)).toBe(0);
    expect(usdToCents(-0)).toBe(0);
  });

  it('refuses more than two decimals, non-numbers and non-finite values', () => {
    expect(usdToCents(1.234)).toBeUndefined();
    expect(usdToCents('1.001')).toBeUndefined();
    expect(usdToCents(0.1 + 0.2)).toBeUndefined();
    expect(usdToCents(1e-7)).toBeUndefined();
    expect(usdToCents(Number.NaN)).toBeUndefined();
    expect(usdToCents(Number.POSITIVE_INFINITY)).toBeUndefined();
    expect(usdToCents(1e300)).toBeUndefined();
    expect(usdToCents('')).toBeUndefined();
    expect(usdToCents('   ')).toBeUndefined();
    expect(usdToCents('12abc')).toBeUndefined();
    expect(usdToCents('1e3')).toBeUndefined();
    expect(usdToCents('Infinity')).toBeUndefined();
    expect(usdToCents('1 000')).toBeUndefined();
  });

  it('round-trips every cent amount through USD', () => {
    for (let cents = 0; cents < 200_000; cents += 7) expect(usdToCents(centsToUsd(cents))).toBe(cents);
    expect(centsToUsd(12345)).toBe(123.45);
  });

  it('tells whether an amount has at most two decimals', () => {
    expect(hasAtMostTwoDecimals(1.1)).toBe(true);
    expect(hasAtMostTwoDecimals('1.10')).toBe(true);
    expect(hasAtMostTwoDecimals(1.001)).toBe(false);
  });
});

describe('parseDecimal', () => {
  it('reads numbers and plain decimal text', () => {
    expect(parseDecimal(12.5)).toBe(12.5);
    expect(parseDecimal(' 12.5 ')).toBe(12.5);
    expect(parseDecimal('-1')).toBe(-1);
  });

  it('gives undefined for blank, non-numeric and non-finite input', () => {
    for (const value of ['', ' ', 'abc', '1e3', 'NaN', 'Infinity', '1,5', null, undefined, {}, Number.NaN, Infinity]) {
      expect(parseDecimal(value)).toBeUndefined();
    }
  });
});

describe('groupDigits', () => {
  it('groups numbers as Intl.NumberFormat (en-US) does, for amounts in cents and counts', () => {
    const intl = (value: number, min: number, max: number) =>
      new Intl.NumberFormat('en-US', { minimumFractionDigits: min, maximumFractionDigits: max }).format(value);
    const samples = [
      0,
      1,
      7,
      12,
      999,
      1000,
      1001,
      12_500,
      99_999.99,
      100_000,
      1_234_567.8,
      10_000_000,
      0.5,
      0.05,
      0.01,
      99.5,
      12.34,
      4999.99,
      1_000_000_000.25,
      -0.004,
      -1,
      -1234.56,
      -1_000_000,
      123_456_789_012,
      0.1 + 0.2,
    ];
    // and the cents of a few thousand prices, as the lists show them
    for (let cents = 0; cents < 5000; cents += 7) samples.push(cents / 100, (cents * 1013) / 100);
    for (const value of samples) {
      expect(groupDigits(value, 0, 2), String(value)).toBe(intl(value, 0, 2));
      expect(groupDigits(value, 2, 2), String(value)).toBe(intl(value, 2, 2));
      expect(groupDigits(value, 0, 0), String(value)).toBe(intl(value, 0, 0));
    }
    expect(formatUsd(125_050)).toBe('1,250.5');
    // too large to hold exactly: left to Intl
    expect(groupDigits(1e21, 0, 2)).toBe(intl(1e21, 0, 2));
  });
});
