import { useUnreadCount } from './api/get-unread-count';
import { useNotificationStream } from './live/notification-stream';

/**
 * The number beside Notifications in the side navigation: unread notifications, kept live by the session's
 * one notification stream (which this hook holds open while the navigation is shown).
 */
export function useUnreadNotificationsCount(): number | undefined {
  useNotificationStream();
  return useUnreadCount().data?.count;
}
