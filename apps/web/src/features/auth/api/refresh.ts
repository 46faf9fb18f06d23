import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AuthTokens } from '@yuk/shared';
import { refreshAccessToken } from '../../../lib/api-client';
import { userKeys } from '../../../lib/query-keys';

/**
 * POST /api/users/refresh with the HttpOnly refresh cookie: a new access token (stored in its cookie) and
 * the user, or null when the session cannot be renewed. It shares the api client's single in-flight
 * refresh, so it never races the client's own refresh-on-401 with the same (rotating) refresh token.
 */
export function refreshSession(): Promise<AuthTokens | null> {
  return refreshAccessToken();
}

/** Renews the session on demand and keeps the cached current user in step. */
export function useRefreshSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: refreshSession,
    onSuccess: (tokens) => {
      if (tokens) queryClient.setQueryData(userKeys.me(), tokens.user);
    },
  });
}
