import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths, pathTo, type ConversationEntry } from '@yuk/shared';
import i18n from '../../../i18n';
import { api } from '../../../lib/api-client';
import { upsertEntry, type ConversationPages } from '../../../lib/conversation-live';
import { conversationKeys } from '../../../lib/query-keys';

export interface OutgoingMessage {
  text: string;
  /** A photo or a PDF (multipart); the server judges it by its bytes. */
  file?: File | undefined;
}

function bodyOf({ text, file }: OutgoingMessage): unknown {
  if (!file) return { text };
  const form = new FormData();
  if (text) form.append('text', text);
  form.append('attachment', file, file.name);
  return form;
}

/** POST /api/shipments/{number}/messages: JSON `{ text }`, or a form with the text and one file. */
export function useSendMessage(number: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (message: OutgoingMessage) =>
      api.post<ConversationEntry>(pathTo(apiPaths.shipments.messages, { number }), bodyOf(message), {
        errorMessage: i18n.t('conversations.sendFailed'),
      }),
    // shown at once; the stream's copy of it replaces it in place
    onSuccess: (entry) =>
      queryClient.setQueryData<ConversationPages>(
        conversationKeys.messages(number),
        (old) => old && upsertEntry(old, entry),
      ),
  });
}
