import { sql } from 'kysely';
import { notNull, withId, type MigrationDb, type MigrationFactory } from './helpers.js';

/**
 * The shipment conversation (decision 031): its entries (messages of either side, system lines of the
 * shipment's events), each party's read mark and what they were last told of, and the Telegram message each
 * outside message became (so that a reply to it finds its conversation).
 */
export const shipmentConversationsMigration: MigrationFactory = (dialect) => ({
  async up(db: MigrationDb) {
    await withId(db.schema.createTable('shipment_messages'), dialect)
      .addColumn('shipment_id', 'integer', (c) => c.notNull().references('shipments.id').onDelete('cascade'))
      // null for a system line
      .addColumn('author_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
      // owner | carrier; null for a system line
      .addColumn('side', 'text')
      .addColumn('text', 'text')
      .addColumn('file_id', 'text', (c) => c.references('files.id'))
      // loaded | on_the_way | delivered | waybill_signed, and its params as JSON
      .addColumn('system_kind', 'text')
      .addColumn('system_params', 'text')
      .addColumn('hidden_by', 'integer', (c) => c.references('users.id'))
      .addColumn('hidden_at', 'text')
      .addColumn('created_at', 'text', notNull)
      .execute();
    await db.schema
      .createIndex('shipment_messages_shipment_idx')
      .on('shipment_messages')
      .columns(['shipment_id', 'id'])
      .execute();

    await withId(db.schema.createTable('conversation_reads'), dialect)
      .addColumn('shipment_id', 'integer', (c) => c.notNull().references('shipments.id').onDelete('cascade'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('side', 'text', notNull)
      // the last entry this party has read, and the last one a notification has told them of
      .addColumn('read_up_to', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('notified_up_to', 'integer', (c) => c.notNull().defaultTo(0))
      .addUniqueConstraint('conversation_reads_party', ['shipment_id', 'user_id'])
      .execute();
    await db.schema.createIndex('conversation_reads_user_idx').on('conversation_reads').columns(['user_id']).execute();

    await db.schema
      .alterTable('outbox')
      .addColumn('telegram_message_id', dialect === 'postgres' ? 'bigint' : 'integer')
      .execute();
    await sql`create index outbox_telegram_message_idx on outbox (user_id, telegram_message_id)
      where telegram_message_id is not null`.execute(db);
  },
  async down(db: MigrationDb) {
    await sql`drop index outbox_telegram_message_idx`.execute(db);
    await db.schema.alterTable('outbox').dropColumn('telegram_message_id').execute();
    await db.schema.dropTable('conversation_reads').execute();
    await db.schema.dropTable('shipment_messages').execute();
  },
});
