import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPaths, pathTo, type SignedOutSessions, type UserSession } from '@yuk/shared';
import i18n from '../../../i18n';
import { api } from '../../../lib/api-client';
import { userKeys } from '../../../lib/query-keys';
import { hasAccessToken } from '../../../lib/session';

/** GET /api/users/me/sessions: my sessions, this one marked current. */
export function useMySessions() {
  return useQuery({
    queryKey: userKeys.sessions(),
    queryFn: ({ signal }) => api.get<UserSession[]>(apiPaths.users.sessions, { signal }),
    enabled: hasAccessToken(),
  });
}

/** DELETE /api/users/me/sessions/{id}: signs one other session out. */
export function useSignOutSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api.delete<null>(pathTo(apiPaths.users.session, { id }), { errorMessage: i18n.t('profile.sessions.failed') }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: userKeys.sessions() }),
  });
}

/** POST /api/users/me/sessions/sign-out-others: every session but this one. */
export function useSignOutOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api.post<SignedOutSessions>(apiPaths.users.signOutOtherSessions, undefined, {
        errorMessage: i18n.t('profile.sessions.failed'),
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: userKeys.sessions() }),
  });
}
