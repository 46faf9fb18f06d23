import { randomUUID } from 'node:crypto';
import {
  DEFAULT_LANGUAGE,
  describeUserAgent,
  REFRESH_TOKEN_TTL_SECONDS,
  type AuthTokens,
  type Language,
  type User,
  type UserSession,
} from '@yuk/shared';
import type { Db } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { requestOrigin } from '../../plugins/request-origin.js';
import { maskEmail, recordAudit } from '../audit/index.js';
import type { LoginThrottle } from './login-throttle.js';
import { hashPassword, verifyPassword } from './passwords.js';
import { hashToken, type TokenService } from './tokens.js';
import * as repo from './users.repository.js';

export interface UsersContext {
  db: Db;
  tokens: TokenService;
  throttle: LoginThrottle;
}

export interface RegisterValues {
  first_name: string;
  last_name: string;
  email: string;
  phone_number: string;
  password: string;
}

/** `language`: the one the new user reads the app in, for the messages sent to them outside it. */
export async function registerUser(
  db: Db,
  values: RegisterValues,
  language: Language = DEFAULT_LANGUAGE,
): Promise<User> {
  const password_hash = await hashPassword(values.password);
  const created = await repo.insertUser(db, {
    first_name: values.first_name,
    last_name: values.last_name,
    email: values.email.toLowerCase(),
    phone_number: values.phone_number,
    password_hash,
    created_at: new Date().toISOString(),
    language,
  });
  if (!created) throw new AppError('EMAIL_TAKEN', { fields: { email: 'EMAIL_TAKEN' } });
  return created;
}

/** New tokens of a session, signed; `store` keeps the refresh token's hash (in the caller's transaction). */
async function signTokens(tokens: TokenService, user: User, sessionId: string) {
  const claims = { userId: user.id, sessionId };
  const [accessToken, refresh] = await Promise.all([tokens.signAccess(claims), tokens.signRefresh(claims)]);
  return {
    issued: { accessToken, refreshToken: refresh.token, user } satisfies AuthTokens,
    store: (db: Db) =>
      repo.insertRefreshToken(db, {
        id: refresh.tokenId,
        session_id: sessionId,
        token_hash: hashToken(refresh.token),
        expires_at: refresh.expiresAt.toISOString(),
        created_at: new Date().toISOString(),
      }),
  };
}

export async function loginUser(
  ctx: UsersContext,
  credentials: { email: string; password: string },
  ip: string,
): Promise<AuthTokens> {
  const email = credentials.email.trim().toLowerCase();
  const minutes = await ctx.throttle.blockedFor(email, ip);
  if (minutes > 0) throw new AppError('TOO_MANY_LOGIN_ATTEMPTS', { params: { minutes } });

  const row = await repo.findUserByEmail(ctx.db, email);
  // verifyPassword runs a real argon2 check even for an unknown e-mail, so both failures take the same time.
  const ok = await verifyPassword(row?.password_hash, credentials.password);
  if (!row || !ok) {
    await ctx.throttle.recordFailure(email, ip);
    // no business transaction to join: the failure is the whole action (a throttled try is not one: it checked nothing)
    await recordAudit(ctx.db, {
      actorUserId: null,
      action: 'auth.sign_in_failed',
      subject: row ? { type: 'user', id: row.id } : null,
      details: { method: 'password', email: maskEmail(email) },
    });
    throw new AppError('INVALID_CREDENTIALS');
  }
  await ctx.throttle.recordSuccess(email);
  return startSession(ctx, repo.toUser(row), 'password');
}

/**
 * A new session for a user who proved who they are (password, SMS code, ERI signature), and its first
 * tokens: the session, its refresh token and the sign-in's audit entry in one transaction.
 */
export async function startSession(
  ctx: Pick<UsersContext, 'db' | 'tokens'>,
  user: User,
  method: 'password' | 'sms' | 'eri' | 'telegram',
): Promise<AuthTokens> {
  const sessionId = randomUUID();
  const origin = requestOrigin();
  const tokens = await signTokens(ctx.tokens, user, sessionId);
  await ctx.db.transaction().execute(async (trx) => {
    await repo.insertSession(trx, {
      id: sessionId,
      user_id: user.id,
      created_at: new Date().toISOString(),
      ip: origin?.ip ?? null,
      user_agent: origin?.userAgent ?? null,
    });
    await tokens.store(trx);
    await recordAudit(trx, {
      actorUserId: user.id,
      action: 'auth.sign_in',
      subject: { type: 'user', id: user.id },
      details: { method },
    });
  });
  return tokens.issued;
}

/**
 * Sets a new password (hashed) and ends every session of the user: whoever knew the old one is out. The ids
 * of the sessions ended (their live streams are closed too).
 */
export async function replacePassword(trx: Db, userId: number, passwordHash: string, at: string): Promise<string[]> {
  await repo.setPasswordHash(trx, userId, passwordHash);
  return repo.revokeUserSessions(trx, userId, 'password reset', at);
}

/**
 * Rotates a refresh token. A token that was already used (a replay, or a stolen copy) revokes its whole
 * session, so both the thief and the owner must log in again.
 */
export async function refreshSession(ctx: UsersContext, token: string): Promise<AuthTokens> {
  const claims = await ctx.tokens.verifyRefresh(token);
  const stored = await repo.findRefreshToken(ctx.db, claims.tokenId);
  if (!stored || stored.session_id !== claims.sessionId || stored.token_hash !== hashToken(token)) {
    throw new AppError('TOKEN_INVALID');
  }
  const now = new Date().toISOString();
  const session = await repo.findActiveSession(ctx.db, stored.session_id);
  if (!session) throw new AppError('TOKEN_INVALID');
  const firstUse = await repo.markRefreshTokenUsed(ctx.db, stored.id, now);
  if (!firstUse) {
    await repo.revokeSession(ctx.db, stored.session_id, 'refresh token reused', now);
    throw new AppError('TOKEN_INVALID');
  }
  const user = await repo.findUserById(ctx.db, session.user_id);
  if (!user) throw new AppError('TOKEN_INVALID');
  const tokens = await signTokens(ctx.tokens, user, session.id);
  await tokens.store(ctx.db);
  const origin = requestOrigin();
  await repo.touchSession(ctx.db, session.id, {
    last_used_at: now,
    ip: origin?.ip ?? null,
    user_agent: origin?.userAgent ?? null,
  });
  return tokens.issued;
}

/**
 * Ends the session of a refresh token; an invalid token is ignored (logging out always succeeds). The id of
 * the session, when the token named one.
 */
export async function logoutSession(ctx: UsersContext, token: string | undefined): Promise<string | undefined> {
  if (!token) return undefined;
  try {
    const claims = await ctx.tokens.verifyRefresh(token);
    await repo.revokeSession(ctx.db, claims.sessionId, 'logout', new Date().toISOString());
    return claims.sessionId;
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return undefined;
  }
}

export async function endSessionById(db: Db, sessionId: string): Promise<void> {
  await repo.revokeSession(db, sessionId, 'logout', new Date().toISOString());
}

/** My sessions that may still be used, the calling one marked current. */
export async function listMySessions(db: Db, userId: number, currentSessionId: string): Promise<UserSession[]> {
  const usedSince = new Date(Date.now() - REFRESH_TOKEN_TTL_SECONDS * 1000).toISOString();
  const rows = await repo.listOpenSessions(db, userId, usedSince);
  return rows.map((row) => ({
    id: row.id,
    created_at: row.created_at,
    last_used_at: row.last_used_at ?? row.created_at,
    ip: row.ip,
    user_agent: row.user_agent,
    ...describeUserAgent(row.user_agent),
    current: row.id === currentSessionId,
  }));
}

/**
 * Signs one of my other sessions out (a lost phone, a shared computer). Someone else's session answers as one
 * that does not exist; the current one is ended with Log out instead (409).
 */
export async function signOutSession(db: Db, userId: number, currentSessionId: string, sessionId: string) {
  if (sessionId === currentSessionId) throw new AppError('SESSION_IS_CURRENT');
  await db.transaction().execute(async (trx) => {
    if (!(await repo.revokeUserSession(trx, userId, sessionId, 'signed out by the user', new Date().toISOString()))) {
      throw new AppError('SESSION_NOT_FOUND');
    }
    await recordAudit(trx, {
      actorUserId: userId,
      action: 'user.sessions_signed_out',
      subject: { type: 'user', id: userId },
      details: { sessions: 1, session_id: sessionId },
    });
  });
}

/** Signs out every session of mine but the calling one; the ids of those ended. */
export async function signOutOtherSessions(db: Db, userId: number, currentSessionId: string): Promise<string[]> {
  return db.transaction().execute(async (trx) => {
    const ended = await repo.revokeSessionsExcept(
      trx,
      userId,
      currentSessionId,
      'signed out by the user',
      new Date().toISOString(),
    );
    if (ended.length > 0)
      await recordAudit(trx, {
        actorUserId: userId,
        action: 'user.sessions_signed_out',
        subject: { type: 'user', id: userId },
        details: { sessions: ended.length },
      });
    return ended;
  });
}

export async function getCurrentUser(db: Db, userId: number): Promise<User> {
  const found = await repo.findUserById(db, userId);
  if (!found) throw new AppError('TOKEN_INVALID');
  return found;
}
