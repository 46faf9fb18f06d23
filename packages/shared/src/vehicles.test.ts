import { describe, expect, it } from 'vitest';
import { readFormNumber, vehicleFormInput, vehicleIdParams, vehicleListQuery, vehicleYearMax } from './vehicles.js';

const valid = {
  vehicle_name: 'Isuzu NQR 90',
  vehicle_type: 'Box Truck',
  license_plate: '30 e 234 fa',
  year_of_manufacture: 2021,
  current_status: 'Available',
  max_load_weight: 5,
};

const messages = (input: unknown) => {
  const result = vehicleFormInput.safeParse(input);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
};

describe('vehicleFormInput', () => {
  it('takes the web form’s values (numbers, a list) and gives defaults', () => {
    expect(vehicleFormInput.parse({ ...valid, equipment_features: ['GPS', 'Liftgate', 'GPS'] })).toEqual({
      ...valid,
      license_plate: '30 E 234 FA',
      vin: null,
      weight_unit: 'ton',
      max_volume: 0,
      volume_unit: 'm³',
      axle_count: 0,
      length: 0,
      width: 0,
      height: 0,
      equipment_features: ['GPS', 'Liftgate'],
      insurance_expires_on: null,
      registration_expires_on: null,
      inspection_expires_on: null,
      permit_expires_on: null,
    });
  });

  it('takes the multipart form’s text values the same way', () => {
    const parsed = vehicleFormInput.parse({
      ...valid,
      year_of_manufacture: ' 2021 ',
      max_load_weight: '5.25',
      max_volume: '36',
      volume_unit: 'm3',
      axle_count: '2',
      equipment_features: '["Camera"]',
    });
    expect(parsed).toMatchObject({
      year_of_manufacture: 2021,
      max_load_weight: 5.25,
      max_volume: 36,
      volume_unit: 'm³',
      axle_count: 2,
      equipment_features: ['Camera'],
    });
  });

  it('turns empty or invalid optional numbers into 0 (a number input left empty gives NaN)', () => {
    const parsed = vehicleFormInput.parse({
      ...valid,
      max_volume: Number.NaN,
      axle_count: '',
      length: 'abc',
      width: null,
      height: undefined,
    });
    expect(parsed).toMatchObject({ max_volume: 0, axle_count: 0, length: 0, width: 0, height: 0 });
  });

  it('refuses what would be nonsense, naming the message key', () => {
    expect(messages({ ...valid, vehicle_name: ' ' })).toEqual({ vehicle_name: 'required' });
    expect(messages({ ...valid, year_of_manufacture: Number.NaN })).toEqual({ year_of_manufacture: 'required' });
    expect(messages({ ...valid, year_of_manufacture: vehicleYearMax() + 1 })).toEqual({
      year_of_manufacture: 'year_range',
    });
    expect(messages({ ...valid, max_load_weight: 'lots' })).toEqual({ max_load_weight: 'number' });
    expect(messages({ ...valid, max_load_weight: 0 })).toEqual({ max_load_weight: 'positive' });
    expect(messages({ ...valid, width: -0.5 })).toEqual({ width: 'non_negative' });
    expect(messages({ ...valid, length: 1.005 })).toEqual({ length: 'decimals' });
    expect(messages({ ...valid, vehicle_type: 'Tank' })).toEqual({ vehicle_type: 'one_of' });
    expect(messages({ ...valid, equipment_features: 'GPS' })).toEqual({ equipment_features: 'json_list' });
    expect(messages({ ...valid, equipment_features: ['Radar'] })).toEqual({ 'equipment_features.0': 'one_of' });
  });

  it('reads numbers strictly but kindly', () => {
    expect(readFormNumber('12,5')).toBe(12.5);
    expect(readFormNumber('.5')).toBe(0.5);
    expect(readFormNumber('1e3')).toBe(1000);
    expect(readFormNumber('0x10')).toBeNaN();
    expect(readFormNumber('12kg')).toBeNaN();
    expect(readFormNumber('  ')).toBeUndefined();
  });
});

describe('vehicleListQuery and vehicleIdParams', () => {
  it('treat empty filters as none and refuse unknown choices', () => {
    expect(vehicleListQuery.parse({ name: ' ', type: '', status: 'Active', licensePlate: '01 A' })).toEqual({
      name: undefined,
      type: undefined,
      status: 'Active',
      licensePlate: '01 A',
    });
    expect(vehicleListQuery.safeParse({ type: 'Rocket' }).success).toBe(false);
  });

  it('take positive whole ids that fit the column', () => {
    expect(vehicleIdParams.parse({ id: '42' })).toEqual({ id: 42 });
    for (const id of ['0', '-1', '1.0', '1e2', ' 7', '2147483648', 'x'])
      expect(vehicleIdParams.safeParse({ id }).success).toBe(false);
  });
});
