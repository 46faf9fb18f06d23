import { describe, expect, it } from 'vitest';
import { cargoTypeModes, lanePricePeriod, placeInLaneRange, quantileOfSorted } from './market-rules.js';

describe('lane price rules', () => {
  it('takes quantiles between neighbours, as spreadsheets do', () => {
    const prices = [1000, 1100, 1200, 1300, 1400, 1500, 1600, 1700];
    expect(quantileOfSorted(prices, 0.25)).toBe(1175);
    expect(quantileOfSorted(prices, 0.5)).toBe(1350);
    expect(quantileOfSorted(prices, 0.75)).toBe(1525);
    expect(quantileOfSorted([7], 0.5)).toBe(7);
    expect(quantileOfSorted(Float64Array.from([1, 2, 3]), 0.5)).toBe(2);
    expect(quantileOfSorted([], 0.5)).toBeNaN();
  });

  it('looks back 90 days, today included, across month and year ends', () => {
    expect(lanePricePeriod('2026-11-25')).toEqual({ start: '2026-08-28', end: '2026-11-25' });
    expect(lanePricePeriod('2026-01-15')).toEqual({ start: '2025-10-18', end: '2026-01-15' });
  });

  it('reads the modes from the cargo type, both when it names two', () => {
    expect(cargoTypeModes('Truck - tented')).toEqual(['truck']);
    expect(cargoTypeModes('Truck + Aviation')).toEqual(['plane', 'truck']);
    expect(cargoTypeModes('Cement')).toEqual([]);
  });

  it('places a price below, within or above the typical range, its edges within', () => {
    const range = { p25: 1000, p75: 1400 };
    expect(placeInLaneRange(999.99, range)).toBe('below');
    expect(placeInLaneRange(1000, range)).toBe('within');
    expect(placeInLaneRange(1400, range)).toBe('within');
    expect(placeInLaneRange(1400.01, range)).toBe('above');
  });
});
