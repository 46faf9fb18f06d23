import type { Generated } from 'kysely';
import type { ShipmentStatus } from '@yuk/shared';

export interface ShipmentsTable {
  id: Generated<number>;
  /** The tender's number: one order, one number, from tender to delivery. */
  number: string;
  tender_id: number;
  bid_id: number;
  owner_id: number;
  carrier_id: number;
  status: ShipmentStatus;
  description: string;
  weight: number;
  volume: number;
  origin: string;
  destination: string;
  pickup_date: string;
  delivery_date: string;
  requirements: string;
  notes: string;
  incoterms: string;
  amount_cents: number;
  /** The winning bid's vehicle as it was at the award; null when the bid named none. */
  vehicle_type: string | null;
  vehicle_plate: string | null;
  loaded_at: string | null;
  on_the_way_at: string | null;
  delivered_at: string | null;
  created_at: string;
}

export interface ShipmentsTables {
  shipments: ShipmentsTable;
}
