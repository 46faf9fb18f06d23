import { notNull, type MigrationDb, type MigrationFactory } from './helpers.js';

/**
 * ERI-Key (decision 026): each user's link to one certificate holder, by PINFL (one user per PINFL), and how
 * each company was verified: by a moderator, or by its owner's digital signature.
 */
export const eriLinksMigration: MigrationFactory = () => ({
  async up(db: MigrationDb) {
    await db.schema
      .createTable('eri_links')
      .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
      .addColumn('pinfl', 'text', (c) => c.notNull().unique())
      .addColumn('name', 'text', notNull)
      .addColumn('stir', 'text')
      .addColumn('serial_number', 'text', notNull)
      .addColumn('valid_from', 'text', notNull)
      .addColumn('valid_to', 'text', notNull)
      .addColumn('linked_at', 'text', notNull)
      .execute();

    await db.schema.alterTable('companies').addColumn('verified_by', 'text').execute();
    // every company verified before this was verified by a moderator
    await db
      .updateTable('companies')
      .set({ verified_by: 'moderator' })
      .where('verification_status', '=', 'verified')
      .execute();
  },
  async down(db: MigrationDb) {
    await db.schema.alterTable('companies').dropColumn('verified_by').execute();
    await db.schema.dropTable('eri_links').execute();
  },
});
