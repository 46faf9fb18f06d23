import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths, type UnreadCount } from '@yuk/shared';
import i18n from '../../../i18n';
import { api } from '../../../lib/api-client';
import { notificationKeys } from '../../../lib/query-keys';
import { markReadInCache, setUnreadCount } from './notification-cache';

/** POST /api/notifications/read-all: marks all my notifications read; answers the unread count (0). */
export function markAllNotificationsRead(): Promise<UnreadCount> {
  return api.post<UnreadCount>(apiPaths.notifications.readAll, undefined, {
    errorMessage: i18n.t('notifications.markAllFailed'),
  });
}

export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markAllNotificationsRead,
    onSuccess: ({ count }) => {
      markReadInCache(queryClient, 'all');
      setUnreadCount(queryClient, count);
      return queryClient.invalidateQueries({ queryKey: notificationKeys.lists() });
    },
  });
}
