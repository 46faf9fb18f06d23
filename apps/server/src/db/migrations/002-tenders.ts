import { sql } from 'kysely';
import {
  DELIVERY_FAST_MAX_DAYS,
  DELIVERY_NORMAL_MAX_DAYS,
  PRICE_BAND_HIGH,
  PRICE_BAND_LOW,
  TENDER_STATUSES,
} from '@yuk/shared';
import { notNull, withId, type MigrationDb, type MigrationFactory } from './helpers.js';

const statusList = sql.join(TENDER_STATUSES.map((status) => sql.lit(status)));

/** The delivery speed of a tender row (Tez ≤ 3 days, Odatdagi 4–7, Sekin ≥ 8), for the counting triggers. */
const speedOf = (row: 'new' | 'old') => sql`case
  when ${sql.raw(row)}.delivery_days <= ${sql.lit(DELIVERY_FAST_MAX_DAYS)} then 'Tez'
  when ${sql.raw(row)}.delivery_days <= ${sql.lit(DELIVERY_NORMAL_MAX_DAYS)} then 'Odatdagi'
  else 'Sekin' end`;
/** The tender list's price band of a tender row (Arzon < 1000, O'rtacha 1000–5000, Qimmat > 5000 USD). */
const bandOf = (row: 'new' | 'old') => sql`case
  when ${sql.raw(row)}.initial_price_cents < ${sql.lit(PRICE_BAND_LOW * 100)} then 'Arzon'
  when ${sql.raw(row)}.initial_price_cents <= ${sql.lit(PRICE_BAND_HIGH * 100)} then 'O''rtacha'
  else 'Qimmat' end`;
const countKey = sql`status, mode_mask, origin_city, delivery_speed, price_band`;
const countedColumns = sql`status, mode_mask, origin_city, delivery_days, initial_price_cents`;
/** One more tender in the row's group. */
const addCount = (row: 'new') => sql`insert into tender_counts (${countKey}, n)
  values (${sql.raw(row)}.status, ${sql.raw(row)}.mode_mask, ${sql.raw(row)}.origin_city, ${speedOf(row)}, ${bandOf(row)}, 1)
  on conflict (${countKey}) do update set n = tender_counts.n + 1`;
/** One tender less in the row's group. */
const removeCount = (row: 'old') => sql`update tender_counts set n = n - 1
  where status = ${sql.raw(row)}.status and mode_mask = ${sql.raw(row)}.mode_mask and origin_city = ${sql.raw(row)}.origin_city
    and delivery_speed = ${speedOf(row)} and price_band = ${bandOf(row)}`;

/**
 * PostgreSQL: pg_trgm, in public (tests work in their own schema with public on the search path). Migrations
 * run in one transaction, so the attempt sits in a savepoint: when another migration created the extension
 * at the same moment, its duplicate error is rolled back and the migration goes on.
 */
async function ensureTrigramExtension(db: MigrationDb) {
  const installed = await sql<{ one: number }>`select 1 as one from pg_extension where extname = 'pg_trgm'`.execute(db);
  if (installed.rows.length > 0) return;
  await sql`savepoint create_pg_trgm`.execute(db);
  try {
    await sql`create extension if not exists pg_trgm with schema public`.execute(db);
    await sql`release savepoint create_pg_trgm`.execute(db);
  } catch (error) {
    await sql`rollback to savepoint create_pg_trgm`.execute(db);
    // 23505 unique_violation, 42710 duplicate_object: the other migration won the race.
    const code = (error as { code?: string }).code;
    if (code !== '23505' && code !== '42710') throw error;
  }
}

export const tendersMigration: MigrationFactory = (dialect) => ({
  async up(db: MigrationDb) {
    // The human number YT-000123 follows from the id, so it is unique and never has to be assigned.
    const numberExpression =
      dialect === 'postgres'
        ? sql`'YT-' || case when id >= 100000 then id::text else lpad(id::text, 6, '0') end`
        : sql`'YT-' || printf('%06d', id)`;

    await withId(db.schema.createTable('tenders'), dialect)
      .addColumn('number', 'text', (c) => c.notNull().generatedAlwaysAs(numberExpression).stored())
      .addColumn('owner_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('name', 'text', notNull)
      .addColumn('cargo_type', 'text', notNull)
      .addColumn('cargo_weight', 'double precision', notNull)
      .addColumn('cargo_volume', 'double precision', notNull)
      .addColumn('origin_location', 'text', notNull)
      .addColumn('destination_location', 'text', notNull)
      // YYYY-MM-DD
      .addColumn('shipment_date', 'text', notNull)
      .addColumn('delivery_date', 'text', notNull)
      .addColumn('tender_start_date', 'text', notNull)
      .addColumn('tender_end_date', 'text', notNull)
      .addColumn('initial_price_cents', 'integer', notNull)
      .addColumn('status', 'text', notNull)
      .addColumn('requirements', 'text')
      .addColumn('notes', 'text')
      .addColumn('incoterms', 'text')
      // Kept up to date by bidding, in the same statement that accepts a bid.
      .addColumn('current_min_bid_cents', 'integer')
      .addColumn('bid_count', 'integer', (c) => c.notNull().defaultTo(0))
      // Derived at insert so that every filter of the lists is an indexed comparison:
      // modes as bits (truck 1, plane 2, ship 4, labo 8), the origin's known city ('' when none),
      // days from shipment to delivery, and the searchable texts lower-cased, one per line.
      .addColumn('mode_mask', 'integer', notNull)
      .addColumn('origin_city', 'text', notNull)
      .addColumn('delivery_days', 'integer', notNull)
      .addColumn('search_text', 'text', notNull)
      .addColumn('created_at', 'text', notNull)
      .addCheckConstraint('tenders_status_check', sql`status in (${statusList})`)
      .addCheckConstraint('tenders_price_check', sql`initial_price_cents > 0`)
      .execute();

    await db.schema.createIndex('tenders_number_idx').unique().on('tenders').column('number').execute();
    await db.schema.createIndex('tenders_owner_idx').on('tenders').columns(['owner_id', 'id']).execute();
    // Every small filter of the lists in one index: counts, and the ids of a sparse page, are read from it
    // alone, whatever the combination of filters.
    await db.schema
      .createIndex('tenders_filter_idx')
      .on('tenders')
      .columns(['status', 'mode_mask', 'origin_city', 'delivery_days', 'initial_price_cents', 'owner_id'])
      .execute();
    // Pages newest first within a status, without sorting.
    await db.schema.createIndex('tenders_status_idx').on('tenders').columns(['status', 'id']).execute();
    // The spec's tender_start_date parameter (its initial_price is answered by the filter index).
    await db.schema.createIndex('tenders_start_date_idx').on('tenders').columns(['tender_start_date', 'id']).execute();

    // Totals of the lists: one row per combination of filter values, kept by triggers (see tenders.tables.ts).
    let counts = db.schema
      .createTable('tender_counts')
      .addColumn('status', 'text', notNull)
      .addColumn('mode_mask', 'integer', notNull)
      .addColumn('origin_city', 'text', notNull)
      .addColumn('delivery_speed', 'text', notNull)
      .addColumn('price_band', 'text', notNull)
      .addColumn('n', 'integer', notNull)
      .addPrimaryKeyConstraint('tender_counts_pk', [
        'status',
        'mode_mask',
        'origin_city',
        'delivery_speed',
        'price_band',
      ]);
    if (dialect === 'sqlite') counts = counts.modifyEnd(sql`without rowid`);
    await counts.execute();

    if (dialect === 'postgres') {
      await sql`create function tenders_count_sync() returns trigger language plpgsql as $$
        begin
          if tg_op in ('UPDATE', 'DELETE') then ${removeCount('old')}; end if;
          if tg_op in ('INSERT', 'UPDATE') then ${addCount('new')}; end if;
          return null;
        end $$`.execute(db);
      await sql`create trigger tenders_count_sync after insert or delete or update of ${countedColumns} on tenders
        for each row execute function tenders_count_sync()`.execute(db);
    } else {
      await sql`create trigger tenders_count_insert after insert on tenders begin ${addCount('new')}; end`.execute(db);
      await sql`create trigger tenders_count_delete after delete on tenders begin ${removeCount('old')}; end`.execute(
        db,
      );
      await sql`create trigger tenders_count_update after update of ${countedColumns} on tenders begin
        ${removeCount('old')}; ${addCount('new')};
      end`.execute(db);
    }

    if (dialect === 'postgres') {
      await ensureTrigramExtension(db);
      await sql`create index tenders_search_trgm_idx on tenders using gin (search_text public.gin_trgm_ops)`.execute(
        db,
      );
    } else {
      // Substring search: an FTS5 trigram index over search_text, kept in step with the table by triggers.
      await sql`create virtual table tenders_fts using fts5(search_text, content='tenders', content_rowid='id', tokenize='trigram')`.execute(
        db,
      );
      await sql`create trigger tenders_fts_insert after insert on tenders begin
        insert into tenders_fts(rowid, search_text) values (new.id, new.search_text);
      end`.execute(db);
      await sql`create trigger tenders_fts_delete after delete on tenders begin
        insert into tenders_fts(tenders_fts, rowid, search_text) values ('delete', old.id, old.search_text);
      end`.execute(db);
      await sql`create trigger tenders_fts_update after update of search_text on tenders begin
        insert into tenders_fts(tenders_fts, rowid, search_text) values ('delete', old.id, old.search_text);
        insert into tenders_fts(rowid, search_text) values (new.id, new.search_text);
      end`.execute(db);
    }
  },
  async down(db: MigrationDb) {
    if (dialect === 'sqlite') {
      const triggers = [
        'tenders_fts_insert',
        'tenders_fts_delete',
        'tenders_fts_update',
        'tenders_count_insert',
        'tenders_count_delete',
        'tenders_count_update',
      ];
      for (const trigger of triggers) await sql`drop trigger if exists ${sql.id(trigger)}`.execute(db);
      await sql`drop table if exists tenders_fts`.execute(db);
    } else {
      await sql`drop trigger if exists tenders_count_sync on tenders`.execute(db);
      await sql`drop function if exists tenders_count_sync()`.execute(db);
    }
    await db.schema.dropTable('tender_counts').execute();
    await db.schema.dropTable('tenders').execute();
  },
});
