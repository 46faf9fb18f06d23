import type { AuthTokens, EriChallenge, EriLink } from '@yuk/shared';
import type { Db } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { recordAudit } from '../audit/index.js';
import { verifyCompanyBySignature } from '../companies/index.js';
import { getCurrentUser, startSession, type UsersContext } from '../users/index.js';
import type { EimzoClient, SignerCertificate } from './eimzo-client.js';
import * as repo from './eri.repository.js';
import type { EriLinkRow } from './eri.tables.js';

export interface EriContext {
  db: Db;
  users: Pick<UsersContext, 'db' | 'tokens'>;
  /** Absent when EIMZO_SERVER_URL is not set: every ERI call answers 503 ERI_UNAVAILABLE. */
  eimzo: EimzoClient | undefined;
  now?: () => number;
}

const nowOf = (ctx: EriContext) => ctx.now?.() ?? Date.now();

function clientOf(ctx: EriContext): EimzoClient {
  if (!ctx.eimzo) throw new AppError('ERI_UNAVAILABLE');
  return ctx.eimzo;
}

/** A PINFL shown back: only its last four digits, the rest starred. */
export const maskPinfl = (pinfl: string) => `${'*'.repeat(Math.max(0, pinfl.length - 4))}${pinfl.slice(-4)}`;

const toLink = (row: EriLinkRow): EriLink => ({
  pinfl: maskPinfl(row.pinfl),
  name: row.name,
  stir: row.stir,
  valid_to: row.valid_to,
});

export async function challenge(ctx: EriContext): Promise<EriChallenge> {
  return clientOf(ctx).challenge();
}

/**
 * The certificate behind a signature E-IMZO-SERVER accepted, in force today and naming a person (a PINFL).
 * A refusal is 401 ERI_SIGNATURE_REFUSED, a certificate out of its dates 401 ERI_CERTIFICATE_EXPIRED.
 */
async function signer(
  ctx: EriContext,
  pkcs7: string,
  clientAddress: string,
): Promise<SignerCertificate & { pinfl: string }> {
  const check = await clientOf(ctx).authenticate(pkcs7, clientAddress);
  if (!check.ok) throw new AppError('ERI_SIGNATURE_REFUSED');
  const { certificate } = check;
  const nowMs = nowOf(ctx);
  if (nowMs < certificate.validFrom.getTime() || nowMs > certificate.validTo.getTime()) {
    throw new AppError('ERI_CERTIFICATE_EXPIRED');
  }
  // a certificate with no personal number names no one we could link
  if (!certificate.pinfl) throw new AppError('ERI_SIGNATURE_REFUSED');
  return { ...certificate, pinfl: certificate.pinfl };
}

const linkRow = (userId: number, certificate: SignerCertificate & { pinfl: string }, at: string): EriLinkRow => ({
  user_id: userId,
  pinfl: certificate.pinfl,
  name: certificate.name,
  stir: certificate.stir,
  serial_number: certificate.serialNumber,
  valid_from: certificate.validFrom.toISOString(),
  valid_to: certificate.validTo.toISOString(),
  linked_at: at,
});

/**
 * Signs in the user linked to the signer's PINFL: the same session, tokens and audit entry as a password
 * login. The link takes the certificate as it is now (a renewed key keeps the PINFL, not the serial).
 */
export async function signIn(ctx: EriContext, pkcs7: string, clientAddress: string): Promise<AuthTokens> {
  let certificate: SignerCertificate & { pinfl: string };
  try {
    certificate = await signer(ctx, pkcs7, clientAddress);
  } catch (error) {
    if (error instanceof AppError && error.code !== 'ERI_UNAVAILABLE') {
      await recordAudit(ctx.db, {
        actorUserId: null,
        action: 'auth.sign_in_failed',
        subject: null,
        details: { method: 'eri', reason: error.code },
      });
    }
    throw error;
  }
  const link = await repo.findLinkByPinfl(ctx.db, certificate.pinfl);
  if (!link) throw new AppError('ERI_NOT_LINKED');
  const at = new Date(nowOf(ctx)).toISOString();
  await ctx.db.transaction().execute(async (trx) => {
    await repo.refreshLink(trx, { ...linkRow(link.user_id, certificate, at), linked_at: link.linked_at });
    if (certificate.stir) await verifyCompanyBySignature(trx, link.user_id, certificate.stir, at);
  });
  return startSession(ctx.users, await getCurrentUser(ctx.db, link.user_id), 'eri');
}

/**
 * Links the signed-in user to the signer's PINFL (replacing any link they had). One user per PINFL: 409
 * ERI_ALREADY_LINKED when another holds it. An organisation certificate whose STIR is the user's company's
 * verifies the company.
 */
export async function link(ctx: EriContext, userId: number, pkcs7: string, clientAddress: string): Promise<EriLink> {
  const certificate = await signer(ctx, pkcs7, clientAddress);
  const at = new Date(nowOf(ctx)).toISOString();
  const row = linkRow(userId, certificate, at);
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await repo.replaceLink(trx, row))) throw new AppError('ERI_ALREADY_LINKED');
    await recordAudit(trx, {
      actorUserId: userId,
      action: 'user.eri_linked',
      subject: { type: 'user', id: userId },
      details: { serial_number: certificate.serialNumber, stir: certificate.stir, valid_to: row.valid_to },
    });
    if (certificate.stir) await verifyCompanyBySignature(trx, userId, certificate.stir, at);
  });
  return toLink(row);
}

export async function myLink(ctx: EriContext, userId: number): Promise<EriLink | null> {
  const row = await repo.findLinkOfUser(ctx.db, userId);
  return row ? toLink(row) : null;
}

export async function unlink(ctx: EriContext, userId: number): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const held = await repo.findLinkOfUser(trx, userId);
    if (!held) return;
    await repo.deleteLink(trx, userId);
    await recordAudit(trx, {
      actorUserId: userId,
      action: 'user.eri_unlinked',
      subject: { type: 'user', id: userId },
      details: { serial_number: held.serial_number },
    });
  });
}
