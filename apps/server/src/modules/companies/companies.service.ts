import { randomBytes } from 'node:crypto';
import {
  COMPANY_DOCUMENTS,
  type Company,
  type CompanyValues,
  type CompanyDocument,
  type PublicCompany,
  type VerificationStatus,
  webRoutes,
} from '@yuk/shared';
import type { Db } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { recordAudit } from '../audit/index.js';
import type { EventBus } from '../../plugins/event-bus.js';
import { deleteFilesByIds, insertFile, type CheckedFile, type FileLinks } from '../files/index.js';
import { announce, recordNotifications } from '../notifications/index.js';
import { noShowCounts, ratingFigures } from '../ratings/index.js';
import { assertModerator, moderatorIds } from '../users/index.js';
import * as repo from './companies.repository.js';
import type { CompanyRow } from './companies.tables.js';

export interface CompaniesContext {
  db: Db;
  bus: EventBus;
  fileLinks: FileLinks;
}

export type CompanyUploads = Partial<Record<CompanyDocument, CheckedFile>>;

const fileColumn = {
  licence: 'licence_file_id',
  registration_certificate: 'registration_certificate_file_id',
} as const satisfies Record<CompanyDocument, keyof CompanyRow>;

/** A company as its user (and moderators) see it, documents as short-lived signed links. */
export function toCompany(row: CompanyRow, fileLinks: FileLinks): Company {
  const link = (id: string | null) => (id ? fileLinks.linkTo(id) : null);
  return {
    id: row.id,
    name: row.name,
    stir: row.stir,
    kind: row.kind,
    legal_address: row.legal_address,
    director: row.director,
    phone: row.phone,
    documents: {
      licence: link(row.licence_file_id),
      registration_certificate: link(row.registration_certificate_file_id),
    },
    verification_status: row.verification_status,
    rejection_reason: row.rejection_reason,
    suspended: row.suspended_at !== null,
    suspension_reason: row.suspension_reason,
    verified_at: row.verified_at,
    verified_by: row.verification_status === 'verified' ? row.verified_by : null,
    created_at: row.created_at,
  };
}

export async function getMyCompany(ctx: CompaniesContext, userId: number): Promise<Company> {
  return toCompany(await repo.ensureCompany(ctx.db, userId, new Date().toISOString()), ctx.fileLinks);
}

/** What a moderator checked: a verified or pending company that changes any of it waits for a moderator again. */
const REVIEWED_STATUSES: readonly VerificationStatus[] = ['verified', 'pending'];

/**
 * Saves the profile and any new documents, all or nothing. A verified (or pending) company whose name or STIR
 * changes, or that replaces a document, goes back to review: what was checked is no longer what is shown. It
 * is then pending (the public mark goes until a moderator decides), the moderators are told, and the trail
 * records it, in the same transaction. A replaced document's file is deleted with it: its old links answer 404.
 */
export async function updateMyCompany(
  ctx: CompaniesContext,
  userId: number,
  form: CompanyValues,
  uploads: CompanyUploads,
): Promise<Company> {
  const values: CompanyValues = {
    name: form.name,
    stir: form.stir,
    kind: form.kind,
    legal_address: form.legal_address,
    director: form.director,
    phone: form.phone,
  };
  const now = new Date().toISOString();
  const { row, told } = await ctx.db.transaction().execute(async (trx) => {
    const current = await repo.ensureCompany(trx, userId, now);
    const files: Partial<Record<(typeof fileColumn)[CompanyDocument], string>> = {};
    const replaced: string[] = [];
    for (const kind of COMPANY_DOCUMENTS) {
      const upload = uploads[kind];
      if (!upload) continue;
      const id = randomBytes(16).toString('hex');
      await insertFile(trx, {
        id,
        owner_id: userId,
        content_type: upload.content_type,
        size: upload.data.length,
        original_name: upload.original_name,
        data: upload.data,
        created_at: now,
      });
      files[fileColumn[kind]] = id;
      const previous = current[fileColumn[kind]];
      if (previous) replaced.push(previous);
    }
    const changed = [
      ...(['name', 'stir'] as const).filter((field) => current[field] !== values[field]),
      ...COMPANY_DOCUMENTS.filter((kind) => uploads[kind] && current[fileColumn[kind]]),
    ];
    const backToReview = changed.length > 0 && REVIEWED_STATUSES.includes(current.verification_status);
    const review = backToReview
      ? { verification_status: 'pending' as VerificationStatus, verified_at: null, verified_by: null }
      : {};
    await repo.updateCompany(trx, current.id, { ...values, ...files, ...review, updated_at: now });
    // the replaced files go with the change: no link to them is served again
    await deleteFilesByIds(trx, replaced);
    let told: number[] = [];
    if (backToReview) {
      await recordAudit(trx, {
        actorUserId: userId,
        action: 'company.back_to_review',
        subject: { type: 'company', id: current.id },
        details: { changed: changed.join(','), previous_status: current.verification_status },
        at: now,
      });
      told = await recordNotifications(
        trx,
        (await moderatorIds(trx)).map((moderatorId) => ({
          userId: moderatorId,
          kind: 'company_review_needed' as const,
          params: { name: values.name, stir: values.stir },
          link: webRoutes.admin,
        })),
      );
    }
    return { row: await repo.ensureCompany(trx, userId, now), told };
  });
  await announce(ctx.bus, told);
  return toCompany(row, ctx.fileLinks);
}

const isComplete = (row: CompanyRow) =>
  Boolean(
    row.name &&
    row.stir &&
    row.kind &&
    row.legal_address &&
    row.director &&
    row.phone &&
    row.licence_file_id &&
    row.registration_certificate_file_id,
  );

/** Sends my company for review: unverified or rejected → pending, once the profile and both documents are in. */
export async function requestVerification(ctx: CompaniesContext, userId: number): Promise<Company> {
  const now = new Date().toISOString();
  const row = await repo.ensureCompany(ctx.db, userId, now);
  if (!isComplete(row)) throw new AppError('COMPANY_INCOMPLETE');
  if (await repo.isStirVerifiedElsewhere(ctx.db, row.stir, row.id)) throw new AppError('STIR_TAKEN');
  const moved = await repo.moveVerification(ctx.db, row.id, ['unverified', 'rejected'], {
    verification_status: 'pending',
    rejection_reason: null,
    updated_at: now,
  });
  if (!moved) throw new AppError('COMPANY_ALREADY_UNDER_REVIEW');
  return getMyCompany(ctx, userId);
}

/** Anyone signed in: who the company is and how its deals went. */
export async function getPublicCompany(ctx: CompaniesContext, id: number): Promise<PublicCompany> {
  const row = await repo.findFilledCompany(ctx.db, id);
  if (!row) throw new AppError('COMPANY_NOT_FOUND');
  const [dealsCompleted, noShows, ratings] = await Promise.all([
    repo.dealsCompleted(ctx.db, row.user_id),
    noShowCounts(ctx.db, [row.user_id]),
    ratingFigures(ctx.db, row.user_id),
  ]);
  return {
    id: row.id,
    name: row.name,
    kind: row.kind,
    verified: row.verification_status === 'verified',
    suspended: row.suspended_at !== null,
    member_since: row.created_at,
    deals_completed: dealsCompleted,
    no_shows: noShows.get(row.user_id) ?? 0,
    rating_average: ratings.average,
    rating_count: ratings.count,
    on_time_share: ratings.onTimeShare,
    payment_on_time_share: ratings.paymentOnTimeShare,
    reviews: ratings.reviews,
  };
}

// ---------------------------------------------------------------------------------------------------
// The moderators' side. Every call checks the role on the server first.

export async function listForReview(
  ctx: CompaniesContext,
  moderatorId: number,
  status: VerificationStatus | undefined,
): Promise<Company[]> {
  await assertModerator(ctx.db, moderatorId);
  return (await repo.listCompaniesForReview(ctx.db, status)).map((row) => toCompany(row, ctx.fileLinks));
}

type Decision = 'verify' | 'reject' | 'suspend' | 'unsuspend';

const decisionAudit = {
  verify: 'company.verified',
  reject: 'company.rejected',
  suspend: 'company.suspended',
  unsuspend: 'company.unsuspended',
} as const;

const decisionNotice = {
  verify: 'company_verified',
  reject: 'company_rejected',
  suspend: 'company_suspended',
  unsuspend: 'company_unsuspended',
} as const;

/**
 * A moderator's decision on a company: the change, its record (who, when, why) and the company's notice in
 * one transaction. Verify and reject need a pending company; a verified STIR is never given twice.
 */
export async function decide(
  ctx: CompaniesContext,
  moderatorId: number,
  companyId: number,
  action: Decision,
  reason: string | null,
): Promise<Company> {
  await assertModerator(ctx.db, moderatorId);
  const now = new Date().toISOString();
  const told = await ctx.db.transaction().execute(async (trx) => {
    const row = await repo.findCompanyById(trx, companyId);
    if (!row) throw new AppError('COMPANY_NOT_FOUND');
    if (action === 'verify' || action === 'reject') {
      if (action === 'verify' && (await repo.isStirVerifiedElsewhere(trx, row.stir, row.id))) {
        throw new AppError('STIR_TAKEN');
      }
      const moved = await repo.moveVerification(
        trx,
        companyId,
        ['pending'],
        action === 'verify'
          ? {
              verification_status: 'verified',
              verified_at: now,
              verified_by: 'moderator',
              rejection_reason: null,
              updated_at: now,
            }
          : { verification_status: 'rejected', rejection_reason: reason, updated_at: now },
      );
      if (!moved) throw new AppError('COMPANY_NOT_PENDING');
    } else {
      await repo.updateCompany(
        trx,
        companyId,
        action === 'suspend'
          ? { suspended_at: now, suspension_reason: reason, updated_at: now }
          : { suspended_at: null, suspension_reason: null, updated_at: now },
      );
    }
    await repo.recordDecision(trx, { companyId, moderatorId, action, reason, at: now });
    await recordAudit(trx, {
      actorUserId: moderatorId,
      action: decisionAudit[action],
      subject: { type: 'company', id: companyId },
      details: { reason },
      at: now,
    });
    return recordNotifications(trx, [
      {
        userId: row.user_id,
        kind: decisionNotice[action],
        params: { name: row.name, reason: reason ?? '' },
        link: webRoutes.myCompany,
      },
    ]);
  });
  await announce(ctx.bus, told);
  const row = await repo.findCompanyById(ctx.db, companyId);
  if (!row) throw new AppError('COMPANY_NOT_FOUND');
  return toCompany(row, ctx.fileLinks);
}

/**
 * The owner of a company signed with an organisation certificate whose STIR is the company's: that is proof
 * enough, so the company is verified at once, by digital signature (unless it already is, or another
 * verified company holds the STIR). Runs inside the caller's transaction; whether the company was verified.
 */
export async function verifyCompanyBySignature(trx: Db, userId: number, stir: string, now: string): Promise<boolean> {
  const row = await repo.findCompanyOfUser(trx, userId);
  if (!row || row.stir === '' || row.stir !== stir || row.verification_status === 'verified') return false;
  if (await repo.isStirVerifiedElsewhere(trx, row.stir, row.id)) return false;
  const moved = await repo.moveVerification(trx, row.id, ['unverified', 'pending', 'rejected'], {
    verification_status: 'verified',
    verified_at: now,
    verified_by: 'digital_signature',
    rejection_reason: null,
    updated_at: now,
  });
  if (!moved) return false;
  await recordAudit(trx, {
    actorUserId: userId,
    action: 'company.verified',
    subject: { type: 'company', id: row.id },
    details: { method: 'digital_signature', stir },
    at: now,
  });
  return true;
}
