import { notNull, withId, type MigrationDb, type MigrationFactory } from './helpers.js';

/**
 * The signed award (decision 028): each side's signature of a shipment's award, at most one per side (the
 * unique index refuses a second, even in a race).
 */
export const awardSignaturesMigration: MigrationFactory = (dialect) => ({
  async up(db: MigrationDb) {
    await withId(db.schema.createTable('award_signatures'), dialect)
      .addColumn('shipment_id', 'integer', (c) => c.notNull().references('shipments.id').onDelete('cascade'))
      .addColumn('side', 'text', notNull)
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('document', 'text', notNull)
      .addColumn('pkcs7', 'text', notNull)
      .addColumn('signer_name', 'text', notNull)
      .addColumn('signer_pinfl', 'text', notNull)
      .addColumn('signer_stir', 'text')
      .addColumn('serial_number', 'text', notNull)
      .addColumn('signed_at', 'text', notNull)
      .addColumn('timestamped_at', 'text', notNull)
      .addUniqueConstraint('award_signatures_shipment_side', ['shipment_id', 'side'])
      .execute();
  },
  async down(db: MigrationDb) {
    await db.schema.dropTable('award_signatures').execute();
  },
});
