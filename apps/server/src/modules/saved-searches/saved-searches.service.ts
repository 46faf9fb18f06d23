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
import { announceAfterBatch, recordNotificationsFor } from '../notifications/index.js';
import { findOpenedTender } from '../tenders/index.js';
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

/**
 * Tells the owner of every saved search an opening tender matches (once per user, naming their first such
 * search), in the caller's transaction; the tender's owner is never told of their own. The database writes
 * the notifications in one statement, however many users they go to. Returns who was told.
 */
export async function notifyMatchingSearches(trx: Db, tender: OpenedTenderFacts): Promise<number[]> {
  return recordNotificationsFor(trx, {
    recipients: repo.matchingSearchOwners({
      ownerId: tender.owner_id,
      originKey: placeKey(tender.origin_location),
      destinationKey: placeKey(tender.destination_location),
      modeMask: tender.mode_mask,
      weight: tender.cargo_weight,
      priceCents: tender.initial_price_cents,
    }),
    kind: 'tender_matched',
    detailKey: 'search',
    params: {
      number: tender.number,
      name: tender.name,
      origin: tender.origin_location,
      destination: tender.destination_location,
      price: formatUsd(tender.initial_price_cents),
    },
    link: pathTo(webRoutes.tender, { id: tender.id }),
  });
}

/** A tender that opened: the owners of the saved searches it matches are told (if it is still open). */
export const savedSearchDueHandlers = {
  tender_match: {
    each: async (trx, tenderId, batch) => {
      const tender = await findOpenedTender(trx, tenderId);
      if (tender) announceAfterBatch(batch, await notifyMatchingSearches(trx, tender));
    },
  },
} satisfies Partial<DueHandlers>;
