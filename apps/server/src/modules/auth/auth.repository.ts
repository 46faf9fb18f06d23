import { sql } from 'kysely';
import { engineOf, type Db } from '../../db/database.js';

const DAY_MS = 24 * 60 * 60_000;

/**
 * Holds the phone's codes for the rest of the transaction, so that two sends at once cannot both pass the
 * cooldown. PostgreSQL: a transaction-scoped advisory lock on the number; SQLite runs one writer at a time.
 */
export async function lockPhone(trx: Db, phone: string): Promise<void> {
  if (engineOf(trx) === 'postgres') await sql`select pg_advisory_xact_lock(hashtext(${`sms:${phone}`}))`.execute(trx);
}

/**
 * Holds the account's reset links for the rest of the transaction, so that two mails sent at once cannot
 * both pass the hourly cap (PostgreSQL: an advisory lock on the user; SQLite runs one writer at a time).
 */
export async function lockResets(trx: Db, userId: number): Promise<void> {
  if (engineOf(trx) === 'postgres')
    await sql`select pg_advisory_xact_lock(hashtext(${`reset:${userId}`}))`.execute(trx);
}

/** How many codes went to this phone and to this address since `sinceMs`, and the earliest of each. */
export async function codesSince(db: Db, phone: string, clientAddress: string, sinceMs: number) {
  const [byPhone, byAddress] = await Promise.all([
    db
      .selectFrom('sms_codes')
      .select((eb) => [
        eb.fn.countAll<number>().as('count'),
        eb.fn.min('created_at_ms').as('first'),
        eb.fn.max('created_at_ms').as('last'),
      ])
      .where('phone', '=', phone)
      .where('created_at_ms', '>', sinceMs)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('sms_codes')
      .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.min('created_at_ms').as('first')])
      .where('client_address', '=', clientAddress)
      .where('created_at_ms', '>', sinceMs)
      .executeTakeFirstOrThrow(),
  ]);
  const num = (value: unknown) => (value === null || value === undefined ? null : Number(value));
  return {
    phone: { count: Number(byPhone.count), first: num(byPhone.first), last: num(byPhone.last) },
    address: { count: Number(byAddress.count), first: num(byAddress.first) },
  };
}

export async function insertCode(
  trx: Db,
  values: { phone: string; code_hash: string; client_address: string; created_at_ms: number; expires_at_ms: number },
): Promise<void> {
  await trx
    .insertInto('sms_codes')
    .values({ ...values, used_at_ms: null })
    .execute();
  // codes older than two days count for nothing any more: each send clears them, by the creation index
  await trx
    .deleteFrom('sms_codes')
    .where('created_at_ms', '<', values.created_at_ms - 2 * DAY_MS)
    .execute();
}

/** The phone's newest code, if it is still unused, unexpired and not worn out by wrong tries. */
export function findLiveCode(db: Db, phone: string, nowMs: number, maxWrong: number) {
  return db
    .selectFrom('sms_codes')
    .select(['id', 'code_hash', 'wrong_tries'])
    .where('phone', '=', phone)
    .where('used_at_ms', 'is', null)
    .where('expires_at_ms', '>', nowMs)
    .where('wrong_tries', '<', maxWrong)
    .orderBy('created_at_ms', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** Counts a wrong try; the tries now used, or undefined when the code was used up meanwhile. */
export async function countWrongTry(db: Db, id: number, maxWrong: number): Promise<number | undefined> {
  const row = await db
    .updateTable('sms_codes')
    .set((eb) => ({ wrong_tries: eb('wrong_tries', '+', 1) }))
    .where('id', '=', id)
    .where('used_at_ms', 'is', null)
    .where('wrong_tries', '<', maxWrong)
    .returning('wrong_tries')
    .executeTakeFirst();
  return row?.wrong_tries;
}

/** Uses the code up; true only for the one caller that did (a code signs in once). */
export async function useCode(db: Db, id: number, nowMs: number, maxWrong: number): Promise<boolean> {
  const result = await db
    .updateTable('sms_codes')
    .set({ used_at_ms: nowMs })
    .where('id', '=', id)
    .where('used_at_ms', 'is', null)
    .where('wrong_tries', '<', maxWrong)
    .where('expires_at_ms', '>', nowMs)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** How many reset links the user was sent since `sinceMs`. */
export async function resetsSince(db: Db, userId: number, sinceMs: number): Promise<number> {
  const row = await db
    .selectFrom('password_resets')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('user_id', '=', userId)
    .where('created_at_ms', '>', sinceMs)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function insertReset(
  trx: Db,
  values: { token_hash: string; user_id: number; created_at_ms: number; expires_at_ms: number },
): Promise<void> {
  await trx
    .insertInto('password_resets')
    .values({ ...values, used_at_ms: null })
    .execute();
}

/** Uses a reset link up (and every other open link of the user); the user's id, or undefined if none worked. */
export async function useReset(trx: Db, tokenHash: string, nowMs: number): Promise<number | undefined> {
  const row = await trx
    .updateTable('password_resets')
    .set({ used_at_ms: nowMs })
    .where('token_hash', '=', tokenHash)
    .where('used_at_ms', 'is', null)
    .where('expires_at_ms', '>', nowMs)
    .returning('user_id')
    .executeTakeFirst();
  if (!row) return undefined;
  await trx
    .updateTable('password_resets')
    .set({ used_at_ms: nowMs })
    .where('user_id', '=', row.user_id)
    .where('used_at_ms', 'is', null)
    .execute();
  return row.user_id;
}
