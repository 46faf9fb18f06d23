import { randomBytes } from 'node:crypto';
import {
  bidVehicleRefusal,
  documentNoticeAtMs,
  nextDocumentNoticeMs,
  EXPIRING_DOCUMENTS,
  expiredDocuments,
  marketToday,
  WORKING_VEHICLE_STATUSES,
  pathTo,
  VEHICLE_DOCUMENTS,
  webRoutes,
  type ExpiringDocument,
  type Vehicle,
  type VehicleDocument,
  type VehicleFormValues,
  type VehicleListFilters,
} from '@yuk/shared';
import type { Db } from '../../db/database.js';
import { cancelDue, scheduleDue } from '../../db/due-actions.js';
import { AppError } from '../../errors.js';
import { CSV_PAGE_ROWS } from '../../plugins/csv.js';
import { deleteFilesByIds, insertFile, type CheckedFile, type FileLinks } from '../files/index.js';
import type { DueHandler, DueHandlers } from '../deadlines/index.js';
import { announceAfterBatch, recordNotifications } from '../notifications/index.js';
import * as repo from './vehicles.repository.js';

export interface VehiclesContext {
  db: Db;
  fileLinks: FileLinks;
}

/** New documents of a vehicle, already checked (type by bytes and extension, size, clean name). */
export type VehicleUploads = Partial<Record<VehicleDocument, CheckedFile>>;

const fileColumn = {
  registration: 'registration_file_id',
  insurance: 'insurance_file_id',
  vehicle_photo: 'vehicle_photo_file_id',
} as const satisfies Record<VehicleDocument, keyof repo.VehicleFileIds>;

const nameColumn = {
  registration: 'registration_name',
  insurance: 'insurance_name',
  vehicle_photo: 'vehicle_photo_name',
} as const satisfies Record<VehicleDocument, keyof repo.VehicleRecord>;

/** The name filter compares lower-cased text on both engines (SQLite's lower() knows only ASCII). */
export const nameSearchKey = (text: string) => text.trim().toLowerCase();
/** Plates match whatever the spacing or dashes: "01a123" finds "01 A 123 BC". */
export const plateSearchKey = (text: string) => text.toLowerCase().replace(/[\s-]+/g, '');

function toVehicle(record: repo.VehicleRecord, fileLinks: FileLinks): Vehicle {
  const documents = {} as Vehicle['documents'];
  const document_names = {} as Vehicle['document_names'];
  for (const kind of VEHICLE_DOCUMENTS) {
    const fileId = record[fileColumn[kind]];
    documents[kind] = fileId ? fileLinks.linkTo(fileId) : null;
    document_names[kind] = fileId ? record[nameColumn[kind]] : null;
  }
  return {
    id: record.id,
    vehicle_name: record.vehicle_name,
    vehicle_type: record.vehicle_type as Vehicle['vehicle_type'],
    license_plate: record.license_plate,
    vin: record.vin,
    year_of_manufacture: record.year_of_manufacture,
    current_status: record.current_status as Vehicle['current_status'],
    max_load_weight: record.max_load_weight,
    weight_unit: record.weight_unit as Vehicle['weight_unit'],
    max_volume: record.max_volume,
    volume_unit: record.volume_unit as Vehicle['volume_unit'],
    axle_count: record.axle_count,
    length: record.length,
    width: record.width,
    height: record.height,
    equipment_features: JSON.parse(record.equipment_features) as Vehicle['equipment_features'],
    documents,
    document_names,
    insurance_expires_on: record.insurance_expires_on,
    registration_expires_on: record.registration_expires_on,
    inspection_expires_on: record.inspection_expires_on,
    permit_expires_on: record.permit_expires_on,
    created_at: record.created_at,
  };
}

/**
 * The reminders of a vehicle's papers follow their dates: each is due the notice days before the last valid
 * day (at once, when that is already past), and gone when the date is. In the transaction that saves them.
 */
async function scheduleExpiryReminders(
  trx: Db,
  vehicleId: number,
  values: VehicleFormValues,
  nowMs: number,
  before?: Pick<repo.VehicleRecord, `${ExpiringDocument}_expires_on`>,
) {
  for (const document of EXPIRING_DOCUMENTS) {
    const expiresOn = values[`${document}_expires_on`];
    // an unchanged date keeps its reminder (and one already sent is not sent again)
    if (before && before[`${document}_expires_on`] === expiresOn) continue;
    const kind = `${document}_expiry` as const;
    if (expiresOn) await scheduleDue(trx, kind, vehicleId, Math.max(nowMs, documentNoticeAtMs(expiresOn)));
    else await cancelDue(trx, kind, vehicleId);
  }
}

/**
 * A reminder that fell due: tells the owner that the paper is about to run out (or has), if the vehicle still
 * has that date, and moves the same schedule row to the next reminder (30, 14, 7 and 1 days before), all in
 * the caller's transaction: each reminder is sent once, whatever restarts or instances. Reminders missed while
 * no server ran come as one. Returns the user told.
 */
async function remindOfExpiringDocument(
  trx: Db,
  document: ExpiringDocument,
  vehicleId: number,
  nowMs: number,
): Promise<number[]> {
  const vehicle = await repo.findVehicleForReminder(trx, vehicleId);
  const expiresOn = vehicle?.[`${document}_expires_on`];
  if (!vehicle || !expiresOn) return [];
  const next = nextDocumentNoticeMs(expiresOn, nowMs);
  if (next !== undefined) await scheduleDue(trx, `${document}_expiry`, vehicleId, next);
  const [year, month, day] = expiresOn.split('-');
  return recordNotifications(trx, [
    {
      userId: vehicle.owner_id,
      kind: 'document_expiring',
      params: {
        vehicle: `${vehicle.vehicle_name} (${vehicle.license_plate})`,
        document,
        expires_on: `${day}.${month}.${year}`,
      },
      link: pathTo(webRoutes.editVehicle, { id: vehicleId }),
    },
  ]);
}

/** The reminder of one paper, as the schedule runs it. */
const reminderOf = (document: ExpiringDocument): DueHandler => ({
  each: async (trx, vehicleId, batch) =>
    announceAfterBatch(batch, await remindOfExpiringDocument(trx, document, vehicleId, batch.nowMs)),
});

/** The vehicles' deadlines: a reminder kind per paper that runs out. */
export const vehicleDueHandlers = {
  insurance_expiry: reminderOf('insurance'),
  registration_expiry: reminderOf('registration'),
  inspection_expiry: reminderOf('inspection'),
  permit_expiry: reminderOf('permit'),
} satisfies Partial<DueHandlers>;

function columnValues(values: VehicleFormValues) {
  return {
    vehicle_name: values.vehicle_name,
    name_search: nameSearchKey(values.vehicle_name),
    vehicle_type: values.vehicle_type,
    license_plate: values.license_plate,
    plate_search: plateSearchKey(values.license_plate),
    vin: values.vin,
    year_of_manufacture: values.year_of_manufacture,
    current_status: values.current_status,
    max_load_weight: values.max_load_weight,
    weight_unit: values.weight_unit,
    max_volume: values.max_volume,
    volume_unit: values.volume_unit,
    axle_count: values.axle_count,
    length: values.length,
    width: values.width,
    height: values.height,
    equipment_features: JSON.stringify(values.equipment_features),
    insurance_expires_on: values.insurance_expires_on,
    registration_expires_on: values.registration_expires_on,
    inspection_expires_on: values.inspection_expires_on,
    permit_expires_on: values.permit_expires_on,
  };
}

/** Stores the new documents under fresh random ids; returns their ids by vehicle column. */
async function storeUploads(db: Db, ownerId: number, uploads: VehicleUploads, at: string) {
  const ids: Partial<repo.VehicleFileIds> = {};
  for (const kind of VEHICLE_DOCUMENTS) {
    const upload = uploads[kind];
    if (!upload) continue;
    const id = randomBytes(16).toString('hex');
    await insertFile(db, {
      id,
      owner_id: ownerId,
      content_type: upload.content_type,
      size: upload.data.length,
      original_name: upload.original_name,
      data: upload.data,
      created_at: at,
    });
    ids[fileColumn[kind]] = id;
  }
  return ids;
}

export async function getVehicle(ctx: VehiclesContext, ownerId: number, id: number): Promise<Vehicle> {
  const record = await repo.findVehicleOfOwner(ctx.db, ownerId, id);
  if (!record) throw new AppError('VEHICLE_NOT_FOUND');
  return toVehicle(record, ctx.fileLinks);
}

/** Answers 404 unless the vehicle is mine. */
export async function ensureOwnVehicle(ctx: VehiclesContext, ownerId: number, id: number): Promise<void> {
  if (!(await repo.isVehicleOfOwner(ctx.db, ownerId, id))) throw new AppError('VEHICLE_NOT_FOUND');
}

/**
 * My vehicle named in a bid on a tender of `cargoWeightKg` kg, on `today` (Tashkent): 404 unless it is mine (the
 * same for someone else's and a missing one); 400 with the reason on vehicle_id when it may not carry the cargo.
 */
export async function assertVehicleFitsBid(
  db: Db,
  ownerId: number,
  id: number,
  cargoWeightKg: number,
  today: string,
): Promise<void> {
  const vehicle = await repo.findVehicleForBid(db, ownerId, id);
  if (!vehicle) throw new AppError('VEHICLE_NOT_FOUND');
  const refusal = bidVehicleRefusal(vehicle, cargoWeightKg, today);
  if (refusal) throw new AppError(refusal, { fields: { vehicle_id: refusal } });
}

/** "12" or "#12": a search text that may also be a vehicle's id (as the list screen reads it). */
function idIn(search: string): number | undefined {
  const match = /^#?([1-9]\d{0,9})$/.exec(search);
  const id = match?.[1] ? Number(match[1]) : undefined;
  return id !== undefined && id <= 2_147_483_647 ? id : undefined;
}

function repoFilters(filters: VehicleListFilters): repo.VehicleFilters {
  const search = filters.search?.trim();
  return {
    nameContains: filters.name === undefined ? undefined : nameSearchKey(filters.name),
    plateContains: filters.licensePlate === undefined ? undefined : plateSearchKey(filters.licensePlate),
    type: filters.type,
    status: filters.status,
    anyOf: search
      ? { nameContains: nameSearchKey(search), plateContains: plateSearchKey(search), id: idIn(search) }
      : undefined,
  };
}

export async function listVehicles(
  ctx: VehiclesContext,
  ownerId: number,
  filters: VehicleListFilters,
): Promise<Vehicle[]> {
  const records = await repo.findVehiclesByOwner(ctx.db, ownerId, repoFilters(filters));
  return records.map((record) => toVehicle(record, ctx.fileLinks));
}

/**
 * Every vehicle of the list for a CSV, page after page (CSV_PAGE_ROWS at a time, newest first, each page
 * after the last vehicle of the one before): the same filters, none of the screen's limit.
 */
export function vehiclePages(
  ctx: VehiclesContext,
  ownerId: number,
  filters: VehicleListFilters,
): AsyncIterable<Vehicle[]> {
  const where = repoFilters(filters);
  async function* pages() {
    let after: repo.VehicleListPage['after'];
    for (;;) {
      const records = await repo.findVehiclesByOwner(ctx.db, ownerId, where, { limit: CSV_PAGE_ROWS, after });
      yield records.map((record) => toVehicle(record, ctx.fileLinks));
      const last = records.at(-1);
      if (records.length < CSV_PAGE_ROWS || !last) return;
      after = { created_at: last.created_at, id: last.id };
    }
  }
  return pages();
}

/** Stores a new vehicle and its documents in one transaction (all of it, or nothing); returns its id. */
export function storeNewVehicle(
  db: Db,
  ownerId: number,
  values: VehicleFormValues,
  uploads: VehicleUploads,
  at: string,
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const fileIds = await storeUploads(trx, ownerId, uploads, at);
    const id = await repo.insertVehicle(trx, {
      owner_id: ownerId,
      ...columnValues(values),
      registration_file_id: fileIds.registration_file_id ?? null,
      insurance_file_id: fileIds.insurance_file_id ?? null,
      vehicle_photo_file_id: fileIds.vehicle_photo_file_id ?? null,
      created_at: at,
      updated_at: at,
    });
    await scheduleExpiryReminders(trx, id, values, Date.parse(at));
    return id;
  });
}

/** A vehicle whose insurance or registration has run out is not put to work (400, beside the dates). */
function assertPapersAllowStatus(values: VehicleFormValues, now: Date): void {
  if (!(WORKING_VEHICLE_STATUSES as readonly string[]).includes(values.current_status)) return;
  const expired = expiredDocuments(values, marketToday(now));
  if (expired.length === 0) return;
  const fields: Record<string, string> = { current_status: 'VEHICLE_PAPERS_EXPIRED' };
  for (const document of expired) fields[`${document}_expires_on`] = 'VEHICLE_PAPERS_EXPIRED';
  throw new AppError('VEHICLE_PAPERS_EXPIRED', { fields });
}

export async function createVehicle(
  ctx: VehiclesContext,
  ownerId: number,
  values: VehicleFormValues,
  uploads: VehicleUploads,
): Promise<Vehicle> {
  assertPapersAllowStatus(values, new Date());
  const id = await storeNewVehicle(ctx.db, ownerId, values, uploads, new Date().toISOString());
  return getVehicle(ctx, ownerId, id);
}

/**
 * Replaces a vehicle's values. A document sent replaces the old one (which is deleted); a document not
 * sent is kept. One transaction.
 */
export async function updateVehicle(
  ctx: VehiclesContext,
  ownerId: number,
  id: number,
  values: VehicleFormValues,
  uploads: VehicleUploads,
): Promise<Vehicle> {
  assertPapersAllowStatus(values, new Date());
  const at = new Date().toISOString();
  await ctx.db.transaction().execute(async (trx) => {
    const current = await repo.lockVehicleOfOwner(trx, ownerId, id, at);
    if (!current) throw new AppError('VEHICLE_NOT_FOUND');
    const fileIds = await storeUploads(trx, ownerId, uploads, at);
    await repo.updateVehicle(trx, id, { ...columnValues(values), ...fileIds, updated_at: at });
    await scheduleExpiryReminders(trx, id, values, Date.parse(at), current);
    const replaced = VEHICLE_DOCUMENTS.filter((kind) => uploads[kind])
      .map((kind) => current[fileColumn[kind]])
      .filter((fileId): fileId is string => fileId !== null);
    await deleteFilesByIds(trx, replaced);
  });
  return getVehicle(ctx, ownerId, id);
}

/** Deletes a vehicle and its documents in one transaction. */
export async function deleteVehicle(ctx: VehiclesContext, ownerId: number, id: number): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const deleted = await repo.deleteVehicleOfOwner(trx, ownerId, id);
    if (!deleted) throw new AppError('VEHICLE_NOT_FOUND');
    for (const document of EXPIRING_DOCUMENTS) await cancelDue(trx, `${document}_expiry`, id);
    await deleteFilesByIds(
      trx,
      Object.values(deleted).filter((fileId): fileId is string => fileId !== null),
    );
  });
}
