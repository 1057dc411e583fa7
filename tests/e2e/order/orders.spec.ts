/** The order lists end to end (spec §2 orderList, payTheBox, staffOrderList): filters, the bounded count, an order's details on their own screen and in a window of their own. */
import { expect, type Page } from '@playwright/test';
import { catalogues } from '../../../shared/domains.js';
import { signIn, test, useLanguage } from '../support.js';

const en = catalogues.en.order;
/** The rows of the screen in view (a list left in another tab keeps its rows, hidden). */
const visibleRows = (page: Page) => page.getByTestId('order-row').filter({ visible: true });

test('tenant1 filters the orders, opens one with its items, and opens another in a window of its own', async ({ page, baseURL, context }) => {
  await useLanguage(page, baseURL, 'en');
  await signIn(page, 'tenant1');
  await page.goto('/orderManagement/orderList');
  const rows = page.getByTestId('order-row');
  await expect(rows.first()).toBeVisible();
  await expect(page.getByTestId('order-pager-total')).toHaveText(/^Total \d+$/);

  // A number that is not one is said at its field, and nothing is searched.
  await page.getByTestId('order-filter-number').fill('2026-11');
  await page.getByTestId('order-search').click();
  await expect(page.getByText(en.validation.number)).toBeVisible();
  await page.getByTestId('order-filter-number').fill('');

  // Partly refunded orders only.
  await page.getByTestId('order-filter-refund').click();
  await page.getByRole('option', { name: en.refund.partial, exact: true }).click();
  await page.getByTestId('order-search').click();
  await expect(rows.first().getByTestId('order-refund')).toHaveText(en.refund.partial);
  const states = await page.getByTestId('order-refund').allTextContents();
  expect(new Set(states)).toEqual(new Set([en.refund.partial]));

  // Its details: the facts and the items.
  const number = (await rows.first().getByTestId('order-number').textContent())!;
  await rows.first().getByTestId('order-open').click();
  await expect(page.getByTestId('order-detail-number')).toHaveText(number);
  await expect(page.getByTestId('order-detail-refund')).toHaveText(en.refund.partial);
  await expect(page.getByTestId('order-line').first()).toBeVisible();
  await page.getByTestId('order-detail-back').click();

  // A double-click opens the order in a window of its own (browser mode: a browser window).
  const popup = context.waitForEvent('page');
  await rows.nth(1).getByTestId('order-number').dblclick();
  const opened = await popup;
  await expect(opened.getByTestId('order-detail-number')).toHaveText(/^\d{20}$/);
  await opened.close();
});

test('payment-box orders are payment only, and staff orders are sold at the staff price', async ({ page, baseURL }) => {
  await useLanguage(page, baseURL, 'en');
  await signIn(page, 'tenant1');
  await page.goto('/orderManagement/orderList');
  await page.getByTestId('order-payment-box').click();
  await expect(page).toHaveURL(/\/orderManagement\/payTheBox$/);
  await expect(page.getByRole('heading', { name: en.list.paymentBoxTitle })).toBeVisible();
  await expect(visibleRows(page).first()).toBeVisible();
  await visibleRows(page).first().getByTestId('order-open').click();
  await expect(page.getByTestId('order-detail-number')).toBeVisible();
  await expect(page.getByTestId('order-line')).toHaveCount(0);
  await page.goto('/orderManagement/staffOrderList');
  await expect(visibleRows(page).first()).toBeVisible();
  await visibleRows(page).first().getByTestId('order-open').click();
  await expect(page.getByText(en.list.staff, { exact: true }).locator('..')).toContainText(en.list.yes);
});
