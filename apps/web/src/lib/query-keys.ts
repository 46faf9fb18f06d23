import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { Language, NotificationTab } from '@yuk/shared';

/**
 * Every React Query key of the app, one factory per kind of server data. They live here, not in the features,
 * because a change made on one screen must refresh the others: awarding on the tender page changes My Orders,
 * My Bids and the shipments. Keys nest (`['tenders', 'detail', 7, 'bids']` under `['tenders', 'detail', 7]`),
 * so invalidating a parent refreshes everything below it.
 */
export const userKeys = {
  me: () => ['users', 'me'] as const,
  /** My sessions (signed in on this and other devices). */
  sessions: () => ['users', 'me', 'sessions'] as const,
};

export const tenderKeys = {
  all: ['tenders'] as const,
  /** Every list of tenders: the public list in each mode and filter, and My Orders. */
  lists: () => [...tenderKeys.all, 'list'] as const,
  list: (params: object) => [...tenderKeys.lists(), 'all', params] as const,
  mine: () => [...tenderKeys.lists(), 'mine'] as const,
  /** One tender; its min bid and its bids sit below it. */
  detail: (id: number) => [...tenderKeys.all, 'detail', id] as const,
  minBid: (id: number) => [...tenderKeys.detail(id), 'min-bid'] as const,
  bids: (id: number) => [...tenderKeys.detail(id), 'bids'] as const,
  /** The owner's history of who was chosen and what they answered. */
  awards: (id: number) => [...tenderKeys.detail(id), 'awards'] as const,
  /** The questions on a tender I may read, kept live by the tender's event stream. */
  questions: (id: number) => [...tenderKeys.detail(id), 'questions'] as const,
};

export const bidKeys = {
  all: ['bids'] as const,
  /** My Bids, all of them or those of one tender. */
  mine: (tenderId: number | null) => [...bidKeys.all, 'me', tenderId ?? 'all'] as const,
};

export const notificationKeys = {
  all: ['notifications'] as const,
  /** Lists are kept per language (the server writes the texts in the reader's language) and per tab. */
  lists: () => [...notificationKeys.all, 'list'] as const,
  list: (lang: Language, tab: NotificationTab) => [...notificationKeys.lists(), lang, tab] as const,
  unreadCount: () => [...notificationKeys.all, 'unread-count'] as const,
};

export const savedSearchKeys = {
  all: ['saved-searches'] as const,
};

export const deliveryKeys = {
  /** My delivery settings (their failed messages are rendered in the reader's language). */
  settings: (lang: Language) => ['delivery', 'settings', lang] as const,
  all: ['delivery'] as const,
};

export const companyKeys = {
  all: ['companies'] as const,
  mine: () => [...companyKeys.all, 'me'] as const,
  one: (id: number) => [...companyKeys.all, 'one', id] as const,
  /** The moderators' queues. */
  review: (status: string) => [...companyKeys.all, 'review', status] as const,
  reports: () => [...companyKeys.all, 'reports'] as const,
  /** A company's history in the audit trail (moderators). */
  audit: (id: number) => [...companyKeys.all, 'audit', id] as const,
  quotaHits: (days: number) => [...companyKeys.all, 'quota-hits', days] as const,
  /** The tender channels in Telegram, their last posts and failures (moderators). */
  telegramChannels: () => [...companyKeys.all, 'telegram-channels'] as const,
};

/** My dashboard figures, per period; a deal, a bid or a delivery changes them. */
export const dashboardKeys = {
  all: ['dashboard'] as const,
  period: (period: { from: string; to: string }) => [...dashboardKeys.all, period.from, period.to] as const,
};

export const shipmentKeys = {
  all: ['shipments'] as const,
  list: () => [...shipmentKeys.all, 'list'] as const,
  detail: (number: string) => [...shipmentKeys.all, 'detail', number] as const,
  ratings: (number: string) => [...shipmentKeys.detail(number), 'ratings'] as const,
  proof: (number: string) => [...shipmentKeys.detail(number), 'proof'] as const,
  /** The award to sign and its signatures. */
  award: (number: string) => [...shipmentKeys.detail(number), 'award'] as const,
  /** The e-waybill: both sides' fields, its status at the operator and the rate used. */
  waybill: (number: string) => [...shipmentKeys.detail(number), 'waybill'] as const,
  /** The track of one shipment (its positions), kept live by the shipment's event stream. */
  positions: (number: string) => [...shipmentKeys.detail(number), 'positions'] as const,
};

export const vehicleKeys = {
  all: ['vehicles'] as const,
  lists: () => [...vehicleKeys.all, 'list'] as const,
  list: (filters: object) => [...vehicleKeys.lists(), filters] as const,
  details: () => [...vehicleKeys.all, 'detail'] as const,
  detail: (id: number) => [...vehicleKeys.details(), id] as const,
};

/**
 * After a tender was created or changed (published, closed, awarded, bid on): every list that shows it. All
 * tender lists including My Orders, My Bids, and the shipments, since an award starts one; plus the keys the
 * caller names (the tender page's bids after an award, the whole tender page after a bid). The tender itself
 * is not refetched after an owner's action: its answer already holds the new state.
 */
export function invalidateTenderViews(client: QueryClient, ...also: QueryKey[]): Promise<unknown> {
  return Promise.all(
    [tenderKeys.lists(), bidKeys.all, shipmentKeys.all, dashboardKeys.all, ...also].map((queryKey) =>
      client.invalidateQueries({ queryKey }),
    ),
  );
}

export const marketKeys = {
  all: ['market'] as const,
  /** The typical price of one lane in one mode, as the places were typed. */
  lanePrice: (query: object) => [...marketKeys.all, 'lane-price', query] as const,
};

/** The shipments' conversations and my unread messages, kept live by each shipment's event stream. */
export const conversationKeys = {
  all: ['conversations'] as const,
  /** The pages of one shipment's conversation, newest page first. */
  messages: (number: string) => [...conversationKeys.all, 'messages', number] as const,
  unread: () => [...conversationKeys.all, 'unread'] as const,
};
