import type { Updateable } from 'kysely';
import type { AwardSide, WaybillStatus } from '@yuk/shared';
import type { Db } from '../../db/database.js';
import type { WaybillRow, WaybillsTable } from './waybills.tables.js';

export function findWaybill(db: Db, shipmentId: number): Promise<WaybillRow | undefined> {
  return db.selectFrom('waybills').selectAll().where('shipment_id', '=', shipmentId).executeTakeFirst();
}

export function findWaybillById(db: Db, id: number): Promise<WaybillRow | undefined> {
  return db.selectFrom('waybills').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The shipment's waybill row, made empty the first time (two at once keep one). */
export async function ensureWaybill(db: Db, shipmentId: number, at: string): Promise<WaybillRow> {
  await db
    .insertInto('waybills')
    .values({
      shipment_id: shipmentId,
      carrier_fields: '{}',
      shipper_fields: '{}',
      status: 'not_created',
      status_reason: null,
      didox_id: null,
      didox_status: null,
      document: null,
      waybill_date: null,
      rate: null,
      rate_date: null,
      delivery_cost_tiyin: null,
      delivery_asked_at: null,
      created_at: at,
      updated_at: at,
    })
    .onConflict((oc) => oc.column('shipment_id').doNothing())
    .execute();
  const row = await findWaybill(db, shipmentId);
  if (!row) throw new Error('waybill row missing after insert');
  return row;
}

/** Writes one side's fields, only while the waybill is not formed; false when it is. */
export async function writeFields(
  db: Db,
  id: number,
  column: 'carrier_fields' | 'shipper_fields',
  json: string,
  at: string,
): Promise<boolean> {
  const result = await db
    .updateTable('waybills')
    .set({ [column]: json, updated_at: at })
    .where('id', '=', id)
    .where('didox_id', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Claims the forming of the document at the operator; false when it is formed or another call is at it. */
export async function claimCreating(db: Db, id: number, nowMs: number, untilMs: number): Promise<boolean> {
  const result = await db
    .updateTable('waybills')
    .set({ creating_until_ms: untilMs })
    .where('id', '=', id)
    .where('didox_id', 'is', null)
    .where('creating_until_ms', '<=', nowMs)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function releaseCreating(db: Db, id: number): Promise<void> {
  await db.updateTable('waybills').set({ creating_until_ms: 0 }).where('id', '=', id).execute();
}

export async function updateWaybill(
  db: Db,
  id: number,
  values: Omit<Updateable<WaybillsTable>, 'id' | 'shipment_id' | 'created_at'>,
): Promise<void> {
  await db.updateTable('waybills').set(values).where('id', '=', id).execute();
}

export async function addEvent(
  db: Db,
  row: { waybill_id: number; at: string; status: WaybillStatus; by_side: AwardSide | 'operator'; note: string | null },
): Promise<void> {
  await db.insertInto('waybill_events').values(row).execute();
}

export function listEvents(db: Db, waybillId: number) {
  return db.selectFrom('waybill_events').selectAll().where('waybill_id', '=', waybillId).orderBy('id').execute();
}

export function findSession(db: Db, stir: string) {
  return db.selectFrom('didox_sessions').selectAll().where('company_stir', '=', stir).executeTakeFirst();
}

export async function saveSession(db: Db, stir: string, token: string, at: string): Promise<void> {
  await db
    .insertInto('didox_sessions')
    .values({ company_stir: stir, token, opened_at: at })
    .onConflict((oc) => oc.column('company_stir').doUpdateSet({ token, opened_at: at }))
    .execute();
}

export async function dropSession(db: Db, stir: string, token: string): Promise<void> {
  await db.deleteFrom('didox_sessions').where('company_stir', '=', stir).where('token', '=', token).execute();
}

/** The newest stored rate of a currency on or before a day. */
export function findRateOnOrBefore(db: Db, ccy: string, day: string) {
  return db
    .selectFrom('currency_rates')
    .selectAll()
    .where('ccy', '=', ccy)
    .where('rate_date', '<=', day)
    .orderBy('rate_date', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** When the rates were last fetched (the newest fetch of any day). */
export async function lastRateFetch(db: Db, ccy: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('currency_rates')
    .select((eb) => eb.fn.max('fetched_at').as('last'))
    .where('ccy', '=', ccy)
    .executeTakeFirst();
  return row?.last ?? undefined;
}

export async function saveRate(db: Db, ccy: string, day: string, rate: string, at: string): Promise<void> {
  await db
    .insertInto('currency_rates')
    .values({ ccy, rate_date: day, rate, fetched_at: at })
    .onConflict((oc) => oc.columns(['ccy', 'rate_date']).doUpdateSet({ rate, fetched_at: at }))
    .execute();
}
