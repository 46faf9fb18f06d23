import { queryOptions, useQuery } from '@tanstack/react-query';
import { STALE_TIMES, type User, apiPaths } from '@yuk/shared';
import { api } from '../../../lib/api-client';
import { retryOnce } from '../../../lib/query';
import { hasAccessToken } from '../../../lib/session';
import { userKeys } from '../../../lib/query-keys';

/** GET /api/users/me: the signed-in user. */
export function getCurrentUser(signal?: AbortSignal): Promise<User> {
  return api.get<User>(apiPaths.users.me, { signal });
}

/** Fresh for 5 minutes, retried once, also when fetched outside a component. */
export function meQueryOptions() {
  return queryOptions({
    queryKey: userKeys.me(),
    queryFn: ({ signal }) => getCurrentUser(signal),
    staleTime: STALE_TIMES.currentUser,
    retry: retryOnce,
  });
}

/** The signed-in user's profile; asks only when an access token exists. */
export function useMe() {
  return useQuery({ ...meQueryOptions(), enabled: hasAccessToken() });
}
