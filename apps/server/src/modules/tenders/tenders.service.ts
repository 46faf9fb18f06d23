import {
  centsToUsd,
  cityOf,
  daysBetween,
  encodeTenderCursor,
  endOfMarketDayMs,
  errorText,
  modeMaskOf,
  TENDER_LIST_LIMIT_MAX,
  TENDER_TOTAL_CAP,
  tenderSearchText,
  TENDER_IMPORT_MAX_ROWS,
  usdToCents,
  type CreateTenderValues,
  type Language,
  type Tender,
  type TenderImportCheck,
  type TenderImportOverQuota,
  type TenderImportPreview,
  type TenderImportResult,
  type TenderListParams,
} from '@yuk/shared';
import type { Db } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { CSV_PAGE_ROWS, readCsv } from '../../plugins/csv.js';
import { companiesOfUsers, findCompanyStanding } from '../companies/index.js';
import { formatWait, type QuotaShortfall } from '../quotas/index.js';
import * as csv from './tenders.csv.js';
import * as repo from './tenders.repository.js';

export interface TendersContext {
  db: Db;
  /** Tests move the clock. */
  now?: () => Date;
}

type StoredTender = Awaited<ReturnType<typeof repo.findTenderById>> & {};

/**
 * A stored row as the API shows it to `viewerId`: USD amounts, the owner flag. The reserve only on the
 * owner's own reading of one tender (`withReserve`), never in lists.
 */
export function toTender(row: StoredTender, viewerId: number, withReserve = false): Tender {
  const isOwner = row.owner_id === viewerId;
  return {
    id: row.id,
    number: row.number,
    name: row.name,
    cargo_type: row.cargo_type,
    cargo_weight: row.cargo_weight,
    cargo_volume: row.cargo_volume,
    origin_location: row.origin_location,
    destination_location: row.destination_location,
    shipment_date: row.shipment_date,
    delivery_date: row.delivery_date,
    tender_start_date: row.tender_start_date,
    tender_end_date: row.tender_end_date,
    initial_price: centsToUsd(row.initial_price_cents),
    status: row.status,
    current_min_bid: row.current_min_bid_cents === null ? null : centsToUsd(row.current_min_bid_cents),
    bid_count: row.bid_count,
    requirements: row.requirements,
    notes: row.notes,
    incoterms: row.incoterms,
    owner_id: row.owner_id,
    is_owner: isOwner,
    created_at: row.created_at,
    closes_at: new Date(row.closes_at_ms).toISOString(),
    soft_close_minutes: row.soft_close_minutes,
    min_step: centsToUsd(row.min_step_cents),
    buy_now_price: row.buy_now_price_cents === null ? null : centsToUsd(row.buy_now_price_cents),
    ...(withReserve && isOwner
      ? { reserve_price: row.reserve_price_cents === null ? null : centsToUsd(row.reserve_price_cents) }
      : {}),
    auto_award: row.auto_award === 1,
    confirm_within_minutes: row.confirm_within_minutes,
    verified_only: row.verified_only === 1,
  };
}

/** The cargo, route and dates as entered: stored as they are, and shown so in an import's preview. */
function plannedFields(values: CreateTenderValues) {
  return {
    name: values.name,
    cargo_type: values.cargo_type,
    cargo_weight: values.cargo_weight,
    cargo_volume: values.cargo_volume,
    origin_location: values.origin_location,
    destination_location: values.destination_location,
    shipment_date: values.shipment_date,
    delivery_date: values.delivery_date,
    tender_start_date: values.tender_start_date,
    tender_end_date: values.tender_end_date,
  };
}

const centsOrNull = (usd: number | null) => (usd === null ? null : (usdToCents(usd) ?? null));

/** The stored form of validated create values: cents, and the derived columns every list filter uses. */
export function tenderRow(ownerId: number, values: CreateTenderValues, createdAt: string): repo.NewTenderRow {
  const initialPriceCents = usdToCents(values.initial_price);
  const deliveryDays = daysBetween(values.shipment_date, values.delivery_date);
  // The input schema guarantees both; a failure here is a programming error, not bad input.
  if (initialPriceCents === undefined || deliveryDays === null) throw new Error('tender values were not validated');
  return {
    owner_id: ownerId,
    ...plannedFields(values),
    initial_price_cents: initialPriceCents,
    status: values.status,
    requirements: values.requirements,
    notes: values.notes,
    incoterms: values.incoterms,
    current_min_bid_cents: null,
    mode_mask: modeMaskOf(values.cargo_type),
    origin_city: cityOf(values.origin_location) ?? '',
    delivery_days: deliveryDays,
    search_text: tenderSearchText(values),
    created_at: createdAt,
    closes_at_ms: values.closes_at ?? endOfMarketDayMs(values.tender_end_date),
    soft_close_minutes: values.soft_close_minutes,
    min_step_cents: usdToCents(values.min_step) ?? 1,
    buy_now_price_cents: centsOrNull(values.buy_now_price),
    reserve_price_cents: centsOrNull(values.reserve_price),
    auto_award: values.auto_award ? 1 : 0,
    confirm_within_minutes: values.confirm_within_minutes,
    verified_only: values.verified_only ? 1 : 0,
  };
}

export async function createTender(ctx: TendersContext, ownerId: number, values: CreateTenderValues): Promise<Tender> {
  const now = ctx.now?.() ?? new Date();
  if ((await findCompanyStanding(ctx.db, ownerId))?.suspended_at) throw new AppError('COMPANY_SUSPENDED');
  // the schema checks the form of closes_at; whether it is still ahead depends on the server's clock
  if (values.closes_at !== null && values.closes_at <= now.getTime()) {
    throw new AppError('VALIDATION_FAILED', { fields: { closes_at: 'past_instant' } });
  }
  const row = await ctx.db
    .transaction()
    .execute((trx) => repo.insertTender(trx, tenderRow(ownerId, values, now.toISOString())));
  const company = (await companiesOfUsers(ctx.db, [ownerId])).get(ownerId) ?? null;
  return { ...toTender(row, ownerId, true), owner_company: company };
}

/** A tender the viewer may see: a missing tender and someone else's draft are both "not found". */
export async function getTender(ctx: TendersContext, viewerId: number, id: number): Promise<Tender> {
  const row = await repo.findTenderById(ctx.db, id);
  if (!row || (row.status === 'draft' && row.owner_id !== viewerId)) throw new AppError('TENDER_NOT_FOUND');
  const company = (await companiesOfUsers(ctx.db, [row.owner_id])).get(row.owner_id) ?? null;
  return { ...toTender(row, viewerId, true), owner_company: company };
}

async function withOwnerCompanies(db: Db, rows: StoredTender[], viewerId: number): Promise<Tender[]> {
  const companies = await companiesOfUsers(db, [...new Set(rows.map((row) => row.owner_id))]);
  return rows.map((row) => ({ ...toTender(row, viewerId), owner_company: companies.get(row.owner_id) ?? null }));
}

export interface TenderListResult {
  tenders: Tender[];
  total: number;
  /** More than `total` match: the public list stopped counting at TENDER_TOTAL_CAP. */
  totalCapped: boolean;
  nextCursor: string | undefined;
}

/** The repository's filter of a list call: the viewer, the scope and the query's filters. */
async function listFilter(
  ctx: TendersContext,
  viewerId: number,
  params: TenderListParams,
  scope: 'all' | 'mine',
): Promise<repo.TenderListFilter> {
  // a suspended company's tenders leave the public list (its own users still see theirs)
  const hidden = scope === 'all' ? (await repo.suspendedOwnerIds(ctx.db)).filter((id) => id !== viewerId) : [];
  return {
    viewerId,
    ownerId: scope === 'mine' ? viewerId : undefined,
    ...(hidden.length > 0 ? { hiddenOwnerIds: hidden } : {}),
    // My Orders reads this list: its filters follow that screen's bands and cities
    ...(scope === 'mine' ? { rules: 'orders' as const } : {}),
    id: params.id,
    name: params.name,
    tenderStartDate: params.tender_start_date,
    initialPriceCents: params.initial_price === undefined ? undefined : usdToCents(params.initial_price),
    mode: params.type,
    status: params.status,
    location: params.location,
    price: params.price,
    delivery: params.delivery,
    q: params.q,
  };
}

/**
 * The total of a list: the public list's stops at TENDER_TOTAL_CAP where it is counted match by match; the
 * viewer's own tenders (My Orders) grow with the viewer alone and are always counted in full.
 */
function countForList(ctx: TendersContext, filter: repo.TenderListFilter, scope: 'all' | 'mine') {
  return scope === 'all'
    ? repo.countTendersUpTo(ctx.db, filter, TENDER_TOTAL_CAP)
    : repo.countTenders(ctx.db, filter).then((total) => ({ total, more: false }));
}

/** How many rows the page plan should expect: past the cap, as many as a walk newest first needs. */
function matchingOf(counted: repo.TenderTotal): number {
  return counted.more ? Number.POSITIVE_INFINITY : counted.total;
}

/** One page of a list (all tenders, or the viewer's own), with the total matching and the next cursor. */
export async function listTenders(
  ctx: TendersContext,
  viewerId: number,
  params: TenderListParams,
  scope: 'all' | 'mine',
): Promise<TenderListResult> {
  const filter = await listFilter(ctx, viewerId, params, scope);
  const limit = params.limit ?? TENDER_LIST_LIMIT_MAX;
  // The count comes first: it answers X-Total-Count and tells the repository how to read the page.
  const counted = await countForList(ctx, filter, scope);
  // One row more than asked tells whether another page follows.
  const rows =
    counted.total === 0
      ? []
      : await repo.listTenders(
          ctx.db,
          filter,
          { limit: limit + 1, offset: params.offset, afterId: params.cursor },
          matchingOf(counted),
        );
  const hasMore = rows.length > limit;
  const page = hasMore ? rows.slice(0, limit) : rows;
  const last = page.at(-1);
  return {
    // each owner's company and its mark: one read for the page's owners
    tenders: await withOwnerCompanies(ctx.db, page, viewerId),
    total: counted.total,
    totalCapped: counted.more,
    nextCursor: hasMore && last ? encodeTenderCursor(last.id) : undefined,
  };
}

/**
 * Every tender of a list call, page after page (CSV_PAGE_ROWS at a time, newest first, each page after the
 * last id of the one before), for a CSV: the same filters, no paging parameters. The count is read first, so
 * that a failure answers before the file starts, and it picks the repository's plan as for a page.
 */
export async function tenderPages(
  ctx: TendersContext,
  viewerId: number,
  params: TenderListParams,
  scope: 'all' | 'mine',
): Promise<AsyncIterable<Tender[]>> {
  const filter = await listFilter(ctx, viewerId, params, scope);
  const counted = await countForList(ctx, filter, scope);
  const matching = matchingOf(counted);
  async function* pages() {
    if (counted.total === 0) return;
    let afterId: number | undefined;
    for (;;) {
      const rows = await repo.listTenders(ctx.db, filter, { limit: CSV_PAGE_ROWS, afterId }, matching);
      if (rows.length > 0) yield rows.map((row) => toTender(row, viewerId));
      const last = rows.at(-1);
      if (rows.length < CSV_PAGE_ROWS || !last) return;
      afterId = last.id;
    }
  }
  return pages();
}

/**
 * The tender quota as an import meets it, for the request at hand: the tenders of a file are counted all at
 * once against the same quota as the form's (see the quotas module).
 */
export interface ImportQuota {
  /** What the quota allows now when `tenders` would pass it (undefined: they fit); counts nothing. */
  shortfall(tenders: number): Promise<QuotaShortfall | undefined>;
  /** Counts `tenders` at once, or none of them and throws 429 RATE_LIMITED. */
  admit(tenders: number): Promise<void>;
}

/** The answer of an import: the rows judged, and the tenders created unless it was a dry run or a row failed. */
export interface TenderImport {
  check: TenderImportCheck;
  created?: TenderImportResult;
}

function previewOf(values: CreateTenderValues): TenderImportPreview {
  return {
    ...plannedFields(values),
    initial_price: values.initial_price,
    status: values.status,
  };
}

function overQuota(rows: number, short: QuotaShortfall, lang: Language): TenderImportOverQuota {
  const when = formatWait(short.retryAfterSeconds, lang);
  return {
    code: 'IMPORT_OVER_QUOTA',
    error: errorText('IMPORT_OVER_QUOTA', lang, { rows, allowed: short.allowed, when }),
    allowed: short.allowed,
    retry_after: short.retryAfterSeconds,
  };
}

/**
 * Tenders from a CSV file owned by `ownerId`: every row judged by the create schema; with `dryRun` only the
 * judgement, else, when every row passes, all created in one transaction (none when one fails). Whole-file
 * faults (encoding, columns, size) are thrown as AppErrors.
 */
export async function importTenders(
  ctx: TendersContext,
  ownerId: number,
  file: Buffer,
  options: { dryRun: boolean; lang: Language; quota?: ImportQuota },
): Promise<TenderImport> {
  if ((await findCompanyStanding(ctx.db, ownerId))?.suspended_at) throw new AppError('COMPANY_SUSPENDED');
  const [header, ...records] = readCsv(file);
  if (!header) throw new AppError('IMPORT_EMPTY');
  const mapping = csv.mapHeader(header.cells);
  if (!mapping.ok && mapping.code === 'IMPORT_DUPLICATE_COLUMN') {
    throw new AppError('IMPORT_DUPLICATE_COLUMN', { params: { column: mapping.column } });
  }
  if (!mapping.ok) {
    const columns = mapping.missing.map((field) => csv.columnName(field, options.lang)).join(', ');
    throw new AppError('IMPORT_MISSING_COLUMNS', { params: { columns } });
  }
  const rows = records.filter((record) => !csv.isBlankRecord(record));
  if (rows.length === 0) throw new AppError('IMPORT_EMPTY');
  if (rows.length > TENDER_IMPORT_MAX_ROWS) {
    throw new AppError('IMPORT_TOO_MANY_ROWS', { params: { max: TENDER_IMPORT_MAX_ROWS, rows: rows.length } });
  }
  const checked = rows.map((record) => csv.checkRow(record, mapping.fields, options.lang));
  const valid = checked.filter((row) => row.ok).length;
  const check: TenderImportCheck = {
    rows: checked.map((row) =>
      row.ok
        ? { line: row.line, ok: true, tender: previewOf(row.values) }
        : { line: row.line, ok: false, errors: row.errors },
    ),
    valid,
    invalid: checked.length - valid,
  };
  if (options.dryRun) {
    // every row of the file is a tender once it passes: the dry run says first when they would pass the quota
    const short = await options.quota?.shortfall(checked.length);
    if (short) check.over_quota = overQuota(checked.length, short, options.lang);
    return { check };
  }
  if (check.invalid > 0) return { check };

  const now = ctx.now?.() ?? new Date();
  const createdAt = now.toISOString();
  const values = checked.flatMap((row) => (row.ok ? [tenderRow(ownerId, row.values, createdAt)] : []));
  // each tender counts against the form's quota; past it, the whole file is refused before anything is made
  await options.quota?.admit(values.length);
  const inserted = await ctx.db
    .transaction()
    .execute((trx) => repo.insertImportedTenders(trx, ownerId, values, now.getTime()));
  return {
    check,
    created: {
      created: inserted.length,
      tenders: inserted.map((row, index) => ({
        id: row.id,
        number: row.number,
        name: row.name,
        line: checked[index]?.line ?? 0,
      })),
    },
  };
}
