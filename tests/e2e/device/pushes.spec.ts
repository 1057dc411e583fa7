/**
 * The fleet in one view (/deviceList/pushes): tenant2's demo price change,
 * sent three hours ago to Shenzhen North's machine that has been offline
 * since, is flagged — a warning above the list, the push shown at a click,
 * its progress page a click further; tenant1 narrows its pushes by kind and
 * state without any warning.
 */
import { expect } from '@playwright/test';
import { catalogues } from '../../../shared/domains.js';
import { openAs, test } from '../support.js';

const en = catalogues.en.device.push;

test('tenant2 is warned of the price change its offline machine never took, shows it and opens its progress', async ({
  page,
  baseURL,
}) => {
  await openAs(page, baseURL, 'tenant2', '/deviceList/pushes');
  const alert = page.getByTestId('push-stall-alert');
  const one = (en as typeof en & { stallAlert_one: string }).stallAlert_one;
  await expect(alert).toContainText(one.replace('{{minutes}}', '30'));
  await page.getByTestId('push-show-stalled').click();
  await expect(alert).toBeHidden();
  const row = page.getByTestId('push-row');
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId('push-kind')).toHaveText(en.kinds.price);
  await expect(row.getByTestId('push-state')).toHaveText(en.states.running);
  await expect(row.getByTestId('push-stalled')).toHaveText(en.stalledCell.replace('{{count}}', '1'));
  await expect(row.getByTestId('push-progress')).toHaveText(
    `${en.progressCell.replace('{{done}}', '0').replace('{{total}}', '1')} · ${en.steps.waiting} 1`,
  );
  await row.getByTestId('push-open').click();
  await expect(page).toHaveURL(/\/deviceList\/prices\/change\?id=\d+$/);
  // The change's page opened, its title drawn (its code and its record loaded), not only its address.
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test('tenant1 narrows its pushes to finished price changes, and is warned of nothing', async ({ page, baseURL }) => {
  await openAs(page, baseURL, 'tenant1', '/deviceList/pushes');
  await expect(page.getByTestId('push-row').first()).toBeVisible();
  await expect(page.getByTestId('push-stall-alert')).toBeHidden();
  await page.getByTestId('push-filter-kind').click();
  await page.getByRole('option', { name: en.kinds.price, exact: true }).click();
  await page.getByTestId('push-filter-state').click();
  await page.getByRole('option', { name: en.states.finished, exact: true }).click();
  await page.getByTestId('push-search').click();
  const rows = page.getByTestId('push-row');
  // The demo's change applied at Hangzhou East last week, among any another test finished meanwhile.
  await expect(
    rows.filter({ hasText: en.progressCell.replace('{{done}}', '1').replace('{{total}}', '1') }).first(),
  ).toBeVisible();
  // Retried until the filtered answer replaced the first page (whose finished change matched above too).
  await expect(rows.getByTestId('push-kind').filter({ hasNotText: en.kinds.price })).toHaveCount(0);
  await expect(rows.getByTestId('push-state').filter({ hasNotText: en.states.finished })).toHaveCount(0);
});
