import { sql } from 'kysely';
import { notNull, withId, type MigrationDb, type MigrationFactory } from './helpers.js';

/**
 * Signing in by SMS code and recovering a password (decision 018): users gain the time their phone was proven
 * (a proven number belongs to one account only), the codes sent and the reset links are kept hashed, and the
 * outbox carries messages to an address that is not (yet) an account's: a code to a phone, a reset link.
 */
export const accountAccessMigration: MigrationFactory = (dialect) => ({
  async up(db: MigrationDb) {
    const instant = dialect === 'postgres' ? 'bigint' : 'integer';
    await db.schema.alterTable('users').addColumn('phone_verified_at', 'text').execute();
    await sql`create unique index users_verified_phone_idx on users (phone_number) where phone_verified_at is not null`.execute(
      db,
    );

    await withId(db.schema.createTable('sms_codes'), dialect)
      .addColumn('phone', 'text', notNull)
      // HMAC of phone and code under the server's secret: a copy of the table does not give the codes away
      .addColumn('code_hash', 'text', notNull)
      .addColumn('client_address', 'text', notNull)
      .addColumn('created_at_ms', instant, notNull)
      .addColumn('expires_at_ms', instant, notNull)
      .addColumn('wrong_tries', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('used_at_ms', instant)
      .execute();
    // the cooldown, the daily caps and the check of a code each read one of these
    await db.schema.createIndex('sms_codes_phone_idx').on('sms_codes').columns(['phone', 'created_at_ms']).execute();
    await db.schema
      .createIndex('sms_codes_address_idx')
      .on('sms_codes')
      .columns(['client_address', 'created_at_ms'])
      .execute();
    await db.schema.createIndex('sms_codes_created_idx').on('sms_codes').columns(['created_at_ms']).execute();

    await db.schema
      .createTable('password_resets')
      .addColumn('token_hash', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('created_at_ms', instant, notNull)
      .addColumn('expires_at_ms', instant, notNull)
      .addColumn('used_at_ms', instant)
      .execute();
    await db.schema
      .createIndex('password_resets_user_idx')
      .on('password_resets')
      .columns(['user_id', 'created_at_ms'])
      .execute();

    // The outbox's user becomes optional and a message may name its address itself. SQLite cannot drop a NOT
    // NULL, so there the table is built again with its rows.
    if (dialect === 'postgres') {
      await sql`alter table outbox alter column user_id drop not null`.execute(db);
      await db.schema.alterTable('outbox').addColumn('address', 'text').execute();
    } else {
      await sql`alter table outbox rename to outbox_before_013`.execute(db);
      await sql`drop index outbox_due_idx`.execute(db);
      await sql`drop index outbox_dead_idx`.execute(db);
      await sql`drop index outbox_user_idx`.execute(db);
      await withId(db.schema.createTable('outbox'), dialect)
        .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
        .addColumn('channel', 'text', notNull)
        .addColumn('kind', 'text', notNull)
        .addColumn('params', 'text', notNull)
        .addColumn('link', 'text', notNull)
        .addColumn('target_id', 'integer')
        .addColumn('idempotency_key', 'text', (c) => c.notNull().unique())
        .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('next_attempt_ms', instant, notNull)
        .addColumn('last_error', 'text')
        .addColumn('created_at', 'text', notNull)
        .addColumn('sent_at', 'text')
        .addColumn('address', 'text')
        .execute();
      await sql`insert into outbox (id, user_id, channel, kind, params, link, target_id, idempotency_key, status,
          attempts, next_attempt_ms, last_error, created_at, sent_at)
        select id, user_id, channel, kind, params, link, target_id, idempotency_key, status, attempts,
          next_attempt_ms, last_error, created_at, sent_at from outbox_before_013`.execute(db);
      await sql`drop table outbox_before_013`.execute(db);
      await sql`create index outbox_due_idx on outbox (next_attempt_ms) where status in ('pending', 'sending')`.execute(
        db,
      );
      await sql`create index outbox_dead_idx on outbox (user_id, id) where status = 'dead'`.execute(db);
      await db.schema.createIndex('outbox_user_idx').on('outbox').columns(['user_id']).execute();
    }
  },
  async down(db: MigrationDb) {
    await db.deleteFrom('outbox').where('user_id', 'is', null).execute();
    await db.schema.alterTable('outbox').dropColumn('address').execute();
    if (dialect === 'postgres') await sql`alter table outbox alter column user_id set not null`.execute(db);
    await db.schema.dropTable('password_resets').execute();
    await db.schema.dropTable('sms_codes').execute();
    await sql`drop index users_verified_phone_idx`.execute(db);
    await db.schema.alterTable('users').dropColumn('phone_verified_at').execute();
  },
});
