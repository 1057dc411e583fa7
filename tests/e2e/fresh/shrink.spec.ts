/**
 * The shrink report end to end: a visit's count of a tenant-B machine shows
 * on /freshFood/shrink as units missing with their value, in the totals,
 * under "only with shrink", and in the export read back.
 */
import { readFile } from 'node:fs/promises';
import { expect } from '@playwright/test';
import ExcelJS from 'exceljs';
import { catalogues } from '../../../shared/domains.js';
import type { ChannelItem } from '../../../shared/device/index.js';
import { bridgeCall, notification, openAs, test } from '../support.js';

const en = catalogues.en.fresh.shrink;
// A spare machine of tenant B's no other test sells from or counts.
const SERIAL = 'VM2026000304';
const MACHINE = '备用饮料机 B-1';

test('a count finding goods missing is shrink: in its row at cost, in the totals, only-with-shrink and the export', async ({
  page,
  baseURL,
}) => {
  await openAs(page, baseURL, 'tenant2', '/freshFood/shrink');
  const devices = await bridgeCall(page.request, 'device.page', { query: {}, body: { keyword: SERIAL } });
  const deviceId = (devices.content as { list: { id: number }[] }).list[0]!.id;
  const channels = (await bridgeCall(page.request, 'device.channels', { params: { id: deviceId } }))
    .content as ChannelItem[];
  const lane = channels.find((c) => c.productId !== null && c.stock >= 2)!;
  const counted = await bridgeCall(page.request, 'device.countStock', {
    params: { id: deviceId },
    body: { counts: [{ number: lane.number, counted: lane.stock - 2 }] },
  });
  expect(counted.ok).toBe(true);

  await page.getByTestId('fresh-shrink-search').click();
  const row = page
    .getByTestId('fresh-shrink-row')
    .filter({ hasText: MACHINE })
    .filter({ has: page.getByTestId('fresh-shrink-product').getByText(lane.productName!, { exact: true }) });
  await expect(row).toHaveCount(1);
  // Counted twice when the test is retried: at least the two of this run.
  expect(Number(await row.getByTestId('fresh-shrink-missing').innerText())).toBeGreaterThanOrEqual(2);
  await expect(row.getByTestId('fresh-shrink-counted')).toHaveText(/^-\d+$/);
  await expect(row.getByTestId('fresh-shrink-value')).toHaveText(/^¥\d+\.\d\d$/);
  await expect(page.getByTestId('fresh-shrink-total')).toContainText('missing');

  await page.getByTestId('fresh-shrink-filter-rows').click();
  await page.getByRole('option', { name: en.losses }).click();
  await page.getByTestId('fresh-shrink-search').click();
  await expect(row).toHaveCount(1);
  // Once the filtered rows are drawn no row without shrink is left (asked again until the list has followed).
  await expect(page.getByTestId('fresh-shrink-missing').filter({ hasText: /^0$/ })).toHaveCount(0);

  const download = page.waitForEvent('download');
  await page.getByTestId('fresh-shrink-export').click();
  const book = new ExcelJS.Workbook();
  await book.xlsx.load((await readFile((await (await download).path())!)) as unknown as ArrayBuffer);
  const sheet = book.worksheets[0]!;
  expect(sheet.getRow(1).getCell(10).value).toBe(en.missing);
  const lines = sheet.getSheetValues().slice(2) as unknown[][];
  expect(lines.some((l) => l[2] === MACHINE && l[4] === lane.productName)).toBe(true);
  await expect(notification(page)).toHaveText(new RegExp(`^${en.exported.replace('{{count}}', '\\d+')}$|row exported`));
});
