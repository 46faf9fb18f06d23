import { sql } from 'kysely';
import { notNull, withId, type MigrationDb, type MigrationFactory } from './helpers.js';

/**
 * The live position of shipments and the links that show it to a receiver.
 *
 * A point is keyed by (shipment, time taken): that one index serves "the points of a shipment since T" and the
 * 10-second thinning (the kept points around a new one), and makes a point sent twice one row. On SQLite the
 * table is WITHOUT ROWID, so the key is the table and there is no second b-tree; places are whole
 * micro-degrees (0.1 m), accuracy and speed whole metres and km/h: small integers take fewer bytes than reals.
 */
export const shipmentTrackingMigration: MigrationFactory = (dialect) => ({
  async up(db: MigrationDb) {
    await db.schema
      .createTable('shipment_positions')
      .addColumn('shipment_id', 'integer', (c) => c.notNull().references('shipments.id').onDelete('cascade'))
      // epoch ms, UTC
      .addColumn('recorded_ms', 'bigint', notNull)
      .addColumn('lat_e6', 'integer', notNull)
      .addColumn('lon_e6', 'integer', notNull)
      .addColumn('accuracy_m', 'integer', notNull)
      .addColumn('speed_kmh', 'integer')
      .addPrimaryKeyConstraint('shipment_positions_pk', ['shipment_id', 'recorded_ms'])
      .$call((table) => (dialect === 'sqlite' ? table.modifyEnd(sql`without rowid`) : table))
      .execute();

    await withId(db.schema.createTable('shipment_share_links'), dialect)
      .addColumn('shipment_id', 'integer', (c) => c.notNull().references('shipments.id').onDelete('cascade'))
      // sha256 of the token (hex): the token itself is shown once and never stored
      .addColumn('token_hash', 'text', (c) => c.notNull().unique())
      .addColumn('created_by', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('created_at', 'text', notNull)
      .addColumn('revoked_at', 'text')
      .execute();
    await db.schema
      .createIndex('shipment_share_links_shipment_idx')
      .on('shipment_share_links')
      .column('shipment_id')
      .execute();
  },
  async down(db: MigrationDb) {
    await db.schema.dropTable('shipment_share_links').execute();
    await db.schema.dropTable('shipment_positions').execute();
  },
});
