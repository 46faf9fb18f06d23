import { notNull, withId, type MigrationDb, type MigrationFactory } from './helpers.js';

/**
 * Proof of delivery: one per shipment (the unique shipment_id refuses a second, even in a race), its
 * signature and photos kept as files, in order.
 */
export const deliveryProofMigration: MigrationFactory = (dialect) => ({
  async up(db: MigrationDb) {
    await withId(db.schema.createTable('delivery_proofs'), dialect)
      .addColumn('shipment_id', 'integer', (c) => c.notNull().unique().references('shipments.id').onDelete('cascade'))
      .addColumn('carrier_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('receiver_name', 'text', notNull)
      .addColumn('signature_file_id', 'text', (c) => c.notNull().references('files.id'))
      // the position, when the phone gave one: degrees, metres, and the phone's time of it
      .addColumn('lat', 'double precision')
      .addColumn('lon', 'double precision')
      .addColumn('accuracy_m', 'double precision')
      .addColumn('position_at', 'text')
      .addColumn('recorded_at', 'text', notNull)
      .execute();
    await db.schema
      .createTable('delivery_proof_photos')
      .addColumn('proof_id', 'integer', (c) => c.notNull().references('delivery_proofs.id').onDelete('cascade'))
      .addColumn('ordinal', 'integer', notNull)
      .addColumn('file_id', 'text', (c) => c.notNull().references('files.id'))
      .addPrimaryKeyConstraint('delivery_proof_photos_pk', ['proof_id', 'ordinal'])
      .execute();
  },
  async down(db: MigrationDb) {
    await db.schema.dropTable('delivery_proof_photos').execute();
    await db.schema.dropTable('delivery_proofs').execute();
  },
});
