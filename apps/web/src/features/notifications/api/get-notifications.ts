import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { STALE_TIMES, type Language, type Notification, type NotificationTab, apiPaths } from '@yuk/shared';
import i18n, { useLanguage } from '../../../i18n';
import { api } from '../../../lib/api-client';
import { hasAccessToken } from '../../../lib/session';
import { notificationKeys } from '../../../lib/query-keys';

/** Notifications per page; "Show more" asks for the next (older) page with `before`. */
export const NOTIFICATION_PAGE_SIZE = 20;

/**
 * GET /api/notifications?tab&limit&before: my notifications of a tab, newest first, texts in the current
 * language; `before` (the id of the last one shown) gives the page after it.
 */
export function getNotifications(
  tab: NotificationTab,
  before: number | undefined,
  signal?: AbortSignal,
): Promise<Notification[]> {
  return api.get<Notification[]>(apiPaths.notifications.list, {
    query: { tab, limit: NOTIFICATION_PAGE_SIZE, before },
    signal,
    errorMessage: i18n.t('notifications.fetchFailed'),
  });
}

export function notificationsQueryOptions(lang: Language, tab: NotificationTab) {
  return infiniteQueryOptions({
    queryKey: notificationKeys.list(lang, tab),
    queryFn: ({ pageParam, signal }) => getNotifications(tab, pageParam, signal),
    initialPageParam: undefined as number | undefined,
    // a short page is the last one
    getNextPageParam: (last: Notification[]) =>
      last.length < NOTIFICATION_PAGE_SIZE ? undefined : last[last.length - 1]?.id,
    staleTime: STALE_TIMES.lists,
  });
}

/** The notifications of one tab, page by page, in the current language. */
export function useNotifications(tab: NotificationTab) {
  const { language } = useLanguage();
  return useInfiniteQuery({ ...notificationsQueryOptions(language, tab), enabled: hasAccessToken() });
}
