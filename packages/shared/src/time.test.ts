import { describe, expect, it } from 'vitest';
import { marketToday } from './time.js';

describe('marketToday', () => {
  it('turns to the next day at midnight in Tashkent (19:00 UTC), to the millisecond', () => {
    expect(marketToday(new Date('2026-03-01T18:59:59.999Z'))).toBe('2026-03-01');
    expect(marketToday(new Date('2026-03-01T19:00:00.000Z'))).toBe('2026-03-02');
    // asked again inside the same minute, and back before midnight: the answer follows the clock, not the cache
    expect(marketToday(new Date('2026-03-01T19:00:59.999Z'))).toBe('2026-03-02');
    expect(marketToday(new Date('2026-03-01T18:59:00.000Z'))).toBe('2026-03-01');
  });

  it('gives the Tashkent date when it differs from the UTC one', () => {
    expect(marketToday(new Date('2026-12-31T20:30:00Z'))).toBe('2027-01-01');
    expect(marketToday(new Date('2026-12-31T18:30:00Z'))).toBe('2026-12-31');
  });
});
