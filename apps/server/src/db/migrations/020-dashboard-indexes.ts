import type { MigrationDb, MigrationFactory } from './helpers.js';

/**
 * The dashboard sums a user's rows of a period by month: each table it reads is reached by its user and the
 * time that places a row in a month, so a period is one range of an index, however long the user's history.
 * The bids index also holds the tender, so counting a period's bids and the tenders they were on never reads
 * the table.
 */
const INDEXES = [
  { name: 'tenders_owner_created_idx', table: 'tenders', columns: ['owner_id', 'created_at'] },
  { name: 'shipments_owner_created_idx', table: 'shipments', columns: ['owner_id', 'created_at'] },
  { name: 'shipments_carrier_created_idx', table: 'shipments', columns: ['carrier_id', 'created_at'] },
  { name: 'bids_bidder_created_idx', table: 'bids', columns: ['bidder_id', 'created_at', 'tender_id'] },
  { name: 'ratings_ratee_created_idx', table: 'ratings', columns: ['ratee_id', 'created_at'] },
] as const;

export const dashboardIndexesMigration: MigrationFactory = () => ({
  async up(db: MigrationDb) {
    for (const index of INDEXES) {
      await db.schema
        .createIndex(index.name)
        .on(index.table)
        .columns([...index.columns])
        .execute();
    }
  },
  async down(db: MigrationDb) {
    for (const index of [...INDEXES].reverse()) await db.schema.dropIndex(index.name).execute();
  },
});
