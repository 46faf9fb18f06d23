import { sql } from 'kysely';
import { notNull, withId, type MigrationDb, type MigrationFactory } from './helpers.js';

/**
 * Auction rules (close time, soft close, step, buy-now, reserve, automatic award, confirmation), the award
 * history, and one durable schedule of due actions that replaces the periodic sweep. Instants the database
 * computes with (closes_at, confirm_by, valid_until, due_at) are epoch milliseconds: arithmetic and
 * comparison are the same on both engines (decision 015).
 */
export const auctionRulesMigration: MigrationFactory = (dialect) => ({
  async up(db: MigrationDb) {
    const instant = dialect === 'postgres' ? 'bigint' : 'integer';
    await db.schema
      .alterTable('tenders')
      .addColumn('closes_at_ms', instant, (c) => c.notNull().defaultTo(0))
      .execute();
    for (const [column, fallback] of [
      ['soft_close_minutes', 0],
      ['min_step_cents', 1],
      ['auto_award', 0],
      ['confirm_within_minutes', 120],
    ] as const) {
      await db.schema
        .alterTable('tenders')
        .addColumn(column, 'integer', (c) => c.notNull().defaultTo(fallback))
        .execute();
    }
    await db.schema.alterTable('tenders').addColumn('buy_now_price_cents', 'integer').execute();
    await db.schema.alterTable('tenders').addColumn('reserve_price_cents', 'integer').execute();
    // existing tenders close at the end of their last day in Tashkent (23:59:59 +05:00 = 18:59:59 UTC)
    await sql`update tenders set closes_at_ms = ${
      dialect === 'postgres'
        ? sql`(extract(epoch from tender_end_date::date)::bigint * 1000 + 68399000)`
        : sql`(cast(strftime('%s', tender_end_date) as integer) * 1000 + 68399000)`
    }`.execute(db);

    await db.schema.alterTable('bids').addColumn('valid_until_ms', instant).execute();
    await db.schema.alterTable('bids').addColumn('confirm_by_ms', instant).execute();

    await withId(db.schema.createTable('tender_awards'), dialect)
      .addColumn('tender_id', 'integer', (c) => c.notNull().references('tenders.id').onDelete('cascade'))
      .addColumn('bid_id', 'integer', (c) => c.notNull().references('bids.id').onDelete('cascade'))
      // owner | auto | fallback | buy_now
      .addColumn('origin', 'text', notNull)
      // awaiting | confirmed | declined | no_show
      .addColumn('outcome', 'text', notNull)
      .addColumn('awarded_at', 'text', notNull)
      .addColumn('confirm_by_ms', instant)
      .addColumn('decided_at', 'text')
      .execute();
    await db.schema.createIndex('tender_awards_tender_idx').on('tender_awards').columns(['tender_id', 'id']).execute();
    await db.schema.createIndex('tender_awards_bid_idx').on('tender_awards').columns(['bid_id']).execute();

    await withId(db.schema.createTable('due_actions'), dialect)
      // tender_close | award_confirm | bid_expiry
      .addColumn('kind', 'text', notNull)
      .addColumn('subject_id', 'integer', notNull)
      .addColumn('due_at_ms', instant, notNull)
      // an instance that claimed the row holds it until then (0: free)
      .addColumn('claimed_until_ms', instant, (c) => c.notNull().defaultTo(0))
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .createIndex('due_actions_subject_idx')
      .unique()
      .on('due_actions')
      .columns(['kind', 'subject_id'])
      .execute();
    await db.schema.createIndex('due_actions_due_idx').on('due_actions').columns(['due_at_ms']).execute();
    await sql`insert into due_actions (kind, subject_id, due_at_ms)
      select 'tender_close', id, closes_at_ms from tenders where status = 'opened'`.execute(db);
    // the periodic sweep's bookkeeping is replaced by the schedule
    await db.schema.dropTable('scheduled_jobs').execute();
  },
  async down(db: MigrationDb) {
    await db.schema
      .createTable('scheduled_jobs')
      .addColumn('name', 'text', (c) => c.primaryKey())
      .addColumn('last_run_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.dropTable('due_actions').execute();
    await db.schema.dropTable('tender_awards').execute();
    await db.schema.alterTable('bids').dropColumn('confirm_by_ms').execute();
    await db.schema.alterTable('bids').dropColumn('valid_until_ms').execute();
    for (const column of [
      'reserve_price_cents',
      'buy_now_price_cents',
      'confirm_within_minutes',
      'auto_award',
      'min_step_cents',
      'soft_close_minutes',
      'closes_at_ms',
    ]) {
      await db.schema.alterTable('tenders').dropColumn(column).execute();
    }
  },
});
