import type { Generated, Selectable } from 'kysely';

/** The carrier's proof of delivery of a shipment: one per shipment, never changed once recorded. */
export interface DeliveryProofsTable {
  id: Generated<number>;
  shipment_id: number;
  carrier_id: number;
  receiver_name: string;
  /** The receiver's signature, a PNG drawn on the carrier's screen (a row of `files`). */
  signature_file_id: string;
  /** Degrees, metres and the phone's time of the position; all null when the phone gave none. */
  lat: number | null;
  lon: number | null;
  accuracy_m: number | null;
  position_at: string | null;
  /** When the server received it (UTC). */
  recorded_at: string;
}

/** The photos of a proof, in the order they were sent. */
export interface DeliveryProofPhotosTable {
  proof_id: number;
  ordinal: number;
  file_id: string;
}

export interface DeliveryProofTables {
  delivery_proofs: DeliveryProofsTable;
  delivery_proof_photos: DeliveryProofPhotosTable;
}

export type DeliveryProofRow = Selectable<DeliveryProofsTable>;
