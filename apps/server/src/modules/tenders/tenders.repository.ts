import { sql, type Expression, type ExpressionBuilder, type Insertable, type SqlBool } from 'kysely';
import {
  deliveryDaysRange,
  modeMasksWith,
  PRICE_BAND_HIGH,
  PRICE_BAND_LOW,
  TENDER_LIST_CITY_KEYS,
  type CityKey,
  type DeliverySpeed,
  type PriceRange,
  type TenderMode,
  type TenderStatus,
} from '@yuk/shared';
import type { Db, Dialect } from '../../db/database.js';
import type { DatabaseSchema } from '../../db/schema.js';
import type { TendersTable } from './tenders.tables.js';

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
] as const;

export type NewTenderRow = Insertable<TendersTable>;

export function insertTender(db: Db, values: NewTenderRow) {
  return db.insertInto('tenders').values(values).returning(tenderColumns).executeTakeFirstOrThrow();
}

/** Many tenders in one statement (the demo seed and the benchmark); the caller chunks and wraps in a transaction. */
export async function insertTenders(db: Db, values: NewTenderRow[]): Promise<void> {
  if (values.length > 0) await db.insertInto('tenders').values(values).execute();
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
}

export interface TenderPage {
  limit: number;
  offset?: number;
  /** Continue after this id (newest first). */
  afterId?: number;
}

type Eb = ExpressionBuilder<DatabaseSchema, 'tenders'>;
type FilterColumn = 'status' | 'owner_id' | 'id' | 'tender_start_date' | 'initial_price_cents' | 'mode_mask' | 'origin_city' | 'delivery_days';

/**
 * How a page is read on SQLite, chosen from the number of matching rows (counted first, from the filter index):
 * - 'dense': many match, so walking newest first (by id, or by status and id) finds a page after a few rows;
 *   every other term is kept off the indexes so that the planner walks in order.
 * - 'sparse': few match, so their ids come from the filter index alone, the newest are kept, and only
 *   those rows are read.
 * - 'search': a text search; the trigram index gives the candidates, the other terms are checked on them.
 * PostgreSQL plans from its own statistics ('natural').
 */
export type ListPlan = 'natural' | 'dense' | 'sparse' | 'search';

/** Below this many matching rows a page is read through the filter index; above it, walking newest first is cheaper. */
export const DENSE_MATCHES = 2000;

export function chooseListPlan(dialect: Dialect, filter: TenderListFilter, matching: number): ListPlan {
  if (dialect === 'postgres') return 'natural';
  if (filter.q || filter.name) return 'search';
  return matching >= DENSE_MATCHES ? 'dense' : 'sparse';
}

/** A LIKE pattern matching `text` anywhere, with LIKE's own characters taken literally (escape \). */
function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** FTS5 needs at least three characters for its trigram index; shorter needles fall back to LIKE. */
const TRIGRAM = 3;

/** search_text contains the needle (lower-cased): FTS5 trigram index on SQLite, pg_trgm GIN on PostgreSQL. */
function searchTextContains(eb: Eb, dialect: Dialect, needle: string): Expression<SqlBool> {
  const like = sql<SqlBool>`${eb.ref('search_text')} like ${containsPattern(needle)} escape '\\'`;
  if (dialect === 'postgres' || [...needle].length < TRIGRAM) return like;
  const phrase = `"${needle.toLowerCase().replaceAll('"', '""')}"`;
  // The FTS match narrows by index; LIKE re-checks the exact substring on the rows found.
  return eb.and([sql<SqlBool>`${eb.ref('id')} in (select rowid from tenders_fts where tenders_fts match ${phrase})`, like]);
}

/** The name, the first line of search_text. */
function nameContains(eb: Eb, dialect: Dialect, needle: string): Expression<SqlBool> {
  const firstLine =
    dialect === 'postgres'
      ? sql`split_part(${eb.ref('search_text')}, chr(10), 1)`
      : sql`substr(${eb.ref('search_text')}, 1, instr(${eb.ref('search_text')}, char(10)) - 1)`;
  return eb.and([searchTextContains(eb, dialect, needle), sql<SqlBool>`${firstLine} like ${containsPattern(needle)} escape '\\'`]);
}

const LOW_CENTS = PRICE_BAND_LOW * 100;
const HIGH_CENTS = PRICE_BAND_HIGH * 100;

/**
 * The WHERE terms of a filter. `indexed` says which columns the planner may use an index for: on SQLite a
 * column written as +column is kept off the indexes (its documented way to steer the planner).
 */
function conditions(eb: Eb, dialect: Dialect, filter: TenderListFilter, indexed: (column: FilterColumn) => boolean) {
  const col = (column: FilterColumn) => (indexed(column) ? eb.ref(column) : sql`+${eb.ref(column)}`);
  const where: Expression<SqlBool>[] = [];
  if (filter.ownerId !== undefined) where.push(eb(col('owner_id'), '=', filter.ownerId));
  if (filter.status === 'draft') {
    where.push(eb(col('status'), '=', 'draft'), eb(col('owner_id'), '=', filter.viewerId));
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
  if (filter.location === 'other') where.push(eb(col('origin_city'), 'not in', [...TENDER_LIST_CITY_KEYS]));
  else if (filter.location) where.push(eb(col('origin_city'), '=', filter.location));
  if (filter.price === 'Arzon') where.push(eb(col('initial_price_cents'), '<', LOW_CENTS));
  else if (filter.price === "O'rtacha") where.push(eb.between(col('initial_price_cents'), LOW_CENTS, HIGH_CENTS));
  else if (filter.price === 'Qimmat') where.push(eb(col('initial_price_cents'), '>', HIGH_CENTS));
  if (filter.delivery) {
    const { min, max } = deliveryDaysRange(filter.delivery);
    if (min !== null) where.push(eb(col('delivery_days'), '>=', min));
    if (max !== null) where.push(eb(col('delivery_days'), '<=', max));
  }
  if (filter.q) where.push(searchTextContains(eb, dialect, filter.q));
  if (filter.name) where.push(nameContains(eb, dialect, filter.name));
  return eb.and(where);
}

const anyIndex = () => true;
/** Exact lookups keep their index in every plan: they match one row or a handful. */
const exactOnly = (column: FilterColumn) => column === 'id' || column === 'tender_start_date';

/** One page of tenders, newest first; `matching` is the count of the same filter (it picks the plan). */
export function listTenders(db: Db, dialect: Dialect, filter: TenderListFilter, page: TenderPage, matching: number) {
  const plan = chooseListPlan(dialect, filter, matching);
  let query = db.selectFrom('tenders').select(tenderColumns);
  if (plan === 'sparse') {
    // The ids from the filter index (covering, no table reads), newest kept; then only those rows. Ordering
    // by +id keeps the planner from walking an index in id order (that is the dense plan).
    let ids = db
      .selectFrom('tenders')
      .select('id')
      .where((eb) => conditions(eb, dialect, filter, anyIndex))
      .orderBy(sql`+${sql.ref('id')}`, 'desc')
      .limit(page.limit);
    if (page.afterId !== undefined) ids = ids.where(sql`+${sql.ref('id')}`, '<', page.afterId);
    if (page.offset) ids = ids.offset(page.offset);
    return query.where('id', 'in', ids).orderBy('id', 'desc').execute();
  }
  const indexed =
    plan === 'natural'
      ? anyIndex
      : plan === 'dense'
        ? (column: FilterColumn) => column === 'status' || column === 'owner_id' || exactOnly(column)
        : exactOnly;
  query = query
    .where((eb) => conditions(eb, dialect, filter, indexed))
    .orderBy('id', 'desc')
    .limit(page.limit);
  if (page.afterId !== undefined) query = query.where('id', '<', page.afterId);
  if (page.offset) query = query.offset(page.offset);
  return query.execute();
}

/** How many tenders match the filter (all pages): from the filter index, or the search index and the rows it finds. */
export async function countTenders(db: Db, dialect: Dialect, filter: TenderListFilter): Promise<number> {
  const search = dialect === 'sqlite' && Boolean(filter.q || filter.name);
  const row = await db
    .selectFrom('tenders')
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .where((eb) => conditions(eb, dialect, filter, search ? exactOnly : anyIndex))
    .executeTakeFirstOrThrow();
  return Number(row.total);
}
