/** The header the service worker puts on an answer that came from the offline copy, not the network. */
export const OFFLINE_COPY_HEADER = 'x-yuk-offline-copy';

/** The cache of the API answers kept for offline reading (the service worker fills it). */
export const API_CACHE = 'yuk-api';

/**
 * The reads kept for offline: the signed-in user, the lists (tenders, my orders, my bids, vehicles, shipments,
 * notifications), each tender's page with its questions, each shipment's conversation and my unread messages.
 * Streams and files are never kept.
 */
export const OFFLINE_READABLE_API =
  /^\/api\/(users\/me|tenders\/(all|me|\d+|\d+\/min-bid|\d+\/bids|\d+\/questions)|bids\/me|vehicles\/user|shipments(\/[\w-]+(\/messages)?)?|notifications(\/unread-count)?|companies\/me|conversations\/unread)$/;

/**
 * Forgets every kept answer: on signing out, so the next person on this device never sees the last one's
 * data, even offline.
 */
export async function forgetOfflineCopies(): Promise<void> {
  if (typeof caches === 'undefined') return;
  await caches.delete(API_CACHE).catch(() => false);
}
