import type { MigrationDb, MigrationFactory } from './helpers.js';

/** The last valid day of a vehicle's technical inspection and of its permits (YYYY-MM-DD), reminded of too. */
export const moreVehiclePapersMigration: MigrationFactory = () => ({
  async up(db: MigrationDb) {
    await db.schema.alterTable('vehicles').addColumn('inspection_expires_on', 'text').execute();
    await db.schema.alterTable('vehicles').addColumn('permit_expires_on', 'text').execute();
  },
  async down(db: MigrationDb) {
    await db.schema.alterTable('vehicles').dropColumn('inspection_expires_on').execute();
    await db.schema.alterTable('vehicles').dropColumn('permit_expires_on').execute();
  },
});
