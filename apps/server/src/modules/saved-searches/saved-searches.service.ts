import {
  formatUsd,
  MAX_SAVED_SEARCHES,
  MODE_BITS,
  pathTo,
  placeKey,
  TENDER_MODES,
  usdToCents,
  webRoutes,
  centsToUsd,
  type SavedSearch,
  type SavedSearchValues,
} from '@yuk/shared';
import { engineOf, type Db } from '../../db/database.js';
import { AppError } from '../../errors.js';
import type { DueHandlers } from '../deadlines/index.js';
import {
  announceAfterBatch,
  recordNotifications,
  recordNotificationsFor,
  type NotificationDraft,
} from '../notifications/index.js';
import { findOpenedTender, findOpenedTendersOfImport } from '../tenders/index.js';
import * as repo from './saved-searches.repository.js';

export interface SavedSearchesContext {
  db: Db;
}

type Row = Awaited<ReturnType<typeof repo.listSavedSearches>>[number];

function toSavedSearch(row: Row): SavedSearch {
  return {
    id: row.id,
    name: row.name,
    origin: row.origin,
    destination: row.destination,
    modes: TENDER_MODES.filter((mode) => (row.mode_mask & MODE_BITS[mode]) !== 0),
    max_weight: row.max_weight,
    min_price: row.min_price_cents === null ? null : centsToUsd(row.min_price_cents),
    created_at: row.created_at,
  };
}

export async function listSavedSearches(ctx: SavedSearchesContext, userId: number): Promise<SavedSearch[]> {
  return (await repo.listSavedSearches(ctx.db, userId)).map(toSavedSearch);
}

export async function createSavedSearch(
  ctx: SavedSearchesContext,
  userId: number,
  values: SavedSearchValues,
): Promise<SavedSearch> {
  const row = await ctx.db.transaction().execute(async (trx) => {
    // counted inside the transaction that inserts: two saves at once cannot both pass the limit on SQLite,
    // and on PostgreSQL the user's row lock orders them
    if (engineOf(trx) === 'postgres') {
      await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().executeTakeFirst();
    }
    if ((await repo.countSavedSearches(trx, userId)) >= MAX_SAVED_SEARCHES) {
      throw new AppError('SAVED_SEARCHES_LIMIT', { params: { max: MAX_SAVED_SEARCHES } });
    }
    return repo.insertSavedSearch(trx, {
      user_id: userId,
      name: values.name,
      origin: values.origin,
      destination: values.destination,
      origin_key: placeKey(values.origin),
      destination_key: placeKey(values.destination),
      mode_mask: values.modes.reduce((mask, mode) => mask | MODE_BITS[mode], 0),
      max_weight: values.max_weight,
      min_price_cents: values.min_price === null ? null : (usdToCents(values.min_price) ?? null),
      created_at: new Date().toISOString(),
    });
  });
  return toSavedSearch(row);
}

export async function deleteSavedSearch(ctx: SavedSearchesContext, userId: number, id: number): Promise<void> {
  if (!(await repo.deleteSavedSearch(ctx.db, userId, id))) throw new AppError('NOT_FOUND');
}

export interface OpenedTenderFacts {
  id: number;
  number: string;
  name: string;
  owner_id: number;
  origin_location: string;
  destination_location: string;
  mode_mask: number;
  cargo_weight: number;
  initial_price_cents: number;
}

/** What a tender is matched by: its lane, cargo and price, and its owner (never told of their own). */
const matchFacts = (tender: OpenedTenderFacts): repo.OpenedTender => ({
  ownerId: tender.owner_id,
  originKey: placeKey(tender.origin_location),
  destinationKey: placeKey(tender.destination_location),
  modeMask: tender.mode_mask,
  weight: tender.cargo_weight,
  priceCents: tender.initial_price_cents,
});

/** The searches a tender matches, as a query. */
const matchingSearches = (tender: OpenedTenderFacts) => repo.matchingSearchOwners(matchFacts(tender));

/** The params of the alert about one tender (the search's name is added per user). */
const matchedParams = (tender: OpenedTenderFacts) => ({
  number: tender.number,
  name: tender.name,
  origin: tender.origin_location,
  destination: tender.destination_location,
  price: formatUsd(tender.initial_price_cents),
});

const tenderLink = (tender: OpenedTenderFacts) => pathTo(webRoutes.tender, { id: tender.id });

/**
 * Tells the owner of every saved search an opening tender matches (once per user, naming their first such
 * search), in the caller's transaction; the tender's owner is never told of their own. The database writes
 * the notifications in one statement, however many users they go to. Returns who was told.
 */
export async function notifyMatchingSearches(trx: Db, tender: OpenedTenderFacts): Promise<number[]> {
  return recordNotificationsFor(trx, {
    recipients: matchingSearches(tender),
    kind: 'tender_matched',
    detailKey: 'search',
    params: matchedParams(tender),
    link: tenderLink(tender),
  });
}

/** Tenders an alert of several names, one line each; the rest are counted in its title. */
const LISTED_TENDERS = 10;

/**
 * The tenders of one import that opened: each user with a saved search matching any of them hears of them in
 * ONE alert (in the app and on each outside channel), however many rows the file had: a single tender as
 * tender_matched, several as tenders_matched listing them (the first LISTED_TENDERS, the count in the title),
 * named by the user's first search that matched. In the caller's transaction; returns who was told.
 */
export async function notifyMatchingSearchesOfImport(trx: Db, tenders: OpenedTenderFacts[]): Promise<number[]> {
  const byUser = new Map<number, { search: string; tenders: OpenedTenderFacts[] }>();
  // a file often repeats a lane, cargo and price: such tenders match the same searches, read once
  const searched = new Map<string, { user_id: number; detail: string }[]>();
  for (const tender of tenders) {
    const facts = matchFacts(tender);
    const key = JSON.stringify(facts);
    let rows = searched.get(key);
    if (!rows) {
      rows = (await repo.matchingSearchOwners(facts).execute(trx)).rows;
      searched.set(key, rows);
    }
    for (const row of rows) {
      const matched = byUser.get(row.user_id);
      if (matched) matched.tenders.push(tender);
      else byUser.set(row.user_id, { search: row.detail, tenders: [tender] });
    }
  }
  const drafts = [...byUser].map(([userId, matched]): NotificationDraft => {
    const [only] = matched.tenders;
    if (only && matched.tenders.length === 1) {
      return {
        userId,
        kind: 'tender_matched',
        params: { ...matchedParams(only), search: matched.search },
        link: tenderLink(only),
      };
    }
    const lines = matched.tenders.slice(0, LISTED_TENDERS).map((tender) => {
      const facts = matchedParams(tender);
      return `${facts.number} ${facts.name}: ${facts.origin} → ${facts.destination}, ${facts.price} USD`;
    });
    if (matched.tenders.length > LISTED_TENDERS) lines.push('…');
    return {
      userId,
      kind: 'tenders_matched',
      params: { count: matched.tenders.length, search: matched.search, tenders: lines.join('\n') },
      link: webRoutes.tenders,
    };
  });
  return recordNotifications(trx, drafts);
}

/**
 * Tenders that opened: the owners of the saved searches they match are told (if still open): a tender made by
 * the form or published alone, and the tenders of an import together, one alert per carrier.
 */
export const savedSearchDueHandlers = {
  tender_match: {
    each: async (trx, tenderId, batch) => {
      const tender = await findOpenedTender(trx, tenderId);
      if (tender) announceAfterBatch(batch, await notifyMatchingSearches(trx, tender));
    },
  },
  import_match: {
    each: async (trx, importId, batch) => {
      const tenders = await findOpenedTendersOfImport(trx, importId);
      if (tenders.length > 0) announceAfterBatch(batch, await notifyMatchingSearchesOfImport(trx, tenders));
    },
  },
} satisfies Partial<DueHandlers>;
