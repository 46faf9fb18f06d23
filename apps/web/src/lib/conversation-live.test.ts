import { describe, expect, it } from 'vitest';
import type { ConversationEntry, ConversationPage } from '@yuk/shared';
import { applyReadMark, upsertEntry, type ConversationPages } from './conversation-live';

const entry = (id: number, side: 'owner' | 'carrier' | null, overrides: Partial<ConversationEntry> = {}) =>
  ({
    id,
    kind: side === null ? 'system' : 'message',
    side,
    text: side === null ? null : `line ${id}`,
    attachment: null,
    system: side === null ? { kind: 'loaded', params: {} } : null,
    hidden: false,
    read: false,
    created_at: '2026-11-26T10:00:00.000Z',
    ...overrides,
  }) satisfies ConversationEntry;

const page = (entries: ConversationEntry[]): ConversationPage => ({
  entries,
  has_more: false,
  my_side: 'owner',
  read_up_to: { owner: 0, carrier: 0 },
});

const pages = (...list: ConversationPage[]): ConversationPages => ({
  pages: list,
  pageParams: list.map(() => undefined),
});

describe('the cached conversation', () => {
  it('adds a new entry to the newest page and replaces a known one where it is', () => {
    const cached = pages(page([entry(5, 'owner'), entry(6, 'carrier')]), page([entry(1, 'owner')]));
    const added = upsertEntry(cached, entry(7, 'carrier'));
    expect(added.pages[0]?.entries.map((e) => e.id)).toEqual([5, 6, 7]);
    expect(added.pages[1]?.entries.map((e) => e.id)).toEqual([1]);
    const hidden = upsertEntry(added, entry(1, 'owner', { hidden: true, text: null }));
    expect(hidden.pages[1]?.entries[0]).toMatchObject({ id: 1, hidden: true, text: null });
    expect(hidden.pages[0]?.entries).toHaveLength(3);
    // the same entry twice (the answer to my send, then the stream's copy) stays once
    expect(upsertEntry(added, entry(7, 'carrier')).pages[0]?.entries).toHaveLength(3);
  });

  it('keeps an entry read when a copy of it arrives after the mark that covers it', () => {
    const cached = pages(page([entry(1, 'owner'), entry(2, 'carrier')]));
    // the stream's copy and the carrier's mark came first; the answer to the owner's send comes last
    const marked = applyReadMark(upsertEntry(cached, entry(3, 'owner')), { side: 'carrier', up_to: 3 });
    expect(marked.pages[0]?.entries.at(-1)).toMatchObject({ id: 3, read: true });
    const late = upsertEntry(marked, entry(3, 'owner', { read: false }));
    expect(late.pages[0]?.entries.at(-1)).toMatchObject({ id: 3, read: true });
    // a new entry beyond the mark, or of the side that marked, stays unread
    expect(upsertEntry(late, entry(4, 'owner')).pages[0]?.entries.at(-1)).toMatchObject({ id: 4, read: false });
    expect(upsertEntry(late, entry(2, 'carrier')).pages[0]?.entries[1]).toMatchObject({ id: 2, read: false });
  });

  it('marks the other side’s entries read up to the mark, never its own side’s or system lines', () => {
    const cached = pages(page([entry(1, 'owner'), entry(2, null), entry(3, 'carrier'), entry(4, 'owner')]));
    const marked = applyReadMark(cached, { side: 'carrier', up_to: 3 });
    expect(marked.pages[0]?.entries.map((e) => [e.id, e.read])).toEqual([
      [1, true],
      [2, false],
      [3, false],
      [4, false],
    ]);
    expect(marked.pages[0]?.read_up_to).toEqual({ owner: 0, carrier: 3 });
    // an older mark does not move it back
    expect(applyReadMark(marked, { side: 'carrier', up_to: 1 }).pages[0]?.read_up_to.carrier).toBe(3);
  });
});
