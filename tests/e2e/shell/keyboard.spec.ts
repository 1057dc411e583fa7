/**
 * The keyboard's way in: the first Tab offers "skip to main
 * content", which takes the focus past the menu, the top bar and the tabs
 * (28 Tabs to "Add member" before).
 */
import { expect } from '@playwright/test';
import { catalogues } from '../../../shared/domains.js';
import { test, openAs } from '../support.js';

test('the first Tab offers the skip link, which takes the focus to the main content', async ({ page, baseURL }) => {
  await openAs(page, baseURL, 'tenant1', '/atManagement/staffManagement');
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
  while (
    !(await page.getByTestId('member-create').evaluate((el) => el === el.ownerDocument.activeElement)) &&
    tabs < 15
  ) {
    await page.keyboard.press('Tab');
    tabs++;
  }
  await expect(page.getByTestId('member-create')).toBeFocused();
  expect(tabs).toBeLessThan(15);
});
