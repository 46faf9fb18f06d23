import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatNumber, formatUsd } from './format';

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

  it('writes negative dollars with the sign before the unit', () => {
    expect(formatUsd(-99.5)).toBe('-$99.50');
    expect(formatUsd(-1250)).toBe('-$1,250');
  });

  it('formats dates as dd.MM.yyyy', () => {
    expect(formatDate('2025-03-07')).toBe('07.03.2025');
    expect(formatDate(new Date(2024, 11, 31))).toBe('31.12.2024');
    expect(formatDate('not a date')).toBe('N/A');
    expect(formatDate('', '—')).toBe('—');
    expect(formatDateTime(new Date(2025, 0, 2, 9, 5))).toBe('02.01.2025 09:05');
  });
});
