import { notNull, type MigrationDb, type MigrationFactory } from './helpers.js';

/**
 * The signed award in one file (decision 028): once both sides have signed, E-IMZO-SERVER joins their two
 * PKCS#7 into one that carries both signers; it is kept here, one per shipment.
 */
export const joinedAwardMigration: MigrationFactory = () => ({
  async up(db: MigrationDb) {
    await db.schema
      .createTable('award_joined_signatures')
      .addColumn('shipment_id', 'integer', (c) => c.primaryKey().references('shipments.id').onDelete('cascade'))
      .addColumn('pkcs7', 'text', notNull)
      .addColumn('joined_at', 'text', notNull)
      .execute();
  },
  async down(db: MigrationDb) {
    await db.schema.dropTable('award_joined_signatures').execute();
  },
});
