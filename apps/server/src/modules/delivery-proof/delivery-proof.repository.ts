import type { Db } from '../../db/database.js';
import type { DeliveryProofsTable } from './delivery-proof.tables.js';

/** Inserts the proof unless the shipment has one already (a second, or a race): its id, or undefined then. */
export async function insertProof(db: Db, values: Omit<DeliveryProofsTable, 'id'>): Promise<number | undefined> {
  const rows = await db
    .insertInto('delivery_proofs')
    .values(values)
    .onConflict((oc) => oc.column('shipment_id').doNothing())
    .returning('id')
    .execute();
  return rows[0]?.id;
}

export async function insertProofPhotos(db: Db, proofId: number, fileIds: readonly string[]): Promise<void> {
  if (fileIds.length === 0) return;
  await db
    .insertInto('delivery_proof_photos')
    .values(fileIds.map((file_id, ordinal) => ({ proof_id: proofId, ordinal, file_id })))
    .execute();
}

export function findProofOfShipment(db: Db, shipmentId: number) {
  return db.selectFrom('delivery_proofs').selectAll().where('shipment_id', '=', shipmentId).executeTakeFirst();
}

/** The proof's photo ids, in order. */
export async function proofPhotoIds(db: Db, proofId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('delivery_proof_photos')
    .select('file_id')
    .where('proof_id', '=', proofId)
    .orderBy('ordinal')
    .execute();
  return rows.map((row) => row.file_id);
}
