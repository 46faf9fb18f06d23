import { notNull, withId, type MigrationDb, type MigrationFactory } from './helpers.js';

/**
 * The imports of tenders from a file (issue of the tender quota and of saved-search alerts): one row per
 * import, and each imported tender names its import, so that the carriers whose saved searches its tenders
 * match hear of them in one alert per import rather than one per row.
 */
export const tenderImportsMigration: MigrationFactory = (dialect) => ({
  async up(db: MigrationDb) {
    await withId(db.schema.createTable('tender_imports'), dialect)
      .addColumn('owner_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('tenders', 'integer', notNull)
      .addColumn('created_at', 'text', notNull)
      .execute();
    // no foreign key: SQLite cannot drop a column that has one, and the import row only groups its tenders
    await db.schema.alterTable('tenders').addColumn('import_id', 'integer').execute();
    await db.schema.createIndex('tenders_import_idx').on('tenders').column('import_id').execute();
  },
  async down(db: MigrationDb) {
    await db.schema.dropIndex('tenders_import_idx').execute();
    await db.schema.alterTable('tenders').dropColumn('import_id').execute();
    await db.schema.dropTable('tender_imports').execute();
  },
});
