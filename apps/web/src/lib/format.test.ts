import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatNumber, formatUsd, groupDigits } from './format';

describe('format helpers', () => {
  it('formats USD with thousands grouping, cents only when present', () => {
    expect(formatUsd(12500)).toBe('$12,500');
    expect(formatUsd(1234567.5)).toBe('$1,234,567.50');
    expect(formatUsd('4999.99')).toBe('$4,999.99');
    expect(formatUsd(0)).toBe('$0');
    expect(formatUsd(null)).toBe('N/A');
    expect(formatUsd('abc', '-')).toBe('-');
  });

  it('groups plain numbers', () => {
    expect(formatNumber(12500.5)).toBe('12,500.5');
    expect(formatNumber(undefined)).toBe('N/A');
  });

  it('writes numbers and dollars as Intl.NumberFormat (en-US) does, for amounts in cents and counts', () => {
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
    expect(formatUsd(-99.5)).toBe('-$99.50');
    expect(formatUsd(-1250)).toBe('-$1,250');
    // too large to hold exactly: left to Intl
    expect(groupDigits(1e21, 0, 2)).toBe(intl(1e21, 0, 2));
  });

  it('formats dates as dd.MM.yyyy', () => {
    expect(formatDate('2025-03-07')).toBe('07.03.2025');
    expect(formatDate(new Date(2024, 11, 31))).toBe('31.12.2024');
    expect(formatDate('not a date')).toBe('N/A');
    expect(formatDate('', '—')).toBe('—');
    expect(formatDateTime(new Date(2025, 0, 2, 9, 5))).toBe('02.01.2025 09:05');
  });
});
