/**
 * Who an activity prices, end to end, at the Hongqiao drinks machine by
 * digital RMB (each test a product of its own): an activity aimed at a
 * customer group — chosen on the form — prices its member's purchase and not
 * another member's; a purchase limit of one a day is given back when the
 * sale it priced is refunded.
 */
import { expect } from '@playwright/test';
import { catalogues } from '../../../shared/domains.js';
import { bridgeCall, openAs, test } from '../support.js';
import { fillActivityBasics, person, sellingChannel, sellOne, tenantOf } from './support.js';

const en = catalogues.en.activity;

test('an activity aimed at a group prices its members’ purchases only', async ({ page, baseURL, request }) => {
  await openAs(page, baseURL, 'tenant1', '/marketing/scene');
  const tenantId = await tenantOf(page);
  const { channel } = await sellingChannel(page, 1);
  const stamp = Date.now() % 1_000_000;
  const phone = `1376${String(stamp).padStart(7, '0')}`;
  const group = (
    await bridgeCall(page.request, 'group.create', {
      body: { name: `会员日${stamp}`, definition: '活动测试分组', identifier: 'phone', importMethod: 'preImport' },
    })
  ).content as { id: number; name: string };
  await bridgeCall(page.request, 'group.addMembers', { params: { id: group.id }, body: { identifiers: [phone] } });
  const inside = await person(request, tenantId, phone);
  const outside = await person(request, tenantId);

  await page.getByTestId('activity-create').click();
  await page.getByTestId('activity-choose-discountOffer').click();
  await fillActivityBasics(page, { name: `会员日八折${stamp}`, tag: '会员日', productName: channel.productName! });
  await page.getByTestId('activity-form-rate').fill('80');
  await page.getByTestId('activity-form-crowd-inGroups').click();
  // A group is asked for once the crowd is a group's.
  await page.getByTestId('activity-form-save').click();
  await expect(page.getByText(catalogues.en.validation.required).first()).toBeVisible();
  await page.getByTestId('activity-form-groups').click();
  await page.getByRole('menuitemcheckbox', { name: group.name, exact: true }).click();
  await page.keyboard.press('Escape');
  await page.getByRole('checkbox', { name: catalogues.en.order.platform.digitalRmb }).check();
  await page.getByTestId('activity-form-save').click();
  await expect(page.getByTestId('activity-page-state')).toHaveText(en.states.active);

  const price = channel.price!;
  expect((await sellOne(request, channel.number, inside)).amount).toBe(Math.ceil((price * 80) / 100));
  expect((await sellOne(request, channel.number, outside)).amount).toBe(price);
  expect((await sellOne(request, channel.number)).amount).toBe(price);
  await page.getByTestId('activity-page-terminate').click();
  await page.getByRole('button', { name: en.terminate }).last().click();
  await expect(page.getByTestId('activity-page-state')).toHaveText(en.states.stopped);
});

test('a refunded sale gives its purchase limit back', async ({ page, baseURL, request }) => {
  await openAs(page, baseURL, 'tenant1', '/marketing/scene');
  const tenantId = await tenantOf(page);
  const { deviceId, channel } = await sellingChannel(page, 2);
  const special = Math.floor(channel.price! / 2);
  const made = await bridgeCall(page.request, 'activity.create', {
    body: {
      name: `每日一件半价${Date.now() % 1_000_000}`,
      type: 'discount',
      tag: '限购',
      startAt: new Date(Date.now() - 120_000).toISOString(),
      endAt: new Date(Date.now() + 86_400_000).toISOString(),
      target: 'devices',
      deviceIds: [deviceId],
      products: [{ productId: channel.productId, price: special }],
      purchaseLimit: { period: 'daily', count: 1, refresh: 'calendar' },
      platforms: ['digitalRmb'],
    },
  });
  expect(made.ok).toBe(true);
  const activity = made.content as { id: number };
  const buyer = await person(request, tenantId);
  const first = await sellOne(request, channel.number, buyer);
  expect(first.amount).toBe(special);
  expect((await sellOne(request, channel.number, buyer)).amount).toBe(channel.price);

  // The first order refunded from the console: once the provider answers, the limit is the buyer's again.
  const found = await bridgeCall(page.request, 'order.page', { query: {}, body: { number: first.orderNumber } });
  const orderId = (found.content as { list: { id: number }[] }).list[0]!.id;
  await page.goto(`/orderManagement/orderDetail?id=${orderId}`);
  await page.getByTestId('order-refund-open').click();
  await page.getByTestId('refund-reason').fill('顾客退货');
  await page.getByTestId('refund-form-submit').click();
  await expect(page.getByTestId('order-detail-refund')).toHaveText(catalogues.en.order.refund.full, {
    timeout: 15_000,
  });
  expect((await sellOne(request, channel.number, buyer)).amount).toBe(special);
  await bridgeCall(page.request, 'activity.terminate', { params: { id: activity.id } });
});
