import { notNull, withId, type MigrationDb, type MigrationFactory } from './helpers.js';

export const notificationsMigration: MigrationFactory = (dialect) => ({
  async up(db: MigrationDb) {
    await withId(db.schema.createTable('notifications'), dialect)
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('type', 'text', notNull)
      .addColumn('kind', 'text', notNull)
      .addColumn('params', 'text', notNull)
      .addColumn('link', 'text', notNull)
      .addColumn('read_at', 'text')
      .addColumn('created_at', 'text', notNull)
      .execute();
    await db.schema.createIndex('notifications_user_idx').on('notifications').columns(['user_id', 'id']).execute();
    await db.schema
      .createIndex('notifications_user_type_idx')
      .on('notifications')
      .columns(['user_id', 'type', 'id'])
      .execute();
    await db.schema
      .createIndex('notifications_user_unread_idx')
      .on('notifications')
      .columns(['user_id', 'read_at', 'id'])
      .execute();
  },
  async down(db: MigrationDb) {
    await db.schema.dropTable('notifications').execute();
  },
});
