import type { MigrationDb, MigrationFactory } from './helpers.js';

/** When each periodic job last ran, so that several instances run it once per interval between them. */
export const scheduledJobsMigration: MigrationFactory = () => ({
  async up(db: MigrationDb) {
    await db.schema
      .createTable('scheduled_jobs')
      .addColumn('name', 'text', (c) => c.primaryKey())
      .addColumn('last_run_at', 'text', (c) => c.notNull())
      .execute();
  },
  async down(db: MigrationDb) {
    await db.schema.dropTable('scheduled_jobs').execute();
  },
});
