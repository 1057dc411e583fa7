/** Exporting orders end to end (spec §9): a day to a file read back against the list; more than 1000 by e-mail, its state in the export records. */
import { expect } from '@playwright/test';
import ExcelJS from 'exceljs';
import { catalogues } from '../../../shared/domains.js';
import { sheetHeader } from '../../../shared/order/index.js';
import { notification, test } from '../support.js';
import { openOrderList, visibleRows } from './list.js';

const en = catalogues.en.order;

/** `yyyy-mm-dd hh:mm` of a day and minute, as a clerk types it (the console reads it as China time and tidies it to hh:mm:ss). */
const local = (d: Date, hm: string) =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')} ${hm}`;

test('tenant1 exports a day of orders to a file that holds every order the list shows for that day', async ({
  page,
  baseURL,
}) => {
  await openOrderList(page, baseURL, 'tenant1');
  const yesterday = new Date(Date.now() - 86_400_000);
  const from = local(yesterday, '00:00');
  const to = local(yesterday, '23:59');

  // The list's count of that day.
  await page.getByTestId('order-filter-from').fill(from);
  await page.getByTestId('order-filter-to').fill(to);
  // The count of the day's filter, as the list hears it: the pager's total read at once was still the whole list's
  // (flaky on a clean-clone run: 958 read, 17 exported).
  const counted = page.waitForResponse(
    (r) =>
      r.url().endsWith('/bridge/order.count') &&
      (r.request().postDataJSON() as { body?: { from?: string } }).body?.from !== undefined,
  );
  await page.getByTestId('order-search').click();
  const { total } = ((await (await counted).json()) as { content: { total: number } }).content;
  expect(total).toBeGreaterThan(0);
  await expect(page.getByTestId('order-pager-total')).toHaveText(`Total ${total}`);

  await page.getByTestId('order-export-open').click();
  // The dialog starts from the list's range; without a start it refuses at the field.
  await expect(page.getByTestId('order-export-from')).toHaveValue(`${from}:00`);
  await expect(page.getByTestId('order-export-to')).toHaveValue(`${to}:59`);
  await page.getByTestId('order-export-from').fill('');
  await page.getByTestId('order-export-submit').click();
  await expect(page.getByText(en.validation.time)).toBeVisible();
  await page.getByTestId('order-export-from').fill(from);

  const download = page.waitForEvent('download');
  await page.getByTestId('order-export-submit').click();
  const file = await (await download).path();
  await expect(notification(page)).toHaveText(en.exports.done.replace('{{rows}}', String(total)));
  await expect(page.getByTestId('order-export-submit')).toHaveCount(0);

  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(file);
  const sheet = book.worksheets[0]!;
  expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(sheetHeader('en'));
  expect(sheet.actualRowCount).toBe(total + 1);
  // Newest first, as the list: its first row is the sheet's first order.
  const first = await visibleRows(page).first().getByTestId('order-number').textContent();
  expect(sheet.getRow(2).getCell(1).value).toBe(first);
});

test('more than 1000 orders go by e-mail to a valid address, and the export records follow the job to sent', async ({
  page,
  baseURL,
}) => {
  await openOrderList(page, baseURL, 'admin');
  await page.getByTestId('order-export-open').click();
  await page.getByTestId('order-export-from').fill(local(new Date(Date.now() - 95 * 86_400_000), '00:00'));
  await page.getByTestId('order-export-submit').click();
  await expect(page.getByTestId('order-export-too-many')).toHaveText(en.exports.tooMany);

  // The address is required and must be one.
  await page.getByTestId('order-export-submit').click();
  await expect(page.getByText(en.validation.email)).toBeVisible();
  await page.getByTestId('order-export-email').fill('caiwu@huadong-vend');
  await page.getByTestId('order-export-submit').click();
  await expect(page.getByText(en.validation.email)).toBeVisible();
  await page.getByTestId('order-export-email').fill('caiwu@huadong-vend.cn');
  await page.getByTestId('order-export-submit').click();
  await expect(notification(page)).toHaveText(en.exports.queued.replace('{{email}}', 'caiwu@huadong-vend.cn'));

  // The records open on it, and follow it from queued or writing to sent.
  const records = page.getByTestId('order-export-records');
  await expect(records).toBeVisible();
  const row = records.getByTestId('export-row').first();
  await expect(row).toContainText('caiwu@huadong-vend.cn');
  await expect(row.getByTestId('export-state')).toHaveText(en.exports.states.done, { timeout: 30_000 });
  await page.getByTestId('export-records-close').click();
  await expect(records).toHaveCount(0);
});
