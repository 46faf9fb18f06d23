import type { Generated, Selectable } from 'kysely';
import type { AwardSide } from '@yuk/shared';

/** One side's signature of a shipment's award: the timestamped PKCS#7 and whose certificate signed it. */
export interface AwardSignaturesTable {
  id: Generated<number>;
  shipment_id: number;
  /** One signature per side of a shipment (a unique index). */
  side: AwardSide;
  user_id: number;
  /** The canonical award document that was signed, as text (both sides sign the same one). */
  document: string;
  /** The PKCS#7 with E-IMZO-SERVER's timestamp token attached, in base64. */
  pkcs7: string;
  signer_name: string;
  signer_pinfl: string;
  signer_stir: string | null;
  serial_number: string;
  /** When we accepted the signature. */
  signed_at: string;
  /** The time of the timestamp token. */
  timestamped_at: string;
}

/** Both sides' signatures joined by E-IMZO-SERVER into one PKCS#7 (base64), once both have signed. */
export interface AwardJoinedSignaturesTable {
  shipment_id: number;
  pkcs7: string;
  joined_at: string;
}

export interface AwardSignaturesTables {
  award_signatures: AwardSignaturesTable;
  award_joined_signatures: AwardJoinedSignaturesTable;
}

export type AwardSignatureRow = Selectable<AwardSignaturesTable>;
