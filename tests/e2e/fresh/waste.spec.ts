/**
 * Waste: tenant1 removes a batch of the demo fridge (虹桥站鲜食柜) as damaged
 * from /freshFood/batches, after being told what leaves which channel, and
 * finds it on /freshFood/waste for this month. The batch is one expiring
 * neither today nor before (the other files' batches of the fridge).
 */
import { expect } from '@playwright/test';
import { businessDay } from '../../../shared/business-time.js';
import { catalogues } from '../../../shared/domains.js';
import type { BatchItem } from '../../../shared/fresh/index.js';
import { bridgeCall, notification, openAs, test } from '../support.js';

const en = catalogues.en.fresh;

test('tenant1 removes a damaged batch and finds it in the waste of the month', async ({ page, baseURL }) => {
  await openAs(page, baseURL, 'tenant1', null);
  const devices = await bridgeCall(page.request, 'device.page', { query: {}, body: { keyword: 'VM2026000111' } });
  const deviceId = (devices.content as { list: { id: number }[] }).list[0]!.id;
  const listed = (
    (await bridgeCall(page.request, 'fresh.batches', { query: { pageSize: 100 }, body: { deviceId } })).content as {
      list: BatchItem[];
    }
  ).list;
  const batch = listed.find((b) => (b.state === 'fresh' || b.state === 'soon') && b.lot !== null);
  expect(batch).toBeDefined();

  await page.goto('/freshFood/batches');
  await page.getByTestId('fresh-batches-filter-keyword').fill(batch!.lot!);
  await page.getByTestId('fresh-batches-search').click();
  const row = page.getByTestId('fresh-batches-row');
  await expect(row).toHaveCount(1);
  await row.getByTestId('fresh-batches-remove').click();
  const dialog = page.getByRole('dialog', { name: en.waste.removeTitle });
  await expect(dialog.getByTestId('fresh-remove-what')).toContainText(batch!.productName);
  await page.getByTestId('fresh-remove-reason').click();
  await page.getByRole('option', { name: en.waste.why.damaged, exact: true }).click();
  await page.getByTestId('fresh-remove-submit').click();
  await expect(notification(page)).toHaveText(
    batch!.remaining === 1
      ? (en.waste as unknown as { removed_one: string }).removed_one
      : en.waste.removed.replace('{{count}}', String(batch!.remaining)),
  );
  await expect(row).toHaveCount(0);

  await page.goto('/freshFood/waste');
  const month = businessDay().slice(0, 7);
  const waste = page
    .getByTestId('fresh-waste-row')
    .filter({ has: page.getByTestId('fresh-waste-product').getByText(batch!.productName, { exact: true }) })
    .filter({ hasText: month });
  await expect(waste.first()).toContainText(en.waste.why.damaged);
  // Exported as the filter shows it.
  const download = page.waitForEvent('download');
  await page.getByTestId('fresh-waste-export').click();
  expect((await download).suggestedFilename()).toBe(`${en.waste.title}-${month}.xlsx`);
});
