import { describe, expect, it } from 'vitest';
import { bidVehicleRefusal, loadCapacityKg } from './vehicle-rules.js';
import {
  readFormNumber,
  vehicleFormInput,
  vehicleIdInSearch,
  vehicleIdParams,
  vehicleListQuery,
  vehicleYearMax,
} from './vehicles.js';

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

describe('bidVehicleRefusal', () => {
  const today = '2026-11-25';
  const truck = { current_status: 'Active', max_load_weight: 20, weight_unit: 'ton' };

  it('reads the capacity in kg whatever the unit, without float noise', () => {
    expect(loadCapacityKg({ max_load_weight: 20.01, weight_unit: 'ton' })).toBe(20010);
    expect(loadCapacityKg({ max_load_weight: 0.07, weight_unit: 'ton' })).toBe(70);
    expect(loadCapacityKg({ max_load_weight: 1500.5, weight_unit: 'kg' })).toBe(1500.5);
  });

  it('lets a vehicle carry up to its capacity; one kilogram more is too much', () => {
    expect(bidVehicleRefusal(truck, 20000, today)).toBeNull();
    expect(bidVehicleRefusal(truck, 20000.01, today)).toBe('VEHICLE_TOO_SMALL');
    expect(bidVehicleRefusal({ ...truck, max_load_weight: 800, weight_unit: 'kg' }, 801, today)).toBe(
      'VEHICLE_TOO_SMALL',
    );
  });

  it('refuses run-out work papers (the last valid day still counts), then an Inactive vehicle first of all', () => {
    expect(bidVehicleRefusal({ ...truck, insurance_expires_on: '2026-11-24' }, 1, today)).toBe(
      'VEHICLE_PAPERS_EXPIRED',
    );
    expect(bidVehicleRefusal({ ...truck, registration_expires_on: '2026-11-24' }, 1, today)).toBe(
      'VEHICLE_PAPERS_EXPIRED',
    );
    expect(
      bidVehicleRefusal({ ...truck, insurance_expires_on: today, registration_expires_on: today }, 1, today),
    ).toBeNull();
    // the inspection and the permit are reminded of, not refused
    expect(
      bidVehicleRefusal({ ...truck, inspection_expires_on: '2020-01-01', permit_expires_on: '2020-01-01' }, 1, today),
    ).toBeNull();
    expect(
      bidVehicleRefusal({ ...truck, current_status: 'Inactive', insurance_expires_on: '2020-01-01' }, 99_999, today),
    ).toBe('VEHICLE_INACTIVE');
    for (const status of ['Active', 'Available', 'In Transit', 'Maintenance']) {
      expect(bidVehicleRefusal({ ...truck, current_status: status }, 1, today), status).toBeNull();
    }
  });
});

describe('vehicleIdInSearch', () => {
  it('reads an id typed bare or after #, and nothing else', () => {
    expect(vehicleIdInSearch('12')).toBe(12);
    expect(vehicleIdInSearch('#12')).toBe(12);
    expect(vehicleIdInSearch('2147483647')).toBe(2_147_483_647);
    for (const text of ['', '0', '012', '#', '12a', ' 12', '1.5', '-3', '2147483648', '99999999999']) {
      expect(vehicleIdInSearch(text), text).toBeUndefined();
    }
  });
});
