import type { Language, NotificationTab } from '@yuk/shared';

/**
 * The query keys of notification data. Lists are kept per language (the server writes the texts in the
 * language of the request) and per tab; everything sits under 'notifications'.
 */
export const notificationsKey = ['notifications'] as const;
export const notificationListsKey = ['notifications', 'list'] as const;
export const notificationListKey = (lang: Language, tab: NotificationTab) =>
  ['notifications', 'list', lang, tab] as const;
export const unreadCountKey = ['notifications', 'unread-count'] as const;
