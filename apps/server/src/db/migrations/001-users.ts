import { notNull, withId, type MigrationDb, type MigrationFactory } from './helpers.js';

export const usersMigration: MigrationFactory = (dialect) => ({
  async up(db: MigrationDb) {
    await withId(db.schema.createTable('users'), dialect)
      .addColumn('first_name', 'text', notNull)
      .addColumn('last_name', 'text', notNull)
      // stored lower-cased, so the unique index is case-insensitive
      .addColumn('email', 'text', (c) => c.notNull().unique())
      .addColumn('phone_number', 'text', notNull)
      .addColumn('password_hash', 'text', notNull)
      .addColumn('created_at', 'text', notNull)
      .execute();

    // One session per login; its refresh tokens rotate inside it. Revoking it ends every token of the family.
    await db.schema
      .createTable('sessions')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('created_at', 'text', notNull)
      .addColumn('revoked_at', 'text')
      .addColumn('revoked_reason', 'text')
      .execute();
    await db.schema.createIndex('sessions_user_idx').on('sessions').column('user_id').execute();

    await db.schema
      .createTable('refresh_tokens')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('session_id', 'text', (c) => c.notNull().references('sessions.id').onDelete('cascade'))
      .addColumn('token_hash', 'text', notNull)
      .addColumn('expires_at', 'text', notNull)
      .addColumn('created_at', 'text', notNull)
      .addColumn('used_at', 'text')
      .execute();
    await db.schema.createIndex('refresh_tokens_session_idx').on('refresh_tokens').column('session_id').execute();
  },
  async down(db: MigrationDb) {
    await db.schema.dropTable('refresh_tokens').execute();
    await db.schema.dropTable('sessions').execute();
    await db.schema.dropTable('users').execute();
  },
});
