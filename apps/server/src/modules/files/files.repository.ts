import type { Db } from '../../db/database.js';
import type { FileRow } from './files.tables.js';

export async function insertFile(db: Db, file: FileRow): Promise<void> {
  await db.insertInto('files').values(file).execute();
}

/** The whole file, bytes included: for the download only. */
export function findFileById(db: Db, id: string): Promise<FileRow | undefined> {
  return db.selectFrom('files').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function deleteFilesByIds(db: Db, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.deleteFrom('files').where('id', 'in', ids).execute();
}

/** Several files' types, without their bytes (for a list of links). */
export function findFileTypes(db: Db, ids: readonly string[]): Promise<{ id: string; content_type: string }[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('files').select(['id', 'content_type']).where('id', 'in', ids).execute();
}

/** Several whole files, bytes included (for a document that shows them). */
export function findFilesByIds(db: Db, ids: readonly string[]): Promise<FileRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('files').selectAll().where('id', 'in', ids).execute();
}
