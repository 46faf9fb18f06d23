import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { outcomeOf, toPoint } from './use-position-sharing';

const error = (status: number) => new ApiError('x', status, undefined, undefined);

describe('what the phone sends and what an answer means', () => {
  it('takes a reading of the phone as the API does: km/h, the time of the fix', () => {
    const reading = {
      coords: { latitude: 41.3, longitude: 69.2, accuracy: 12.5, speed: 10, altitude: null, heading: null },
      timestamp: Date.parse('2026-12-01T06:00:00Z'),
    } as unknown as GeolocationPosition;
    expect(toPoint(reading)).toEqual({
      lat: 41.3,
      lon: 69.2,
      accuracy_m: 12.5,
      speed_kmh: 36,
      recorded_at: '2026-12-01T06:00:00.000Z',
    });
    const still = { ...reading, coords: { ...reading.coords, speed: null } } as unknown as GeolocationPosition;
    expect(toPoint(still).speed_kmh).toBeNull();
  });

  it('keeps the points for later when the network or the server fails, drops them when they can never go', () => {
    for (const status of [0, 401, 408, 429, 500, 503]) expect(outcomeOf(error(status)), String(status)).toBe('retry');
    expect(outcomeOf(new TypeError('Failed to fetch'))).toBe('retry');
    for (const status of [403, 404, 409]) expect(outcomeOf(error(status)), String(status)).toBe('closed');
    for (const status of [400, 413]) expect(outcomeOf(error(status)), String(status)).toBe('refused');
  });
});
