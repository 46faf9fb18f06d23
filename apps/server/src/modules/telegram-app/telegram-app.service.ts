import type { AuthTokens, TelegramAccount } from '@yuk/shared';
import type { Db } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { recordAudit } from '../audit/index.js';
import { findUserOfTelegramChat, linkFreeChat } from '../delivery/index.js';
import { getCurrentUser, startSession, type UsersContext } from '../users/index.js';
import { checkInitData, initDataSecret, type InitDataUser } from './init-data.js';

export interface TelegramAppContext {
  db: Db;
  users: Pick<UsersContext, 'db' | 'tokens'>;
  /** The bot's token; without it every call answers 503 TELEGRAM_UNAVAILABLE. */
  botToken: string | undefined;
  now?: () => number;
}

const nowOf = (ctx: TelegramAppContext) => ctx.now?.() ?? Date.now();

/** The key of the bot's launches, made once per token. */
const secrets = new Map<string, Buffer>();
function secretOf(ctx: TelegramAppContext): Buffer {
  if (!ctx.botToken) throw new AppError('TELEGRAM_UNAVAILABLE');
  let secret = secrets.get(ctx.botToken);
  if (!secret) {
    secret = initDataSecret(ctx.botToken);
    secrets.set(ctx.botToken, secret);
  }
  return secret;
}

/** The Telegram user of a launch whose init data Telegram signed for our bot within the last 24 hours. */
function launchUser(ctx: TelegramAppContext, initData: string): InitDataUser {
  const check = checkInitData(initData, secretOf(ctx), nowOf(ctx));
  if (!check.ok) throw new AppError(check.reason === 'expired' ? 'TELEGRAM_AUTH_EXPIRED' : 'TELEGRAM_AUTH_INVALID');
  return check.user;
}

/**
 * Signs in the account linked to the launch's Telegram user (a private chat's id is its user's id, so the
 * bot's /start link and the Mini App's link are one): the same session, tokens and audit entry as a password
 * login. A refused launch is an audited failed sign-in.
 */
export async function signIn(ctx: TelegramAppContext, initData: string): Promise<AuthTokens> {
  let user: InitDataUser;
  try {
    user = launchUser(ctx, initData);
  } catch (error) {
    if (error instanceof AppError && error.code !== 'TELEGRAM_UNAVAILABLE') {
      await recordAudit(ctx.db, {
        actorUserId: null,
        action: 'auth.sign_in_failed',
        subject: null,
        details: { method: 'telegram', reason: error.code },
      });
    }
    throw error;
  }
  const userId = await findUserOfTelegramChat(ctx.db, user.id);
  if (userId === undefined) throw new AppError('TELEGRAM_NOT_LINKED');
  return startSession(ctx.users, await getCurrentUser(ctx.db, userId), 'telegram');
}

/**
 * Links the signed-in user to the launch's Telegram user: their bot chat from now on, and the next launch
 * signs them in. 409 TELEGRAM_ALREADY_LINKED when that Telegram user belongs to another account.
 */
export async function link(ctx: TelegramAppContext, userId: number, initData: string): Promise<TelegramAccount> {
  const user = launchUser(ctx, initData);
  const at = new Date(nowOf(ctx)).toISOString();
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await linkFreeChat(trx, userId, user.id, at))) throw new AppError('TELEGRAM_ALREADY_LINKED');
    await recordAudit(trx, {
      actorUserId: userId,
      action: 'user.telegram_linked',
      subject: { type: 'user', id: userId },
      details: { telegram_user_id: user.id, via: 'mini_app' },
    });
  });
  return { telegram_user_id: user.id, first_name: user.firstName, username: user.username };
}
