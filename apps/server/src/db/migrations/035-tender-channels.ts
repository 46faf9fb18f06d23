import { sql } from 'kysely';
import { notNull, type MigrationDb, type MigrationFactory } from './helpers.js';

/**
 * Tender channels in Telegram (decision 032): one post per tender that opened, in the channel of its mode, with
 * what it last showed and when it may next be edited; and the state of each channel (refusing the bot since
 * when, reported to moderators when). The posts and edits themselves are outbox rows addressed to the channel.
 */
export const tenderChannelsMigration: MigrationFactory = (dialect) => ({
  async up(db: MigrationDb) {
    const instant = dialect === 'postgres' ? 'bigint' : 'integer';
    await db.schema
      .createTable('telegram_channel_posts')
      .addColumn('tender_id', 'integer', (c) => c.primaryKey().references('tenders.id').onDelete('cascade'))
      .addColumn('chat', 'text', notNull)
      // Telegram's id of the message once posted
      .addColumn('message_id', 'integer')
      // status|minimum|close of what the post last showed (null: not posted yet)
      .addColumn('shown', 'text')
      .addColumn('queued_at', 'text', notNull)
      .addColumn('posted_at', 'text')
      .addColumn('edited_at', 'text')
      // the next edit waits until then (at most one a minute per post)
      .addColumn('edit_after_ms', instant, (c) => c.notNull().defaultTo(0))
      // the outbox row of the edit queued last; another is queued only once it is done
      .addColumn('edit_outbox_id', 'integer')
      .execute();
    await db.schema
      .createIndex('telegram_channel_posts_chat_idx')
      .on('telegram_channel_posts')
      .columns(['chat', 'posted_at'])
      .execute();

    await db.schema
      .createTable('telegram_channels')
      .addColumn('chat', 'text', (c) => c.primaryKey())
      .addColumn('refused_at', 'text')
      .addColumn('refused_error', 'text')
      .addColumn('reported_at', 'text')
      .execute();

    // the failures of a channel's posts, for the moderators' page
    await sql`create index outbox_address_dead_idx on outbox (address, id) where status = 'dead'`.execute(db);
  },
  async down(db: MigrationDb) {
    await sql`drop index outbox_address_dead_idx`.execute(db);
    await db.schema.dropTable('telegram_channels').execute();
    await db.schema.dropTable('telegram_channel_posts').execute();
  },
});
