/**
 * A coupon sent to a customer group, end to end: tenant1 makes a coupon activity for digital RMB at the
 * Hongqiao machine and a group of one member who proved her phone, sends the coupon to the group from the
 * activity's page, reads the send (one sent), sends again (she has it already) and sees the results count it.
 */
import { expect } from '@playwright/test';
import { catalogues } from '../../../shared/domains.js';
import { bridgeCall, openAs, test } from '../support.js';
import { person, sellingChannel, tenantOf } from './support.js';

const en = catalogues.en.activity.sends;

test("tenant1 sends a coupon activity's coupon to a group from its page, once per member however often it sends", async ({
  page,
  request,
  baseURL,
}) => {
  await openAs(page, baseURL, 'tenant1', '/marketing/scene');
  const tenantId = await tenantOf(page);
  const { deviceId, channel } = await sellingChannel(page, 1);
  const stamp = Date.now() % 1_000_000;
  const made = await bridgeCall(page.request, 'activity.create', {
    body: {
      name: `分组发券${stamp}`,
      type: 'coupon',
      tag: '发券',
      startAt: new Date(Date.now() - 120_000).toISOString(),
      endAt: new Date(Date.now() + 86_400_000).toISOString(),
      target: 'devices',
      deviceIds: [deviceId],
      products: [{ productId: channel.productId }],
      platforms: ['digitalRmb'],
      coupon: { type: 'reduction', amount: 100, quantity: 10, validDays: 7 },
    },
  });
  expect(made.ok).toBe(true);
  const activity = made.content as { id: number };
  const group = (
    await bridgeCall(page.request, 'group.create', {
      body: { name: `发券分组${stamp}`, definition: '发券', identifier: 'phone', importMethod: 'preImport' },
    })
  ).content as { id: number };
  const phone = `1377${String(stamp).padStart(7, '0')}`;
  await bridgeCall(page.request, 'group.addMembers', { params: { id: group.id }, body: { identifiers: [phone] } });
  await person(request, tenantId, phone);

  await page.goto(`/marketing/scenedeatil?id=${activity.id}`);
  for (const [sent, already] of [
    ['1', '0'],
    ['0', '1'],
  ] as const) {
    await page.getByTestId('activity-send-open').click();
    await page.getByTestId('activity-send-group').click();
    await page.getByRole('option', { name: `发券分组${stamp}` }).click();
    await page.getByTestId('activity-send-submit').click();
    const row = page.getByTestId('activity-send-row').first();
    await expect(row.getByTestId('activity-send-sent')).toHaveText(sent);
    await expect(row).toContainText(already);
  }
  await expect(page.getByTestId('activity-send-row')).toHaveCount(2);
  await expect(page.getByTestId('activity-results-sent')).toHaveText('1');
  await expect(page.locator('#activity-sends-title')).toHaveText(en.heading);
});
