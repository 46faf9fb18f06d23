import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import {
  conversationEntry,
  MESSAGE_EVENT,
  READ_EVENT,
  readMark,
  type ConversationEntry,
  type ConversationPage,
  type ReadMark,
} from '@yuk/shared';
import { conversationKeys } from './query-keys';

export type ConversationPages = InfiniteData<ConversationPage, number | undefined>;

function parse(data: string): unknown {
  try {
    return JSON.parse(data);
  } catch {
    return undefined;
  }
}

/** The entry as the other side's read mark makes it: read once that side has read up to it. */
function withMark(entry: ConversationEntry, mark: ReadMark): ConversationEntry {
  const readByMark = entry.side !== null && entry.side !== mark.side && entry.id <= mark.up_to;
  return readByMark && !entry.read ? { ...entry, read: true } : entry;
}

/**
 * A new or changed entry in the cached pages: replaced where it is, else added at the end of the newest page.
 * A copy of an entry may arrive after the other side's read mark that covers it (the answer to my send after
 * the stream's message and read events), so it is read when the cached marks say so.
 */
export function upsertEntry(pages: ConversationPages, incoming: ConversationEntry): ConversationPages {
  const marks = pages.pages[0]?.read_up_to;
  const entry = marks
    ? [
        { side: 'owner' as const, up_to: marks.owner },
        { side: 'carrier' as const, up_to: marks.carrier },
      ].reduce(withMark, incoming)
    : incoming;
  const known = pages.pages.some((page) => page.entries.some((e) => e.id === entry.id));
  return {
    ...pages,
    pages: pages.pages.map((page, index) => {
      if (known) return { ...page, entries: page.entries.map((e) => (e.id === entry.id ? entry : e)) };
      if (index !== 0) return page;
      return { ...page, entries: [...page.entries, entry].sort((a, b) => a.id - b.id) };
    }),
  };
}

/** A side's read mark in the cached pages: the mark itself and the entries of the other side it covers. */
export function applyReadMark(pages: ConversationPages, mark: ReadMark): ConversationPages {
  return {
    ...pages,
    pages: pages.pages.map((page) => ({
      ...page,
      read_up_to: { ...page.read_up_to, [mark.side]: Math.max(page.read_up_to[mark.side], mark.up_to) },
      entries: page.entries.map((entry) => withMark(entry, mark)),
    })),
  };
}

/**
 * An event of a shipment's stream that belongs to its conversation (`message`, `read`): applied to the cached
 * conversation, and my unread counts read again. Returns whether it was one.
 */
export function applyConversationEvent(
  queryClient: QueryClient,
  number: string,
  event: { event?: string | undefined; data: string },
): boolean {
  if (event.event !== MESSAGE_EVENT && event.event !== READ_EVENT) return false;
  const key = conversationKeys.messages(number);
  if (event.event === MESSAGE_EVENT) {
    const parsed = conversationEntry.safeParse(parse(event.data));
    if (parsed.success) queryClient.setQueryData<ConversationPages>(key, (old) => old && upsertEntry(old, parsed.data));
  } else {
    const parsed = readMark.safeParse(parse(event.data));
    if (parsed.success)
      queryClient.setQueryData<ConversationPages>(key, (old) => old && applyReadMark(old, parsed.data));
  }
  void queryClient.invalidateQueries({ queryKey: conversationKeys.unread() });
  return true;
}
