import { expect } from '@playwright/test';
import { openAs, test } from '../support.js';
test('probe', async ({ page, baseURL, browser }) => {
  await openAs(page, baseURL, 'tenant1', '/dashboard');
  await expect(page.getByTestId('tabs')).toBeVisible();
  await browser.startTracing(page, { path: '/tmp/prof/load-trace.json', categories: ['devtools.timeline', 'v8', 'blink', 'disabled-by-default-devtools.timeline'] });
  const t0 = Date.now();
  await page.goto('/pointMent/pointList');
  await expect(page.getByTestId('point-row').first()).toBeVisible();
  await expect(page.locator('table[aria-busy="true"]')).toHaveCount(0);
  console.log('load', Date.now() - t0);
  await browser.stopTracing();
});
