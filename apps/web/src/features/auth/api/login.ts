import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths, type AuthTokens, type LoginInput } from '@yuk/shared';
import i18n from '../../../i18n';
import { api } from '../../../lib/api-client';
import { startSession } from '../../../lib/session';
import { userKeys } from '../../../lib/query-keys';

/** POST /api/users/login. The server also sets the HttpOnly refresh cookie, hence credentials 'include'. */
export function login(input: LoginInput): Promise<AuthTokens> {
  return api.post<AuthTokens>(apiPaths.users.login, input, {
    auth: false,
    credentials: 'include',
    errorMessage: i18n.t('auth.login.failed'),
  });
}

/** Logs in and starts the session: access token cookie, user flag and info; the app switches to signed in. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (tokens) => {
      queryClient.setQueryData(userKeys.me(), tokens.user);
      startSession(tokens);
    },
  });
}
