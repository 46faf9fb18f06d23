/// <reference lib="webworker" />
// The service worker: the app shell comes from the precache (Workbox), so the app opens without a network;
// the lists and tender pages last seen are kept, and offline they are answered from that copy (read-only: no
// request that changes anything is kept or sent later, so a bid is never placed late). It also shows the
// server's push messages and opens their page when clicked.
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { NetworkFirst } from 'workbox-strategies';
import { API_CACHE, OFFLINE_COPY_HEADER, OFFLINE_READABLE_API } from './lib/offline-cache';

declare const self: ServiceWorkerGlobalScope;

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
// the first install takes the open page at once, so what it shows is kept from the start; later versions
// wait (see 'SKIP_WAITING')
clientsClaim();

// every page of the app is index.html (client routes); /api is never a page
registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: [/^\/api\//] }));

// what was read last, for offline: the network first (fresh when online), the kept copy when it fails
registerRoute(
  ({ url, request }) =>
    request.method === 'GET' && url.origin === self.location.origin && OFFLINE_READABLE_API.test(url.pathname),
  new NetworkFirst({
    cacheName: API_CACHE,
    networkTimeoutSeconds: 6,
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 7 * 24 * 3600, purgeOnQuotaError: true }),
      {
        // NetworkFirst answers from the cache only when the network failed: the page is told, and shows so
        cachedResponseWillBeUsed: async ({ cachedResponse }) => {
          if (!cachedResponse) return cachedResponse;
          const headers = new Headers(cachedResponse.headers);
          headers.set(OFFLINE_COPY_HEADER, '1');
          return new Response(await cachedResponse.blob(), {
            status: cachedResponse.status,
            statusText: cachedResponse.statusText,
            headers,
          });
        },
      },
    ],
  }),
);

// a new version waits until the page says "reload to update"
self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

interface PushMessage {
  title: string;
  body: string;
  url: string;
}

self.addEventListener('push', (event) => {
  let message: PushMessage = { title: 'Yuk Tender', body: '', url: '/' };
  try {
    message = { ...message, ...(event.data?.json() as Partial<PushMessage>) };
  } catch {
    // a message that is not our JSON is shown with the defaults
  }
  event.waitUntil(
    self.registration.showNotification(message.title, {
      body: message.body,
      icon: '/icons/icon-192.png',
      badge: '/favicon.svg',
      data: { url: message.url },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  // the page of the message, always on this app's own address
  const data = event.notification.data as { url?: string } | null;
  const target = new URL(data?.url ?? '/', self.location.origin);
  const url = new URL(target.pathname + target.search, self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.find((client) => client.url === url);
      return open ? open.focus() : self.clients.openWindow(url);
    }),
  );
});
