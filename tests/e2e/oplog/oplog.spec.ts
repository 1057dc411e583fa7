/**
 * The operation log end to end: tenant1 makes a point and renames it, then
 * finds both changes on /oplog by the point's target, and the rename opens
 * with the name before and after side by side; its own sign-in is there too.
 * tenant2 never sees them. A time range narrows the list (a bad one is
 * refused at its field); the list goes out as an .xlsx, and the export is in
 * the log too. An activity's page shows its own history.
 */
import { readFile } from 'node:fs/promises';
import { expect } from '@playwright/test';
import ExcelJS from 'exceljs';
import { catalogues } from '../../../shared/domains.js';
import { sellingChannel } from '../activity/support.js';
import { bridgeCall, openAs, pickRegion, test } from '../support.js';

const en = catalogues.en.oplog;
const name = `Oplog ${Date.now().toString(36)}`;

test('tenant1 finds its changes with the fields before and after; tenant2 does not', async ({ page, baseURL }) => {
  await openAs(page, baseURL, 'tenant1', '/pointMent/pointList');
  await page.getByTestId('point-create').click();
  await page.getByTestId('point-form-name').fill(name);
  await page.getByTestId('point-form-address').fill('1 Century Avenue');
  await pickRegion(page, 'point-form-area', { province: '上海市', district: '浦东新区' });
  await page.getByTestId('point-form-submit').click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  const row = page.getByTestId('point-row').filter({ hasText: name });
  await row.getByTestId('point-edit').click();
  await page.getByTestId('point-form-name').fill(`${name} East`);
  await page.getByTestId('point-form-submit').click();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await page.goto('/oplog');
  await expect(page.getByRole('heading', { level: 1, name: en.route.oplog })).toBeVisible();
  await page.getByTestId('oplog-filter-op').fill('point.update');
  await page.getByTestId('oplog-search').click();
  const update = page.getByTestId('oplog-row').first();
  await expect(update.getByTestId('oplog-row-op')).toHaveText(`${en.kinds.operation} · point.update`);
  await expect(update.getByTestId('oplog-row-who')).toHaveText('tenant1');
  await update.getByTestId('oplog-open').click();
  const changes = page.getByTestId('oplog-record').getByTestId('oplog-change');
  await expect(changes.filter({ hasText: 'name' })).toContainText(name);
  await expect(changes.filter({ hasText: 'name' })).toContainText(`${name} East`);
  await page.getByTestId('oplog-record-close').click();
  await expect(page.getByTestId('oplog-record')).toHaveCount(0);

  await page.getByTestId('oplog-reset').click();
  await page.getByTestId('oplog-filter-op').fill('account.token');
  await page.getByTestId('oplog-search').click();
  await expect(page.getByTestId('oplog-row').first().getByTestId('oplog-row-op')).toHaveText(
    `${en.kinds.signIn} · account.token`,
  );
});

test('tenant2 reads its own log, without tenant1’s changes', async ({ page, baseURL }) => {
  await openAs(page, baseURL, 'tenant2', '/oplog');
  await expect(page.getByRole('heading', { level: 1, name: en.route.oplog })).toBeVisible();
  await page.getByTestId('oplog-filter-username').fill('tenant1');
  await page.getByTestId('oplog-search').click();
  await expect(page.getByTestId('oplog-row')).toHaveCount(0);
});

test('tenant1 narrows the log by time, exports it, and finds the export recorded', async ({ page, baseURL }) => {
  await openAs(page, baseURL, 'tenant1', '/oplog');
  await expect(page.getByRole('heading', { level: 1, name: en.route.oplog })).toBeVisible();
  await page.getByTestId('oplog-filter-from').fill('2026-13-40');
  await page.getByTestId('oplog-search').click();
  await expect(page.getByText(catalogues.en.dateField.invalid)).toBeVisible();
  await page.getByTestId('oplog-filter-from').fill('2099-01-01');
  await page.getByTestId('oplog-search').click();
  await expect(page.getByTestId('oplog-row')).toHaveCount(0);
  await page.getByTestId('oplog-reset').click();
  await page.getByTestId('oplog-filter-op').fill('account.token');
  await page.getByTestId('oplog-search').click();
  await expect(page.getByTestId('oplog-row').first()).toBeVisible();

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('oplog-export').click()]);
  expect(download.suggestedFilename()).toBe(`${en.sheet}.xlsx`);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load((await readFile((await download.path())!)) as unknown as ArrayBuffer);
  const sheet = book.worksheets[0]!;
  expect(sheet.getRow(1).getCell(7).value).toBe(en.op);
  expect(sheet.getRow(2).getCell(7).value).toBe('account.token');

  await page.getByTestId('oplog-reset').click();
  await page.getByTestId('oplog-filter-op').fill('oplog.export');
  await page.getByTestId('oplog-search').click();
  await expect(page.getByTestId('oplog-row').first().getByTestId('oplog-row-op')).toHaveText(
    `${en.kinds.export} · oplog.export`,
  );
});

test("an activity's page shows its own history", async ({ page, baseURL }) => {
  await openAs(page, baseURL, 'tenant1', '/marketing/scene');
  // An activity of its own: one another file made may carry other operations in its history.
  const { deviceId, channel } = await sellingChannel(page, 3);
  const made = await bridgeCall(page.request, 'activity.create', {
    body: {
      name: `操作记录活动${Date.now() % 1_000_000}`,
      type: 'discount',
      tag: '记录',
      startAt: new Date(Date.now() - 120_000).toISOString(),
      endAt: new Date(Date.now() + 86_400_000).toISOString(),
      target: 'devices',
      deviceIds: [deviceId],
      products: [{ productId: channel.productId, price: Math.max(1, channel.price! - 1) }],
      platforms: ['digitalRmb'],
    },
  });
  expect(made.ok).toBe(true);
  const activity = made.content as { id: number };
  for (const state of ['disabled', 'normal'])
    expect(
      (await bridgeCall(page.request, 'activity.setState', { params: { id: activity.id }, body: { state } })).ok,
    ).toBe(true);
  await page.goto(`/marketing/scenedeatil?id=${activity.id}`);
  const rows = page.getByTestId('activity-history-row');
  // Its two changes of state, newest first.
  await expect(rows).toHaveCount(2);
  await expect(rows.first().getByTestId('activity-history-op')).toHaveText(`${en.kinds.operation} · activity.setState`);
  await rows.first().getByTestId('activity-history-open').click();
  await expect(page.getByTestId('oplog-record')).toBeVisible();
});
