import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths, pathTo, type UnreadCount } from '@yuk/shared';
import i18n from '../../../i18n';
import { api } from '../../../lib/api-client';
import { notificationKeys } from '../../../lib/query-keys';
import { markReadInCache, setUnreadCount } from './notification-cache';

/** POST /api/notifications/{id}/read: marks one of my notifications read; answers the new unread count (404 when not mine). */
export function markNotificationRead(id: number): Promise<UnreadCount> {
  return api.post<UnreadCount>(pathTo(apiPaths.notifications.read, { id }), undefined, {
    errorMessage: i18n.t('notifications.markReadFailed'),
  });
}

/** Marks it read at once on screen, then keeps the server's count; the Unread tab is refetched when next shown. */
export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationRead,
    onMutate: (id) => markReadInCache(queryClient, id),
    onSuccess: ({ count }) => {
      setUnreadCount(queryClient, count);
      return queryClient.invalidateQueries({ queryKey: notificationKeys.lists(), refetchType: 'none' });
    },
    // refused (or the server could not be reached): show the lists and the count as the server has them
    onError: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: notificationKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: notificationKeys.unreadCount() }),
      ]),
  });
}
