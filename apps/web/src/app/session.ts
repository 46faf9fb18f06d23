import type { QueryClient } from '@tanstack/react-query';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { meQueryOptions } from '../features/auth/api/me';
import { refreshSession } from '../features/auth/api/refresh';
import { linkTelegram, signInWithTelegram } from '../features/auth/api/telegram';
import { isApiError } from '../lib/api-client';
import {
  clearSession,
  confirmSession,
  getSession,
  hasAccessToken,
  hasUserFlag,
  readStoredUser,
  showSignedOut,
  startSession,
  subscribeSession,
} from '../lib/session';
import { isLinkPending, markLinkPending, telegramLaunch } from '../lib/telegram';
import { userKeys } from '../lib/query-keys';

/**
 * The start-up check:
 * - an access token: signed in when GET /api/users/me answers, else the session data is cleared;
 * - no token, but the user flag and stored user info of an earlier login: one silent refresh with the
 *   HttpOnly refresh cookie (it lives 7 days), else the login screen;
 * - nothing, or only the flag that Mobile-ID or ERI-Key set: the login screen (the flag stays).
 */
export async function bootstrapSession(queryClient: QueryClient): Promise<void> {
  if (!hasAccessToken() && (await signInByTelegram(queryClient))) return;
  if (hasAccessToken()) {
    try {
      confirmSession(await queryClient.fetchQuery(meQueryOptions()));
    } catch {
      clearSession();
    }
    return;
  }
  if (hasUserFlag() && readStoredUser()) {
    try {
      const tokens = await refreshSession();
      if (tokens) {
        queryClient.setQueryData(userKeys.me(), tokens.user);
        confirmSession(tokens.user);
        return;
      }
    } catch {
      // server unreachable: same as a refused refresh
    }
    clearSession();
    return;
  }
  showSignedOut();
}

/**
 * Inside Telegram, the launch signs its linked user in without typing. A Telegram user linked to nobody is
 * remembered: the sign-in that follows (password or SMS) links them on the spot.
 */
async function signInByTelegram(queryClient: QueryClient): Promise<boolean> {
  const launch = telegramLaunch();
  if (!launch) return false;
  try {
    const tokens = await signInWithTelegram(launch.initData);
    queryClient.setQueryData(userKeys.me(), tokens.user);
    startSession(tokens);
    markLinkPending(false);
    return true;
  } catch (error) {
    markLinkPending(isApiError(error) && error.code === 'TELEGRAM_NOT_LINKED');
    return false;
  }
}

/** Links the launch's Telegram user to the account just signed in, once; `done` says how it went. */
export function linkTelegramOnSignIn(done: (linked: boolean) => void): () => void {
  let linking = false;
  return subscribeSession(() => {
    const launch = telegramLaunch();
    if (linking || !launch || getSession().status !== 'signed-in' || !isLinkPending()) return;
    linking = true;
    markLinkPending(false);
    linkTelegram(launch.initData).then(
      () => done(true),
      () => done(false),
    );
  });
}

let started: Promise<void> | null = null;

/** Runs the start-up check once per page load (also under StrictMode's double effects). */
export function useSessionBootstrap(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (getSession().status !== 'loading') return;
    started ??= bootstrapSession(queryClient).finally(() => {
      started = null;
    });
  }, [queryClient]);
}
