/**
 * The platforms' daily bills end to end, on the demo's sandbox days: tenant1 finds yesterday's WeChat bill with
 * its differences, explains one with a note and exports them; an empty note is refused in the dialog, which keeps
 * nothing; the admin reads every tenant's days in Chinese, and every open difference at once.
 */
import { expect } from '@playwright/test';
import { catalogues } from '../../../shared/domains.js';
import { notification, openAs, PASSWORD, signIn, test, useLanguage } from '../support.js';

const en = catalogues.en.reconciliation;
const PATH = '/orderManagement/reconciliation';

test("tenant1 opens yesterday's WeChat bill, explains a sale only at the platform and exports the differences", async ({
  page,
  baseURL,
}) => {
  await openAs(page, baseURL, 'tenant1', PATH);
  await expect(page.getByRole('heading', { level: 1, name: en.title })).toBeVisible();
  await page.getByTestId('recon-filter-state').click();
  await page.getByRole('option', { name: en.states.differences }).click();
  await page.getByTestId('recon-filter-platform').click();
  await page.getByRole('option', { name: en.platforms.wechat }).click();
  await page.getByTestId('recon-search').click();
  const day = page.getByTestId('recon-row').first();
  await expect(day.getByTestId('recon-day-state')).toHaveText(en.states.differences);
  await day.getByTestId('recon-day-open').click();
  const panel = page.getByTestId('recon-difference-list');
  await expect(panel.getByTestId('recon-difference-row')).toHaveCount(3);
  const kinds = await panel.getByTestId('recon-difference-kind').allTextContents();
  expect(kinds.sort()).toEqual([en.kinds.amount, en.kinds.consoleOnly, en.kinds.platformOnly].sort());

  const offline = panel.getByTestId('recon-difference-row').filter({ hasText: en.kinds.platformOnly });
  await offline.getByTestId('recon-difference-explain').click();
  const note = `Offline sale entered since ${Date.now()}`;
  await page.getByTestId('recon-explain-note').fill(note);
  await page.getByTestId('recon-explain-submit').click();
  await expect(notification(page)).toHaveText(en.explained);
  await expect(offline.getByTestId('recon-difference-note')).toContainText(note);

  const download = page.waitForEvent('download');
  await panel.getByTestId('recon-export').click();
  expect((await download).suggestedFilename()).toMatch(/^Differences-\d{4}-\d{2}-\d{2}\.xlsx$/);
});

test('an empty note is refused where it is typed, and Escape closes the dialog keeping nothing', async ({
  page,
  baseURL,
}) => {
  await openAs(page, baseURL, 'tenant1', PATH);
  await page.getByTestId('recon-open-all').click();
  const row = page.getByTestId('recon-difference-row').first();
  const before = (await row.getByTestId('recon-difference-note').textContent()) ?? '';
  await row.getByTestId('recon-difference-explain').click();
  await page.getByTestId('recon-explain-note').fill('   ');
  await page.getByTestId('recon-explain-submit').click();
  await expect(page.getByText(en.validation.note)).toBeVisible();
  await expect(page.getByTestId('recon-explain-note')).toBeFocused();
  await page.keyboard.press('Escape');
  // Typed input: the dialog asks before throwing it away.
  await expect(page.getByTestId('confirm-dialog')).toContainText(catalogues.en.common.discardText);
  await page.getByTestId('confirm-ok').click();
  await expect(page.getByTestId('recon-explain-note')).toHaveCount(0);
  await expect(row.getByTestId('recon-difference-note')).toHaveText(before);
});

test("the admin reads every tenant's days in Chinese, and every open difference at once", async ({ page, baseURL }) => {
  const zh = catalogues['zh-CN'].reconciliation;
  await useLanguage(page, baseURL, 'zh-CN');
  await signIn(page, 'admin', PASSWORD, { at: PATH });
  await expect(page.getByRole('heading', { level: 1, name: zh.title })).toBeVisible();
  await expect(page.getByTestId('recon-filter-tenant')).toBeVisible();
  await expect(page.getByTestId('recon-row').first()).toBeVisible();
  await page.getByTestId('recon-open-all').click();
  await expect(page.getByRole('heading', { level: 2, name: zh.allDifferences })).toBeVisible();
  await expect(page.getByTestId('recon-open-only')).toBeChecked();
  await expect(page.getByTestId('recon-difference-row').first()).toBeVisible();
});
