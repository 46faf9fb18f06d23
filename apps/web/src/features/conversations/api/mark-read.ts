import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths, pathTo, type ReadMark } from '@yuk/shared';
import { api } from '../../../lib/api-client';
import { applyReadMark, type ConversationPages } from '../../../lib/conversation-live';
import { conversationKeys } from '../../../lib/query-keys';

/** POST /api/shipments/{number}/messages/read: I have read up to this entry (my unread count drops). */
export function useMarkRead(number: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (upTo: number) =>
      api.post<ReadMark>(pathTo(apiPaths.shipments.messagesRead, { number }), { up_to: upTo }),
    onSuccess: (mark) => {
      queryClient.setQueryData<ConversationPages>(
        conversationKeys.messages(number),
        (old) => old && applyReadMark(old, mark),
      );
      return queryClient.invalidateQueries({ queryKey: conversationKeys.unread() });
    },
  });
}
