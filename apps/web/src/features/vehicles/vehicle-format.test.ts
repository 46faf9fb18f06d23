import { describe, expect, it } from 'vitest';
import {
  documentHref,
  formatDimensions,
  formatEquipment,
  formatLoadCapacity,
  formatMaxVolume,
  formatOptionalCount,
  formatOptionalText,
  type VehicleTexts,
} from './vehicle-format';

const weight = { max_load_weight: 20, weight_unit: 'ton', max_volume: 0, volume_unit: 'm³' } as const;

describe('Load Capacity', () => {
  it('is the weight with its unit when there is no volume', () => {
    expect(formatLoadCapacity(weight)).toBe('20 ton');
  });

  it("adds the volume with its unit, joined by ' / ', when the volume is above 0", () => {
    expect(formatLoadCapacity({ ...weight, max_volume: 82.5 })).toBe('20 ton / 82.5 m³');
    expect(
      formatLoadCapacity({ max_load_weight: 12500, weight_unit: 'kg', max_volume: 3000, volume_unit: 'ft³' }),
    ).toBe('12,500 kg / 3,000 ft³');
  });

  it('leaves out a volume of 0 or less and says N/A when nothing is known', () => {
    expect(formatLoadCapacity({ ...weight, max_volume: -1 })).toBe('20 ton');
    expect(formatLoadCapacity({ ...weight, max_load_weight: 0 })).toBe('N/A');
  });

  it('uses the language’s unit names and N/A text', () => {
    const ru: VehicleTexts = {
      notAvailable: 'Н/Д',
      unit: (unit) => ({ ton: 'т', 'm³': 'м³' })[unit] ?? unit,
      equipment: (item) => item,
    };
    expect(formatLoadCapacity({ ...weight, max_volume: 40 }, ru)).toBe('20 т / 40 м³');
    expect(formatLoadCapacity({ ...weight, max_load_weight: 0 }, ru)).toBe('Н/Д');
  });
});

describe('Equipment', () => {
  it('is a comma list, or N/A when empty', () => {
    expect(formatEquipment(['GPS', 'Liftgate', 'Camera'])).toBe('GPS, Liftgate, Camera');
    expect(formatEquipment(['GPS'])).toBe('GPS');
    expect(formatEquipment([])).toBe('N/A');
  });
});

describe('details values', () => {
  it('max volume is N/A when 0 or less', () => {
    expect(formatMaxVolume({ max_volume: 0, volume_unit: 'm³' })).toBe('N/A');
    expect(formatMaxVolume({ max_volume: -3, volume_unit: 'm³' })).toBe('N/A');
    expect(formatMaxVolume({ max_volume: 45.25, volume_unit: 'L' })).toBe('45.25 L');
  });

  it('dimensions are length × width × height in m, N/A when none was given', () => {
    expect(formatDimensions({ length: 13.6, width: 2.45, height: 2.7 })).toBe('13.6 × 2.45 × 2.7 m');
    expect(formatDimensions({ length: 6, width: 0, height: 0 })).toBe('6 × 0 × 0 m');
    expect(formatDimensions({ length: 0, width: 0, height: 0 })).toBe('N/A');
  });

  it('optional counts and texts say N/A when not given', () => {
    expect(formatOptionalCount(3)).toBe('3');
    expect(formatOptionalCount(0)).toBe('N/A');
    expect(formatOptionalText('1HGCM82633A004352')).toBe('1HGCM82633A004352');
    expect(formatOptionalText(null)).toBe('N/A');
    expect(formatOptionalText('  ')).toBe('N/A');
  });
});

describe('document links', () => {
  it('prefixes relative paths with the API base address', () => {
    expect(documentHref('/api/files/abc?exp=1&sig=x', 'https://api.example.uz')).toBe(
      'https://api.example.uz/api/files/abc?exp=1&sig=x',
    );
    expect(documentHref('api/files/abc', 'https://api.example.uz')).toBe('https://api.example.uz/api/files/abc');
    expect(documentHref('/api/files/abc', '')).toBe('/api/files/abc');
  });

  it('keeps absolute http(s) addresses and refuses other schemes', () => {
    expect(documentHref('https://cdn.example.uz/a.pdf', 'https://api.example.uz')).toBe('https://cdn.example.uz/a.pdf');
    expect(documentHref('javascript:alert(1)', '')).toBeNull();
    expect(documentHref('//evil.example/a.pdf', '')).toBeNull();
    expect(documentHref(null)).toBeNull();
  });
});
