import type { Db } from '../../db/database.js';
import type { EriLinkRow } from './eri.tables.js';

export function findLinkByPinfl(db: Db, pinfl: string) {
  return db.selectFrom('eri_links').selectAll().where('pinfl', '=', pinfl).executeTakeFirst();
}

export function findLinkOfUser(db: Db, userId: number) {
  return db.selectFrom('eri_links').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

/** Replaces the user's link; false when another user holds the PINFL (the unique index decides, even in a race). */
export async function replaceLink(db: Db, row: EriLinkRow): Promise<boolean> {
  await db.deleteFrom('eri_links').where('user_id', '=', row.user_id).execute();
  const inserted = await db
    .insertInto('eri_links')
    .values(row)
    .onConflict((oc) => oc.column('pinfl').doNothing())
    .returning('user_id')
    .executeTakeFirst();
  return inserted !== undefined;
}

export async function deleteLink(db: Db, userId: number): Promise<void> {
  await db.deleteFrom('eri_links').where('user_id', '=', userId).execute();
}

/** The certificate's details as read at a sign-in (the PINFL, and so the link, stays). */
export async function refreshLink(db: Db, row: EriLinkRow): Promise<void> {
  const { user_id: userId, pinfl, ...values } = row;
  await db.updateTable('eri_links').set(values).where('user_id', '=', userId).where('pinfl', '=', pinfl).execute();
}
