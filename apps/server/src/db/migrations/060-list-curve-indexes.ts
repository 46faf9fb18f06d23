import { sql } from 'kysely';
import type { MigrationDb, MigrationFactory } from './helpers.js';

/**
 * Reads that grew with the whole market instead of with what they answer (decision 036).
 * - An owner weighing a tender's bids sees each bidder's no-shows. Counted through the bidder index, that read
 *   walked every bid of every bidder. No-shows are few: a partial index holds only them, so the count reads one
 *   entry per no-show, and a bid in any other status never touches it (it costs the bid path nothing).
 * - The list's exact start date and exact initial price: their totals (and a sparse page's ids) were read from
 *   the start-date index with a table read per match to see the status, and from a scan of the whole filter
 *   index. Each now has an index that answers the count alone: the value, then what the visibility of drafts
 *   asks (status, owner). The start-date index by id stays: it gives a dense page newest first.
 */
const COUNT_INDEXES = [
  { name: 'tenders_start_date_count_idx', columns: ['tender_start_date', 'status', 'owner_id'] },
  { name: 'tenders_initial_price_idx', columns: ['initial_price_cents', 'status', 'owner_id'] },
] as const;

export const listCurveIndexesMigration: MigrationFactory = () => ({
  async up(db: MigrationDb) {
    await sql`create index bids_no_show_idx on bids (bidder_id) where status = 'no_show'`.execute(db);
    for (const index of COUNT_INDEXES) {
      await db.schema
        .createIndex(index.name)
        .on('tenders')
        .columns([...index.columns])
        .execute();
    }
  },
  async down(db: MigrationDb) {
    for (const index of [...COUNT_INDEXES].reverse()) await db.schema.dropIndex(index.name).execute();
    await db.schema.dropIndex('bids_no_show_idx').execute();
  },
});
