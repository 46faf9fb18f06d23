import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { relativeTime } from './relative-time';

const NOW = new Date('2025-06-10T12:00:00.000Z');
const ago = (ms: number) => new Date(NOW.getTime() - ms).toISOString();
const MINUTE = 60_000;

describe('relative times of notifications', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(NOW);
  });
  afterEach(() => vi.useRealTimers());

  it("says minutes as the product does: '5 daqiqa oldin', '5 minutes ago', '5 минут назад'", () => {
    expect(relativeTime(ago(5 * MINUTE), 'uz', 'hozirgina')).toBe('5 daqiqa oldin');
    expect(relativeTime(ago(5 * MINUTE), 'en', 'just now')).toBe('5 minutes ago');
    expect(relativeTime(ago(5 * MINUTE), 'ru', 'только что')).toBe('5 минут назад');
    expect(relativeTime(ago(1 * MINUTE), 'uz', 'hozirgina')).toBe('1 daqiqa oldin');
    expect(relativeTime(ago(21 * MINUTE), 'ru', 'только что')).toBe('21 минуту назад');
    expect(relativeTime(ago(59 * MINUTE), 'uz', 'hozirgina')).toBe('59 daqiqa oldin');
  });

  it('uses hours, days and months further back', () => {
    expect(relativeTime(ago(2 * 60 * MINUTE), 'uz', '')).toBe('2 soat oldin');
    expect(relativeTime(ago(2 * 60 * MINUTE), 'en', '')).toBe('2 hours ago');
    expect(relativeTime(ago(3 * 24 * 60 * MINUTE), 'uz', '')).toBe('3 kun oldin');
    expect(relativeTime(ago(3 * 24 * 60 * MINUTE), 'ru', '')).toBe('3 дня назад');
    expect(relativeTime(ago(45 * 24 * 60 * MINUTE), 'en', '')).toBe('2 months ago');
  });

  it('under a minute (or slightly ahead of this clock) is "just now"; an unreadable time is blank', () => {
    expect(relativeTime(ago(20_000), 'uz', 'hozirgina')).toBe('hozirgina');
    expect(relativeTime(ago(-30_000), 'en', 'just now')).toBe('just now');
    expect(relativeTime('not a date', 'uz', 'hozirgina')).toBe('');
  });
});
