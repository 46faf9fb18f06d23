/**
 * Starts the service worker of the built app once the page has loaded (its code is a chunk of its own, off
 * the first screen's budget). `onUpdate` hears of a new version waiting; calling the function it is given
 * activates that version and reloads the page.
 */
export function startServiceWorker(onUpdate: (reload: () => void) => void): void {
  if (import.meta.env.DEV || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  const start = () => {
    void import('virtual:pwa-register').then(({ registerSW }) => {
      const update = registerSW({ onNeedRefresh: () => onUpdate(() => void update(true)) });
    });
  };
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}
