/**
 * A member's stored value on the console: tenant1 opens a demo member's page
 * and reads, in its Stored value tab, what the wallet holds by part and the
 * top-up that made it (the demo's ¥100 with ¥10 on top); and tops another
 * member up at the counter, the sandbox paying the code it shows.
 */
import { expect, type Page } from '@playwright/test';
import { catalogues } from '../../../shared/domains.js';
import { parseYuan } from '../../../shared/format.js';
import { openAs, test } from '../support.js';

const en = catalogues.en.wallet;

/** Opens the Stored value tab of the demo member found by `name`. */
async function walletTabOf(page: Page, name: string) {
  await page.getByTestId('member-filter-keyword').fill(name);
  await page.getByTestId('member-search').click();
  const row = page.getByTestId('member-row');
  await expect(row).toHaveCount(1);
  await row.getByTestId('member-open').click();
  await page.getByTestId('member-page-tab-wallet').click();
  await expect(page).toHaveURL(/tab=wallet/);
}

test("tenant1 reads a member's stored value by part and the top-up that made it, in the member's tab", async ({
  page,
  baseURL,
}) => {
  await openAs(page, baseURL, 'tenant1', '/memberCenter/memberInfo');
  await walletTabOf(page, '林小雨');
  await expect(page.getByTestId('wallet-balance')).toHaveText('¥110.00');
  await expect(page.getByTestId('wallet-principal')).toHaveText('¥100.00');
  await expect(page.getByTestId('wallet-bonus')).toHaveText('¥10.00');
  await expect(page.getByText(en.spendOrders.bonusFirst)).toBeVisible();
  await expect(page.getByTestId('wallet-move-kind')).toHaveText([en.moves.topUp]);
  await expect(page.getByTestId('wallet-move-principal')).toHaveText(['+¥100.00']);
  await expect(page.getByTestId('wallet-move-bonus')).toHaveText(['+¥10.00']);
  await expect(page.getByTestId('wallet-move')).toContainText('充 100 送 10');
});

test('tenant1 tops a member up at the counter: the amount checked at its field, the code shown, the bonus of the tier, the wallet credited once paid', async ({
  page,
  baseURL,
}) => {
  await openAs(page, baseURL, 'tenant1', '/memberCenter/memberInfo');
  await walletTabOf(page, '张伟');
  const balance = page.getByTestId('wallet-balance');
  await expect(balance).toHaveText(/¥/);
  const before = parseYuan((await balance.innerText()).replace(/[¥,]/g, ''))!;

  await page.getByTestId('wallet-top-up-open').click();
  const amount = page.getByTestId('wallet-top-up-amount');
  await amount.fill('0.5');
  await page.getByTestId('wallet-top-up-submit').click();
  await expect(page.getByText(en.validation.amount)).toBeVisible();
  await amount.fill('100');
  await page.getByTestId('wallet-top-up-submit').click();

  // The demo's tiers: ¥100 brings ¥10 on top.
  const pay = page.getByTestId('wallet-pay-dialog');
  await expect(pay.getByTestId('wallet-pay-amount')).toHaveText('¥100.00');
  await expect(pay.getByTestId('wallet-pay-credit')).toHaveText(
    en.topUp.withBonus.replace('{{total}}', '¥110.00').replace('{{bonus}}', '¥10.00'),
  );
  await expect(pay.getByTestId('wallet-pay-number')).toHaveText(/^TU\d{16}$/);
  await expect(pay.getByTestId('wallet-pay-qr')).toBeVisible();
  // The sandbox pays it a moment later (WALLET_SETTLE_MS).
  await expect(pay.getByTestId('wallet-pay-paid')).toBeVisible({ timeout: 20_000 });
  await pay.getByTestId('wallet-pay-close').click();
  await expect(pay).toBeHidden();
  await expect(balance).toHaveText(`¥${((before + 11_000) / 100).toLocaleString('en', { minimumFractionDigits: 2 })}`);
  await expect(page.getByTestId('wallet-move-kind').first()).toHaveText(en.moves.topUp);
  await expect(page.getByTestId('wallet-move-bonus').first()).toHaveText('+¥10.00');
});

test("tenant1 gives a member's principal back at the counter: the reason required, the bonus forfeited, the refund to the top-up paid by the sandbox", async ({
  page,
  baseURL,
}) => {
  await openAs(page, baseURL, 'tenant1', '/memberCenter/memberInfo');
  await walletTabOf(page, '杨帆');
  // Its own money to give back, whatever an earlier run left: a ¥50 top-up (¥3 on top) the sandbox pays.
  await page.getByTestId('wallet-top-up-open').click();
  await page.getByTestId('wallet-top-up-amount').fill('50');
  await page.getByTestId('wallet-top-up-submit').click();
  const pay = page.getByTestId('wallet-pay-dialog');
  await expect(pay.getByTestId('wallet-pay-paid')).toBeVisible({ timeout: 20_000 });
  await pay.getByTestId('wallet-pay-close').click();
  await expect(page.getByTestId('wallet-principal')).toHaveText('¥50.00');

  await page.getByTestId('wallet-give-back-open').click();
  await expect(page.getByTestId('wallet-give-back-principal')).toHaveText('¥50.00');
  await expect(page.getByTestId('wallet-give-back-bonus')).toHaveText('¥3.00');
  await page.getByTestId('wallet-give-back-submit').click();
  await expect(page.getByText(catalogues.en.validation.required).first()).toBeVisible();
  await page.getByTestId('wallet-give-back-reason').fill('搬家，不再使用');
  await page.getByTestId('wallet-give-back-submit').click();

  const result = page.getByTestId('wallet-give-back-result');
  await expect(result.getByTestId('wallet-give-back-refund')).toHaveCount(1);
  await expect(result.getByTestId('wallet-give-back-refund')).toContainText(/TU\d{16}/);
  // The sandbox refunds it a moment later.
  await expect(result.getByTestId('wallet-give-back-state')).toHaveText(en.giveBack.states.done, { timeout: 20_000 });
  await expect(result.getByTestId('wallet-give-back-refund-state')).toHaveText(en.giveBack.refundStates.paid);
  await result.getByTestId('wallet-give-back-close').click();
  await expect(page.getByTestId('wallet-balance')).toHaveText('¥0.00');
  await expect(page.getByTestId('wallet-move-kind').first()).toHaveText(en.moves.forfeit);
  await expect(page.getByTestId('wallet-give-back-open')).toBeDisabled();
});
