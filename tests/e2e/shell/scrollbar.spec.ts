/**
 * A page that stays put: opening a dialog over a page that scrolls
 * does not shift it sideways as its scrollbar goes (renderer/styles.css).
 * Headless Chromium hides scrollbars (a Playwright default), and without a
 * scrollbar there is no shift to see: this file's browser shows them.
 */
import { expect } from '@playwright/test';
import { LAUNCH_OPTIONS, signIn, test, PASSWORD } from '../support.js';

test.use({ launchOptions: { ...LAUNCH_OPTIONS, ignoreDefaultArgs: ['--hide-scrollbars'] } });

test('opening a dialog keeps the page where it was', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 500 });
  await signIn(page, 'tenant1', PASSWORD, { at: '/orderManagement/orderList' });
  const button = page.getByTestId('order-export-open');
  await expect(page.getByTestId('order-row').first()).toBeVisible();
  // A page taller than the window, whose scrollbar takes room: it has room to lose.
  expect(
    await page.evaluate(
      'document.documentElement.scrollHeight > window.innerHeight && document.documentElement.clientWidth < window.innerWidth',
    ),
  ).toBe(true);
  const before = (await button.boundingBox())!;
  await button.click();
  await expect(page.getByRole('dialog')).toBeVisible();
  const after = (await button.boundingBox())!;
  expect(after.x).toBe(before.x);
});
