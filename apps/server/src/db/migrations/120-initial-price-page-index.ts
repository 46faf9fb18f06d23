import type { MigrationDb, MigrationFactory } from './helpers.js';

/**
 * A page of the list at one exact initial price, newest first. Its matches are a share of the market (about 1 %
 * for a round price), and with no index that holds them in id order PostgreSQL walked the tenders newest first,
 * checking the price on each, to find the page's 50 (5,400 passed over at 100,000 tenders, 3 ms). The price,
 * then the id: the page reads its own rows, as the exact start date's page does from (tender_start_date, id).
 * The count keeps the covering index of decision 036 (price, status, owner). A bid never changes either column.
 */
export const initialPricePageIndexMigration: MigrationFactory = () => ({
  async up(db: MigrationDb) {
    await db.schema
      .createIndex('tenders_initial_price_page_idx')
      .on('tenders')
      .columns(['initial_price_cents', 'id'])
      .execute();
  },
  async down(db: MigrationDb) {
    await db.schema.dropIndex('tenders_initial_price_page_idx').execute();
  },
});
