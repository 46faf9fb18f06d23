import { notNull, withId, type MigrationDb, type MigrationFactory } from './helpers.js';

/** The backups the app's schedule took, newest by id: /api/health and /metrics report the last (decision 034). */
export const backupsMigration: MigrationFactory = (dialect) => ({
  async up(db: MigrationDb) {
    await withId(db.schema.createTable('backups'), dialect)
      .addColumn('file', 'text', notNull)
      .addColumn('bytes', 'bigint', notNull)
      .addColumn('started_at', 'text', notNull)
      .addColumn('finished_at', 'text', notNull)
      .execute();
  },
  async down(db: MigrationDb) {
    await db.schema.dropTable('backups').execute();
  },
});
