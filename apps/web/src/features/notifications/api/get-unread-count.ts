import { queryOptions, useQuery } from '@tanstack/react-query';
import { STALE_TIMES, type UnreadCount, apiPaths } from '@yuk/shared';
import { getChecked } from '../../../lib/api-client';
import { hasAccessToken } from '../../../lib/session';
import { notificationKeys } from '../../../lib/query-keys';
import { loadNotificationSchemas } from './load-schemas';

/** GET /api/notifications/unread-count: how many of my notifications are unread. */
export function getUnreadCount(signal?: AbortSignal): Promise<UnreadCount> {
  return getChecked(
    apiPaths.notifications.unreadCount,
    () => loadNotificationSchemas().then((module) => module.unreadCount),
    'The unread count answer has no count',
    { signal },
  );
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
