import { expect, test as base } from '@playwright/test';

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
export const test = base.extend<{ overflowGuard: void; closeOpenedContexts: void }>({
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
