import type { Updateable } from 'kysely';
import type { VerificationStatus } from '@yuk/shared';
import type { Db } from '../../db/database.js';
import { idIn } from '../../db/id-list.js';
import type { CompaniesTable, CompanyRow } from './companies.tables.js';

type CompanyChanges = Omit<Updateable<CompaniesTable>, 'id' | 'user_id' | 'created_at'>;

/** The company of a user, made (blank, unverified) the first time it is asked for. */
export async function ensureCompany(db: Db, userId: number, now: string): Promise<CompanyRow> {
  await db
    .insertInto('companies')
    .values({ user_id: userId, created_at: now, updated_at: now })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .execute();
  return db.selectFrom('companies').selectAll().where('user_id', '=', userId).executeTakeFirstOrThrow();
}

/** The company of a user, if it was ever made. */
export function findCompanyOfUser(db: Db, userId: number) {
  return db.selectFrom('companies').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

export function findCompanyById(db: Db, id: number) {
  return db.selectFrom('companies').selectAll().where('id', '=', id).executeTakeFirst();
}

/** A company someone has filled in (a blank profile is no one to report or show). */
export async function findFilledCompany(db: Db, id: number) {
  const row = await findCompanyById(db, id);
  return row?.name ? row : undefined;
}

/** The filled-in companies of these users, by user. */
export async function companiesOfUsers(db: Db, userIds: number[]) {
  if (userIds.length === 0) return new Map<number, { id: number; name: string; stir: string; verified: boolean }>();
  const rows = await db
    .selectFrom('companies')
    .select(['id', 'user_id', 'name', 'stir', 'verification_status'])
    .where(idIn(db, 'user_id', userIds))
    .where('name', '<>', '')
    .execute();
  return new Map(
    rows.map((row) => [
      row.user_id,
      { id: row.id, name: row.name, stir: row.stir, verified: row.verification_status === 'verified' },
    ]),
  );
}

/** What the rules of trading ask of a user's company (undefined: no profile yet). */
export function findCompanyStanding(db: Db, userId: number) {
  return db
    .selectFrom('companies')
    .select(['id', 'verification_status', 'suspended_at'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export async function updateCompany(db: Db, id: number, values: CompanyChanges): Promise<void> {
  await db.updateTable('companies').set(values).where('id', '=', id).execute();
}

/** Moves a company from one of `from` to `to`; false when it was not in such a status. */
export async function moveVerification(
  db: Db,
  id: number,
  from: VerificationStatus[],
  values: CompanyChanges & { verification_status: VerificationStatus },
): Promise<boolean> {
  const result = await db
    .updateTable('companies')
    .set(values)
    .where('id', '=', id)
    .where('verification_status', 'in', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Whether another company, verified, holds this STIR. */
export async function isStirVerifiedElsewhere(db: Db, stir: string, companyId: number): Promise<boolean> {
  const row = await db
    .selectFrom('companies')
    .select('id')
    .where('stir', '=', stir)
    .where('verification_status', '=', 'verified')
    .where('id', '<>', companyId)
    .executeTakeFirst();
  return row !== undefined;
}

export function listCompaniesForReview(db: Db, status: VerificationStatus | undefined) {
  let query = db.selectFrom('companies').selectAll().orderBy('updated_at').orderBy('id').limit(200);
  if (status) query = query.where('verification_status', '=', status);
  else query = query.where('name', '<>', '');
  return query.execute();
}

export async function recordDecision(
  db: Db,
  decision: {
    companyId: number;
    moderatorId: number;
    action: 'verify' | 'reject' | 'suspend' | 'unsuspend';
    reason: string | null;
    at: string;
  },
): Promise<void> {
  await db
    .insertInto('company_decisions')
    .values({
      company_id: decision.companyId,
      moderator_id: decision.moderatorId,
      action: decision.action,
      reason: decision.reason,
      created_at: decision.at,
    })
    .execute();
}

/** How many deals of a company's user were delivered (as owner or carrier). */
export async function dealsCompleted(db: Db, userId: number): Promise<number> {
  const deals = await db
    .selectFrom('shipments')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('status', '=', 'delivered')
    .where((eb) => eb.or([eb('owner_id', '=', userId), eb('carrier_id', '=', userId)]))
    .executeTakeFirstOrThrow();
  return Number(deals.n);
}
