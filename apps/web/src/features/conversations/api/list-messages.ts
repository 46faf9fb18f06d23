import { useInfiniteQuery } from '@tanstack/react-query';
import { apiPaths, pathTo, type ConversationPage } from '@yuk/shared';
import i18n from '../../../i18n';
import { api } from '../../../lib/api-client';
import { conversationKeys } from '../../../lib/query-keys';

/**
 * GET /api/shipments/{number}/messages: the newest page first, older pages on demand (`before` the first entry
 * shown). The shipment's stream keeps the cached pages current.
 */
export function useConversation(number: string) {
  return useInfiniteQuery({
    queryKey: conversationKeys.messages(number),
    queryFn: ({ signal, pageParam }) =>
      api.get<ConversationPage>(pathTo(apiPaths.shipments.messages, { number }), {
        signal,
        query: { before: pageParam },
        errorMessage: i18n.t('conversations.loadFailed'),
      }),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => (last.has_more ? last.entries[0]?.id : undefined),
  });
}
