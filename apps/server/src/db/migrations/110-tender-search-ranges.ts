import { sql } from 'kysely';
import type { MigrationDb, MigrationFactory } from './helpers.js';

/**
 * PostgreSQL: a text search reads its trigram matches from `tender_search`, a copy of the list's filter columns
 * cut into ranges of TENDER_SEARCH_RANGE tender ids (declarative partitions, each with its own trigram indexes),
 * instead of from one index over the whole market. A count that stops at 1,000 matches then builds the bitmap
 * of one range, not of every tender that ever held the text, and the cost of a search follows the range, not
 * the market (decision 036). The copy holds the filter columns too, so that the count and a sparse page are
 * answered from it alone; the tenders' rows are read only for the page.
 *
 * Kept by a trigger on tenders: a tender's row is copied when it is written, and again when one of these
 * columns changes (a status, an edited draft); bids change none of them. The next range is created when a
 * tender enters the last one, a whole range ahead, so that an insert never waits for its own range; the
 * creation takes an advisory lock, and a range made meanwhile by another transaction is taken as made.
 * SQLite is unchanged: its FTS5 index already yields the matches newest first and stops with the page.
 */
export const TENDER_SEARCH_RANGE = 100_000;

const copied = sql.raw(
  'status, owner_id, tender_start_date, initial_price_cents, mode_mask, origin_city, delivery_days, search_text',
);
const copiedFromNew = sql.raw(
  'new.status, new.owner_id, new.tender_start_date, new.initial_price_cents, new.mode_mask, new.origin_city, new.delivery_days, new.search_text',
);

export const tenderSearchRangesMigration: MigrationFactory = (dialect) => ({
  async up(db: MigrationDb) {
    if (dialect !== 'postgres') return;
    await sql`create table tender_search (
        id integer not null primary key,
        status text not null,
        owner_id integer not null,
        tender_start_date text not null,
        initial_price_cents integer not null,
        mode_mask integer not null,
        origin_city text not null,
        delivery_days integer not null,
        search_text text not null
      ) partition by range (id)`.execute(db);
    // The range of `tender_id`, and the one after it, exist once this returns.
    await sql`create function tender_search_ranges(tender_id integer) returns void language plpgsql as $$
        declare
          first_range integer := tender_id / ${sql.lit(TENDER_SEARCH_RANGE)};
          range_name text;
        begin
          for k in first_range .. first_range + 1 loop
            range_name := 'tender_search_' || k;
            if to_regclass(range_name) is null then
              perform pg_advisory_xact_lock(hashtext('tender_search_ranges'));
              begin
                execute format('create table %I partition of tender_search for values from (%s) to (%s)',
                  range_name, k * ${sql.lit(TENDER_SEARCH_RANGE)}, (k + 1) * ${sql.lit(TENDER_SEARCH_RANGE)});
              exception when duplicate_table then
                null; -- another transaction made it first
              end;
            end if;
          end loop;
        end $$`.execute(db);
    await sql`create function tender_search_sync() returns trigger language plpgsql as $$
        begin
          if tg_op = 'DELETE' then
            delete from tender_search where id = old.id;
          elsif tg_op = 'INSERT' then
            perform tender_search_ranges(new.id);
            insert into tender_search (id, ${copied}) values (new.id, ${copiedFromNew});
          else
            update tender_search set (${copied}) = (${copiedFromNew}) where id = new.id;
          end if;
          return null;
        end $$`.execute(db);
    // The tenders written so far: their ranges, their rows, then the indexes (built once, not row by row).
    await sql`select tender_search_ranges(k * ${sql.lit(TENDER_SEARCH_RANGE)})
      from generate_series(0, (select coalesce(max(id), 0) from tenders) / ${sql.lit(TENDER_SEARCH_RANGE)}) k`.execute(
      db,
    );
    await sql`insert into tender_search (id, ${copied}) select id, ${copied} from tenders`.execute(db);
    await sql`create index tender_search_text_idx on tender_search using gin (search_text public.gin_trgm_ops)`.execute(
      db,
    );
    await sql`create index tender_search_name_idx on tender_search
      using gin (split_part(search_text, chr(10), 1) public.gin_trgm_ops)`.execute(db);
    await sql`create trigger tenders_search_sync after insert or delete or update of ${copied} on tenders
      for each row execute function tender_search_sync()`.execute(db);
    // The whole market's trigram indexes: nothing reads them any more (a dense page walks newest first).
    await sql`drop index tenders_search_trgm_idx`.execute(db);
    await sql`drop index tenders_name_trgm_idx`.execute(db);
  },
  async down(db: MigrationDb) {
    if (dialect !== 'postgres') return;
    await sql`create index tenders_search_trgm_idx on tenders using gin (search_text public.gin_trgm_ops)`.execute(db);
    await sql`create index tenders_name_trgm_idx on tenders using gin (split_part(search_text, chr(10), 1) public.gin_trgm_ops)`.execute(
      db,
    );
    await sql`drop trigger tenders_search_sync on tenders`.execute(db);
    await sql`drop function tender_search_sync()`.execute(db);
    await sql`drop table tender_search`.execute(db);
    await sql`drop function tender_search_ranges(integer)`.execute(db);
  },
});
