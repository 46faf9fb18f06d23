import { sql } from 'kysely';
import type { MigrationDb, MigrationFactory } from './helpers.js';

/**
 * Every list a user opens counts their own drafts beside the totals kept in tender_counts (drafts are seen by
 * their owner alone). That count read the owner's tenders and every draft of the market from two indexes and
 * intersected them: it grew with everyone's drafts (10,000 at a million tenders). A partial index holds the
 * drafts alone, by owner and newest first, so the count and a page of one's drafts read that owner's drafts
 * only; a tender leaves it when it opens, and bids never touch it (decision 036).
 */
export const ownerDraftsIndexMigration: MigrationFactory = () => ({
  async up(db: MigrationDb) {
    await sql`create index tenders_owner_drafts_idx on tenders (owner_id, id) where status = 'draft'`.execute(db);
  },
  async down(db: MigrationDb) {
    await db.schema.dropIndex('tenders_owner_drafts_idx').execute();
  },
});
