import { notNull, withId, type MigrationDb, type MigrationFactory } from './helpers.js';

export const vehiclesMigration: MigrationFactory = (dialect) => ({
  async up(db: MigrationDb) {
    // Uploaded documents live in the database (10 MB each at most), so every instance sees them.
    await db.schema
      .createTable('files')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('owner_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('content_type', 'text', notNull)
      .addColumn('size', 'integer', notNull)
      .addColumn('original_name', 'text', notNull)
      .addColumn('data', dialect === 'postgres' ? 'bytea' : 'blob', notNull)
      .addColumn('created_at', 'text', notNull)
      .execute();
    await db.schema.createIndex('files_owner_idx').on('files').column('owner_id').execute();

    await withId(db.schema.createTable('vehicles'), dialect)
      .addColumn('owner_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('vehicle_name', 'text', notNull)
      .addColumn('name_search', 'text', notNull)
      .addColumn('vehicle_type', 'text', notNull)
      .addColumn('license_plate', 'text', notNull)
      .addColumn('plate_search', 'text', notNull)
      .addColumn('vin', 'text')
      .addColumn('year_of_manufacture', 'integer', notNull)
      .addColumn('current_status', 'text', notNull)
      .addColumn('max_load_weight', 'double precision', notNull)
      .addColumn('weight_unit', 'text', notNull)
      .addColumn('max_volume', 'double precision', notNull)
      .addColumn('volume_unit', 'text', notNull)
      .addColumn('axle_count', 'integer', notNull)
      .addColumn('length', 'double precision', notNull)
      .addColumn('width', 'double precision', notNull)
      .addColumn('height', 'double precision', notNull)
      .addColumn('equipment_features', 'text', notNull)
      .addColumn('registration_file_id', 'text', (c) => c.references('files.id').onDelete('set null'))
      .addColumn('insurance_file_id', 'text', (c) => c.references('files.id').onDelete('set null'))
      .addColumn('vehicle_photo_file_id', 'text', (c) => c.references('files.id').onDelete('set null'))
      .addColumn('created_at', 'text', notNull)
      .addColumn('updated_at', 'text', notNull)
      .execute();
    // "My vehicles, newest first" reads this index in order.
    await db.schema
      .createIndex('vehicles_owner_created_idx')
      .on('vehicles')
      .columns(['owner_id', 'created_at', 'id'])
      .execute();
  },
  async down(db: MigrationDb) {
    await db.schema.dropTable('vehicles').execute();
    await db.schema.dropTable('files').execute();
  },
});
