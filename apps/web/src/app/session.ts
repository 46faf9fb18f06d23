import type { QueryClient } from '@tanstack/react-query';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { meQueryOptions } from '../features/auth/api/me';
import { refreshSession } from '../features/auth/api/refresh';
import {
  clearSession,
  confirmSession,
  getSession,
  hasAccessToken,
  hasUserFlag,
  readStoredUser,
  showSignedOut,
} from '../lib/session';
import { userKeys } from '../lib/query-keys';

/**
 * The start-up check:
 * - an access token: signed in when GET /api/users/me answers, else the session data is cleared;
 * - no token, but the user flag and stored user info of an earlier login: one silent refresh with the
 *   HttpOnly refresh cookie (it lives 7 days), else the login screen;
 * - nothing, or only the flag that Mobile-ID or ERI-Key set: the login screen (the flag stays).
 */
export async function bootstrapSession(queryClient: QueryClient): Promise<void> {
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
