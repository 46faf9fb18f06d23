import type { InfiniteData, QueryClient, QueryKey } from '@tanstack/react-query';
import type { Language, Notification, NotificationTab, UnreadCount } from '@yuk/shared';
import { notificationKeys } from '../../../lib/query-keys';

export type NotificationPages = InfiniteData<Notification[], number | undefined>;

/** The tab and language of a list key ['notifications', 'list', lang, tab]. */
function listOf(key: QueryKey): { lang: Language; tab: NotificationTab } | null {
  const [, , lang, tab] = key;
  return typeof lang === 'string' && typeof tab === 'string'
    ? { lang: lang as Language, tab: tab as NotificationTab }
    : null;
}

/** Whether a notification belongs in a tab's list. */
export function belongsToTab(notification: Notification, tab: NotificationTab): boolean {
  switch (tab) {
    case 'all':
      return true;
    case 'unread':
      return !notification.read;
    case 'system':
      return notification.type === 'system';
    case 'offers':
      return notification.type === 'offer';
  }
}

/**
 * A notification that just arrived (in `lang`): put on top of every loaded list of that language whose tab
 * it belongs to; lists in another language are refetched when next shown.
 */
export function insertNotification(client: QueryClient, notification: Notification, lang: Language): void {
  for (const [key, data] of client.getQueriesData<NotificationPages>({ queryKey: notificationKeys.lists() })) {
    const list = listOf(key);
    if (!list || !data) continue;
    if (list.lang !== lang) {
      void client.invalidateQueries({ queryKey: key, exact: true, refetchType: 'none' });
      continue;
    }
    if (!belongsToTab(notification, list.tab)) continue;
    if (data.pages.some((page) => page.some((item) => item.id === notification.id))) continue;
    const [first = [], ...rest] = data.pages;
    client.setQueryData<NotificationPages>(key, { ...data, pages: [[notification, ...first], ...rest] });
  }
}

/** Marks notifications read in every loaded list (`'all'` for all of them); they stay where they are until refetched. */
export function markReadInCache(client: QueryClient, which: number | 'all'): void {
  client.setQueriesData<NotificationPages>({ queryKey: notificationKeys.lists() }, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) =>
            page.map((item) => (which === 'all' || item.id === which ? { ...item, read: true } : item)),
          ),
        }
      : data,
  );
}

export function setUnreadCount(client: QueryClient, count: number): void {
  client.setQueryData<UnreadCount>(notificationKeys.unreadCount(), { count });
}
