import { sql } from 'kysely';
import { cityOf } from '@yuk/shared';
import { notNull, withId, type MigrationDb, type MigrationFactory } from './helpers.js';

/**
 * Reaching users outside the app: saved searches, delivery settings, Telegram links, browser push
 * subscriptions, and the outbox every message to an outside channel goes through (decision 017). Users gain
 * the language their messages are written in. Origins are read again with the wider city table.
 */
export const deliveryMigration: MigrationFactory = (dialect) => ({
  async up(db: MigrationDb) {
    const instant = dialect === 'postgres' ? 'bigint' : 'integer';
    const real = dialect === 'postgres' ? 'double precision' : 'real';
    await db.schema
      .alterTable('users')
      .addColumn('language', 'text', (c) => c.notNull().defaultTo('uz'))
      .execute();

    await withId(db.schema.createTable('saved_searches'), dialect)
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('name', 'text', notNull)
      .addColumn('origin', 'text', notNull)
      .addColumn('destination', 'text', notNull)
      // the places as the city table keys them; '' is any place
      .addColumn('origin_key', 'text', notNull)
      .addColumn('destination_key', 'text', notNull)
      // bits of the wanted modes (truck 1, plane 2, ship 4, labo 8); 0 is any mode
      .addColumn('mode_mask', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('max_weight', real)
      .addColumn('min_price_cents', 'integer')
      .addColumn('created_at', 'text', notNull)
      .execute();
    // an opening tender finds its searches by lane: four lookups of this index, never a scan
    await db.schema
      .createIndex('saved_searches_lane_idx')
      .on('saved_searches')
      .columns(['origin_key', 'destination_key'])
      .execute();
    await db.schema.createIndex('saved_searches_user_idx').on('saved_searches').columns(['user_id', 'id']).execute();

    await db.schema
      .createTable('notification_settings')
      .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
      // JSON { event: [channels] } of the events the user changed; the others keep their defaults
      .addColumn('events', 'text')
      // minutes after midnight, Tashkent time
      .addColumn('quiet_start', 'integer')
      .addColumn('quiet_end', 'integer')
      .addColumn('telegram_chat_id', 'text', (c) => c.unique())
      .addColumn('push_devices', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('updated_at', 'text', notNull)
      .execute();

    await db.schema
      .createTable('telegram_links')
      .addColumn('token_hash', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('expires_at_ms', instant, notNull)
      .addColumn('used_at', 'text')
      .execute();

    await withId(db.schema.createTable('push_subscriptions'), dialect)
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('endpoint', 'text', (c) => c.notNull().unique())
      .addColumn('p256dh', 'text', notNull)
      .addColumn('auth', 'text', notNull)
      .addColumn('created_at', 'text', notNull)
      .execute();
    await db.schema.createIndex('push_subscriptions_user_idx').on('push_subscriptions').columns(['user_id']).execute();

    await withId(db.schema.createTable('outbox'), dialect)
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      // telegram | email | push
      .addColumn('channel', 'text', notNull)
      // the notification it carries, rendered in the user's language when sent
      .addColumn('kind', 'text', notNull)
      .addColumn('params', 'text', notNull)
      .addColumn('link', 'text', notNull)
      // push: the subscription it goes to
      .addColumn('target_id', 'integer')
      .addColumn('idempotency_key', 'text', (c) => c.notNull().unique())
      // pending | sending | sent | dead | dropped
      .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      // pending: when to try; sending: when the sender's lease runs out
      .addColumn('next_attempt_ms', instant, notNull)
      .addColumn('last_error', 'text')
      .addColumn('created_at', 'text', notNull)
      .addColumn('sent_at', 'text')
      .execute();
    // the senders' claim reads only the rows still to send, by due time
    await sql`create index outbox_due_idx on outbox (next_attempt_ms) where status in ('pending', 'sending')`.execute(
      db,
    );
    await sql`create index outbox_dead_idx on outbox (user_id, id) where status = 'dead'`.execute(db);
    await db.schema.createIndex('outbox_user_idx').on('outbox').columns(['user_id']).execute();

    // The city table now knows more places: origins it did not know before get their city (the triggers keep
    // the list's counts in step).
    for (let after = 0; ;) {
      const page = (await db
        .selectFrom('tenders')
        .select(['id', 'origin_location'])
        .where('origin_city', '=', '')
        .where('id', '>', after)
        .orderBy('id')
        .limit(5000)
        .execute()) as { id: number; origin_location: string }[];
      for (const row of page) {
        const city = cityOf(row.origin_location);
        if (city) await db.updateTable('tenders').set({ origin_city: city }).where('id', '=', row.id).execute();
      }
      const last = page.at(-1);
      if (!last) break;
      after = last.id;
    }
  },
  async down(db: MigrationDb) {
    for (const table of ['outbox', 'push_subscriptions', 'telegram_links', 'notification_settings', 'saved_searches']) {
      await db.schema.dropTable(table).execute();
    }
    await db.schema.alterTable('users').dropColumn('language').execute();
  },
});
