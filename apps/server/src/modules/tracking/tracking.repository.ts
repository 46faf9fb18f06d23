import { sql } from 'kysely';
import { engineOf, type Db } from '../../db/database.js';
import { preparedQuery } from '../../db/prepared.js';
import type { ShipmentPositionsTable, ShipmentShareLinksTable } from './tracking.tables.js';

const pointColumns = ['recorded_ms', 'lat_e6', 'lon_e6', 'accuracy_m', 'speed_kmh'] as const;
export type PositionRow = Pick<ShipmentPositionsTable, (typeof pointColumns)[number]>;

/**
 * The times of the points kept around [fromMs, toMs] (what a new batch is thinned against). A hot statement
 * of every batch: prepared once.
 */
const keptTimesQuery = preparedQuery<{ shipmentId: number; fromMs: number; toMs: number }, { recorded_ms: number }>(
  (db, arg) =>
    db
      .selectFrom('shipment_positions')
      .select('recorded_ms')
      .where('shipment_id', '=', arg('shipmentId'))
      .where('recorded_ms', '>=', arg('fromMs'))
      .where('recorded_ms', '<=', arg('toMs'))
      .orderBy('recorded_ms'),
);

export async function keptTimesBetween(db: Db, shipmentId: number, fromMs: number, toMs: number): Promise<number[]> {
  // int8 arrives as a number (the pg type parser); SQLite gives numbers already
  return (await keptTimesQuery.all(db, { shipmentId, fromMs, toMs })).map((row) => Number(row.recorded_ms));
}

/**
 * On PostgreSQL, batches of one shipment take turns (a transaction-scoped advisory lock on the shipment), so two
 * batches sent at once cannot both keep points within 10 s of each other. SQLite runs one writer at a time.
 */
export async function lockShipmentTrack(trx: Db, shipmentId: number): Promise<void> {
  if (engineOf(trx) === 'postgres') await sql`select pg_advisory_xact_lock(${7301}, ${shipmentId})`.execute(trx);
}

/** One point, prepared once (a batch is a handful of them, inside its transaction). */
const insertPosition = preparedQuery<
  { shipmentId: number; recordedMs: number; latE6: number; lonE6: number; accuracyM: number; speedKmh: number | null },
  never
>((db, arg) =>
  db
    .insertInto('shipment_positions')
    .values({
      shipment_id: arg('shipmentId'),
      recorded_ms: arg('recordedMs'),
      lat_e6: arg('latE6'),
      lon_e6: arg('lonE6'),
      accuracy_m: arg('accuracyM'),
      speed_kmh: arg('speedKmh'),
    })
    .onConflict((oc) => oc.columns(['shipment_id', 'recorded_ms']).doNothing()),
);

/** Adds points; one already kept at the same time stays as it was. */
export async function insertPositions(trx: Db, rows: ShipmentPositionsTable[]): Promise<void> {
  for (const row of rows) {
    await insertPosition.all(trx, {
      shipmentId: row.shipment_id,
      recordedMs: row.recorded_ms,
      latE6: row.lat_e6,
      lonE6: row.lon_e6,
      accuracyM: row.accuracy_m,
      speedKmh: row.speed_kmh,
    });
  }
}

/** The points taken after `sinceMs` (all when null), oldest first, at most `limit`. */
export function positionsAfter(db: Db, shipmentId: number, sinceMs: number | null, limit: number) {
  let query = db
    .selectFrom('shipment_positions')
    .select(pointColumns)
    .where('shipment_id', '=', shipmentId)
    .orderBy('recorded_ms')
    .limit(limit);
  if (sinceMs !== null) query = query.where('recorded_ms', '>', sinceMs);
  return query.execute();
}

export async function countPositions(db: Db, shipmentId: number): Promise<number> {
  const row = await db
    .selectFrom('shipment_positions')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('shipment_id', '=', shipmentId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * `max` points evenly spread over a shipment's `count` points, oldest first, the first and the last among them:
 * the n-th point is taken when (n − 1)·(max − 1)/(count − 1) reaches a new whole number.
 */
export async function evenSample(db: Db, shipmentId: number, count: number, max: number): Promise<PositionRow[]> {
  // whole numbers written into the statement: SQLite binds a JS number as a real, which would not divide whole
  const spread = sql.lit(Math.trunc(max - 1));
  const over = sql.lit(Math.max(1, Math.trunc(count - 1)));
  const result = await sql<PositionRow>`
    select recorded_ms, lat_e6, lon_e6, accuracy_m, speed_kmh from (
      select recorded_ms, lat_e6, lon_e6, accuracy_m, speed_kmh,
             row_number() over (order by recorded_ms) as place
      from shipment_positions where shipment_id = ${shipmentId}
    ) as numbered
    where place = 1 or ((place - 1) * ${spread}) / ${over} > ((place - 2) * ${spread}) / ${over}
    order by recorded_ms`.execute(db);
  return result.rows;
}

export async function insertShareLink(db: Db, values: Omit<ShipmentShareLinksTable, 'id'>): Promise<void> {
  await db.insertInto('shipment_share_links').values(values).execute();
}

/** A link by its token's hash, with the shipment it shows (revoked or not: the caller decides). */
export function findShareLink(db: Db, tokenHash: string) {
  return db
    .selectFrom('shipment_share_links')
    .select(['id', 'shipment_id', 'revoked_at'])
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/** Revokes the shipment's link with this hash; false when the shipment has no such link still working. */
export async function revokeShareLink(db: Db, shipmentId: number, tokenHash: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable('shipment_share_links')
    .set({ revoked_at: at })
    .where('shipment_id', '=', shipmentId)
    .where('token_hash', '=', tokenHash)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Revokes every working link of a shipment; how many there were. */
export async function revokeAllShareLinks(db: Db, shipmentId: number, at: string): Promise<number> {
  const result = await db
    .updateTable('shipment_share_links')
    .set({ revoked_at: at })
    .where('shipment_id', '=', shipmentId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
