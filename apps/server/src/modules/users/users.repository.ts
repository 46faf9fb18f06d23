import { sql } from 'kysely';
import type { Language, User } from '@yuk/shared';
import { committedLookup } from '../../db/committed-lookup.js';
import type { Db } from '../../db/database.js';
import { preparedQuery } from '../../db/prepared.js';
import type { UserRow } from './users.tables.js';

const publicColumns = [
  'id',
  'first_name',
  'last_name',
  'email',
  'phone_number',
  'phone_verified_at',
  'created_at',
  'role',
] as const;

type PublicRow = Pick<UserRow, (typeof publicColumns)[number]>;

/** A user as the API shows them. */
export function toUser({ phone_verified_at, ...row }: PublicRow): User {
  return { ...row, phone_verified: phone_verified_at !== null };
}

export async function insertUser(
  db: Db,
  values: Omit<UserRow, 'id' | 'role' | 'language' | 'phone_verified_at'> & { language?: UserRow['language'] },
): Promise<User | undefined> {
  // ON CONFLICT keeps a duplicate e-mail from raising: the caller turns "nothing inserted" into a 409.
  const row = await db
    .insertInto('users')
    .values(values)
    .onConflict((oc) => oc.column('email').doNothing())
    .returning(publicColumns)
    .executeTakeFirst();
  return row && toUser(row);
}

export function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
}

export async function findUserById(db: Db, id: number): Promise<User | undefined> {
  const row = await db.selectFrom('users').select(publicColumns).where('id', '=', id).executeTakeFirst();
  return row && toUser(row);
}

/** The account whose proven phone this is (at most one). */
export async function findUserByVerifiedPhone(db: Db, phone: string): Promise<User | undefined> {
  const row = await db
    .selectFrom('users')
    .select(publicColumns)
    .where('phone_number', '=', phone)
    .where('phone_verified_at', 'is not', null)
    .executeTakeFirst();
  return row && toUser(row);
}

/**
 * Makes `phone` the user's proven number. A number belongs to whoever proved it last: another account that
 * had proven it before (a number passed on to someone else) loses the proof, and with it signing in by SMS.
 */
export async function setVerifiedPhone(db: Db, userId: number, phone: string, at: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ phone_verified_at: null })
    .where('phone_number', '=', phone)
    .where('phone_verified_at', 'is not', null)
    .where('id', '!=', userId)
    .execute();
  await db.updateTable('users').set({ phone_number: phone, phone_verified_at: at }).where('id', '=', userId).execute();
}

export async function setPasswordHash(db: Db, userId: number, passwordHash: string): Promise<void> {
  await db.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', userId).execute();
}

/** Ends every open session of a user (their refresh tokens stop working, their access tokens with them); their ids. */
export async function revokeUserSessions(db: Db, userId: number, reason: string, at: string): Promise<string[]> {
  const rows = await db
    .updateTable('sessions')
    .set({ revoked_at: at, revoked_reason: reason })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .returning('id')
    .execute();
  return rows.map((row) => row.id);
}

export async function insertSession(
  db: Db,
  session: { id: string; user_id: number; created_at: string; ip?: string | null; user_agent?: string | null },
) {
  await db
    .insertInto('sessions')
    .values({
      id: session.id,
      user_id: session.user_id,
      created_at: session.created_at,
      revoked_at: null,
      revoked_reason: null,
      ip: session.ip ?? null,
      user_agent: session.user_agent ?? null,
      last_used_at: session.created_at,
    })
    .execute();
}

/** A session renewed its tokens: when, and from where. */
export async function touchSession(
  db: Db,
  id: string,
  values: { last_used_at: string; ip: string | null; user_agent: string | null },
) {
  await db.updateTable('sessions').set(values).where('id', '=', id).execute();
}

/**
 * A user's sessions that may still be used: not ended, and renewed within the life of a refresh token (an
 * older one can no longer renew, so it is over even though nobody ended it). Most recently used first.
 */
export function listOpenSessions(db: Db, userId: number, usedSince: string) {
  return db
    .selectFrom('sessions')
    .select(['id', 'created_at', 'last_used_at', 'ip', 'user_agent'])
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where((eb) => eb(eb.fn.coalesce('last_used_at', 'created_at'), '>', usedSince))
    .orderBy(sql`coalesce(last_used_at, created_at)`, 'desc')
    .orderBy('id')
    .execute();
}

/** Ends one session of this user; false when the user has no such open session. */
export async function revokeUserSession(db: Db, userId: number, id: string, reason: string, at: string) {
  const result = await db
    .updateTable('sessions')
    .set({ revoked_at: at, revoked_reason: reason })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Ends every open session of the user but one; the ids of those ended. */
export async function revokeSessionsExcept(db: Db, userId: number, keepId: string, reason: string, at: string) {
  const rows = await db
    .updateTable('sessions')
    .set({ revoked_at: at, revoked_reason: reason })
    .where('user_id', '=', userId)
    .where('id', '!=', keepId)
    .where('revoked_at', 'is', null)
    .returning('id')
    .execute();
  return rows.map((row) => row.id);
}

// run on every signed-in request: prepared once
const activeSession = preparedQuery<{ key: string }, { id: string; user_id: number }>((db, arg) =>
  db.selectFrom('sessions').select(['id', 'user_id']).where('id', '=', arg('key')).where('revoked_at', 'is', null),
);

// …and on PostgreSQL read for all the requests of one turn together (committedLookup)
const activeSessions = committedLookup({
  one: activeSession,
  many: preparedQuery<{ keys: string[] }, { id: string; user_id: number }>((db, arg) =>
    db
      .selectFrom('sessions')
      .select(['id', 'user_id'])
      .where('id', '=', sql<string>`any(cast(${arg('keys')} as text[]))`)
      .where('revoked_at', 'is', null),
  ),
  keyOf: (row) => row.id,
});

export function findActiveSession(db: Db, id: string) {
  return activeSession.first(db, { key: id });
}

/** Whether the user's session is open as last committed: the check of every signed-in request. */
export async function isSessionOpenFor(db: Db, sessionId: string, userId: number): Promise<boolean> {
  return (await activeSessions.find(db, sessionId))?.user_id === userId;
}

export async function revokeSession(db: Db, id: string, reason: string, at: string) {
  await db
    .updateTable('sessions')
    .set({ revoked_at: at, revoked_reason: reason })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .execute();
}

export async function insertRefreshToken(
  db: Db,
  token: { id: string; session_id: string; token_hash: string; expires_at: string; created_at: string },
) {
  await db
    .insertInto('refresh_tokens')
    .values({ ...token, used_at: null })
    .execute();
}

export function findRefreshToken(db: Db, id: string) {
  return db.selectFrom('refresh_tokens').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Marks a refresh token used; true only for the one caller that used it first. */
export async function markRefreshTokenUsed(db: Db, id: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable('refresh_tokens')
    .set({ used_at: at })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** A user's role (undefined when the user does not exist). */
export async function findUserRole(db: Db, userId: number) {
  return (await db.selectFrom('users').select('role').where('id', '=', userId).executeTakeFirst())?.role;
}

/** Every moderator's id (the review queue's readers). */
export async function moderatorIds(db: Db): Promise<number[]> {
  const rows = await db.selectFrom('users').select('id').where('role', '=', 'moderator').execute();
  return rows.map((row) => row.id);
}

/** Makes a user (by e-mail) a moderator; false when there is no such user. */
export async function grantModerator(db: Db, email: string): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ role: 'moderator' })
    .where('email', '=', email.trim().toLowerCase())
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** How to reach each of these users outside the app: their e-mail and the language they read. */
export async function contactsOfUsers(db: Db, userIds: readonly number[]) {
  if (userIds.length === 0) return new Map<number, { email: string; language: Language }>();
  const rows = await db
    .selectFrom('users')
    .select(['id', 'email', 'language'])
    .where('id', 'in', [...new Set(userIds)])
    .execute();
  return new Map(rows.map((row) => [row.id, { email: row.email, language: row.language }]));
}

export async function setUserLanguage(db: Db, userId: number, language: Language): Promise<void> {
  await db.updateTable('users').set({ language }).where('id', '=', userId).execute();
}
