import { expect, type Page } from '@playwright/test';
import { seriousViolations } from '../support';

/**
 * axe's serious findings once the page is still: toasts fade in and out (4 s), and a half-faded toast's
 * text reads as low contrast, so the check waits until none is showing. A toast under the pointer stays (as
 * it should for a person reading it), and the last click may have left the pointer where one appeared: the
 * pointer is moved to the page's top left corner first.
 */
export async function settledViolations(page: Page): Promise<string[]> {
  await page.mouse.move(0, 0);
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 10_000 });
  return seriousViolations(page);
}
