import { notNull, withId, type MigrationDb, type MigrationFactory } from './helpers.js';

/** The ratings both sides of a delivered shipment give each other, once each. */
export const ratingsMigration: MigrationFactory = (dialect) => ({
  async up(db: MigrationDb) {
    await withId(db.schema.createTable('ratings'), dialect)
      .addColumn('shipment_id', 'integer', (c) => c.notNull().references('shipments.id').onDelete('cascade'))
      .addColumn('rater_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('ratee_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      // owner (rating the carrier) | carrier (rating the owner)
      .addColumn('rater_role', 'text', notNull)
      .addColumn('score', 'integer', notNull)
      .addColumn('comment', 'text')
      // the carrier's word on the owner's payment: on_time | late | unpaid
      .addColumn('payment', 'text')
      // the owner's word on the carrier's dates: 1 kept, 0 not
      .addColumn('on_time', 'integer')
      .addColumn('created_at', 'text', notNull)
      .addUniqueConstraint('ratings_once', ['shipment_id', 'rater_id'])
      .execute();
    await db.schema.createIndex('ratings_ratee_idx').on('ratings').columns(['ratee_id', 'id']).execute();
  },
  async down(db: MigrationDb) {
    await db.schema.dropTable('ratings').execute();
  },
});
