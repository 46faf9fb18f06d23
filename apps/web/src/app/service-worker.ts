/** Where the build writes the service worker (src/sw.ts); the push subscriptions use the same one. */
const WORKER_URL = '/sw.js';

/**
 * Starts the service worker of the built app once the page has loaded. `onUpdate` hears of a new version
 * that is installed and waiting; the function it is given lets that version take over and reloads the page
 * (never forced on a page in use). A few lines of the platform's own API: no library on the first screen.
 */
export function startServiceWorker(onUpdate: (reload: () => void) => void): void {
  if (import.meta.env.DEV || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  const offer = (waiting: ServiceWorker) =>
    onUpdate(() => {
      navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), { once: true });
      waiting.postMessage({ type: 'SKIP_WAITING' });
    });
  const start = async () => {
    const registration = await navigator.serviceWorker.register(WORKER_URL);
    // a version installed during an earlier visit may already be waiting
    if (registration.waiting && navigator.serviceWorker.controller) offer(registration.waiting);
    registration.addEventListener('updatefound', () => {
      const installing = registration.installing;
      installing?.addEventListener('statechange', () => {
        // installed while another version runs this page: an update (the first install just takes over)
        if (installing.state === 'installed' && navigator.serviceWorker.controller) offer(installing);
      });
    });
  };
  const begin = () => void start().catch(() => undefined);
  if (document.readyState === 'complete') begin();
  else window.addEventListener('load', begin, { once: true });
}
