import { queryOptions, useQuery } from '@tanstack/react-query';
import { STALE_TIMES, type UnreadCount, apiPaths } from '@yuk/shared';
import { api } from '../../../lib/api-client';
import { hasAccessToken } from '../../../lib/session';
import { notificationKeys } from '../../../lib/query-keys';
import { loadNotificationSchemas } from './load-schemas';

/** GET /api/notifications/unread-count: how many of my notifications are unread. */
export async function getUnreadCount(signal?: AbortSignal): Promise<UnreadCount> {
  // the schema's chunk comes while the request is on its way
  const [{ unreadCount }, body] = await Promise.all([
    loadNotificationSchemas(),
    api.get<unknown>(apiPaths.notifications.unreadCount, { signal }),
  ]);
  const answer = unreadCount.safeParse(body);
  // an answer without a count (a proxy's page, say) is a failure, not "no badge"
  if (!answer.success) throw new Error('The unread count answer has no count');
  return answer.data;
}

/** The live stream keeps this up to date (its `unread` events); the call gives the first value. */
export function unreadCountQueryOptions() {
  return queryOptions({
    queryKey: notificationKeys.unreadCount(),
    queryFn: ({ signal }) => getUnreadCount(signal),
    staleTime: STALE_TIMES.lists,
  });
}

export function useUnreadCount() {
  return useQuery({ ...unreadCountQueryOptions(), enabled: hasAccessToken() });
}
