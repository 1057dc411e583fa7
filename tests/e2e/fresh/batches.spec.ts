/**
 * Fresh food: tenant1 refills a lane of the demo fridge (虹桥站鲜食柜) with a
 * batch read from a scanned GS1 code — a past expiry refused at its field
 * first — and finds the batch on /freshFood/batches; the screen lists the
 * demo's expired batch by its state and exports what it shows. The lane
 * refilled is one the fridge has room in when the test runs.
 */
import { readFile } from 'node:fs/promises';
import { expect } from '@playwright/test';
import ExcelJS from 'exceljs';
import { addDays, businessDay } from '../../../shared/business-time.js';
import { catalogues } from '../../../shared/domains.js';
import { bridgeCall, notification, openAs, test } from '../support.js';

const en = catalogues.en.fresh;
const ch = catalogues.en.device.channel;
const FRIDGE = 'VM2026000111';

test('tenant1 refills a perishable lane with a scanned batch, and finds it among the batches', async ({
  page,
  baseURL,
}) => {
  const lot = `E2E-${Date.now() % 1_000_000}`;
  const expiry = addDays(businessDay(), 2);
  const gs1 = `(17)${expiry.slice(2).replaceAll('-', '')}(10)${lot}`;
  await openAs(page, baseURL, 'tenant1', '/deviceList/index');
  await page.getByTestId('device-filter-keyword').fill(FRIDGE);
  await page.getByTestId('device-search').click();
  await page.getByTestId('device-row').filter({ hasText: FRIDGE }).getByTestId('device-settings').click();
  const rows = page.getByTestId('channel-row');
  await expect(rows).toHaveCount(12);
  // A lane with room: its stock below the six packs it holds.
  const stocks = await rows.getByTestId('channel-stock').allTextContents();
  const at = stocks.findIndex((s) => s !== '6/6');
  expect(at).toBeGreaterThanOrEqual(0);
  const lane = rows.nth(at);
  const number = (await lane.getByTestId('channel-number').textContent())!.trim();
  await expect(lane.getByTestId('channel-perishable')).toHaveText(ch.perishable);

  await page.getByRole('checkbox', { name: ch.selectRow.replace('{{number}}', number), exact: true }).check();
  await page.getByTestId('channel-refill-selected').click();
  const dialog = page.getByRole('dialog', { name: en.refill.title });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('fresh-refill-batch')).toHaveCount(1);
  await dialog.getByTestId('fresh-refill-expiry').fill(addDays(businessDay(), -1));
  await page.getByTestId('fresh-refill-submit').click();
  await expect(dialog.getByText(en.validation.expired)).toBeVisible();

  // The scanner types the code and Enter: the expiry and lot are filled, nothing is submitted.
  await dialog.getByTestId('fresh-refill-scan').fill(gs1);
  await dialog.getByTestId('fresh-refill-scan').press('Enter');
  await expect(dialog.getByText(en.refill.scanned.replace('{{day}}', expiry))).toBeVisible();
  await expect(dialog.getByTestId('fresh-refill-expiry')).toHaveValue(expiry);
  await expect(dialog.getByTestId('fresh-refill-lot')).toHaveValue(lot);
  await page.getByTestId('fresh-refill-submit').click();
  await expect(notification(page)).toHaveText(en.refill.done);
  await expect(rows.nth(at).getByTestId('channel-stock')).toHaveText('6/6');

  await page.goto('/freshFood/batches');
  await page.getByTestId('fresh-batches-filter-keyword').fill(lot);
  await page.getByTestId('fresh-batches-search').click();
  const batch = page.getByTestId('fresh-batches-row');
  await expect(batch).toHaveCount(1);
  await expect(batch.getByTestId('fresh-batches-expiresOn')).toHaveText(expiry);
  await expect(batch.getByTestId('fresh-batches-state')).toHaveText(en.batches.states.soon);
  await expect(batch).toContainText('虹桥站鲜食柜');
});

test("the batches screen shows the fridge's expired batch by its state and exports it", async ({ page, baseURL }) => {
  await openAs(page, baseURL, 'tenant1', '/freshFood/batches');
  await expect(page.locator('#fresh-batches-list-title')).toHaveText(en.batches.title);
  // The expired batches as the upstream counts them now: what the filtered list and its sheet must both hold.
  const expired = (
    (await bridgeCall(page.request, 'fresh.batches', { query: {}, body: { state: 'expired' } })).content as {
      total: number;
    }
  ).total;
  expect(expired).toBeGreaterThan(0);
  await page.getByTestId('fresh-batches-filter-state').click();
  await page.getByRole('option', { name: en.batches.states.expired, exact: true }).click();
  await page.getByTestId('fresh-batches-search').click();
  const rows = page.getByTestId('fresh-batches-row');
  await expect(rows).toHaveCount(Math.min(expired, 20));
  await expect(rows.getByTestId('fresh-batches-state').filter({ hasNotText: en.batches.states.expired })).toHaveCount(
    0,
  );
  await expect(rows.filter({ hasText: '虹桥站鲜食柜' }).first()).toBeVisible();

  const download = page.waitForEvent('download');
  await page.getByTestId('fresh-batches-export').click();
  const book = new ExcelJS.Workbook();
  await book.xlsx.load((await readFile((await (await download).path())!)) as unknown as ArrayBuffer);
  const sheet = book.worksheets[0]!;
  expect(sheet.getRow(1).getCell(1).value).toBe(en.batches.device);
  expect(sheet.rowCount - 1).toBe(expired);
  expect(sheet.getRow(2).getCell(7).value).toBe(en.batches.states.expired);
});
