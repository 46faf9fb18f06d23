import { sql } from 'kysely';
import type { MigrationDb, MigrationFactory } from './helpers.js';

/**
 * PostgreSQL: tender pages keep 30 % of their room free, so that a bid's update of its tender (the minimum,
 * the count, the close; no indexed column) writes the new row version on the same page, a HOT update that
 * touches none of the tenders' ten indexes (their trigram index among them) instead of adding an entry to each.
 * Pages written before this keep their old fill until rewritten (VACUUM FULL or CLUSTER). SQLite has no such
 * setting: nothing to do there (decision 035).
 */
export const tenderFillfactorMigration: MigrationFactory = (dialect) => ({
  async up(db: MigrationDb) {
    if (dialect === 'postgres') await sql`alter table tenders set (fillfactor = 70)`.execute(db);
  },
  async down(db: MigrationDb) {
    if (dialect === 'postgres') await sql`alter table tenders reset (fillfactor)`.execute(db);
  },
});
