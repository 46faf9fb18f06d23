import { randomUUID } from 'node:crypto';
import { DEFAULT_LANGUAGE, type AuthTokens, type Language, type User } from '@yuk/shared';
import type { Db } from '../../db/database.js';
import { AppError } from '../../errors.js';
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
  if (!created) throw new AppError('EMAIL_TAKEN', {}, { email: 'EMAIL_TAKEN' });
  return created;
}

async function issueTokens(
  ctx: Pick<UsersContext, 'db' | 'tokens'>,
  user: User,
  sessionId: string,
): Promise<AuthTokens> {
  const claims = { userId: user.id, sessionId };
  const [accessToken, refresh] = await Promise.all([ctx.tokens.signAccess(claims), ctx.tokens.signRefresh(claims)]);
  await repo.insertRefreshToken(ctx.db, {
    id: refresh.tokenId,
    session_id: sessionId,
    token_hash: hashToken(refresh.token),
    expires_at: refresh.expiresAt.toISOString(),
    created_at: new Date().toISOString(),
  });
  return { accessToken, refreshToken: refresh.token, user };
}

export async function loginUser(
  ctx: UsersContext,
  credentials: { email: string; password: string },
  ip: string,
): Promise<AuthTokens> {
  const email = credentials.email.trim().toLowerCase();
  const minutes = await ctx.throttle.blockedFor(email, ip);
  if (minutes > 0) throw new AppError('TOO_MANY_LOGIN_ATTEMPTS', { minutes });

  const row = await repo.findUserByEmail(ctx.db, email);
  // verifyPassword runs a real argon2 check even for an unknown e-mail, so both failures take the same time.
  const ok = await verifyPassword(row?.password_hash, credentials.password);
  if (!row || !ok) {
    await ctx.throttle.recordFailure(email, ip);
    throw new AppError('INVALID_CREDENTIALS');
  }
  await ctx.throttle.recordSuccess(email);
  return startSession(ctx, repo.toUser(row));
}

/** A new session for a user who proved who they are (password, SMS code), and its first tokens. */
export async function startSession(ctx: Pick<UsersContext, 'db' | 'tokens'>, user: User): Promise<AuthTokens> {
  const sessionId = randomUUID();
  await repo.insertSession(ctx.db, { id: sessionId, user_id: user.id, created_at: new Date().toISOString() });
  return issueTokens(ctx, user, sessionId);
}

/** Sets a new password (hashed) and ends every session of the user: whoever knew the old one is out. */
export async function replacePassword(trx: Db, userId: number, passwordHash: string, at: string): Promise<void> {
  await repo.setPasswordHash(trx, userId, passwordHash);
  await repo.revokeUserSessions(trx, userId, 'password reset', at);
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
  return issueTokens(ctx, user, session.id);
}

/** Ends the session of a refresh token; an invalid token is ignored (logging out always succeeds). */
export async function logoutSession(ctx: UsersContext, token: string | undefined): Promise<void> {
  if (!token) return;
  try {
    const claims = await ctx.tokens.verifyRefresh(token);
    await repo.revokeSession(ctx.db, claims.sessionId, 'logout', new Date().toISOString());
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
  }
}

export async function endSessionById(db: Db, sessionId: string): Promise<void> {
  await repo.revokeSession(db, sessionId, 'logout', new Date().toISOString());
}

export async function getCurrentUser(db: Db, userId: number): Promise<User> {
  const found = await repo.findUserById(db, userId);
  if (!found) throw new AppError('TOKEN_INVALID');
  return found;
}
