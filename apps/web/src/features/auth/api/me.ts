import { queryOptions, useQuery } from '@tanstack/react-query';
import { STALE_TIMES, type User } from '@yuk/shared';
import { api } from '../../../lib/api-client';
import { retryOnce } from '../../../lib/query';
import { hasAccessToken } from '../../../lib/session';

export const meQueryKey = ['users', 'me'] as const;

/** GET /api/users/me: the signed-in user. */
export function getCurrentUser(signal?: AbortSignal): Promise<User> {
  return api.get<User>('/api/users/me', { signal });
}

/** Fresh for 5 minutes, retried once (spec section 9), also when fetched outside a component. */
export function meQueryOptions() {
  return queryOptions({
    queryKey: meQueryKey,
    queryFn: ({ signal }) => getCurrentUser(signal),
    staleTime: STALE_TIMES.currentUser,
    retry: retryOnce,
  });
}

/** The signed-in user's profile; asks only when an access token exists. */
export function useMe() {
  return useQuery({ ...meQueryOptions(), enabled: hasAccessToken() });
}
