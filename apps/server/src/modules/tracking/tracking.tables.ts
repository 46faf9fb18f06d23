import type { Generated } from 'kysely';

export interface ShipmentPositionsTable {
  shipment_id: number;
  /** When the phone took the point, epoch ms (UTC). */
  recorded_ms: number;
  /** Micro-degrees: 41.2995° is 41299500. */
  lat_e6: number;
  lon_e6: number;
  /** Whole metres, rounded up. */
  accuracy_m: number;
  /** Whole km/h; null when the phone did not say. */
  speed_kmh: number | null;
}

export interface ShipmentShareLinksTable {
  id: Generated<number>;
  shipment_id: number;
  /** sha256 of the token, hex. */
  token_hash: string;
  created_by: number;
  created_at: string;
  revoked_at: string | null;
}

export interface TrackingTables {
  shipment_positions: ShipmentPositionsTable;
  shipment_share_links: ShipmentShareLinksTable;
}
