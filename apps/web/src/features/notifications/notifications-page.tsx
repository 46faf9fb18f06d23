import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { NOTIFICATION_TAB_VALUES, webRoutes, type Notification, type NotificationTab } from '@yuk/shared';
import { toast } from '../../lib/toast';
import { Button } from '../../components/ui/button';
import { PageHeader } from '../../components/ui/page-header';
import { EmptyState, ErrorState, LoadingState } from '../../components/ui/states';
import { Tabs, type TabItem } from '../../components/ui/tabs';
import { errorMessage } from '../../lib/api-client';
import { subscribeNotifications } from '../../lib/notification-events';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useNotifications } from './api/get-notifications';
import { useUnreadCount } from './api/get-unread-count';
import { useMarkAllNotificationsRead } from './api/mark-all-read';
import { useMarkNotificationRead } from './api/mark-read';
import { NotificationItem } from './components/notification-item';
import { useNotificationStream } from './live/notification-stream';
import { useNow } from './relative-time';

function isTab(value: string | null): value is NotificationTab {
  return value !== null && (NOTIFICATION_TAB_VALUES as readonly string[]).includes(value);
}

/**
 * Notifications: tabs filter the list (all, unread, system, offers; the tab is kept in the address as
 * ?tab=…); new ones arrive live on top; more are paged back with `before`; a click marks one read and opens
 * its page; one button marks them all read.
 */
export function NotificationsPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('terms.notifications'));
  useNotificationStream();
  useNow(); // re-render every half minute, so the relative times stay true

  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: NotificationTab = isTab(requested) ? requested : 'all';
  const selectTab = (next: NotificationTab) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next === 'all') updated.delete('tab');
        else updated.set('tab', next);
        return updated;
      },
      { replace: true },
    );

  const list = useNotifications(tab);
  const unreadCount = useUnreadCount().data?.count;
  const markRead = useMarkNotificationRead();
  const markAll = useMarkAllNotificationsRead();

  // say it when one arrives while the page is open (the list itself grows silently)
  const [arrived, setArrived] = useState('');
  useEffect(() => subscribeNotifications((item) => setArrived(item.title)), []);

  const open = (notification: Notification) => {
    if (notification.read) return;
    markRead.mutate(notification.id, {
      onError: (error) => toast.error(errorMessage(error, t('notifications.markReadFailed'))),
    });
  };

  const markAllRead = () =>
    markAll.mutate(undefined, {
      onSuccess: () => toast.success(t('notifications.allMarkedRead')),
      onError: (error) => toast.error(errorMessage(error, t('notifications.markAllFailed'))),
    });

  const tabs: TabItem<NotificationTab>[] = NOTIFICATION_TAB_VALUES.map((key) => ({
    key,
    label: key === 'all' ? t('terms.all') : t(`notifications.tabs.${key}`),
  }));
  const items = list.data?.pages.flat() ?? [];

  let body;
  if (list.isPending) {
    body = <LoadingState text={t('notifications.loading')} />;
  } else if (list.isError && list.data === undefined) {
    body = (
      <ErrorState
        message={t('notifications.errorLoading', {
          message: errorMessage(list.error, t('notifications.fetchFailed')),
        })}
        onRetry={() => void list.refetch()}
        retryLabel={t('common.retry')}
        retrying={list.isRefetching}
      />
    );
  } else if (items.length === 0) {
    body = (
      <EmptyState
        title={t(`notifications.empty.${tab}`)}
        description={tab === 'all' ? t('notifications.emptyHint') : undefined}
      />
    );
  } else {
    body = (
      <div className="flex flex-col gap-4">
        <ul
          aria-label={tab === 'all' ? t('terms.all') : t(`notifications.tabs.${tab}`)}
          className="flex flex-col gap-1 rounded-xl border border-navy-700 bg-navy-900 p-2"
        >
          {items.map((item) => (
            <li key={item.id}>
              <NotificationItem notification={item} onOpen={open} />
            </li>
          ))}
        </ul>
        {list.hasNextPage && (
          <div className="flex justify-center">
            <Button variant="secondary" onClick={() => void list.fetchNextPage()} pending={list.isFetchingNextPage}>
              {list.isFetchingNextPage ? t('common.loading') : t('notifications.loadMore')}
            </Button>
          </div>
        )}
        {list.isFetchNextPageError && (
          <p role="alert" className="text-center text-sm text-red-300">
            {errorMessage(list.error, t('notifications.fetchFailed'))}
          </p>
        )}
      </div>
    );
  }

  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader
        title={t('terms.notifications')}
        subtitle={unreadCount ? t('notifications.unreadCount', { count: unreadCount }) : t('notifications.subtitle')}
        actions={
          <div className="flex flex-wrap items-center gap-3">
            <Link
              to={webRoutes.notificationSettings}
              className="text-sm text-sky-300 underline-offset-4 hover:underline"
            >
              {t('notifications.settingsLink')}
            </Link>
            <Button variant="secondary" onClick={markAllRead} pending={markAll.isPending} disabled={unreadCount === 0}>
              {markAll.isPending ? t('notifications.markingAllRead') : t('notifications.markAllRead')}
            </Button>
          </div>
        }
      />
      <Tabs
        label={t('notifications.tabsLabel')}
        items={tabs}
        selected={tab}
        onSelect={selectTab}
        listClassName="max-sm:grid max-sm:grid-cols-2"
      >
        {body}
      </Tabs>
      <p aria-live="polite" className="sr-only">
        {arrived ? t('notifications.arrived', { title: arrived }) : ''}
      </p>
    </div>
  );
}
