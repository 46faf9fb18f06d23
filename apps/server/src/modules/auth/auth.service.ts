import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import {
  PASSWORD_RESET_TTL_MINUTES,
  SMS_CODE_LENGTH,
  SMS_CODE_MAX_WRONG,
  SMS_CODE_TTL_SECONDS,
  SMS_CODES_PER_ADDRESS_DAY,
  SMS_CODES_PER_PHONE_DAY,
  SMS_RESEND_SECONDS,
  type AuthTokens,
  type Language,
  type SmsSent,
  type User,
} from '@yuk/shared';
import type { Db } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { maskPhone, recordAudit } from '../audit/index.js';
import { queueAccountMessage } from '../delivery/index.js';
import {
  findUserByEmail,
  findUserByVerifiedPhone,
  getCurrentUser,
  hashPassword,
  replacePassword,
  setVerifiedPhone,
  startSession,
  type UsersContext,
} from '../users/index.js';
import * as repo from './auth.repository.js';

export interface AuthContext {
  db: Db;
  users: UsersContext;
  /** The key of the codes' HMAC (the server's secret). */
  secret: string;
  now?: () => number;
}

const DAY_MS = 24 * 60 * 60_000;
/** Reset links one account may be sent in an hour; more requests are answered the same but send nothing. */
const RESETS_PER_HOUR = 3;

const nowOf = (ctx: AuthContext) => ctx.now?.() ?? Date.now();

function codeHash(secret: string, phone: string, code: string): string {
  return createHmac('sha256', secret).update(`${phone}:${code}`).digest('hex');
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

function tooMany(code: 'SMS_RESEND_TOO_SOON' | 'SMS_DAILY_LIMIT', waitMs: number): AppError {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  return code === 'SMS_RESEND_TOO_SOON'
    ? new AppError(code, { params: { seconds }, retryAfterSeconds: seconds })
    : new AppError(code, { params: { hours: Math.max(1, Math.ceil(seconds / 3600)) }, retryAfterSeconds: seconds });
}

/**
 * Sends a sign-in code to a phone, whether or not an account has it: the answer is the same either way, so
 * it tells nobody which numbers are registered. At most one code a minute per phone, ten a day per phone and
 * thirty a day per client address (429 with Retry-After beyond).
 */
export async function sendSmsCode(
  ctx: AuthContext,
  phone: string,
  clientAddress: string,
  language: Language,
): Promise<SmsSent> {
  const nowMs = nowOf(ctx);
  await ctx.db.transaction().execute(async (trx) => {
    await repo.lockPhone(trx, phone);
    const sent = await repo.codesSince(trx, phone, clientAddress, nowMs - DAY_MS);
    if (sent.phone.last !== null && nowMs - sent.phone.last < SMS_RESEND_SECONDS * 1000) {
      throw tooMany('SMS_RESEND_TOO_SOON', sent.phone.last + SMS_RESEND_SECONDS * 1000 - nowMs);
    }
    if (sent.phone.count >= SMS_CODES_PER_PHONE_DAY && sent.phone.first !== null) {
      throw tooMany('SMS_DAILY_LIMIT', sent.phone.first + DAY_MS - nowMs);
    }
    if (sent.address.count >= SMS_CODES_PER_ADDRESS_DAY && sent.address.first !== null) {
      throw tooMany('SMS_DAILY_LIMIT', sent.address.first + DAY_MS - nowMs);
    }
    const code = String(randomInt(0, 10 ** SMS_CODE_LENGTH)).padStart(SMS_CODE_LENGTH, '0');
    const expiresAtMs = nowMs + SMS_CODE_TTL_SECONDS * 1000;
    await repo.insertCode(trx, {
      phone,
      code_hash: codeHash(ctx.secret, phone, code),
      client_address: clientAddress,
      created_at_ms: nowMs,
      expires_at_ms: expiresAtMs,
    });
    await queueAccountMessage(
      trx,
      { channel: 'sms', kind: 'sms_code', address: phone, code },
      { language, nowMs, expiresAtMs },
    );
  });
  return { expiresInSeconds: SMS_CODE_TTL_SECONDS, resendInSeconds: SMS_RESEND_SECONDS };
}

/** Proves the phone with its newest code, which is then used up; a wrong code costs one of its five tries. */
async function proveCode(ctx: AuthContext, phone: string, code: string): Promise<void> {
  const nowMs = nowOf(ctx);
  const live = await repo.findLiveCode(ctx.db, phone, nowMs, SMS_CODE_MAX_WRONG);
  if (!live) throw new AppError('SMS_CODE_EXPIRED', { fields: { code: 'SMS_CODE_EXPIRED' } });
  const expected = Buffer.from(live.code_hash, 'hex');
  const given = Buffer.from(codeHash(ctx.secret, phone, code), 'hex');
  if (!timingSafeEqual(expected, given)) {
    const used = await repo.countWrongTry(ctx.db, live.id, SMS_CODE_MAX_WRONG);
    const left = used === undefined ? 0 : SMS_CODE_MAX_WRONG - used;
    if (left <= 0) throw new AppError('SMS_CODE_EXPIRED', { fields: { code: 'SMS_CODE_EXPIRED' } });
    throw new AppError('SMS_CODE_WRONG', { params: { left }, fields: { code: 'SMS_CODE_WRONG' } });
  }
  if (!(await repo.useCode(ctx.db, live.id, nowMs, SMS_CODE_MAX_WRONG))) {
    throw new AppError('SMS_CODE_EXPIRED', { fields: { code: 'SMS_CODE_EXPIRED' } });
  }
}

/**
 * Signs in the account whose proven phone this is. Only after the code is proven does the answer say that
 * no account has the number (PHONE_NOT_REGISTERED): the one who holds the phone may know that.
 */
export async function signInWithCode(ctx: AuthContext, phone: string, code: string): Promise<AuthTokens> {
  try {
    await proveCode(ctx, phone, code);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    // a wrong or dead code is a failed sign-in, recorded against the account that has the number (if any)
    const owner = await findUserByVerifiedPhone(ctx.db, phone);
    await recordAudit(ctx.db, {
      actorUserId: null,
      action: 'auth.sign_in_failed',
      subject: owner ? { type: 'user', id: owner.id } : null,
      details: { method: 'sms', phone: maskPhone(phone) },
    });
    throw error;
  }
  const user = await findUserByVerifiedPhone(ctx.db, phone);
  if (!user) throw new AppError('PHONE_NOT_REGISTERED');
  return startSession(ctx.users, user, 'sms');
}

/** The signed-in user proves a phone (theirs, or a new number, which becomes theirs). */
export async function verifyOwnPhone(ctx: AuthContext, userId: number, phone: string, code: string): Promise<User> {
  await proveCode(ctx, phone, code);
  await ctx.db.transaction().execute(async (trx) => {
    await setVerifiedPhone(trx, userId, phone, new Date(nowOf(ctx)).toISOString());
    await recordAudit(trx, {
      actorUserId: userId,
      action: 'user.phone_verified',
      subject: { type: 'user', id: userId },
      details: { phone: maskPhone(phone) },
    });
  });
  return getCurrentUser(ctx.db, userId);
}

/**
 * Mails a single-use reset link when the e-mail has an account. The caller answers 202 whatever happens here,
 * so the answer never tells whether an account exists.
 */
export async function requestPasswordReset(ctx: AuthContext, email: string, language: Language): Promise<void> {
  const nowMs = nowOf(ctx);
  const row = await findUserByEmail(ctx.db, email);
  if (!row) return;
  if ((await repo.resetsSince(ctx.db, row.id, nowMs - 60 * 60_000)) >= RESETS_PER_HOUR) return;
  const token = randomBytes(32).toString('base64url');
  const expiresAtMs = nowMs + PASSWORD_RESET_TTL_MINUTES * 60_000;
  await ctx.db.transaction().execute(async (trx) => {
    await repo.insertReset(trx, {
      token_hash: sha256(token),
      user_id: row.id,
      created_at_ms: nowMs,
      expires_at_ms: expiresAtMs,
    });
    await queueAccountMessage(
      trx,
      { channel: 'email', kind: 'password_reset', address: row.email, token },
      { language, nowMs, expiresAtMs },
    );
  });
}

/**
 * Sets the new password with a reset link's token (used up with every other link of the user); the ids of
 * the sessions that ended with the old password.
 */
export async function confirmPasswordReset(ctx: AuthContext, token: string, password: string): Promise<string[]> {
  const nowMs = nowOf(ctx);
  const passwordHash = await hashPassword(password);
  return ctx.db.transaction().execute(async (trx) => {
    const userId = await repo.useReset(trx, sha256(token), nowMs);
    if (userId === undefined) throw new AppError('RESET_LINK_INVALID');
    const ended = await replacePassword(trx, userId, passwordHash, new Date(nowMs).toISOString());
    await recordAudit(trx, {
      actorUserId: userId,
      action: 'user.password_reset',
      subject: { type: 'user', id: userId },
      details: { sessions_ended: ended.length },
    });
    return ended;
  });
}
