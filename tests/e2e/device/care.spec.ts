/** The exceptions view and the pick list end to end (beyond the spec): what needs someone, the action that fixes it, and an Excel pick list. */
import { expect, type Page } from '@playwright/test';
import { catalogues } from '../../../shared/domains.js';
import { test, notification, openAs } from '../support.js';

const en = catalogues.en.device;
const rowOf = (page: Page, serial: string) =>
  page
    .getByTestId('exception-row')
    .filter({ has: page.getByTestId('exception-serial').getByText(serial, { exact: true }) });

test('tenant1 reads the exceptions, each with its fix, and exports a pick list to Excel', async ({ page, baseURL }) => {
  await openAs(page, baseURL, 'tenant1', '/deviceList/index');
  await page.getByTestId('device-view-exceptions').click();
  await expect(page).toHaveURL(/view=exceptions/);
  // The locked machine, expired too: its fix is to unlock it.
  await expect(rowOf(page, 'VM2026000105').getByTestId('exception-problems')).toContainText(en.care.problems.locked);
  await expect(rowOf(page, 'VM2026000105').getByTestId('exception-fix')).toHaveText(en.care.fix.unlock);

  // The alert sweep's episodes (run as the upstream started): channels of the demo's machines that sold this week and are empty.
  await page.getByTestId('exception-filter-problem').click();
  await page.getByRole('option', { name: en.care.problems.runningOut, exact: true }).click();
  await page.getByTestId('exception-search').click();
  await expect(page.getByTestId('exception-row').first().getByTestId('exception-problems')).toContainText(
    en.care.problems.runningOut,
  );
  await expect(page.getByTestId('exception-row').first().getByTestId('exception-problems')).toContainText(
    /running out|empty within/,
  );

  await page.getByTestId('exception-filter-problem').click();
  await page.getByRole('option', { name: en.care.problems.lowStock, exact: true }).click();
  await page.getByTestId('exception-search').click();
  const low = rowOf(page, 'VM2026000101');
  await expect(low.getByTestId('exception-problems')).toContainText(en.care.problems.lowStock);
  await low.getByTestId('exception-fix').click();
  await expect(page.getByTestId('pick-total')).toBeVisible();
  await expect(page.getByTestId('pick-row').first()).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByTestId('pick-export').click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^Pick list-\d{4}-\d\d-\d\d\.xlsx$/);
  const bytes = Buffer.concat(await (await file.createReadStream()).toArray());
  // An xlsx is a zip.
  expect(bytes.subarray(0, 2).toString()).toBe('PK');
  await expect(notification(page)).toHaveText(en.care.exported);
  // The count is taken from the pick list at the machine: its dialog opens over the list and closes back to it.
  await page.getByTestId('pick-count').first().click();
  const count = page.getByRole('dialog', { name: /^Count: / });
  await expect(count.getByTestId('stock-count-1')).toBeVisible();
  await count.getByTestId('stock-count-cancel').click();
  await expect(count).toHaveCount(0);
  await expect(page.getByTestId('pick-total')).toBeVisible();
  await page.getByTestId('pick-close').click();
});

test("tenant1 counts a machine's channels at a visit: the books follow the count, and what is missing is said", async ({
  page,
  baseURL,
}) => {
  const c = en.care.count;
  // The coffee machine no other test counts or sells from.
  await openAs(page, baseURL, 'tenant1', '/deviceList/index');
  await page.getByTestId('device-filter-keyword').fill('VM2026000104');
  await page.getByTestId('device-search').click();
  await page.getByTestId('device-row').first().getByTestId('device-settings').click();
  const first = page.getByTestId('channel-row').first();
  const books = Number((await first.getByTestId('channel-stock').innerText()).split('/')[0]);
  await page.getByTestId('channel-count').click();
  const dialog = page.getByRole('dialog', { name: /^Count: / });
  // Nothing typed: nothing to save.
  await dialog.getByTestId('stock-count-submit').click();
  await expect(dialog.getByText(en.validation.countNothing)).toBeVisible();
  await dialog.getByTestId('stock-count-2').fill('10000');
  await dialog.getByTestId('stock-count-submit').click();
  await expect(dialog.getByText(en.validation.stockCapacity)).toBeVisible();
  await dialog.getByTestId('stock-count-2').fill('');
  const counted = Math.max(0, books - 2);
  await dialog.getByTestId('stock-count-1').fill(String(counted));
  await expect(
    dialog.getByText(books === counted ? `Books ${books}, as counted` : `Books ${books}, ${books - counted} missing`),
  ).toBeVisible();
  await dialog.getByTestId('stock-count-submit').dblclick();
  await expect(notification(page)).toHaveText(
    books === counted
      ? c.savedExact
      : c.saved.replace('{{missing}}', String(books - counted)).replace('{{found}}', '0'),
  );
  await expect(dialog).toHaveCount(0);
  await expect(first.getByTestId('channel-stock')).toHaveText(new RegExp(`^${counted}/`));
});
