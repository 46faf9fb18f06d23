import { notNull, type MigrationDb, type MigrationFactory } from './helpers.js';

/**
 * The quotas' counters (one row per key and fixed window, removed once the window is over, by its
 * `expires_at_ms` index) and the refusals per account and Tashkent day that moderators read (decision 027).
 */
export const quotasMigration: MigrationFactory = () => ({
  async up(db: MigrationDb) {
    await db.schema
      .createTable('quota_counters')
      .addColumn('key', 'text', notNull)
      .addColumn('window_start', 'bigint', notNull)
      .addColumn('used', 'bigint', notNull)
      .addColumn('expires_at_ms', 'bigint', notNull)
      .addPrimaryKeyConstraint('quota_counters_pk', ['key', 'window_start'])
      .execute();
    await db.schema.createIndex('quota_counters_expires_idx').on('quota_counters').column('expires_at_ms').execute();

    await db.schema
      .createTable('quota_hits')
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('quota', 'text', notNull)
      .addColumn('day', 'text', notNull)
      .addColumn('hits', 'integer', notNull)
      .addColumn('last_hit_at', 'text', notNull)
      .addPrimaryKeyConstraint('quota_hits_pk', ['user_id', 'quota', 'day'])
      .execute();
    // the moderators' list reads a range of days
    await db.schema.createIndex('quota_hits_day_idx').on('quota_hits').column('day').execute();
  },
  async down(db: MigrationDb) {
    await db.schema.dropTable('quota_hits').execute();
    await db.schema.dropTable('quota_counters').execute();
  },
});
