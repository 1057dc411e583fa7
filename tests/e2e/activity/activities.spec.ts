/**
 * Scene marketing end to end: tenant1 chooses "special price", makes one for
 * a product at the Hongqiao drinks machine (paid by digital RMB alone, so no
 * other file's sales there are priced by it), the form's preview prices the
 * unsaved activity, the activity's page previews it again; the machine's next
 * sale by digital RMB is priced with it, and the page counts the order and
 * the discount, and its orders open filtered from it. Terminated at the end.
 */
import { expect } from '@playwright/test';
import { catalogues } from '../../../shared/domains.js';
import { formatYuan } from '../../../shared/format.js';
import { bridgeCall, notificationSaying, openAs, test } from '../support.js';
import { fillActivityBasics, sellingChannel, sellOne } from './support.js';

const en = catalogues.en.activity;

test('tenant1 makes a special price, the preview shows it, the next sale is priced with it and the page counts it', async ({
  page,
  baseURL,
  request,
}) => {
  await openAs(page, baseURL, 'tenant1', '/marketing/scene');
  await expect(page.getByTestId('activity-table')).toBeVisible();
  const { channel } = await sellingChannel(page);
  const special = Math.floor(channel.price! / 2);
  const stamp = Date.now() % 1_000_000;
  const name = `数字人民币半价${stamp}`;

  await page.getByTestId('activity-create').click();
  await page.getByTestId('activity-choose-discount').click();
  await expect(page.getByTestId('activity-form-title')).toContainText(en.types.discount);
  await fillActivityBasics(page, { name: name, tag: '半价', productName: channel.productName! });
  // A special price is asked for each product: saving without one is refused at its field.
  await page.getByTestId('activity-form-save').click();
  await expect(page.getByTestId('activity-form-prices')).toContainText(catalogues.en.validation.required);
  await page.getByTestId('activity-form-price').fill((special / 100).toFixed(2));
  await page.getByRole('checkbox', { name: catalogues.en.order.platform.digitalRmb }).check();
  // The unsaved activity prices the preview already.
  const preview = page.getByTestId('activity-preview');
  await expect(preview.getByTestId('activity-preview-total')).toHaveText(formatYuan(special));
  await expect(preview.getByTestId('activity-preview-applied')).toContainText(en.preview.draft.trim());

  // A dry run replays the machine's last day of sales with it.
  await page.getByTestId('activity-dry-run-start').click();
  await expect(page.getByTestId('activity-dry-run-answer')).toContainText(/^Replayed \d+ sales/);

  await page.getByTestId('activity-form-save').click();
  await expect(page.getByTestId('activity-page-title')).toHaveText(name);
  await expect(page.getByTestId('activity-page-state')).toHaveText(en.states.active);
  await expect(page.getByTestId('activity-preview-total')).toHaveText(formatYuan(special));

  const sold = await sellOne(request, channel.number);
  expect(sold.amount).toBe(special);
  await page.reload();
  // The results count it, by day, with the chart's table.
  await expect(page.getByTestId('activity-results-orders')).toHaveText('1');
  await expect(page.getByTestId('activity-results-discount')).toHaveText(formatYuan(channel.price! - special));

  // The order's line says what the activity took off.
  const found = await bridgeCall(page.request, 'order.page', { query: {}, body: { number: sold.orderNumber } });
  const orderId = (found.content as { list: { id: number }[] }).list[0]!.id;
  await page.goto(`/orderManagement/orderDetail?id=${orderId}`);
  await expect(page.getByTestId('order-line-discount').first()).toHaveText(formatYuan(channel.price! - special));
  // And the order names the activity the discount came from; the machine's anonymous sale names no member.
  await expect(page.getByTestId('order-detail-activities')).toHaveText(name);
  await expect(page.getByTestId('order-detail-member')).toHaveText('—');
  await page.goBack();

  // "View orders" opens the order list filtered by the activity: the one order, with its discount and the activity's name
  // (wide enough for the activity column, which folds before money does).
  await page.setViewportSize({ width: 1920, height: 900 });
  await page.getByTestId('activity-results-view-orders').click();
  await expect(page.getByTestId('order-row').filter({ visible: true })).toHaveCount(1);
  const row = page.getByTestId('order-row').filter({ visible: true }).first();
  await expect(row.getByTestId('order-number')).toHaveText(sold.orderNumber);
  await expect(row.getByTestId('order-discount')).toHaveText(formatYuan(channel.price! - special));
  await expect(row.getByTestId('order-activities')).toHaveText(name);
  await page.goBack();

  await page.getByTestId('activity-page-terminate').click();
  await page.getByRole('button', { name: en.terminate }).last().click();
  await expect(page.getByTestId('activity-page-state')).toHaveText(en.states.stopped);
});

test('tenant1 makes a coupon activity for gold members: the form asks nothing before it is typed, and its page says how long a coupon lasts, how many each may claim and for whom', async ({
  page,
  baseURL,
}) => {
  await openAs(page, baseURL, 'tenant1', '/marketing/scene');
  await expect(page.getByTestId('activity-table')).toBeVisible();
  const { channel } = await sellingChannel(page);
  const name = `新客满减券${Date.now() % 1_000_000}`;
  await page.getByTestId('activity-create').click();
  await page.getByTestId('activity-choose-coupon').click();
  await expect(page.getByTestId('activity-form-title')).toContainText(en.types.coupon);
  // Nothing typed yet: no field says anything is wrong.
  const form = page.locator('form');
  await expect(form.getByText(catalogues.en.validation.invalid)).toHaveCount(0);
  await expect(form.locator('.fui-Field__validationMessage')).toHaveCount(0);

  await fillActivityBasics(page, { name: name, tag: '满减', productName: channel.productName! });
  await page.getByTestId('activity-form-coupon-amount').fill('1.00');
  // Saved with the quantity left empty: it says it is required, not that its format is wrong.
  await page.getByTestId('activity-form-save').click();
  await expect(
    form.locator('.fui-Field').filter({ has: page.getByTestId('activity-form-coupon-quantity') }),
  ).toContainText(catalogues.en.validation.required);
  await expect(form.getByText(catalogues.en.validation.invalid)).toHaveCount(0);
  await page.getByTestId('activity-form-coupon-quantity').fill('20');
  await page.getByTestId('activity-form-coupon-days').fill('7');
  await page.getByTestId('activity-form-coupon-per-member').fill('2');
  // For the demo's gold members and above only (tenant A's grades).
  await page.getByTestId('activity-form-grade').click();
  const gold = en.gradeAndAbove.replace('{{name}}', '金卡会员');
  await page.getByRole('option', { name: gold }).click();
  await page.getByTestId('activity-form-save').click();
  await expect(page.getByTestId('activity-page-title')).toHaveText(name);
  await expect(page.getByTestId('activity-page-grade')).toHaveText(gold);
  const coupon = page.getByTestId('activity-page-coupon');
  for (const part of [`${en.couponQuantity} 20`, `${en.couponDays} 7`, `${en.couponPerMember} 2`])
    await expect(coupon).toContainText(part);
  // Nobody has claimed one yet: the export says so rather than saving an empty sheet.
  await page.getByTestId('activity-claims-export').click();
  await expect(notificationSaying(page, en.claims.none)).toBeVisible();

  await page.getByTestId('activity-page-terminate').click();
  await page.getByRole('button', { name: en.terminate }).last().click();
  await expect(page.getByTestId('activity-page-state')).toHaveText(en.states.stopped);
});
