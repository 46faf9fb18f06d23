/* global self */
// The service worker of Yuk Tender's browser notifications: it shows each push message the server sends
// (title, body, the page it is about) and opens that page, or focuses a tab already on it, when clicked.
self.addEventListener('push', (event) => {
  let message = { title: 'Yuk Tender', body: '', url: '/' };
  try {
    message = { ...message, ...event.data.json() };
  } catch {
    // a message that is not our JSON is shown with the defaults
  }
  event.waitUntil(
    self.registration.showNotification(message.title, {
      body: message.body,
      icon: '/favicon.svg',
      badge: '/favicon.svg',
      data: { url: message.url },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  // the page of the message, always on this app's own address
  const target = new URL(event.notification.data?.url ?? '/', self.location.origin);
  const url = new URL(target.pathname + target.search, self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.find((client) => client.url === url);
      return open ? open.focus() : self.clients.openWindow(url);
    }),
  );
});
