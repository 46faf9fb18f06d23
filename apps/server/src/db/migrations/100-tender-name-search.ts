import { sql } from 'kysely';
import type { MigrationDb, MigrationFactory } from './helpers.js';

/**
 * The list's name filter on PostgreSQL, from a trigram index of the name alone (the first line of search_text).
 * Through the index of the whole search_text, a name was looked for among every tender whose places or cargo
 * hold the same letters (`olma` is in the name of 2,563 of 100,000 tenders and in the text of 5,889: `olmazor`),
 * and each of those rows was read to be dropped; the count up to 1,000 read twice the pages it kept. The
 * expression is the one the filter compares (split_part is immutable). SQLite's FTS5 index is unchanged: there
 * the name is matched through the whole text and checked on the rows found, as before (decision 036).
 */
export const tenderNameSearchMigration: MigrationFactory = (dialect) => ({
  async up(db: MigrationDb) {
    if (dialect !== 'postgres') return;
    await sql`create index tenders_name_trgm_idx on tenders using gin (split_part(search_text, chr(10), 1) public.gin_trgm_ops)`.execute(
      db,
    );
  },
  async down(db: MigrationDb) {
    if (dialect !== 'postgres') return;
    await db.schema.dropIndex('tenders_name_trgm_idx').execute();
  },
});
