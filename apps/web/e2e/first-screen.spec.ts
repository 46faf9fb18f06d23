import { gzipSync } from 'node:zlib';
import type { Response } from '@playwright/test';
import { FIRST_SCREEN_BUDGET_KB } from '../../../scripts/check-web-budget.mjs';
import { expect, test } from './support/test';

// The weight of the first screen as a browser sees it (as bench case B4 measures it): every script a first
// visit downloads until the login screen is shown and the network is quiet, gzipped. This catches what the
// build-time check cannot see, such as a lazy chunk that something now loads at start.
test('a first visit downloads at most the budget of gzipped JavaScript before the login screen', async ({ page }) => {
  const scripts: Response[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.push(response);
  });
  await page.goto('/', { waitUntil: 'networkidle' });
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Yuk Tender' })).toBeVisible();
  let bytes = 0;
  for (const response of scripts) bytes += gzipSync(await response.body(), { level: 9 }).length;
  const kb = bytes / 1024;
  test
    .info()
    .annotations.push({ type: 'first screen', description: `${scripts.length} scripts, ${kb.toFixed(1)} KB gz` });
  expect(kb, `${scripts.map((response) => response.url()).join('\n')}`).toBeLessThanOrEqual(FIRST_SCREEN_BUDGET_KB);
});
