/**
 * The keyboard's way in and a page that stays put (issue 48): the first Tab
 * offers "skip to main content", which takes the focus past the menu, the
 * top bar and the tabs (28 Tabs to "Add member" before); opening a dialog
 * does not shift the page sideways as its scrollbar goes.
 */
import { expect } from '@playwright/test';
import { catalogues } from '../../../shared/domains.js';
import { signIn, test, useLanguage } from '../support.js';

test('the first Tab offers the skip link, which takes the focus to the main content', async ({ page, baseURL }) => {
  await useLanguage(page, baseURL, 'en');
  await signIn(page, 'tenant1');
  await page.goto('/atManagement/staffManagement');
  await expect(page.getByTestId('member-create')).toBeVisible();
  await page.locator('body').focus();
  await page.keyboard.press('Tab');
  const skip = page.getByTestId('skip-to-main');
  await expect(skip).toBeFocused();
  await expect(skip).toHaveText(catalogues.en.shell.skipToMain);
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('app-main')).toBeFocused();
  // From there the page's own controls come first, the menu's no more.
  let tabs = 0;
  while (!(await page.getByTestId('member-create').evaluate((el) => el === el.ownerDocument.activeElement)) && tabs < 15) {
    await page.keyboard.press('Tab');
    tabs++;
  }
  await expect(page.getByTestId('member-create')).toBeFocused();
  expect(tabs).toBeLessThan(15);
});

test('opening a dialog keeps the page where it was', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 500 });
  await signIn(page, 'tenant1');
  await page.goto('/orderManagement/orderList');
  const button = page.getByTestId('order-export-open');
  await expect(page.getByTestId('order-row').first()).toBeVisible();
  // A page taller than the window: it has a scrollbar to lose.
  expect(await page.evaluate('document.documentElement.scrollHeight > window.innerHeight')).toBe(true);
  const before = (await button.boundingBox())!;
  await button.click();
  await expect(page.getByRole('dialog')).toBeVisible();
  const after = (await button.boundingBox())!;
  expect(after.x).toBe(before.x);
});
