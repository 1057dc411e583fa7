/** Complaints end to end (spec §2 customerService): one filed at a machine arrives live with a notification, is answered, refunded from and completed; 6-1 alone sees orders but not complaints. */
import { expect } from '@playwright/test';
import { catalogues } from '../../../shared/domains.js';
import { DEMO_PASSWORD } from '../../../server/account/index.js';
import { demoSecret } from '../../../server/device/index.js';
import { notification, test, upstreamUrl, openAs } from '../support.js';

const en = catalogues.en.complaint;
const UPSTREAM = upstreamUrl();
const SERIAL = 'VM2026000101';

/** The upstream as a caller of its own: a user's token. */
async function token(username: string) {
  const res = await fetch(`${UPSTREAM}/oauth/token`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from('vend-console:vend-console-secret').toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({ grant_type: 'password', username, password: DEMO_PASSWORD }),
  });
  return ((await res.json()) as { access_token: string }).access_token;
}

test('a complaint filed at a machine arrives live, and tenant1 answers, refunds and completes it', async ({
  page,
  baseURL,
}) => {
  await openAs(page, baseURL, 'tenant1', '/orderManagement/customerService');
  await expect(page.getByTestId('complaint-row').first()).toBeVisible();

  // A customer at the machine complains about its latest paid order.
  const orders = (await fetch(`${UPSTREAM}/order/page?pageNum=1&pageSize=1`, {
    method: 'POST',
    headers: { authorization: `Bearer ${await token('tenant1')}`, 'content-type': 'application/json' },
    body: JSON.stringify({ deviceId: await deviceId(), paymentState: 'success', refundState: 'none' }),
  }).then((r) => r.json())) as { content: { list: { number: string }[] } };
  const filed = (await fetch(`${UPSTREAM}/device-api/v1/complaint`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${SERIAL}:${demoSecret(SERIAL)}`).toString('base64')}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify({
      orderNumber: orders.content.list[0]!.number,
      type: 'notDelivered',
      contact: '13912341234',
      description: '付款后没有出货，请退款',
    }),
  }).then((r) => r.json())) as { content: { number: string } };
  const number = filed.content.number;
  await expect(
    page.getByText(en.events.created.replace('{{number}}', number).replace('{{device}}', '虹桥站饮料机 1 号')).first(),
  ).toBeVisible();
  const row = page
    .getByTestId('complaint-row')
    .filter({ has: page.getByTestId('complaint-number').getByText(number, { exact: true }) });
  await expect(row.getByTestId('complaint-status')).toHaveText(en.states.pending);

  await row.getByTestId('complaint-open').click();
  await expect(page.getByTestId('complaint-entry')).toHaveCount(1);
  // The contact is masked as in the list until the handler asks for it.
  await expect(page.getByTestId('complaint-contact')).toContainText('139****1234');
  await page.getByTestId('complaint-contact-reveal').click();
  await expect(page.getByTestId('complaint-contact')).toHaveText('13912341234');
  // An empty reply is said at its field.
  await page.getByTestId('complaint-send').click();
  await expect(page.getByText(catalogues.en.validation.required)).toBeVisible();
  await page.getByTestId('complaint-reply').fill('您好，已为您安排退款。');
  await page.getByTestId('complaint-send').click();
  await expect(notification(page)).toHaveText(en.replied);
  await expect(page.getByTestId('complaint-detail-status')).toHaveText(en.states.inProgress);
  await expect(page.getByTestId('complaint-entry')).toHaveCount(2);

  await page.getByTestId('complaint-refund').click();
  await page.getByTestId('refund-form-submit').click();
  await expect(notification(page)).toHaveText(catalogues.en.refund.submitted);
  await expect(page.getByTestId('complaint-entry')).toHaveCount(3);

  await page.getByTestId('complaint-close').click();
  await page.getByTestId('complaint-close-note').fill('已退款，顾客确认');
  await page.getByTestId('complaint-close-form-submit').click();
  await expect(page.getByTestId('complaint-detail-status')).toHaveText(en.states.completed);
  await expect(page.getByTestId('complaint-entry')).toHaveCount(4);
  await expect(page.getByTestId('complaint-send')).toHaveCount(0);
  // Completed: the list offers to view it, no longer to handle it.
  await page.goto('/orderManagement/customerService');
  await expect(row.getByTestId('complaint-open')).toHaveText(en.view);
});

test('member4, holding 6-1 alone, sees the orders but neither complaints nor the information icon', async ({
  page,
  baseURL,
}) => {
  await openAs(page, baseURL, 'member4', '/orderManagement/orderList');
  await expect(page.getByTestId('order-row').first()).toBeVisible();
  await expect(page.getByTestId('shortcut-customerService')).toHaveCount(0);
  await expect(page.getByRole('menuitem', { name: catalogues.en.route.customerService })).toHaveCount(0);
  await page.goto('/orderManagement/customerService');
  await expect(page.getByTestId('complaint-row')).toHaveCount(0);
});

async function deviceId() {
  const res = (await fetch(`${UPSTREAM}/device/page?pageNum=1&pageSize=5`, {
    method: 'POST',
    headers: { authorization: `Bearer ${await token('tenant1')}`, 'content-type': 'application/json' },
    body: JSON.stringify({ keyword: SERIAL }),
  }).then((r) => r.json())) as { content: { list: { id: number }[] } };
  return res.content.list[0]!.id;
}
