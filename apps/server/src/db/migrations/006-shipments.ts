import { notNull, withId, type MigrationDb, type MigrationFactory } from './helpers.js';

export const shipmentsMigration: MigrationFactory = (dialect) => ({
  async up(db: MigrationDb) {
    await withId(db.schema.createTable('shipments'), dialect)
      .addColumn('number', 'text', (c) => c.notNull().unique())
      .addColumn('tender_id', 'integer', (c) => c.notNull().unique().references('tenders.id').onDelete('cascade'))
      .addColumn('bid_id', 'integer', (c) => c.notNull().references('bids.id').onDelete('cascade'))
      .addColumn('owner_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('carrier_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('status', 'text', notNull)
      .addColumn('description', 'text', notNull)
      .addColumn('weight', 'double precision', notNull)
      .addColumn('volume', 'double precision', notNull)
      .addColumn('origin', 'text', notNull)
      .addColumn('destination', 'text', notNull)
      .addColumn('pickup_date', 'text', notNull)
      .addColumn('delivery_date', 'text', notNull)
      .addColumn('requirements', 'text', notNull)
      .addColumn('notes', 'text', notNull)
      .addColumn('incoterms', 'text', notNull)
      .addColumn('amount_cents', 'integer', notNull)
      .addColumn('loaded_at', 'text')
      .addColumn('on_the_way_at', 'text')
      .addColumn('delivered_at', 'text')
      .addColumn('created_at', 'text', notNull)
      .execute();
    await db.schema.createIndex('shipments_owner_idx').on('shipments').columns(['owner_id', 'id']).execute();
    await db.schema.createIndex('shipments_carrier_idx').on('shipments').columns(['carrier_id', 'id']).execute();
  },
  async down(db: MigrationDb) {
    await db.schema.dropTable('shipments').execute();
  },
});
