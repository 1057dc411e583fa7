/**
 * The kit's date and time field, on the order list's range: the
 * spec's yyyy-mm-dd hh:mm:ss whatever the browser's format, loose typing
 * tidied when the field is left, an impossible date refused at the field
 * before searching, and a calendar in the console's language that sets the
 * day and keeps the time typed.
 */
import { expect } from '@playwright/test';
import { catalogues } from '../../../shared/domains.js';
import { signIn, test, useLanguage, PASSWORD } from '../support.js';
import { openOrderList } from './list.js';

const en = catalogues.en;

test('typed loosely, tidied; impossible, refused; picked on the calendar, the time kept', async ({ page, baseURL }) => {
  await openOrderList(page, baseURL, 'tenant1');
  const from = page.getByTestId('order-filter-from');
  await expect(from).toHaveAttribute('placeholder', 'yyyy-mm-dd hh:mm:ss');

  await from.fill('2026/3/5 8:30');
  await from.press('Tab');
  await expect(from).toHaveValue('2026-03-05 08:30:00');

  // A day alone as the end reaches to its last second.
  const to = page.getByTestId('order-filter-to');
  await to.fill('2026-03-06');
  await to.press('Tab');
  await expect(to).toHaveValue('2026-03-06 23:59:59');

  await from.fill('2026-02-30 08:00');
  await page.getByTestId('order-search').click();
  await expect(page.getByText(en.dateField.invalid)).toBeVisible();
  await expect(from).toHaveValue('2026-02-30 08:00');

  // The calendar opens on the month typed, in English, and picking the 15th keeps 08:30.
  await from.fill('2026-03-05 08:30:00');
  await page.getByTestId('order-filter-from-calendar').click();
  const calendar = page.getByTestId('order-filter-from-calendar-panel');
  await expect(calendar).toContainText('March 2026');
  await calendar.getByRole('button', { name: '15, March, 2026', exact: true }).click();
  await expect(calendar).toHaveCount(0);
  await expect(from).toHaveValue('2026-03-15 08:30:00');
  await expect(page.getByText(en.dateField.invalid)).toHaveCount(0);
});

test('in Chinese the calendar names its months in Chinese and starts weeks on Monday', async ({ page, baseURL }) => {
  await useLanguage(page, baseURL, 'zh-CN');
  await signIn(page, 'tenant1', PASSWORD, { at: '/orderManagement/orderList' });
  await page.getByTestId('order-filter-from').fill('2026-11-25');
  await page.getByTestId('order-filter-from-calendar').click();
  const calendar = page.getByTestId('order-filter-from-calendar-panel');
  await expect(calendar).toContainText('2026年11月');
  await expect(calendar.getByRole('columnheader').first()).toHaveText('一');
  // A month button is named by what it shows (axe's label-content-name-mismatch): "1月", not "一月".
  await expect(calendar.getByRole('gridcell', { name: '1月', exact: true })).toHaveText('1月');
});
