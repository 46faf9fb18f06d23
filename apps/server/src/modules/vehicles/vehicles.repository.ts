import { sql, type Insertable, type Updateable } from 'kysely';
import type { Db } from '../../db/database.js';
import type { VehiclesTable } from './vehicles.tables.js';

/** At most this many vehicles are listed (the newest). */
export const VEHICLE_LIST_LIMIT = 500;

export type VehicleValues = Omit<Insertable<VehiclesTable>, 'id'>;

/** A vehicle with the names of its documents (never their bytes). */
export interface VehicleRecord extends Omit<VehiclesTable, 'id'> {
  id: number;
  registration_name: string | null;
  insurance_name: string | null;
  vehicle_photo_name: string | null;
}

export interface VehicleFilters {
  nameContains?: string;
  plateContains?: string;
  type?: string;
  status?: string;
  /** The list screen's search: the name contains one text, or the plate another, or the id is this one. */
  anyOf?: { nameContains: string; plateContains: string; id?: number };
}

/** Where a page of the list starts: after this vehicle in the list's order (newest first). */
export interface VehicleListPage {
  limit: number;
  after?: { created_at: string; id: number };
}

/** `column` contains `text`; LIKE wildcards in the text are escaped, so a search for "50%" finds that text. */
function contains(column: 'vehicles.name_search' | 'vehicles.plate_search', text: string) {
  const pattern = `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
  return sql<boolean>`${sql.ref(column)} like ${pattern} escape ${'\\'}`;
}

function selectVehicles(db: Db) {
  return db
    .selectFrom('vehicles')
    .leftJoin('files as registration', 'registration.id', 'vehicles.registration_file_id')
    .leftJoin('files as insurance', 'insurance.id', 'vehicles.insurance_file_id')
    .leftJoin('files as vehicle_photo', 'vehicle_photo.id', 'vehicles.vehicle_photo_file_id')
    .selectAll('vehicles')
    .select([
      'registration.original_name as registration_name',
      'insurance.original_name as insurance_name',
      'vehicle_photo.original_name as vehicle_photo_name',
    ]);
}

/** The last valid days of a vehicle's papers. */
const paperDateColumns = [
  'insurance_expires_on',
  'registration_expires_on',
  'inspection_expires_on',
  'permit_expires_on',
] as const;

/** What a reminder of a vehicle's papers names: its owner, name, plate and dates. */
export function findVehicleForReminder(db: Db, id: number) {
  return db
    .selectFrom('vehicles')
    .select(['owner_id', 'vehicle_name', 'license_plate', ...paperDateColumns])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** My vehicles, newest first: the newest VEHICLE_LIST_LIMIT, or the page asked for. */
export function findVehiclesByOwner(
  db: Db,
  ownerId: number,
  filters: VehicleFilters,
  page: VehicleListPage = { limit: VEHICLE_LIST_LIMIT },
): Promise<VehicleRecord[]> {
  const { anyOf } = filters;
  const after = page.after;
  return selectVehicles(db)
    .where('vehicles.owner_id', '=', ownerId)
    .$if(filters.nameContains !== undefined, (qb) =>
      qb.where(contains('vehicles.name_search', filters.nameContains ?? '')),
    )
    .$if(filters.plateContains !== undefined, (qb) =>
      qb.where(contains('vehicles.plate_search', filters.plateContains ?? '')),
    )
    .$if(filters.type !== undefined, (qb) => qb.where('vehicles.vehicle_type', '=', filters.type ?? ''))
    .$if(filters.status !== undefined, (qb) => qb.where('vehicles.current_status', '=', filters.status ?? ''))
    .$if(anyOf !== undefined, (qb) =>
      qb.where((eb) =>
        eb.or([
          contains('vehicles.name_search', anyOf?.nameContains ?? ''),
          contains('vehicles.plate_search', anyOf?.plateContains ?? ''),
          ...(anyOf?.id === undefined ? [] : [eb('vehicles.id', '=', anyOf.id)]),
        ]),
      ),
    )
    .$if(after !== undefined, (qb) =>
      qb.where((eb) =>
        eb.or([
          eb('vehicles.created_at', '<', after?.created_at ?? ''),
          eb.and([eb('vehicles.created_at', '=', after?.created_at ?? ''), eb('vehicles.id', '<', after?.id ?? 0)]),
        ]),
      ),
    )
    .orderBy('vehicles.created_at', 'desc')
    .orderBy('vehicles.id', 'desc')
    .limit(page.limit)
    .execute();
}

export function findVehicleOfOwner(db: Db, ownerId: number, id: number): Promise<VehicleRecord | undefined> {
  return selectVehicles(db).where('vehicles.id', '=', id).where('vehicles.owner_id', '=', ownerId).executeTakeFirst();
}

/** What decides whether my vehicle may be named in a bid: its status, capacity and paper dates. */
export function findVehicleForBid(db: Db, ownerId: number, id: number) {
  return db
    .selectFrom('vehicles')
    .select(['current_status', 'max_load_weight', 'weight_unit', ...paperDateColumns])
    .where('id', '=', id)
    .where('owner_id', '=', ownerId)
    .executeTakeFirst();
}

export async function isVehicleOfOwner(db: Db, ownerId: number, id: number): Promise<boolean> {
  const row = await db
    .selectFrom('vehicles')
    .select('id')
    .where('id', '=', id)
    .where('owner_id', '=', ownerId)
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertVehicle(db: Db, values: VehicleValues): Promise<number> {
  const row = await db.insertInto('vehicles').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export interface VehicleFileIds {
  registration_file_id: string | null;
  insurance_file_id: string | null;
  vehicle_photo_file_id: string | null;
}

const fileIdColumns = ['registration_file_id', 'insurance_file_id', 'vehicle_photo_file_id'] as const;

/**
 * Claims my vehicle for the rest of the transaction and returns its document ids and paper dates (undefined when it
 * is not mine). Writing the row first makes PostgreSQL lock it, so two updates of one vehicle take turns.
 */
export function lockVehicleOfOwner(db: Db, ownerId: number, id: number, at: string) {
  return db
    .updateTable('vehicles')
    .set({ updated_at: at })
    .where('id', '=', id)
    .where('owner_id', '=', ownerId)
    .returning([...fileIdColumns, ...paperDateColumns])
    .executeTakeFirst();
}

export async function updateVehicle(db: Db, id: number, values: Updateable<VehiclesTable>): Promise<void> {
  await db.updateTable('vehicles').set(values).where('id', '=', id).execute();
}

/** Deletes my vehicle; returns its document ids, or undefined when it is not mine. */
export function deleteVehicleOfOwner(db: Db, ownerId: number, id: number): Promise<VehicleFileIds | undefined> {
  return db
    .deleteFrom('vehicles')
    .where('id', '=', id)
    .where('owner_id', '=', ownerId)
    .returning(fileIdColumns)
    .executeTakeFirst();
}
