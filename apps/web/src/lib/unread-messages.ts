import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiPaths, lazyModule, type UnreadMessages } from '@yuk/shared';
import { getChecked } from './api-client';
import { subscribeWakes } from './notification-events';
import { conversationKeys } from './query-keys';
import { hasAccessToken } from './session';

const loadSchema = lazyModule(() => import('./unread-messages-schema'));

function getUnreadMessages(signal?: AbortSignal): Promise<UnreadMessages> {
  return getChecked(
    apiPaths.conversations.unread,
    () => loadSchema().then((module) => module.unreadMessages),
    'The unread messages answer has no counts',
    { signal },
  );
}

/** How often the counts are read again while nothing else tells of new messages (a shipment not on screen). */
const UNREAD_REFRESH_MS = 60_000;

/**
 * GET /api/conversations/unread: my unread messages, in total and per shipment (the navigation and the
 * shipments list show them). Read again when a shipment's stream or the notification stream tells of new messages.
 */
export function useUnreadMessages() {
  const queryClient = useQueryClient();
  // the session's notification stream is woken for each new message to me (and says when it was)
  useEffect(
    () => subscribeWakes(() => void queryClient.invalidateQueries({ queryKey: conversationKeys.unread() })),
    [queryClient],
  );
  return useQuery({
    queryKey: conversationKeys.unread(),
    queryFn: ({ signal }) => getUnreadMessages(signal),
    enabled: hasAccessToken(),
    refetchInterval: UNREAD_REFRESH_MS,
    staleTime: 10_000,
  });
}

/** The total for a badge (undefined while unknown). */
export function useUnreadMessagesCount(): number | undefined {
  return useUnreadMessages().data?.total;
}

/** The unread count of one shipment (0 when none). */
export function useUnreadOf(number: string): number {
  return useUnreadMessages().data?.shipments.find((row) => row.number === number)?.unread ?? 0;
}
