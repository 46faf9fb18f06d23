import type { MigrationDb, MigrationFactory } from './helpers.js';

/** The last valid day of a vehicle's insurance and registration (YYYY-MM-DD), for the reminders before it. */
export const documentExpiryMigration: MigrationFactory = () => ({
  async up(db: MigrationDb) {
    await db.schema.alterTable('vehicles').addColumn('insurance_expires_on', 'text').execute();
    await db.schema.alterTable('vehicles').addColumn('registration_expires_on', 'text').execute();
  },
  async down(db: MigrationDb) {
    await db.schema.alterTable('vehicles').dropColumn('insurance_expires_on').execute();
    await db.schema.alterTable('vehicles').dropColumn('registration_expires_on').execute();
  },
});
