/**
 * /memberCenter/storedValue: tenant1 reads its wallet settings and the demo's top-up tiers, changes the cap
 * (past ¥5,000 refused at its field), sets tiers to come (two of one amount refused), and exports the month's
 * liability, whose top-ups count the demo's; imports an old card's balance from a sheet, a phone no member
 * holds reported; the admin chooses a tenant first.
 */
import { readFile } from 'node:fs/promises';
import { expect } from '@playwright/test';
import ExcelJS from 'exceljs';
import { addDays, businessDay } from '../../../shared/business-time.js';
import { catalogues } from '../../../shared/domains.js';
import { reportRows, runImport, xlsxFile } from '../sheets.js';
import { openAs, test } from '../support.js';

const en = catalogues.en.wallet;

test('tenant1 reads and changes its stored value settings, sets tiers to come and exports the month’s liability', async ({
  page,
  baseURL,
}) => {
  await openAs(page, baseURL, 'tenant1', '/memberCenter/storedValue');
  await expect(page.locator('#stored-value-title')).toHaveText(en.route.storedValue);
  await expect(page.getByTestId('stored-value-tier-set').first()).toContainText(
    en.tiers.tier.replace('{{pay}}', '¥100.00').replace('{{bonus}}', '¥10.00'),
  );

  await page.getByTestId('stored-value-edit').click();
  const cap = page.getByTestId('wallet-settings-cap');
  await cap.fill('6000');
  await page.getByTestId('wallet-settings-submit').click();
  await expect(page.getByText(en.validation.cap)).toBeVisible();
  await cap.fill('3000');
  // Points as money: a rate that is no whole number is refused at its field.
  const rate = page.getByTestId('wallet-settings-points-rate');
  await rate.fill('1.5');
  await page.getByTestId('wallet-settings-points-share').fill('30');
  await page.getByTestId('wallet-settings-submit').click();
  await expect(page.getByText(en.validation.pointsPerYuan)).toBeVisible();
  await rate.fill('100');
  await page.getByTestId('wallet-settings-submit').click();
  await expect(page.getByTestId('stored-value-cap')).toHaveText('¥3,000.00');
  await expect(page.getByTestId('stored-value-points')).toHaveText(
    en.points.rule.replace('{{points}}', '100').replace('{{percent}}', '30'),
  );

  // Tiers from a day no other run of this test has set (a set to come may be replaced, so a retry passes too).
  const day = addDays(businessDay(), 30);
  await page.getByTestId('stored-value-new-tiers').click();
  await page.getByTestId('wallet-tiers-day').fill(day);
  await page.getByTestId('wallet-tiers-pay').fill('200');
  await page.getByTestId('wallet-tiers-bonus').fill('30');
  await page.getByTestId('wallet-tiers-add').click();
  await page.getByTestId('wallet-tiers-pay').nth(1).fill('200');
  await page.getByTestId('wallet-tiers-bonus').nth(1).fill('20');
  await page.getByTestId('wallet-tiers-submit').click();
  await expect(page.getByTestId('wallet-tiers-error')).toHaveText(en.validation.samePay);
  await page.getByTestId('wallet-tiers-pay').nth(1).fill('500');
  await page.getByTestId('wallet-tiers-bonus').nth(1).fill('80');
  await page.getByTestId('wallet-tiers-submit').click();
  await expect(page.getByTestId('stored-value-tier-set').filter({ hasText: day })).toContainText(
    en.tiers.tier.replace('{{pay}}', '¥500.00').replace('{{bonus}}', '¥80.00'),
  );

  // The month's liability: tenant A's members hold at least the demo's ¥110 + ¥50.
  const row = page.getByTestId('liability-row').first();
  await expect(row).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByTestId('liability-export').click();
  const book = new ExcelJS.Workbook();
  await book.xlsx.load((await readFile((await (await download).path())!)) as unknown as ArrayBuffer);
  const rows = book.worksheets[0]!.getSheetValues().slice(1) as unknown[][];
  expect(rows[0]!.slice(1, 3)).toEqual(['Tenant', en.liability.opening]);
  const closing = rows.slice(1).map((r) => Number(r[r.length - 1]));
  expect(Math.max(...closing)).toBeGreaterThanOrEqual(160);
});

test('the admin chooses a tenant to see its settings; the report covers every tenant meanwhile', async ({
  page,
  baseURL,
}) => {
  await openAs(page, baseURL, 'admin', '/memberCenter/storedValue');
  await expect(page.getByText(en.chooseTenantFirst)).toBeVisible();
  await expect(page.getByTestId('liability-row').first()).toBeVisible();
  await page.getByTestId('stored-value-tenant').click();
  await page.getByRole('option').first().click();
  await expect(page.getByTestId('stored-value-spend-order')).toBeVisible();
});

test("tenant1 imports an old prepaid card's balance for 陈静 by her phone, and reads the report of a phone no member holds", async ({
  page,
  baseURL,
}) => {
  await openAs(page, baseURL, 'tenant1', '/memberCenter/storedValue');
  await page.getByTestId('stored-value-import').click();
  const book = new ExcelJS.Workbook();
  const ws = book.addWorksheet('Stored value');
  ws.addRow(['Phone (required)', 'Principal (¥) (required)', 'Bonus (¥)', 'Old card number']);
  ws.addRow(['13761200305', '30', '2.5', 'OLD-0305']);
  ws.addRow(['13900000000', '5', '', '']);
  const sheet = xlsxFile('balances.xlsx', Buffer.from(await book.xlsx.writeBuffer()));
  await runImport(page, 'wallet-import', sheet, 'good');
  // Her balance goes in once: a run of this test again finds it there, unchanged.
  const done = (inserted: string, unchanged: string) =>
    catalogues.en.sheetImport.done
      .replace('{{inserted}}', inserted)
      .replace('{{updated}}', '0')
      .replace('{{unchanged}}', unchanged);
  await expect(page.getByTestId('wallet-import-summary')).toHaveText(
    new RegExp(`^(${[done('1', '0'), done('0', '1')].map((x) => x.replace(/[()]/g, '\\$&')).join('|')})$`),
    { timeout: 20_000 },
  );
  await expect(page.getByTestId('wallet-import-bad')).toHaveText('1 row with problems');
  const lines = await reportRows(page, 'wallet-import');
  expect(lines.map((l) => l[0])).toEqual([3]);
  expect(String(lines[0]!.at(-1))).toContain(en.sheet.noMember);
  await page.getByTestId('wallet-import-cancel').click();
  await expect(page.getByTestId('wallet-import-summary')).toBeHidden();
});
