/**
 * A move inside the app waits for the screen's module (renderer/shell/AppMain.tsx useShownView): the last screen
 * stays on show meanwhile, and a module that cannot be loaded still ends in the screen's failure page, never in
 * the last screen kept for good.
 */
import { expect } from '@playwright/test';
import { catalogues } from '../../../shared/domains.js';
import { moveInApp, openAs, test } from '../support.js';

const en = catalogues.en;

test('a screen whose module cannot be loaded says so when moved to; the screen left is not kept on show', async ({
  page,
  baseURL,
}) => {
  // The operation log is among the last screens the console loads ahead (renderer/app/preload.ts): from the moment
  // the shell is drawn, every module request fails, as a connection lost would.
  let blocking = false;
  await page.route(/\/assets\/.*\.js$/, (route) => (blocking ? route.abort() : route.continue()));
  await openAs(page, baseURL, 'tenant1');
  await expect(page.locator('[data-view="Dashboard"][data-active="true"]')).toBeVisible();
  blocking = true;
  await moveInApp(page, '/oplog');
  const failure = page.locator('[data-active="true"]').getByTestId('route-failure');
  await expect(failure).toBeVisible();
  await expect(failure).toContainText(en.failure.title);
  await expect(page.locator('[data-view="Dashboard"][data-active="true"]')).toHaveCount(0);
});
