/** Where the build writes the service worker (src/sw.ts); the push subscriptions use the same one. */
const WORKER_URL = '/sw.js';

/**
 * Starts the service worker of the built app once the page has loaded and the browser is idle. `onUpdate` hears
 * of a new version that is installed and waiting; the function it is given lets that version take over and
 * reloads the page (never forced on a page in use). A few lines of the platform's own API: no library on the
 * first screen.
 */
export function startServiceWorker(onUpdate: (reload: () => void) => void): void {
  if (import.meta.env.DEV || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  const begin = () => void watchForUpdates(navigator.serviceWorker, onUpdate, () => window.location.reload());
  // registering costs the main thread several milliseconds: it waits for a moment the page has nothing to do,
  // not the start-up task that mounts the first page
  const whenIdle = () =>
    typeof requestIdleCallback === 'function'
      ? requestIdleCallback(begin, { timeout: 5_000 })
      : setTimeout(begin, 1_000);
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}

/** Registers the worker and offers each new version that waits; `reload` runs once it has taken over. */
export async function watchForUpdates(
  workers: ServiceWorkerContainer,
  onUpdate: (reload: () => void) => void,
  reload: () => void,
): Promise<void> {
  const offer = (waiting: ServiceWorker) =>
    onUpdate(() => {
      workers.addEventListener('controllerchange', reload, { once: true });
      waiting.postMessage({ type: 'SKIP_WAITING' });
    });
  const registration = await workers.register(WORKER_URL).catch(() => undefined);
  if (!registration) return;
  // a version installed during an earlier visit may already be waiting
  if (registration.waiting && workers.controller) offer(registration.waiting);
  registration.addEventListener('updatefound', () => {
    const installing = registration.installing;
    installing?.addEventListener('statechange', () => {
      // installed while another version runs this page: an update (the first install just takes over)
      if (installing.state === 'installed' && workers.controller) offer(installing);
    });
  });
}
