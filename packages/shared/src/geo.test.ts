import { describe, expect, it } from 'vitest';
import { CITY_KEYS } from './cities.js';
import {
  CITY_COORDINATES,
  distanceKm,
  placeCoordinates,
  recentSpeedKmh,
  shipmentMode,
  trackProgress,
  type TimedPoint,
} from './geo.js';

const TASHKENT = CITY_COORDINATES.tashkent;
const SAMARQAND = CITY_COORDINATES.samarqand;
const at = (minutes: number) => new Date(Date.UTC(2026, 11, 1, 6, 0) + minutes * 60_000).toISOString();

describe('places and distances', () => {
  it('knows where every city of the city table is, under any of its spellings', () => {
    for (const key of CITY_KEYS) {
      const place = CITY_COORDINATES[key];
      expect(Math.abs(place.lat), key).toBeLessThanOrEqual(90);
      expect(Math.abs(place.lon), key).toBeLessThanOrEqual(180);
    }
    expect(placeCoordinates('Toshkent sh., Chilonzor')).toEqual(TASHKENT);
    expect(placeCoordinates('Самарканд')).toEqual(SAMARQAND);
    expect(placeCoordinates('Kashgar, China')).toBeNull();
    expect(placeCoordinates('')).toBeNull();
  });

  it('measures the great circle (haversine)', () => {
    expect(distanceKm(TASHKENT, TASHKENT)).toBe(0);
    // Tashkent–Samarkand is about 265 km in a straight line (some 300 by road)
    expect(distanceKm(TASHKENT, SAMARQAND)).toBeGreaterThan(255);
    expect(distanceKm(TASHKENT, SAMARQAND)).toBeLessThan(275);
    expect(distanceKm(TASHKENT, SAMARQAND)).toBeCloseTo(distanceKm(SAMARQAND, TASHKENT), 9);
    // a quarter of the earth's circumference along the equator
    expect(distanceKm({ lat: 0, lon: 0 }, { lat: 0, lon: 90 })).toBeCloseTo(10_007.5, 0);
    // antipodes: half of it, no NaN from rounding
    expect(distanceKm({ lat: 0, lon: 0 }, { lat: 0, lon: 180 })).toBeCloseTo(20_015.1, 0);
  });

  it('reads the mode from the description', () => {
    expect(shipmentMode('Paxta tolasi (Truck - tented)')).toBe('truck');
    expect(shipmentMode('Flowers (Aviation)')).toBe('plane');
    expect(shipmentMode('Parcels (Local)')).toBe('labo');
    expect(shipmentMode('Something')).toBeNull();
  });
});

describe('remaining distance and estimated arrival', () => {
  // a truck going south-west from Tashkent at about 60 km/h: 1 km a minute along the meridian is 0.009°
  const moving: TimedPoint[] = Array.from({ length: 31 }, (_, i) => ({
    lat: TASHKENT.lat - i * 0.009,
    lon: TASHKENT.lon,
    recorded_at: at(i),
  }));

  it('takes the recent speed from the track over its last half hour', () => {
    expect(recentSpeedKmh(moving)).toBeCloseTo(60, 0);
    // five minutes or less of track says nothing yet
    expect(recentSpeedKmh(moving.slice(0, 5))).toBeNull();
    expect(recentSpeedKmh([])).toBeNull();
  });

  it('estimates from the recent speed, counted from now', () => {
    const now = Date.parse(at(31));
    const progress = trackProgress(moving, SAMARQAND, 'truck', now)!;
    const remaining = distanceKm(moving.at(-1)!, SAMARQAND);
    expect(progress.remaining_km).toBeCloseTo(remaining, 1);
    expect(progress.speed_source).toBe('recent');
    expect(progress.speed_kmh).toBe(60);
    expect(progress.arrived).toBe(false);
    // by road: the straight distance stretched by a quarter
    const hours = (remaining * 1.25) / recentSpeedKmh(moving)!;
    expect(Date.parse(progress.eta!)).toBeCloseTo(now + hours * 3_600_000, -3);
  });

  it('assumes the mode’s usual speed while stopped or with too little track', () => {
    const stopped = moving.map((point, i) => ({ ...point, lat: TASHKENT.lat, recorded_at: at(i) }));
    expect(trackProgress(stopped, SAMARQAND, 'truck', Date.parse(at(31)))).toMatchObject({
      speed_source: 'default',
      speed_kmh: 60,
    });
    expect(trackProgress(moving.slice(0, 2), SAMARQAND, 'plane', 0)).toMatchObject({
      speed_source: 'default',
      speed_kmh: 650,
    });
  });

  it('says arrived near the destination, and nothing without a position or a known destination', () => {
    const there = [{ ...SAMARQAND, recorded_at: at(0) }];
    expect(trackProgress(there, SAMARQAND, 'truck', 0)).toMatchObject({ arrived: true, eta: null, remaining_km: 0 });
    expect(trackProgress([], SAMARQAND, 'truck', 0)).toBeNull();
    expect(trackProgress(moving, null, 'truck', 0)).toBeNull();
  });
});
