import AxeBuilder from '@axe-core/playwright';
import { expect, type Browser, type Page } from '@playwright/test';

export const DEMO = { email: 'shipper@yuktender.uz', password: 'demo12345' };

export function uniqueEmail(): string {
  return `e2e-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.uz`;
}

/** The signed-in shell's navigation: the side menu, or on a phone the bottom navigation that replaces it. */
export function shellNavigation(page: Page) {
  return page.getByRole('navigation', { name: /^(Asosiy menyu|Tezkor menyu)$/ }).first();
}

/** Logs in through the Login tab (the page shows the login screen) and waits for the shell. */
export async function logIn(page: Page, email: string, password: string): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Yuk Tender' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Parol').fill(password);
  await page.getByRole('button', { name: 'Log In' }).click();
  // the toast comes with its own chunk, maybe after the shell: a check of the page made before it shows
  // (an accessibility check, say) would otherwise meet it sliding in. Both are awaited together: on a busy
  // machine the shell can take longer than the toast's four seconds on screen.
  await Promise.all([
    expect(shellNavigation(page)).toBeVisible(),
    expect(page.getByText('Login successful!')).toBeVisible(),
  ]);
}

/** Logs out from the menu (opened first on a phone) and waits for the login screen. */
export async function logOut(page: Page): Promise<void> {
  const logout = page.getByRole('button', { name: 'Chiqish' });
  // on a phone the full menu opens first (More in the bottom navigation)
  if (!(await logout.isVisible())) await page.getByRole('button', { name: 'Yana' }).click();
  await logout.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Yuk Tender' })).toBeVisible();
}

/** A browser of its own for one user, logged in through the UI, on `path`; `phone` opens it at 360 px. */
export async function openAs(
  browser: Browser,
  who: { email: string; password: string },
  path: string,
  phone = false,
): Promise<Page> {
  const context = await browser.newContext(phone ? { viewport: { width: 360, height: 740 } } : {});
  const page = await context.newPage();
  await page.goto(path);
  await logIn(page, who.email, who.password);
  return page;
}

/**
 * How far the page is wider than the window (0 or less: nothing scrolls sideways). Measured against the page's
 * own width: a phone's browser widens its layout viewport, and innerWidth with it, to take in what overflows.
 */
export const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** axe's serious and critical findings (WCAG 2.x A/AA and best practice), as readable lines. */
export async function seriousViolations(page: Page): Promise<string[]> {
  // a toast sliding in is half transparent, and axe would judge its colours mid-way: measure the settled page
  // (endless animations, a spinner, never settle and are left out; a page that keeps moving is measured as is)
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .every(
            (animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity,
          ),
      undefined,
      { timeout: 5_000 },
    )
    .catch(() => undefined);
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
}

/**
 * The controls on screen smaller than a finger (44 px high): buttons, fields, dropdowns and tabs. Links in a
 * line of text and the boxes inside a labelled checkbox row are left out (their target is the text or row).
 */
export const smallTouchTargets = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('button, input, select, textarea, [role="tab"]')]
      .filter((element) => {
        if (element instanceof HTMLInputElement && ['checkbox', 'radio', 'hidden'].includes(element.type)) return false;
        const box = element.getBoundingClientRect();
        // visually hidden (a file input behind its styled label): the label is the target
        if (box.width <= 1 || box.height <= 1) return false;
        if (box.bottom < 0 || box.top > window.innerHeight * 3) return false;
        return box.height < 43.5;
      })
      .map((element) => {
        const name = element.getAttribute('aria-label') ?? element.textContent ?? element.getAttribute('name') ?? '';
        return `${element.tagName.toLowerCase()} "${name.trim().slice(0, 30)}" ${Math.round(element.getBoundingClientRect().height)} px`;
      }),
  );
