import { describe, expect, it } from 'vitest';
import {
  checkPosition,
  parseInstant,
  positionBatchInput,
  positionsQuery,
  POSITION_BATCH_MAX,
  type PositionPoint,
} from './tracking.js';

const loadedAtMs = Date.parse('2026-12-01T06:00:00Z');
const nowMs = Date.parse('2026-12-01T09:00:00Z');
const limits = { nowMs, loadedAtMs, deliveredAtMs: null };
const point = (overrides: Partial<PositionPoint> = {}): PositionPoint => ({
  lat: 41.3,
  lon: 69.2,
  accuracy_m: 10,
  speed_kmh: 50,
  recorded_at: '2026-12-01T07:00:00Z',
  ...overrides,
});

describe('the rules of a position', () => {
  it('takes a point on the earth, taken between loading and now (give or take 2 minutes of clock drift)', () => {
    expect(checkPosition(point(), limits)).toBeNull();
    expect(checkPosition(point({ lat: -90, lon: 180, accuracy_m: 0, speed_kmh: null }), limits)).toBeNull();
    expect(checkPosition(point({ recorded_at: '2026-12-01T09:02:00Z' }), limits)).toBeNull();
    expect(checkPosition(point({ recorded_at: '2026-12-01T06:00:00Z' }), limits)).toBeNull();
    expect(checkPosition(point({ recorded_at: '2026-12-01T11:00:00+05:00' }), limits)).toBeNull();
  });

  it('names the first rule a point breaks', () => {
    expect(checkPosition(point({ lat: 90.000001 }), limits)).toBe('lat_range');
    expect(checkPosition(point({ lon: -180.5 }), limits)).toBe('lon_range');
    expect(checkPosition(point({ accuracy_m: -0.1 }), limits)).toBe('accuracy_range');
    expect(checkPosition(point({ accuracy_m: 100_001 }), limits)).toBe('accuracy_range');
    expect(checkPosition(point({ speed_kmh: -1 }), limits)).toBe('speed_range');
    expect(checkPosition(point({ recorded_at: '2026-12-01' }), limits)).toBe('recorded_at_invalid');
    expect(checkPosition(point({ recorded_at: '2026-12-01T07:00:00' }), limits)).toBe('recorded_at_invalid');
    expect(checkPosition(point({ recorded_at: '2026-12-01T09:02:00.001Z' }), limits)).toBe('recorded_at_future');
    expect(checkPosition(point({ recorded_at: '2026-12-01T05:59:59.999Z' }), limits)).toBe('recorded_at_before_loaded');
    expect(checkPosition(point(), { ...limits, loadedAtMs: null })).toBe('recorded_at_before_loaded');
    expect(checkPosition(point(), { ...limits, deliveredAtMs: Date.parse('2026-12-01T06:59:59Z') })).toBe(
      'recorded_at_after_delivered',
    );
  });

  it('reads instants with their offset only', () => {
    expect(parseInstant('2026-12-01T11:00:00+05:00')).toBe(Date.parse('2026-12-01T06:00:00Z'));
    expect(parseInstant(' 2026-12-01T06:00:00.123Z ')).toBe(Date.parse('2026-12-01T06:00:00.123Z'));
    expect(parseInstant('2026-12-01 06:00')).toBeNull();
    expect(parseInstant('yesterday')).toBeNull();
  });
});

describe('the payloads', () => {
  it('a batch holds 1 to 100 points', () => {
    const many = (n: number) => ({ points: Array.from({ length: n }, () => point()) });
    expect(positionBatchInput.safeParse(many(POSITION_BATCH_MAX)).success).toBe(true);
    const tooMany = positionBatchInput.safeParse(many(POSITION_BATCH_MAX + 1));
    expect(tooMany.error?.issues[0]?.message).toBe('POSITIONS_BATCH_TOO_LARGE');
    expect(positionBatchInput.safeParse(many(0)).success).toBe(false);
  });

  it('`since` is an instant, blank or absent for all', () => {
    expect(positionsQuery.parse({}).since).toBeNull();
    expect(positionsQuery.parse({ since: '' }).since).toBeNull();
    expect(positionsQuery.parse({ since: '2026-12-01T06:00:00Z' }).since).toBe(Date.parse('2026-12-01T06:00:00Z'));
    expect(positionsQuery.safeParse({ since: '2026-12-01' }).error?.issues[0]?.message).toBe('instant');
  });
});
