import { sql } from 'kysely';
import type { MigrationDb, MigrationFactory } from './helpers.js';

/**
 * A no-show keeps the instant it became one (`bids.no_show_at_ms`), and a bidder's no-shows are read from a
 * partial index on that column instead of on the status (decision 035). `bids_no_show_idx` (bidder, where status
 * = 'no_show') made every change of a bid's status work on a partial index whose condition names the changed
 * column: on SQLite that alone tripled the cost of demoting the previous lowest bid, the hottest statement of
 * the bid path (about 11 µs a bid before migration 060, 21 to 37 µs after). No bid that is outbid, expires or is
 * inserted touches the new index; the no-shows' reads stay as flat as they were (the no-shows alone).
 * A no-show of before is dated by its confirmation deadline, which is when the schedule marked it.
 */
export const noShowInstantMigration: MigrationFactory = (dialect) => ({
  async up(db: MigrationDb) {
    const instant = dialect === 'postgres' ? 'bigint' : 'integer';
    await db.schema.alterTable('bids').addColumn('no_show_at_ms', instant).execute();
    await sql`update bids set no_show_at_ms = confirm_by_ms where status = 'no_show'`.execute(db);
    await sql`create index bids_no_shows_idx on bids (bidder_id) where no_show_at_ms is not null`.execute(db);
    await db.schema.dropIndex('bids_no_show_idx').execute();
  },
  async down(db: MigrationDb) {
    await sql`create index bids_no_show_idx on bids (bidder_id) where status = 'no_show'`.execute(db);
    await db.schema.dropIndex('bids_no_shows_idx').execute();
    await db.schema.alterTable('bids').dropColumn('no_show_at_ms').execute();
  },
});
