import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Notification } from '@yuk/shared';
import { useLanguage } from '../../../i18n';
import { cn } from '../../../lib/cn';
import { formatDateTime } from '../../../lib/format';
import { relativeTime } from '../relative-time';

/** Whether a notification's link is a page of this app (a path such as /shipment/status?number=…). */
export function isInternalLink(link: string): boolean {
  return link.startsWith('/') && !link.startsWith('//') && !link.startsWith('/\\');
}

export interface NotificationItemProps {
  notification: Notification;
  onOpen: (notification: Notification) => void;
}

/**
 * One notification: title, text and how long ago. Unread ones have a dot, a lighter background and bold
 * title, and say so to screen readers. A click marks it read and opens its page. The relative time is
 * worked out on each render: the list re-renders every half minute.
 */
export function NotificationItem({ notification, onOpen }: NotificationItemProps) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const unread = !notification.read;
  const when = relativeTime(notification.created_at, language, t('notifications.justNow'));

  const content = (
    <>
      <span
        aria-hidden="true"
        className={cn('mt-1.5 size-2.5 shrink-0 rounded-full', unread ? 'bg-sky-400' : 'bg-transparent')}
      />
      <span className="flex min-w-0 flex-1 flex-col gap-1">
        <span className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
          <span
            className={cn('text-sm sm:text-base', unread ? 'font-semibold text-white' : 'font-medium text-slate-200')}
          >
            {unread && <span className="sr-only">{`${t('notifications.unread')}: `}</span>}
            {notification.title}
          </span>
          <time
            dateTime={notification.created_at}
            title={formatDateTime(notification.created_at, '')}
            className="shrink-0 text-xs text-slate-400"
          >
            {when}
          </time>
        </span>
        {/* an alert of several tenders lists them one a line */}
        <span className={cn('text-sm break-words whitespace-pre-line', unread ? 'text-slate-200' : 'text-slate-400')}>
          {notification.body}
        </span>
      </span>
    </>
  );

  const className = cn(
    'flex w-full items-start gap-3 rounded-lg px-4 py-3 text-left transition-colors',
    'hover:bg-navy-800 focus-visible:outline-offset-[-2px]',
    unread ? 'bg-navy-850 ring-1 ring-sky-400/30 ring-inset' : 'bg-transparent',
  );

  return isInternalLink(notification.link) ? (
    <Link to={notification.link} onClick={() => onOpen(notification)} className={className}>
      {content}
    </Link>
  ) : (
    <button type="button" onClick={() => onOpen(notification)} className={className}>
      {content}
    </button>
  );
}
