import { apiPaths, type AuthTokens, type TelegramAccount } from '@yuk/shared';
import { api } from '../../../lib/api-client';

/** POST /api/auth/telegram: the tokens of the account linked to the launch's Telegram user (the refresh cookie too). */
export function signInWithTelegram(initData: string): Promise<AuthTokens> {
  return api.post<AuthTokens>(apiPaths.auth.telegram, { init_data: initData }, { auth: false, credentials: 'include' });
}

/** POST /api/users/me/telegram: links my account to the launch's Telegram user. */
export function linkTelegram(initData: string): Promise<TelegramAccount> {
  return api.post<TelegramAccount>(apiPaths.users.telegram, { init_data: initData });
}
