/**
 * Points that pay at the machine, end to end: tenant A's points pay (100 points = ¥1, at most 30 % of an
 * order), a member holding 10 000 points buys one unit at the Hongqiao machine asking to pay with points, and
 * the order's page says what points paid, on the line and for the order.
 */
import { expect } from '@playwright/test';
import { catalogues } from '../../../shared/domains.js';
import { formatYuan } from '../../../shared/format.js';
import { person, sellingChannel, sellOne, tenantOf } from '../activity/support.js';
import { bridgeCall, openAs, test } from '../support.js';

const en = catalogues.en.order.list;

test("tenant1 reads on an order's page what the member's points paid, on its line and for the order", async ({
  page,
  baseURL,
}) => {
  await openAs(page, baseURL, 'tenant1', '/memberCenter/storedValue');
  const tenantId = await tenantOf(page);
  const settings = (await bridgeCall(page.request, 'wallet.settings', { body: {} })).content as {
    spendOrder: string;
    capFen: number;
  };
  // The other stored value test sets the same rate and share: whichever runs first, these hold.
  await bridgeCall(page.request, 'wallet.saveSettings', {
    body: { spendOrder: settings.spendOrder, capFen: settings.capFen, pointsPerYuan: 100, pointsMaxPercent: 30 },
  });
  const memberId = await person(page.request, tenantId);
  await bridgeCall(page.request, 'member.adjustPoints', {
    params: { id: memberId },
    body: { points: 10_000, reason: '积分抵现测试' },
  });
  const { channel } = await sellingChannel(page);
  // By Alipay: the activity tests' offers are for digital RMB only, and price none of this file's sales.
  const sold = await sellOne(page.request, channel.number, memberId, { usePoints: true, platform: 'alipay' });
  const found = await bridgeCall(page.request, 'order.page', { query: {}, body: { number: sold.orderNumber } });
  const orderId = (found.content as { list: { id: number }[] }).list[0]!.id;
  const order = (await bridgeCall(page.request, 'order.info', { params: { id: orderId } })).content as {
    pointsUsed: number;
    items: { listPrice: number; amount: number; pointsDiscount: number }[];
  };
  // At most 30 % of what the offers left, and 100 points a yuan: a point a fen.
  const [line] = order.items;
  expect(line!.pointsDiscount).toBeGreaterThan(0);
  expect(line!.pointsDiscount).toBeLessThanOrEqual(Math.floor((channel.price! * 30) / 100));
  expect(order.pointsUsed).toBe(line!.pointsDiscount);
  const paid = line!.pointsDiscount;
  await page.goto(`/orderManagement/orderDetail?id=${orderId}`);
  await expect(page.getByTestId('order-detail-points')).toHaveText(
    en.pointsPaidValue.replace('{{amount}}', formatYuan(paid)).replace('{{points}}', String(paid)),
  );
  await expect(page.getByTestId('order-line-points')).toHaveText(formatYuan(paid));
  await expect(page.getByTestId('order-line-discount')).toHaveText(formatYuan(line!.listPrice - line!.amount));
});
