import { notNull, withId, type MigrationDb, type MigrationFactory } from './helpers.js';

/**
 * The e-waybill (decision 033): one per shipment, with both sides' fields as JSON, its operator's id and
 * status, the Central Bank rate it was made at; its history; the companies' sessions at the operator; the
 * Central Bank's dollar rates as fetched.
 */
export const waybillsMigration: MigrationFactory = (dialect) => ({
  async up(db: MigrationDb) {
    await withId(db.schema.createTable('waybills'), dialect)
      .addColumn('shipment_id', 'integer', (c) => c.notNull().unique().references('shipments.id').onDelete('cascade'))
      .addColumn('carrier_fields', 'text', notNull)
      .addColumn('shipper_fields', 'text', notNull)
      .addColumn('status', 'text', notNull)
      .addColumn('status_reason', 'text')
      .addColumn('didox_id', 'text')
      .addColumn('didox_status', 'integer')
      .addColumn('creating_until_ms', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('document', 'text')
      .addColumn('waybill_date', 'text')
      .addColumn('rate', 'text')
      .addColumn('rate_date', 'text')
      .addColumn('delivery_cost_tiyin', 'text')
      .addColumn('delivery_asked_at', 'text')
      .addColumn('created_at', 'text', notNull)
      .addColumn('updated_at', 'text', notNull)
      .execute();
    await withId(db.schema.createTable('waybill_events'), dialect)
      .addColumn('waybill_id', 'integer', (c) => c.notNull().references('waybills.id').onDelete('cascade'))
      .addColumn('at', 'text', notNull)
      .addColumn('status', 'text', notNull)
      .addColumn('by_side', 'text', notNull)
      .addColumn('note', 'text')
      .execute();
    await db.schema.createIndex('waybill_events_waybill').on('waybill_events').columns(['waybill_id', 'id']).execute();
    await db.schema
      .createTable('didox_sessions')
      .addColumn('company_stir', 'text', (c) => c.primaryKey())
      .addColumn('token', 'text', notNull)
      .addColumn('opened_at', 'text', notNull)
      .execute();
    await db.schema
      .createTable('currency_rates')
      .addColumn('ccy', 'text', notNull)
      .addColumn('rate_date', 'text', notNull)
      .addColumn('rate', 'text', notNull)
      .addColumn('fetched_at', 'text', notNull)
      .addPrimaryKeyConstraint('currency_rates_pk', ['ccy', 'rate_date'])
      .execute();
  },
  async down(db: MigrationDb) {
    await db.schema.dropTable('currency_rates').execute();
    await db.schema.dropTable('didox_sessions').execute();
    await db.schema.dropTable('waybill_events').execute();
    await db.schema.dropTable('waybills').execute();
  },
});
