import type { AwardSide } from '@yuk/shared';
import type { Db } from '../../db/database.js';
import type { AwardSignatureRow } from './award-signatures.tables.js';

export type NewAwardSignature = Omit<AwardSignatureRow, 'id'>;

/** A shipment's award signatures, the owner's first. */
export function listSignaturesOfShipment(db: Db, shipmentId: number): Promise<AwardSignatureRow[]> {
  return (
    db
      .selectFrom('award_signatures')
      .selectAll()
      .where('shipment_id', '=', shipmentId)
      // 'owner' sorts after 'carrier': descending puts the owner first
      .orderBy('side', 'desc')
      .execute()
  );
}

export function findSignature(db: Db, shipmentId: number, side: AwardSide) {
  return db
    .selectFrom('award_signatures')
    .selectAll()
    .where('shipment_id', '=', shipmentId)
    .where('side', '=', side)
    .executeTakeFirst();
}

/** Stores one side's signature; false when that side has signed already (the unique index decides, even in a race). */
export async function insertSignature(db: Db, row: NewAwardSignature): Promise<boolean> {
  const inserted = await db
    .insertInto('award_signatures')
    .values(row)
    .onConflict((oc) => oc.columns(['shipment_id', 'side']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

/** The joined PKCS#7 of a shipment's award (both signers in one), when made. */
export function findJoinedSignature(db: Db, shipmentId: number) {
  return db.selectFrom('award_joined_signatures').selectAll().where('shipment_id', '=', shipmentId).executeTakeFirst();
}

/** Keeps the joined PKCS#7; a second join of the same award (two downloads at once) keeps the first. */
export async function insertJoinedSignature(
  db: Db,
  row: { shipment_id: number; pkcs7: string; joined_at: string },
): Promise<void> {
  await db
    .insertInto('award_joined_signatures')
    .values(row)
    .onConflict((oc) => oc.column('shipment_id').doNothing())
    .execute();
}
