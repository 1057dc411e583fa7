/**
 * A member's stored value on the console: tenant1 opens a demo member's page
 * and reads, in its Stored value tab, what the wallet holds by part and the
 * top-up that made it (the demo's ¥100 with ¥10 on top).
 */
import { expect } from '@playwright/test';
import { catalogues } from '../../../shared/domains.js';
import { openAs, test } from '../support.js';

const en = catalogues.en.wallet;

test("tenant1 reads a member's stored value by part and the top-up that made it, in the member's tab", async ({
  page,
  baseURL,
}) => {
  await openAs(page, baseURL, 'tenant1', '/memberCenter/memberInfo');
  await page.getByTestId('member-filter-keyword').fill('林小雨');
  await page.getByTestId('member-search').click();
  const row = page.getByTestId('member-row');
  await expect(row).toHaveCount(1);
  await row.getByTestId('member-open').click();

  await page.getByTestId('member-page-tab-wallet').click();
  await expect(page).toHaveURL(/tab=wallet/);
  await expect(page.getByTestId('wallet-balance')).toHaveText('¥110.00');
  await expect(page.getByTestId('wallet-principal')).toHaveText('¥100.00');
  await expect(page.getByTestId('wallet-bonus')).toHaveText('¥10.00');
  await expect(page.getByText(en.spendOrders.bonusFirst)).toBeVisible();
  await expect(page.getByTestId('wallet-move-kind')).toHaveText([en.moves.topUp]);
  await expect(page.getByTestId('wallet-move-principal')).toHaveText(['+¥100.00']);
  await expect(page.getByTestId('wallet-move-bonus')).toHaveText(['+¥10.00']);
  await expect(page.getByTestId('wallet-move')).toContainText('充 100 送 10');
});
