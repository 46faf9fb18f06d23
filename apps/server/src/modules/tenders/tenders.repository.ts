import {
  expressionBuilder,
  sql,
  type Expression,
  type ExpressionBuilder,
  type SelectQueryBuilder,
  type Insertable,
  type RawBuilder,
  type SqlBool,
} from 'kysely';
import {
  deliveryDaysRange,
  endOfMarketDayMs,
  modeMasksWith,
  ORDERS_CITY_KEYS,
  searchNeedles,
  PRICE_BAND_HIGH,
  PRICE_BAND_LOW,
  TENDER_LIST_CITY_KEYS,
  type CityKey,
  type DeliverySpeed,
  type PriceRange,
  type TenderMode,
  type TenderStatus,
} from '@yuk/shared';
import {
  engineOf,
  keepShapePreparedOnPostgres,
  walkingReader,
  type Db,
  type Dialect,
  type WarmUpStatements,
} from '../../db/database.js';
import { TENDER_SEARCH_RANGE } from '../../db/migrations/110-tender-search-ranges.js';
import { scheduleDue, scheduleDueMany } from '../../db/due-actions.js';
import { preparedQuery } from '../../db/prepared.js';
import type { DatabaseSchema } from '../../db/schema.js';
import { countTenderMove, metrics } from '../../plugins/metrics.js';
import type { TenderRow, TendersTable } from './tenders.tables.js';

/** The columns a reader of a tender gets (the derived filter columns stay inside). */
export const tenderColumns = [
  'id',
  'number',
  'owner_id',
  'name',
  'cargo_type',
  'cargo_weight',
  'cargo_volume',
  'origin_location',
  'destination_location',
  'shipment_date',
  'delivery_date',
  'tender_start_date',
  'tender_end_date',
  'initial_price_cents',
  'status',
  'requirements',
  'notes',
  'incoterms',
  'current_min_bid_cents',
  'bid_count',
  'created_at',
  'closes_at_ms',
  'soft_close_minutes',
  'min_step_cents',
  'buy_now_price_cents',
  'reserve_price_cents',
  'auto_award',
  'confirm_within_minutes',
  'verified_only',
] as const;

export type NewTenderRow = Insertable<TendersTable>;

/** A new tender and, when it is open, its close on the schedule; in the caller's transaction. */
export async function insertTender(trx: Db, values: NewTenderRow) {
  const row = await trx.insertInto('tenders').values(values).returning(tenderColumns).executeTakeFirstOrThrow();
  // every tender gets its close scheduled: a draft published later keeps the same close time
  await scheduleDue(trx, 'tender_close', row.id, row.closes_at_ms);
  // the saved searches it matches are told at once, by the schedule (durable, and off the request's path)
  if (row.status === 'opened') await scheduleDue(trx, 'tender_match', row.id, Date.now());
  if (row.status === 'opened') metrics.tenders.inc({ event: 'opened' });
  return row;
}

/**
 * Many tenders in one statement with their closes scheduled (the demo seed and the benchmark); the caller
 * chunks and wraps in a transaction.
 */
export async function insertTenders(db: Db, values: NewTenderRow[]): Promise<void> {
  if (values.length === 0) return;
  const rows = await db.insertInto('tenders').values(values).returning(['id', 'status', 'closes_at_ms']).execute();
  await scheduleDueMany(
    db,
    rows
      .filter((row) => row.status !== 'closed')
      .map((row) => ({ kind: 'tender_close' as const, subject_id: row.id, due_at_ms: row.closes_at_ms })),
  );
}

/**
 * Tenders read from a file, in its order, as one import of `ownerId`, with their closes scheduled as
 * insertTender schedules them; the saved searches their opened ones match are told by one scheduled action
 * of the import (one alert per carrier for the whole file). In the caller's transaction. Multi-row statements
 * keep a 5,000-row import to a few dozen round trips.
 */
export async function insertImportedTenders(trx: Db, ownerId: number, values: NewTenderRow[], nowMs: number) {
  const made = await trx
    .insertInto('tender_imports')
    .values({ owner_id: ownerId, tenders: values.length, created_at: new Date(nowMs).toISOString() })
    .returning('id')
    .executeTakeFirstOrThrow();
  const inserted: { id: number; number: string; name: string; status: string; closes_at_ms: number }[] = [];
  // 100 rows × 31 columns stays far below either engine's limit of bound parameters
  for (let start = 0; start < values.length; start += 100) {
    const rows = await trx
      .insertInto('tenders')
      .values(values.slice(start, start + 100).map((row) => ({ ...row, import_id: made.id })))
      .returning(['id', 'number', 'name', 'status', 'closes_at_ms'])
      .execute();
    // ids follow the order of VALUES; sorted, the rows line up with the file's
    rows.sort((a, b) => a.id - b.id);
    await scheduleDueMany(
      trx,
      rows.map((row) => ({ kind: 'tender_close' as const, subject_id: row.id, due_at_ms: row.closes_at_ms })),
    );
    inserted.push(...rows);
    metrics.tenders.inc({ event: 'opened' }, rows.filter((row) => row.status === 'opened').length);
  }
  if (inserted.some((row) => row.status === 'opened')) await scheduleDue(trx, 'import_match', made.id, nowMs);
  return inserted;
}

/** The opened tenders of an import, in the file's order: what its saved-search alert lists. */
export function findOpenedTendersOfImport(db: Db, importId: number) {
  return db
    .selectFrom('tenders')
    .select(openedTenderColumns)
    .where('import_id', '=', importId)
    .where('status', '=', 'opened')
    .orderBy('id')
    .execute();
}

export function findTenderById(db: Db, id: number) {
  return db.selectFrom('tenders').select(tenderColumns).where('id', '=', id).executeTakeFirst();
}

/** What a list may be narrowed by; every field is optional except who is looking. */
export interface TenderListFilter {
  /** The signed-in reader: drafts are visible to their owner only. */
  viewerId: number;
  /** Only this owner's tenders (My Orders). */
  ownerId?: number;
  /** Owners whose tenders stay out of the list (suspended companies'); never the viewer. */
  hiddenOwnerIds?: number[];
  /** Only these owners' tenders (to count what the hidden owners would have added). */
  onlyOwnerIds?: number[];
  id?: number;
  name?: string;
  tenderStartDate?: string;
  initialPriceCents?: number;
  mode?: TenderMode;
  status?: TenderStatus;
  /** A known city of the origin, or 'other' for none of the tender list's five. */
  location?: CityKey | 'other';
  price?: PriceRange;
  delivery?: DeliverySpeed;
  q?: string;
  /**
   * 'orders': the price bands and the cities of Boshqa are My Orders' own (Arzon up to 1000 inclusive; the
   * cities of its location list), so that a list read for that screen, and its CSV, hold what it shows.
   */
  rules?: 'orders';
}

export interface TenderPage {
  limit: number;
  offset?: number;
  /** Continue after this id (newest first). */
  afterId?: number;
}

/** The filter's terms name their columns in full (tenders.x or tender_search.x): no table of a query is assumed. */
type Eb = ExpressionBuilder<DatabaseSchema, never>;
/**
 * Where a filter's columns are read: the tenders, or on PostgreSQL for a text search their copy in ranges of
 * ids (tender_search, migration 110), whose trigram indexes each hold one range.
 */
type FilteredTable = 'tenders' | 'tender_search';
type FilterColumn =
  | 'status'
  | 'owner_id'
  | 'id'
  | 'tender_start_date'
  | 'initial_price_cents'
  | 'mode_mask'
  | 'origin_city'
  | 'delivery_days'
  | 'search_text';

/**
 * How a page is read on SQLite, chosen from the number of matching rows (the total, counted first):
 * - 'dense': many match, so walking newest first (by id, or by status and id) finds a page after a few rows;
 *   every other term is kept off the indexes so that the planner walks in order.
 * - 'sparse': few match, so their ids come from the filter index alone, the newest are kept, and only
 *   those rows are read.
 * - 'search': a text search; the trigram index gives the candidates, the other terms are checked on them.
 * PostgreSQL plans from its own statistics ('natural'), except for a text search: its trigram index (GIN) gives
 * every match before any is read, so a term that many tenders hold is read 'dense' (newest first in the narrow
 * copy tender_search, the text checked on each row: the page is found after a few hundred rows) and one that few
 * hold 'sparse' (the matches from the index, sorted). Left to itself the planner guesses how many tenders a
 * pattern matches, and a wrong guess either way reads every match or every tender.
 */
export type ListPlan = 'natural' | 'dense' | 'sparse' | 'search';

/** Below this many matching rows a page is read through the filter index; above it, walking newest first is cheaper. */
export const DENSE_MATCHES = 2000;

export function chooseListPlan(dialect: Dialect, filter: TenderListFilter, matching: number): ListPlan {
  const text = Boolean(filter.q || filter.name);
  if (dialect === 'postgres' && !text) return 'natural';
  if (dialect === 'sqlite' && text) return 'search';
  return matching >= DENSE_MATCHES ? 'dense' : 'sparse';
}

/** A LIKE pattern matching `text` anywhere, with LIKE's own characters taken literally (escape \). */
function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** FTS5 needs at least three characters for its trigram index; shorter needles fall back to LIKE. */
const TRIGRAM = 3;

/** The FTS5 phrase that matches `needle` anywhere (a quoted string, quotes doubled). */
function ftsPhrase(needle: string): string {
  return `"${needle.toLowerCase().replaceAll('"', '""')}"`;
}

/**
 * The text search that drives a SQLite page through the trigram index (joined, so that it streams newest
 * first): the q needles (a city under each of its spellings), else the name needle, when each has three
 * characters or more.
 */
function joinedSearch(dialect: Dialect, filter: TenderListFilter): { field: 'q' | 'name'; phrase: string } | undefined {
  if (dialect !== 'sqlite') return undefined;
  for (const field of ['q', 'name'] as const) {
    const needle = filter[field];
    if (!needle) continue;
    const needles = field === 'q' ? searchNeedles(needle) : [needle];
    if (needles.length > 0 && needles.every((one) => [...one].length >= TRIGRAM)) {
      return { field, phrase: needles.map(ftsPhrase).join(' OR ') };
    }
  }
  return undefined;
}

/** A text column as PostgreSQL compares it without any index: (text || ''), an expression no index holds. */
function offIndexText(ref: Expression<unknown>) {
  return sql`(${ref} || '')`;
}

/**
 * search_text contains one of the needles (lower-cased): FTS5 trigram index on SQLite, pg_trgm GIN on
 * PostgreSQL. `joined`: the query already joins the trigram index on these needles, only the exact re-check
 * is left. `indexed` false (PostgreSQL): the text is compared as an expression the trigram index does not
 * hold, so the planner checks it on the rows it walks instead of asking the index for every match.
 */
function searchTextContains(
  eb: Eb,
  dialect: Dialect,
  needles: string[],
  joined = false,
  indexed = true,
  table: FilteredTable = 'tenders',
): Expression<SqlBool> {
  const column = sql.ref(`${table}.search_text`);
  const text = dialect === 'postgres' && !indexed ? offIndexText(column) : column;
  const like = eb.or(needles.map((needle) => sql<SqlBool>`${text} like ${containsPattern(needle)} escape '\\'`));
  if (joined || dialect === 'postgres' || needles.some((needle) => [...needle].length < TRIGRAM)) return like;
  // The FTS match narrows by index; LIKE re-checks the exact substring on the rows found.
  return eb.and([
    sql<SqlBool>`${sql.ref(`${table}.id`)} in (select rowid from tenders_fts where tenders_fts match ${needles.map(ftsPhrase).join(' OR ')})`,
    like,
  ]);
}

/**
 * The name, the first line of search_text. On PostgreSQL the first line has a trigram index of its own
 * (tenders_name_trgm_idx, the same expression): the comparison alone, which that index answers, or, when
 * `indexed` is false, the same on (search_text || ''), which no index holds. On SQLite the trigram index of the
 * whole text finds the candidates and the first line is checked on them.
 */
function nameContains(
  eb: Eb,
  dialect: Dialect,
  needle: string,
  joined: boolean,
  indexed: boolean,
  table: FilteredTable = 'tenders',
): Expression<SqlBool> {
  const text = sql.ref(`${table}.search_text`);
  const pattern = containsPattern(needle);
  if (dialect === 'postgres') {
    const source = indexed ? text : offIndexText(text);
    return sql<SqlBool>`split_part(${source}, chr(10), 1) like ${pattern} escape '\\'`;
  }
  return eb.and([
    searchTextContains(eb, dialect, [needle], joined, indexed, table),
    sql<SqlBool>`substr(${text}, 1, instr(${text}, char(10)) - 1) like ${pattern} escape '\\'`,
  ]);
}

const LOW_CENTS = PRICE_BAND_LOW * 100;
const HIGH_CENTS = PRICE_BAND_HIGH * 100;

/** The filter's text columns: on PostgreSQL `+` is for numbers only. */
const TEXT_COLUMNS: ReadonlySet<FilterColumn> = new Set(['status', 'tender_start_date', 'origin_city', 'search_text']);

/**
 * The WHERE terms of a filter. `indexed` says which columns the planner may use an index for: on SQLite a
 * column written as +column is kept off the indexes (its documented way to steer the planner); on PostgreSQL
 * the same for a number, and (text || '') for a text, expressions no index holds.
 */
function conditions(
  dialect: Dialect,
  filter: TenderListFilter,
  indexed: (column: FilterColumn) => boolean,
  joined?: 'q' | 'name',
  table: FilteredTable = 'tenders',
) {
  const eb: Eb = expressionBuilder<DatabaseSchema, never>();
  const col = (column: FilterColumn) => {
    const ref = sql.ref(`${table}.${column}`);
    if (indexed(column)) return ref;
    return dialect === 'postgres' && TEXT_COLUMNS.has(column) ? offIndexText(ref) : sql`+${ref}`;
  };
  const where: Expression<SqlBool>[] = [];
  if (filter.ownerId !== undefined) where.push(eb(col('owner_id'), '=', filter.ownerId));
  if (filter.hiddenOwnerIds?.length) where.push(eb(col('owner_id'), 'not in', filter.hiddenOwnerIds));
  if (filter.onlyOwnerIds?.length) where.push(eb(col('owner_id'), 'in', filter.onlyOwnerIds));
  if (filter.status === 'draft') {
    // The viewer's drafts, from the drafts' partial index alone (a literal, not a parameter: the planner then
    // knows the query is that index's). Written beside the other terms, a filter index that holds them all
    // (a price or a delivery band) was taken instead, and read every draft of the market: 10,000 at a million.
    where.push(
      eb(
        sql.ref(`${table}.id`),
        'in',
        eb
          .selectFrom('tenders as own_drafts')
          .select('own_drafts.id')
          .where('own_drafts.status', '=', sql.lit('draft'))
          .where('own_drafts.owner_id', '=', filter.viewerId),
      ),
    );
  } else if (filter.status) {
    where.push(eb(col('status'), '=', filter.status));
  } else if (filter.ownerId !== filter.viewerId) {
    // Drafts are their owner's only.
    where.push(eb.or([eb(col('status'), '<>', 'draft'), eb(col('owner_id'), '=', filter.viewerId)]));
  }
  if (filter.id !== undefined) where.push(eb(col('id'), '=', filter.id));
  if (filter.tenderStartDate) where.push(eb(col('tender_start_date'), '=', filter.tenderStartDate));
  if (filter.initialPriceCents !== undefined) where.push(eb(col('initial_price_cents'), '=', filter.initialPriceCents));
  if (filter.mode) where.push(eb(col('mode_mask'), 'in', modeMasksWith(filter.mode)));
  const orders = filter.rules === 'orders';
  const namedCities = orders ? ORDERS_CITY_KEYS : TENDER_LIST_CITY_KEYS;
  if (filter.location === 'other') where.push(eb(col('origin_city'), 'not in', [...namedCities]));
  else if (filter.location) where.push(eb(col('origin_city'), '=', filter.location));
  if (filter.price === 'Arzon') where.push(eb(col('initial_price_cents'), orders ? '<=' : '<', LOW_CENTS));
  else if (filter.price === "O'rtacha" && orders) {
    where.push(eb(col('initial_price_cents'), '>', LOW_CENTS), eb(col('initial_price_cents'), '<=', HIGH_CENTS));
  } else if (filter.price === "O'rtacha") where.push(eb.between(col('initial_price_cents'), LOW_CENTS, HIGH_CENTS));
  else if (filter.price === 'Qimmat') where.push(eb(col('initial_price_cents'), '>', HIGH_CENTS));
  if (filter.delivery) {
    const { min, max } = deliveryDaysRange(filter.delivery);
    if (min !== null) where.push(eb(col('delivery_days'), '>=', min));
    if (max !== null) where.push(eb(col('delivery_days'), '<=', max));
  }
  const textIndexed = indexed('search_text');
  if (filter.q) {
    where.push(searchTextContains(eb, dialect, searchNeedles(filter.q), joined === 'q', textIndexed, table));
  }
  if (filter.name) where.push(nameContains(eb, dialect, filter.name, joined === 'name', textIndexed, table));
  return eb.and(where);
}

const anyIndex = () => true;
/**
 * A few owners' tenders (the suspended companies' share of a total, taken off it): read by the owner index
 * alone. Without statistics SQLite judged `status = ?` as selective as `owner_id in (…)` and counted through the
 * filter index, every tender of the status (594,000 entries at a million for 288 of theirs; decision 036).
 */
const ownerOnly = (column: FilterColumn) => column === 'owner_id';
/**
 * Exact lookups keep their index in every plan: an id matches one row, and a start date or an initial price
 * has an index of the value then the id, which walks its matches alone newest first.
 */
const exactOnly = (column: FilterColumn) =>
  column === 'id' || column === 'tender_start_date' || column === 'initial_price_cents';
/**
 * A walk newest first: by id, or by the status or owner index (which end in id); every other term, the text
 * included, is checked on the rows walked. On PostgreSQL the walking pool keeps the planner to such a walk.
 */
const walkNewestFirst = (column: FilterColumn) => column === 'status' || column === 'owner_id' || exactOnly(column);
/**
 * PostgreSQL, a text search's count and a page of its few matches: the trigram index finds the matches and the
 * other terms are checked on each. Left to choose, the planner misjudged how the filters combine and read
 * every opened truck (84,000 at a million) to check the text on each; exact lookups keep their index.
 */
const textFirst = (column: FilterColumn) => column === 'search_text' || exactOnly(column);
/** PostgreSQL, a text search: its count and a sparse page's ids are read from tender_search's ranges. */
const readsRanges = (dialect: Dialect, filter: TenderListFilter) =>
  dialect === 'postgres' && Boolean(filter.q || filter.name);

/** The filter keeps one owner's tenders (My Orders, or the viewer's drafts), which tenders' owner indexes hold. */
const keepsOneOwner = (filter: TenderListFilter) => filter.ownerId !== undefined || filter.status === 'draft';

/** PostgreSQL, a text search of the market: a dense page walks the narrow copy's ranges (listTendersQuery). */
const walksTheCopy = (dialect: Dialect, filter: TenderListFilter) =>
  readsRanges(dialect, filter) && !keepsOneOwner(filter);

/**
 * One page of tenders, newest first; `matching` is the count of the same filter (it picks the plan). On
 * PostgreSQL a dense page is read on the walking pool (walkingReader), whose connections hold the planner to a
 * walk in an index's order: a text many tenders hold is a few hundred rows away newest first, but the planner
 * estimates a pattern on an expression at 0.5 % of the rows, and with a city or a type beside it at a handful:
 * left to choose, it read every tender of the city (or the whole table) to sort the matches, 0.5 to 1 s at a
 * million. In a caller's transaction the page is read there, as the planner chooses.
 */
export async function listTenders(db: Db, filter: TenderListFilter, page: TenderPage, matching: number) {
  const dense = engineOf(db) === 'postgres' && chooseListPlan('postgres', filter, matching) === 'dense';
  const walker = dense ? walkingReader(db) : undefined;
  if (!walker) return listTendersQuery(db, filter, page, matching).execute();
  const query = listTendersQuery(walker, filter, page, matching);
  if (!walksTheCopy('postgres', filter)) return query.execute();
  // Planning the walk over every range took longer than running it (decision 036); its plan is the walk
  // whatever the text, so each connection plans it once (the walking pool plans kept statements generically).
  const compiled = query.compile();
  keepShapePreparedOnPostgres(compiled.sql);
  return (await walker.executeQuery(compiled)).rows;
}

/** The query of a page as listTenders runs it (its plan can be read with `.explain()`). */
export function listTendersQuery(db: Db, filter: TenderListFilter, page: TenderPage, matching: number) {
  const dialect = engineOf(db);
  const plan = chooseListPlan(dialect, filter, matching);
  const query = db.selectFrom('tenders').select(tenderColumns);
  if (plan === 'sparse') {
    // The ids from the filter index (covering, no table reads), or on PostgreSQL for a text search from the
    // ranges' trigram indexes; the newest kept, then only those rows. Ordering by +id keeps the planner from
    // walking an index in id order (that is the dense plan).
    const ranged = readsRanges(dialect, filter);
    const ids = db
      .selectFrom(ranged ? 'tender_search' : 'tenders')
      .select('id')
      .where(() =>
        ranged
          ? conditions(dialect, filter, textFirst, undefined, 'tender_search')
          : conditions(dialect, filter, anyIndex),
      );
    return query.where('id', 'in', pageOf(ids, page, sql`+${sql.ref('id')}`)).orderBy('id', 'desc');
  }
  const search = plan === 'search' ? joinedSearch(dialect, filter) : undefined;
  if (search) {
    // The trigram index streams its matches newest first; each is checked until the page is full.
    const joined = db
      .selectFrom('tenders')
      .innerJoin(sql<{ rowid: number }>`tenders_fts`.as('f'), (join) => join.onRef('f.rowid', '=', 'tenders.id'))
      .select(tenderColumns.map((column) => `tenders.${column}` as const))
      .where(sql<SqlBool>`f.tenders_fts match ${search.phrase}`)
      .where(() => conditions(dialect, filter, exactOnly, search.field));
    return pageOf(joined, page, sql.ref('f.rowid'));
  }
  if (plan === 'dense' && walksTheCopy(dialect, filter)) {
    // PostgreSQL, a text many tenders hold: the narrow copy is walked newest first (its ranges' primary keys, in
    // order, on the walking pool), the text and the other terms checked on each row, and only the page's tenders
    // are read. Walking the tenders themselves read every wide row passed over. One owner's tenders keep their
    // owner's index on tenders (below): they are few among the market's.
    const ids = db
      .selectFrom('tender_search')
      .select('id')
      .where(() => conditions(dialect, filter, anyIndex, undefined, 'tender_search'));
    // = any(array(…)): the page's ids are found first, then read from the primary key in its order
    return query.where('id', '=', sql<number>`any(array(${pageOf(ids, page, sql.ref('id'))}))`).orderBy('id', 'desc');
  }
  const indexed = plan === 'natural' ? anyIndex : plan === 'dense' ? walkNewestFirst : exactOnly;
  return pageOf(
    query.where(() => conditions(dialect, filter, indexed)),
    page,
    sql.ref('id'),
  );
}

/** A page of a query newest first by `id` (an id column, or an expression of it): limit, cursor and offset. */
function pageOf<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  page: TenderPage,
  id: Expression<number>,
): SelectQueryBuilder<DB, TB, O> {
  let paged = query.orderBy(id, 'desc').limit(page.limit);
  if (page.afterId !== undefined) paged = paged.where(id, '<', page.afterId);
  if (page.offset) paged = paged.offset(page.offset);
  return paged;
}

/** The owners whose companies are suspended: their tenders leave the public list. */
export async function suspendedOwnerIds(db: Db): Promise<number[]> {
  const rows = await db.selectFrom('companies').select('user_id').where('suspended_at', 'is not', null).execute();
  return rows.map((row) => row.user_id);
}

/** Whether the list's total can be summed from tender_counts: only its filter values, no exact or text terms. */
export function isCountedFilter(filter: TenderListFilter): boolean {
  return (
    filter.ownerId === undefined &&
    filter.id === undefined &&
    filter.tenderStartDate === undefined &&
    filter.initialPriceCents === undefined &&
    !filter.q &&
    !filter.name &&
    filter.status !== 'draft'
  );
}

/** The total of a filter from tender_counts: the tenders everyone sees, plus the viewer's own matching drafts. */
async function sumCounts(db: Db, dialect: Dialect, filter: TenderListFilter): Promise<number> {
  let query = db
    .selectFrom('tender_counts')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('n'), eb.lit(0)).as('total'))
    .where('status', filter.status ? '=' : '<>', filter.status ?? 'draft');
  if (filter.mode) query = query.where('mode_mask', 'in', modeMasksWith(filter.mode));
  if (filter.location === 'other') query = query.where('origin_city', 'not in', [...TENDER_LIST_CITY_KEYS]);
  else if (filter.location) query = query.where('origin_city', '=', filter.location);
  if (filter.price) query = query.where('price_band', '=', filter.price);
  if (filter.delivery) query = query.where('delivery_speed', '=', filter.delivery);
  const counted = Number((await query.executeTakeFirstOrThrow()).total);
  if (filter.status) return counted;
  // Drafts are few and visible to their owner only: counted from the filter index.
  return counted + (await countRows(db, dialect, { ...filter, status: 'draft' }));
}

/**
 * How many rows match; with `upTo`, counting stops after upTo + 1 of them (the caller then knows there are more
 * than upTo), so that it reads at most that many index entries or rows whatever the size of the market.
 */
async function countRows(db: Db, dialect: Dialect, filter: TenderListFilter, upTo?: number): Promise<number> {
  if (upTo === undefined || !readsRanges(dialect, filter)) {
    return Number((await countRowsQuery(db, dialect, filter, upTo).executeTakeFirstOrThrow()).total);
  }
  const first = await countFirstRangesQuery(db, filter, upTo).executeTakeFirstOrThrow();
  const counted = Number(first.total);
  if (counted > upTo || !first.beyond) return counted;
  const rest = countRowsQuery(db, dialect, filter, upTo - counted, { fromId: FIRST_COUNTED_IDS });
  return counted + Number((await rest.executeTakeFirstOrThrow()).total);
}

/**
 * PostgreSQL, a text search counted up to a cap: the ranges below this id first. A statement that names the
 * bound is planned for those ranges alone (PostgreSQL prunes the others while planning), where one over the
 * whole copy is planned, locked and opened range by range: 12 ranges at a million, 0.9 ms of planning warm and
 * 16 ms on a connection's first run (decision 036). A text many tenders hold passes the cap within them.
 */
export const FIRST_COUNTED_IDS = 2 * TENDER_SEARCH_RANGE;

/**
 * The count of the first ranges (countRows), and whether any tender lies beyond them, so that a market within
 * the first ranges is counted in one statement. "Beyond" is the largest id, one probe of the primary key from
 * its end: asked as `exists (… where id >= bound)`, PostgreSQL expected most rows to match and read the table
 * from its first page, where the first ranges' tenders lie (12,213 pages, 44 ms at a million, whenever the scan
 * started at the table's start; decision 036).
 */
export function countFirstRangesQuery(db: Db, filter: TenderListFilter, upTo: number) {
  return db
    .selectNoFrom((eb) => [
      countRowsQuery(db, 'postgres', filter, upTo, { belowId: FIRST_COUNTED_IDS }).as('total'),
      eb(
        eb.selectFrom('tenders').select((inner) => inner.fn.max('id').as('id')),
        '>=',
        FIRST_COUNTED_IDS,
      ).as('beyond'),
    ])
    .$castTo<{ total: number; beyond: boolean }>();
}

/** The indexes a count outside the text indexes may read. */
function countedBy(filter: TenderListFilter): (column: FilterColumn) => boolean {
  if (filter.onlyOwnerIds?.length) return ownerOnly;
  return filter.q || filter.name ? exactOnly : anyIndex;
}

/**
 * The query of countRows (its plan can be read with `.explain()`); `ids` keeps a text search's count within a
 * span of tender_search's ranges, the bounds written as literals so that the plan holds those ranges alone.
 */
export function countRowsQuery(
  db: Db,
  dialect: Dialect,
  filter: TenderListFilter,
  upTo?: number,
  ids: { belowId?: number; fromId?: number } = {},
) {
  const search = joinedSearch(dialect, filter);
  if (search) {
    const matches = db
      .selectFrom('tenders')
      .innerJoin(sql<{ rowid: number }>`tenders_fts`.as('f'), (join) => join.onRef('f.rowid', '=', 'tenders.id'))
      .where(sql<SqlBool>`f.tenders_fts match ${search.phrase}`)
      .where(() => conditions(dialect, filter, exactOnly, search.field));
    return countOf(db, matches, upTo);
  }
  if (readsRanges(dialect, filter)) {
    let ranges = db
      .selectFrom('tender_search')
      .where(() => conditions(dialect, filter, textFirst, undefined, 'tender_search'));
    if (ids.belowId !== undefined) ranges = ranges.where('tender_search.id', '<', sql.lit(ids.belowId));
    if (ids.fromId !== undefined) ranges = ranges.where('tender_search.id', '>=', sql.lit(ids.fromId));
    return countOf(db, ranges, upTo);
  }
  return countOf(
    db,
    // SQLite, a needle too short for the trigram index: the text is checked on rows the exact terms find
    db.selectFrom('tenders').where(() => conditions(dialect, filter, countedBy(filter))),
    upTo,
  );
}

/** A text no tender is expected to hold, three letters or more (the trigram indexes are asked). */
const WARM_UP_TEXT = 'yuk tender warm-up';

/**
 * What a server runs on each of its connections before it answers (warmConnections): a text search's count
 * over every range of tender_search, and a page of the market, so that their catalogs and pg_trgm are loaded;
 * on the walking pool's, a dense text page walking every range.
 */
export function listWarmUpStatements(db: Db): WarmUpStatements {
  const text: TenderListFilter = { viewerId: 0, q: WARM_UP_TEXT };
  const walker = walkingReader(db);
  return {
    pooled: [
      countRowsQuery(db, engineOf(db), text, 1).compile(),
      listTendersQuery(db, { viewerId: 0 }, { limit: 1 }, 0).compile(),
    ],
    walking: walker ? [listTendersQuery(walker, text, { limit: 1 }, Number.POSITIVE_INFINITY).compile()] : [],
  };
}

/** The count of a query's rows; with `upTo`, it stops after upTo + 1 of them. */
function countOf<DB, TB extends keyof DB>(db: Db, matches: SelectQueryBuilder<DB, TB, object>, upTo?: number) {
  if (upTo === undefined) return matches.select(sql<number>`count(*)`.as('total'));
  const limited = matches
    .select(sql<number>`1`.as('one'))
    .limit(upTo + 1)
    .as('m');
  return db.selectFrom(limited).select(sql<number>`count(*)`.as('total'));
}

/**
 * How many tenders match the filter (all pages): summed from tender_counts when the filter allows, else
 * counted from the filter index, or from the search index and the rows it finds.
 */
export async function countTenders(db: Db, filter: TenderListFilter): Promise<number> {
  const dialect = engineOf(db);
  if (!isCountedFilter(filter)) return countRows(db, dialect, filter);
  const { hiddenOwnerIds, ...counted } = filter;
  const total = await sumCounts(db, dialect, counted);
  // tender_counts knows nothing of suspensions: the hidden owners' matching tenders are counted and taken off
  if (!hiddenOwnerIds?.length) return total;
  return total - (await countRows(db, dialect, { ...counted, onlyOwnerIds: hiddenOwnerIds }));
}

/** A total that may have stopped counting: `more` says that more than `total` tenders match. */
export interface TenderTotal {
  total: number;
  more: boolean;
}

/**
 * The total of a list as the public list answers it: exact when tender_counts holds it (however large), else
 * counted from the rows up to `upTo` (a text search, an exact date or price: its matches grow with the market).
 */
export async function countTendersUpTo(db: Db, filter: TenderListFilter, upTo: number): Promise<TenderTotal> {
  if (isCountedFilter(filter)) return { total: await countTenders(db, filter), more: false };
  const counted = await countRows(db, engineOf(db), filter, upTo);
  return counted > upTo ? { total: upTo, more: true } : { total: counted, more: false };
}

/** The same total without tender_counts, always from the rows (to check the counts against). */
export function countTenderRows(db: Db, filter: TenderListFilter): Promise<number> {
  return countRows(db, engineOf(db), filter);
}

// ---------------------------------------------------------------------------------------------------
// The tender's state as bids and the owner's decisions change it.

/** A tender's state: what bidding, the owner's decisions and the live stream need to know. */
export function findTenderState(db: Db, tenderId: number) {
  return db
    .selectFrom('tenders')
    .select([
      'id',
      'number',
      'owner_id',
      'status',
      'initial_price_cents',
      'current_min_bid_cents',
      'bid_count',
      'tender_end_date',
      'awarded_bid_id',
      'closes_at_ms',
      'soft_close_minutes',
      'min_step_cents',
      'buy_now_price_cents',
      'reserve_price_cents',
      'auto_award',
      'confirm_within_minutes',
      'verified_only',
      'cargo_weight',
    ])
    .where('id', '=', tenderId)
    .executeTakeFirst();
}

/** What saved searches are matched against: an opened tender's lane, cargo and price. */
const openedTenderColumns = [
  'id',
  'number',
  'name',
  'owner_id',
  'origin_location',
  'destination_location',
  'mode_mask',
  'cargo_weight',
  'initial_price_cents',
] as const;

/** An opened tender, as saved searches are matched against it. */
export function findOpenedTender(db: Db, tenderId: number) {
  return db
    .selectFrom('tenders')
    .select(openedTenderColumns)
    .where('id', '=', tenderId)
    .where('status', '=', 'opened')
    .executeTakeFirst();
}

/** The words a notification needs about a tender. */
export function findTenderSummary(db: Db, tenderId: number) {
  return db
    .selectFrom('tenders')
    .select(['number', 'name', 'owner_id', 'bid_count'])
    .where('id', '=', tenderId)
    .executeTakeFirstOrThrow();
}

/**
 * Whether a user may bid on (or buy) this tender, as part of the tender's own conditional update: their
 * company is not suspended, and on a verified-only tender it is verified. No extra round trip, and no gap
 * between the check and the write.
 */
function mayTrade(eb: ExpressionBuilder<DatabaseSchema, 'tenders'>, userId: number): Expression<SqlBool> {
  const company = () => eb.selectFrom('companies').select('companies.id').where('companies.user_id', '=', userId);
  return eb.and([
    eb.not(eb.exists(company().where('companies.suspended_at', 'is not', null))),
    eb.or([
      eb('tenders.verified_only', '=', 0),
      eb.exists(company().where('companies.verification_status', '=', 'verified')),
    ]),
  ]);
}

type LowerArgs = { tenderId: number; bidderId: number; amountCents: number; nowMs: number };

type LoweredTender = Pick<
  TenderRow,
  | 'id'
  | 'number'
  | 'name'
  | 'owner_id'
  | 'status'
  | 'bid_count'
  | 'current_min_bid_cents'
  | 'closes_at_ms'
  | 'soft_close_minutes'
>;

// RETURNING gives what the notifications and the live state need, without reading the row again. A bid in
// the soft-close window moves closes_at to its time + the window, in the same statement.
const lowerMinimum = preparedQuery<LowerArgs, LoweredTender>((db, arg) =>
  db
    .updateTable('tenders')
    .set((eb) => ({
      current_min_bid_cents: arg('amountCents'),
      bid_count: eb('bid_count', '+', 1),
      closes_at_ms: sql<number>`case when soft_close_minutes > 0 and closes_at_ms - ${arg('nowMs')} < soft_close_minutes * 60000
        then cast(${arg('nowMs')} as bigint) + soft_close_minutes * 60000 else closes_at_ms end`,
    }))
    .where('id', '=', arg('tenderId'))
    .where('status', '=', 'opened')
    .where('closes_at_ms', '>', arg('nowMs'))
    .where('owner_id', '<>', arg('bidderId'))
    .where((eb) => mayTrade(eb, arg('bidderId')))
    .where(sql<number>`coalesce(current_min_bid_cents, initial_price_cents) - min_step_cents`, '>=', arg('amountCents'))
    .returning([
      'id',
      'number',
      'name',
      'owner_id',
      'status',
      'bid_count',
      'current_min_bid_cents',
      'closes_at_ms',
      'soft_close_minutes',
    ]),
);

/**
 * The atomic heart of bidding: lowers the tender's minimum only if it is open, before its close, not the
 * bidder's own, and the amount is at least the step below the current minimum. One conditional UPDATE, so two
 * bids racing are ordered by the row lock (PostgreSQL) or the single writer (SQLite), and equal amounts
 * cannot both win. A bid that extended the close moves the scheduled close with it. A refusal is explained by
 * `tradeRefusal` (trade-refusal.ts), which reads these same conditions in order.
 */
export async function lowerCurrentMinimum(trx: Db, args: LowerArgs) {
  const lowered = await lowerMinimum.first(trx, args);
  if (!lowered) return undefined;
  return afterLowering(trx, lowered, args.nowMs);
}

/** Whether a bid at `nowMs` extended the close it lowered: the close is then that instant plus the window. */
export function extendedClose(lowered: Pick<LoweredTender, 'soft_close_minutes' | 'closes_at_ms'>, nowMs: number) {
  const windowMs = lowered.soft_close_minutes * 60_000;
  return windowMs > 0 && lowered.closes_at_ms === nowMs + windowMs;
}

/** The tender's scheduled close moves to its new closing instant. */
export async function moveScheduledClose(trx: Db, tenderId: number, closesAtMs: number): Promise<void> {
  await rescheduleClose.all(trx, { tenderId, dueAtMs: closesAtMs });
}

/** Whether a bid at `nowMs` extended the close it lowered; if so the scheduled close moves with it. */
async function afterLowering<T extends LoweredTender>(trx: Db, lowered: T, nowMs: number) {
  const extended = extendedClose(lowered, nowMs);
  if (extended) await moveScheduledClose(trx, lowered.id, lowered.closes_at_ms);
  return { ...lowered, extended };
}

// The setting rides on the lock's round trip: set_config in a subquery of its own, evaluated once.
const lockInOrder = preparedQuery<{ tenderIds: number[] }, { id: number }>((db, arg) => ({
  compile: () =>
    sql<{ id: number }>`
      select t.id from tenders t, (select set_config('plan_cache_mode', 'force_generic_plan', true)) as plan
      where t.id = any(cast(${arg('tenderIds')} as int8[])) order by t.id for update of t`.compile(db),
}));

/**
 * Locks these tenders' rows (PostgreSQL) for a batch of bids, in the order of their ids, as the batcher's bids
 * one at a time would: two instances' batches never wait for each other in a cycle. Held until the
 * transaction ends. For the rest of the transaction its statements are planned once per connection (a generic
 * plan) instead of for each batch: fed by arrays, they are planned alike for any batch, but left to itself
 * PostgreSQL planned the batch's statement anew every time (about 1 ms, more than writing a few bids takes),
 * since a plan that knows its arrays' lengths looks cheaper to it than one that does not. PostgreSQL's
 * documented setting, for this transaction only.
 */
export async function lockTenders(trx: Db, tenderIds: readonly number[]): Promise<void> {
  await lockInOrder.all(trx, { tenderIds: [...tenderIds] });
}

/**
 * lowerMinimum for a batch of bids in one statement (PostgreSQL), as if each were its own statement in the
 * batch's order: CTEs for a `with recursive` list, fed by `input`, a relation of (tender_id, bidder_id,
 * amount_cents, now_ms, ord) in which `ord` numbers the bids in the order they are written. A data-modifying
 * statement updates a row once and reads one snapshot, so the bids on one tender are walked in SQL instead: each
 * meets the conditions of lowerMinimum and mayTrade (written for a bidder per row, kept equal by
 * trade-refusal.test.ts) against the tender as the bids before it left it, and the tender is written once, in
 * its last state. Its tenders must be locked already (lockTenders): the statement's snapshot is taken when it
 * starts, and the bids it demotes must include every one committed before the locks were had. Defines:
 * - `lowering`: each bid (ord, tender_id, seq: its place among its tender's bids), whether it was `placed`,
 *   and the tender's current_min_bid_cents, bid_count and closes_at_ms after it; a row of seq 0 per tender
 *   holds the tender as it was;
 * - `lowered`: the tenders a bid lowered, written in their last state, with their other columns the bids'
 *   notifications need (id, number, name, owner_id, status, soft_close_minutes).
 */
export function lowerMinimumsInOrder(input: string): RawBuilder<never> {
  const i = sql.table(input);
  return sql<never>`queued as (
        select i.tender_id, i.ord, i.bidder_id, i.amount_cents, i.now_ms,
          row_number() over (partition by i.tender_id order by i.ord) as seq,
          not exists (select 1 from companies c where c.user_id = i.bidder_id and c.suspended_at is not null)
            as trading,
          exists (select 1 from companies c where c.user_id = i.bidder_id and c.verification_status = 'verified')
            as verified
        from ${i} i
      ), lowering as (
        -- the tenders read once, by their ids as one array (the key's index whatever the statistics say); what
        -- no bid changes is carried along rather than read again at every step
        select t.id as tender_id, cast(0 as int8) as seq, cast(null as int8) as ord, false as placed,
          cast(t.current_min_bid_cents as int8) as current_min_bid_cents, cast(t.bid_count as int8) as bid_count,
          cast(t.closes_at_ms as int8) as closes_at_ms, t.status, t.owner_id, t.verified_only,
          cast(t.initial_price_cents as int8) as initial_price_cents, cast(t.min_step_cents as int8) as min_step_cents,
          cast(t.soft_close_minutes as int8) * 60000 as window_ms
        from tenders t where t.id = any(array(select tender_id from queued))
        union all
        select c.tender_id, q.seq, q.ord, s.placed,
          case when s.placed then q.amount_cents else c.current_min_bid_cents end,
          c.bid_count + case when s.placed then 1 else 0 end,
          case when s.placed and c.window_ms > 0 and c.closes_at_ms - q.now_ms < c.window_ms
            then q.now_ms + c.window_ms else c.closes_at_ms end,
          c.status, c.owner_id, c.verified_only, c.initial_price_cents, c.min_step_cents, c.window_ms
        from lowering c
        join queued q on q.tender_id = c.tender_id and q.seq = c.seq + 1
        cross join lateral (
          select c.status = 'opened' and c.closes_at_ms > q.now_ms and c.owner_id <> q.bidder_id and q.trading
            and (c.verified_only = 0 or q.verified)
            and coalesce(c.current_min_bid_cents, c.initial_price_cents) - c.min_step_cents >= q.amount_cents as placed
        ) s
      ), lowered as (
        update tenders t set current_min_bid_cents = f.current_min_bid_cents, bid_count = f.bid_count,
          closes_at_ms = f.closes_at_ms
        from (select distinct on (tender_id) * from lowering where placed order by tender_id, seq desc) f
        where t.id = f.tender_id
        returning t.id, t.number, t.name, t.owner_id, t.status, t.soft_close_minutes
      )`;
}

const rescheduleClose = preparedQuery<{ tenderId: number; dueAtMs: number }, never>((db, arg) =>
  db
    .updateTable('due_actions')
    .set({ due_at_ms: arg('dueAtMs'), claimed_until_ms: 0 })
    .where('kind', '=', 'tender_close')
    .where('subject_id', '=', arg('tenderId')),
);

/**
 * Moves a tender from one of `from` to `to` (only this owner's, when `ownerId` is given); false when it was
 * not in such a state. `awardedBidId` records the bid awaiting confirmation or accepted (null: none).
 * `closedBy`: only when bidding has ended by then (the scheduled close).
 */
export async function moveTenderStatus(
  trx: Db,
  args: {
    tenderId: number;
    ownerId?: number;
    from: TenderStatus[];
    to: TenderStatus;
    awardedBidId?: number | null;
    closedBy?: number;
  },
): Promise<boolean> {
  let query = trx
    .updateTable('tenders')
    .set({ status: args.to, ...(args.awardedBidId !== undefined ? { awarded_bid_id: args.awardedBidId } : {}) })
    .where('id', '=', args.tenderId)
    .where('status', 'in', args.from);
  if (args.ownerId !== undefined) query = query.where('owner_id', '=', args.ownerId);
  if (args.closedBy !== undefined) query = query.where('closes_at_ms', '<=', args.closedBy);
  const moved = Number((await query.executeTakeFirst()).numUpdatedRows) === 1;
  if (moved) countTenderMove(args.from, args.to);
  return moved;
}

/**
 * Buy-now: the tender is taken at its buy-now price at once, if it is open, before its close, not the buyer's
 * own, offers buy-now, and no bid has reached that price. One conditional UPDATE: of two buyers (or a buyer
 * and a bidder) at the same instant, the row lock or the single writer lets exactly one through. A refusal
 * is explained by `tradeRefusal` (trade-refusal.ts).
 */
export function takeAtBuyNowPrice(trx: Db, args: { tenderId: number; buyerId: number; nowMs: number }) {
  return trx
    .updateTable('tenders')
    .set((eb) => ({
      status: 'awarded',
      current_min_bid_cents: eb.ref('buy_now_price_cents'),
      bid_count: eb('bid_count', '+', 1),
    }))
    .where('id', '=', args.tenderId)
    .where('status', '=', 'opened')
    .where('closes_at_ms', '>', args.nowMs)
    .where('owner_id', '<>', args.buyerId)
    .where((eb) => mayTrade(eb, args.buyerId))
    .where('buy_now_price_cents', 'is not', null)
    .where((eb) =>
      eb.or([eb('current_min_bid_cents', 'is', null), eb('current_min_bid_cents', '>', eb.ref('buy_now_price_cents'))]),
    )
    .returning(['id', 'number', 'name', 'owner_id', 'buy_now_price_cents', 'bid_count'])
    .executeTakeFirst();
}

/**
 * The scheduled close of many tenders at once: those still opened whose close time has come become closed.
 * Returns what the rest of the close needs of each (the rules, the words of its notifications, its live state).
 */
export function closeTendersAtDeadline(trx: Db, tenderIds: number[], nowMs: number) {
  if (tenderIds.length === 0) return Promise.resolve([]);
  return trx
    .updateTable('tenders')
    .set({ status: 'closed' })
    .where('id', 'in', tenderIds)
    .where('status', '=', 'opened')
    .where('closes_at_ms', '<=', nowMs)
    .returning([
      'id',
      'number',
      'name',
      'owner_id',
      'status',
      'bid_count',
      'current_min_bid_cents',
      'closes_at_ms',
      'auto_award',
      'reserve_price_cents',
      'confirm_within_minutes',
    ])
    .execute();
}

/** Records the accepted bid of an awarded tender. */
export async function setAwardedBid(trx: Db, tenderId: number, bidId: number | null): Promise<void> {
  await trx.updateTable('tenders').set({ awarded_bid_id: bidId }).where('id', '=', tenderId).execute();
}

/** An owner's tenders in one status, oldest first: optionally only those still open on `openOn`, or not yet awarded a bid. */
export function listOwnerTendersInStatus(
  db: Db,
  ownerId: number,
  status: TenderStatus,
  options: { openOn?: string; withoutAwardedBid?: boolean } = {},
) {
  let query = db
    .selectFrom('tenders')
    .select(['id', 'initial_price_cents', 'tender_end_date'])
    .where('owner_id', '=', ownerId)
    .where('status', '=', status)
    .orderBy('id');
  if (options.openOn !== undefined) query = query.where('tender_end_date', '>=', options.openOn);
  if (options.withoutAwardedBid) query = query.where('awarded_bid_id', 'is', null);
  return query.execute();
}

/**
 * Sets a tender's status and last day as they are, with no rule checked, bidding closing at the end of that
 * day and the close scheduled then: for building demo data only.
 */
export async function setTenderWindow(
  db: Db,
  tenderId: number,
  window: { status?: TenderStatus; tender_end_date: string },
): Promise<void> {
  const closesAtMs = endOfMarketDayMs(window.tender_end_date);
  await db
    .updateTable('tenders')
    .set({ ...window, closes_at_ms: closesAtMs })
    .where('id', '=', tenderId)
    .execute();
  await scheduleDue(db, 'tender_close', tenderId, closesAtMs);
}
