import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { NotificationKind } from '@yuk/shared';
import { subscribeNotifications } from '../../lib/notification-events';
import { bidKeys } from '../../lib/query-keys';

/**
 * The notifications that change a bid's status: outbid (active → pending), chosen (awarded), won (accepted),
 * lost (rejected).
 */
const BID_KINDS: ReadonlySet<NotificationKind> = new Set(['outbid', 'award_offered', 'bid_won', 'bid_lost']);

/** Refreshes my bids when a notification says one of them changed, so the statuses on screen stay true. */
export function useLiveBids(): void {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      subscribeNotifications((notification) => {
        if (BID_KINDS.has(notification.kind)) void queryClient.invalidateQueries({ queryKey: bidKeys.all });
      }),
    [queryClient],
  );
}
