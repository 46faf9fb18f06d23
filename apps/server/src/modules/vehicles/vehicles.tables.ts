import type { Generated, Selectable } from 'kysely';

export interface VehiclesTable {
  id: Generated<number>;
  owner_id: number;
  vehicle_name: string;
  /** vehicle_name lower-cased, for the case-insensitive name filter on both engines. */
  name_search: string;
  vehicle_type: string;
  license_plate: string;
  /** license_plate lower-cased without spaces, for the plate filter. */
  plate_search: string;
  vin: string | null;
  year_of_manufacture: number;
  current_status: string;
  max_load_weight: number;
  weight_unit: string;
  max_volume: number;
  volume_unit: string;
  axle_count: number;
  /** Metres. */
  length: number;
  width: number;
  height: number;
  /** A JSON list of equipment names. */
  equipment_features: string;
  registration_file_id: string | null;
  insurance_file_id: string | null;
  vehicle_photo_file_id: string | null;
  /** The last valid day of the papers (YYYY-MM-DD), when the owner gave it. */
  insurance_expires_on: string | null;
  registration_expires_on: string | null;
  inspection_expires_on: string | null;
  permit_expires_on: string | null;
  created_at: string;
  updated_at: string;
}

export interface VehiclesTables {
  vehicles: VehiclesTable;
}

export type VehicleRow = Selectable<VehiclesTable>;
