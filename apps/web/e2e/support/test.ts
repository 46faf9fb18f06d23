import { expect, test as base, type Browser, type BrowserContextOptions } from '@playwright/test';

declare global {
  interface Window {
    /** The pages that scrolled sideways, recorded by the guard below. */
    __yukOverflow?: string[];
  }
}

/**
 * The journeys' `test`:
 * - in the phone project (360 px) every page of the journey is watched from its first paint, and the journey
 *   fails if any page ever became wider than the window (a page that scrolls sideways);
 * - every browser context the journey opened beside its own page (another person, a phone) is closed when it
 *   ends. The worker's browser outlives the journey, and a page left open keeps its live streams, its clocks and
 *   its polling running through the journeys after it, on the server's per-address stream slots too.
 */
export const test = base.extend<{ overflowGuard: void; closeOpenedContexts: void }, { browser: Browser }>({
  // Every person's browser asks for reduced motion, as the config's own page does: an endless animation (the
  // live dot on a tender's page) is drawn in software frame after frame here, and three pages of a journey took a
  // fifth of a core for it. The contexts a journey opens itself (another person, a phone) do not take the
  // config's options, so their defaults are set where they are made.
  browser: [
    async ({ browser }, use) => {
      const newContext = browser.newContext.bind(browser);
      browser.newContext = (options?: BrowserContextOptions) => newContext({ reducedMotion: 'reduce', ...options });
      await use(browser);
    },
    { scope: 'worker' },
  ],
  overflowGuard: [
    async ({ page }, use, testInfo) => {
      const phone = (testInfo.project.use.viewport?.width ?? 1280) < 640;
      if (phone) {
        await page.addInitScript(() => {
          window.__yukOverflow = [];
          const check = () => {
            // against the page's own width, not the window's: a phone's browser widens its layout viewport (and with it
            // innerWidth) to take in content that overflows, so innerWidth hides the very overflow looked for
            const over = document.documentElement.scrollWidth - document.documentElement.clientWidth;
            const where = `${location.pathname} (${over} px)`;
            if (over > 1 && !window.__yukOverflow?.includes(where)) window.__yukOverflow?.push(where);
          };
          let queued = false;
          const soon = () => {
            if (queued) return;
            queued = true;
            requestAnimationFrame(() => {
              queued = false;
              check();
            });
          };
          new MutationObserver(soon).observe(document, { subtree: true, childList: true, attributes: true });
          window.addEventListener('resize', soon);
        });
      }
      await use();
      if (phone && !page.isClosed()) {
        const seen = await page.evaluate(() => window.__yukOverflow ?? []);
        expect(seen, 'pages that scrolled sideways at 360 px').toEqual([]);
      }
    },
    { auto: true },
  ],
  closeOpenedContexts: [
    async ({ browser }, use) => {
      const before = new Set(browser.contexts());
      await use();
      await Promise.all(
        browser
          .contexts()
          .filter((context) => !before.has(context))
          .map((context) => context.close()),
      );
    },
    { auto: true },
  ],
});

export { expect };
