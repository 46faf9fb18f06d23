import type { Vehicle } from '@yuk/shared';

let nextId = 100;

/** A vehicle as the API returns it; tests change only what they look at. */
export function makeVehicle(overrides: Partial<Vehicle> = {}): Vehicle {
  const id = overrides.id ?? nextId++;
  return {
    id,
    vehicle_name: `Truck-${id}`,
    vehicle_type: 'Tented Truck',
    license_plate: `01 A ${id} BC`,
    vin: null,
    year_of_manufacture: 2020,
    current_status: 'Active',
    max_load_weight: 20,
    weight_unit: 'ton',
    max_volume: 0,
    volume_unit: 'm³',
    axle_count: 0,
    length: 0,
    width: 0,
    height: 0,
    equipment_features: [],
    documents: { insurance: null, registration: null, vehicle_photo: null },
    document_names: { insurance: null, registration: null, vehicle_photo: null },
    created_at: '2025-03-07T09:30:00.000Z',
    ...overrides,
  };
}
