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
