import { notNull, withId, type MigrationDb, type MigrationFactory } from './helpers.js';

export const bidsMigration: MigrationFactory = (dialect) => ({
  async up(db: MigrationDb) {
    await withId(db.schema.createTable('bids'), dialect)
      .addColumn('tender_id', 'integer', (c) => c.notNull().references('tenders.id').onDelete('cascade'))
      .addColumn('bidder_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('amount_cents', 'integer', notNull)
      // active | pending | accepted | rejected (see ARCHITECTURE: bid statuses)
      .addColumn('status', 'text', notNull)
      .addColumn('created_at', 'text', notNull)
      .execute();
    await db.schema.createIndex('bids_tender_amount_idx').on('bids').columns(['tender_id', 'amount_cents']).execute();
    await db.schema.createIndex('bids_tender_status_idx').on('bids').columns(['tender_id', 'status']).execute();
    await db.schema.createIndex('bids_bidder_idx').on('bids').columns(['bidder_id', 'id']).execute();
    await db.schema.alterTable('tenders').addColumn('awarded_bid_id', 'integer').execute();
    await db.schema
      .createIndex('tenders_status_end_idx')
      .on('tenders')
      .columns(['status', 'tender_end_date'])
      .execute();
  },
  async down(db: MigrationDb) {
    await db.schema.dropIndex('tenders_status_end_idx').execute();
    await db.schema.alterTable('tenders').dropColumn('awarded_bid_id').execute();
    await db.schema.dropTable('bids').execute();
  },
});
