/**
 * Accessibility, screen by screen: axe-core finds no moderate, serious or
 * critical violation on the sign-in page and on every landed screen, in
 * zh-CN and en, at 1366 and 400 px, light and dark, with a form dialog and
 * a confirmation open. Every other end-to-end test has the page it ends on
 * checked as well (tests/e2e/support.ts, `accessible`).
 */
import { expect, type Page } from '@playwright/test';
import { expectAccessible } from '../axe.js';
import { openAs, PASSWORD, signIn, test, useLanguage } from '../support.js';

test.describe.configure({ mode: 'serial' });

const SCREENS = [
  '/dashboard',
  '/deviceList/index',
  '/sceneadmin',
  '/devicePool/index',
  '/pointMent/pointList',
  '/productManagement/productList',
  '/productManagement/classification',
  '/productManagement/merchandise',
  '/productManagement/commodityInfor',
  '/productManagement/nweGoods',
  '/orderManagement/orderList',
  '/orderManagement/payTheBox',
  '/orderManagement/scenario',
  '/orderManagement/staffOrderList',
  '/orderManagement/customerService',
  '/orderManagement/deliveryReview',
  '/tenant/people',
  '/deviceList/pushes',
];

/** The screen has drawn its data: no spinner, no skeleton rows, no busy table. */
async function drawn(page: Page): Promise<void> {
  await expect(page.getByTestId('tabs')).toBeVisible();
  await expect(page.locator('[aria-busy="true"], [data-testid="table-skeleton-row"], .fui-Spinner')).toHaveCount(0, {
    timeout: 15_000,
  });
}

test('the sign-in page, in zh-CN and in English, also with a refusal shown', async ({ page, baseURL }) => {
  await page.goto('/login');
  await expect(page.getByTestId('login-submit')).toBeVisible();
  await expectAccessible(page, 'the sign-in page (zh-CN)');
  await signIn(page, 'tenant1', 'Wrong@2026');
  await expect(page.getByTestId('login-error')).toBeVisible();
  await expectAccessible(page, 'the sign-in page with a refusal');
  await useLanguage(page, baseURL, 'en');
  await page.goto('/login');
  await expect(page.getByTestId('login-submit')).toHaveText(/Sign in/i);
  await expectAccessible(page, 'the sign-in page (en)');
});

test('every landed screen, as the platform admin, at 1366 px', async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1366, height: 800 });
  await signIn(page, 'admin', PASSWORD, { at: null });
  for (const path of SCREENS) {
    await page.goto(path);
    await drawn(page);
    await expectAccessible(page, path);
  }
});

test('a form dialog and a confirmation, as a distributor, in English', async ({ page, baseURL }) => {
  await openAs(page, baseURL, 'tenant1', '/pointMent/pointList');
  await drawn(page);
  await page.getByTestId('point-create').click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.getByTestId('point-form-submit').click();
  await expect(page.getByRole('dialog').getByRole('alert').first()).toBeVisible();
  await expectAccessible(page, 'the new-point dialog with its field errors');
  // Typed, then Escape: the close guard asks first.
  await page.getByTestId('point-form-name').fill('Lobby B');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('confirm-dialog')).toBeVisible();
  await expectAccessible(page, "the close guard's confirmation");
  await page.getByTestId('confirm-ok').click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.goto('/productManagement/merchandise');
  await drawn(page);
  await expectAccessible(page, 'the product library (en)');
});

test('a narrow window and the dark theme', async ({ page }) => {
  await page.setViewportSize({ width: 400, height: 800 });
  await signIn(page, 'tenant1', PASSWORD, { at: null });
  for (const path of ['/dashboard', '/orderManagement/orderList', '/deviceList/index']) {
    await page.goto(path);
    await drawn(page);
    await expectAccessible(page, `${path} at 400 px`);
  }
  await page.setViewportSize({ width: 1366, height: 800 });
  await page.emulateMedia({ colorScheme: 'dark' });
  for (const path of ['/dashboard', '/productManagement/merchandise', '/orderManagement/orderList']) {
    await page.goto(path);
    await drawn(page);
    await expect(page.locator('[data-appearance="dark"]').first()).toBeAttached();
    await expectAccessible(page, `${path} in the dark theme`);
  }
});
