import { notNull, withId, type MigrationDb, type MigrationFactory } from './helpers.js';

/**
 * Questions on tenders (decision 031): asked by a carrier, answered once by the owner, hidden by a moderator
 * when reported. Read per tender, oldest first.
 */
export const tenderQuestionsMigration: MigrationFactory = (dialect) => ({
  async up(db: MigrationDb) {
    await withId(db.schema.createTable('tender_questions'), dialect)
      .addColumn('tender_id', 'integer', (c) => c.notNull().references('tenders.id').onDelete('cascade'))
      .addColumn('asker_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('text', 'text', notNull)
      .addColumn('answer_text', 'text')
      .addColumn('answered_at', 'text')
      .addColumn('hidden_by', 'integer', (c) => c.references('users.id'))
      .addColumn('hidden_at', 'text')
      .addColumn('created_at', 'text', notNull)
      .execute();
    await db.schema
      .createIndex('tender_questions_tender_idx')
      .on('tender_questions')
      .columns(['tender_id', 'id'])
      .execute();
  },
  async down(db: MigrationDb) {
    await db.schema.dropTable('tender_questions').execute();
  },
});
