/**
 * Vend outcomes end to end: a jam on tenant1's machine (reported through the
 * device-facing API, as a machine does) shows in the order's detail as a
 * failed vend with its automatic refund settling; three jams in a row lock
 * the channel, which the exceptions view lists and unlocks; tenant1 decides
 * its second-level tenant's failed vends on the review list.
 */
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { catalogues } from '../../../shared/domains.js';
import type { MachineState } from '../../../shared/device/index.js';
import { demoSecret } from '../../../server/device/credentials.js';
import { notification, notificationSaying, test, upstreamUrl, openAs } from '../support.js';

const en = catalogues.en;
const upstream = upstreamUrl();
const SERIAL = 'VM2026000102';
const headers = { authorization: `Basic ${Buffer.from(`${SERIAL}:${demoSecret(SERIAL)}`).toString('base64')}` };

/** The machine beats (it falls offline after 4 s of silence here) and answers its channels. */
async function beat(request: APIRequestContext): Promise<MachineState> {
  const res = await request.post(`${upstream}/device-api/v1/heartbeat`, { headers, data: {} });
  return ((await res.json()) as { content: MachineState }).content;
}

/** A sale of one item of `channel`, reported jammed (or delivered); answers the order's number. */
async function jam(request: APIRequestContext, channel: number, delivered = false): Promise<string> {
  await beat(request);
  const saleId = `e2e-vend-${Date.now()}-${channel}`;
  const sale = await request.post(`${upstream}/device-api/v1/sale`, {
    headers,
    data: {
      saleId,
      thirdPartyNumber: `4200${Date.now()}`,
      platform: 'wechat',
      paymentType: 'scan',
      items: [{ channel, count: 1 }],
    },
  });
  const sold = (await sale.json()) as { code: number; content: { orderNumber: string } };
  expect(sold.code).toBe(200);
  const outcome = await request.post(`${upstream}/device-api/v1/outcome`, {
    headers,
    data: {
      saleId,
      items: [delivered ? { channel, outcome: 'delivered' } : { channel, outcome: 'failed', failure: 'jam' }],
    },
  });
  expect(((await outcome.json()) as { code: number }).code).toBe(200);
  return sold.content.orderNumber;
}

/** A channel with a product, on, unlocked and holding at least `stock`: the highest such (the demo's tests use the first ones). */
async function channelWith(request: APIRequestContext, stock: number): Promise<number> {
  const state = await beat(request);
  const open = state.channels.filter((c) => c.enabled && !c.locked && c.productId !== null && c.stock >= stock);
  expect(open.length).toBeGreaterThan(0);
  return open[open.length - 1]!.number;
}

async function openOrder(page: Page, number: string) {
  await page.goto('/orderManagement/orderList');
  await page.getByTestId('order-filter-number').fill(number);
  await page.getByTestId('order-search').click();
  await expect(page.getByTestId('order-row')).toHaveCount(1);
  await page.getByTestId('order-open').click();
  await expect(page.getByTestId('order-detail-number')).toHaveText(number);
}

test('a jam shows in the order as a failed vend, refunded automatically', async ({ page, baseURL, request }) => {
  await openAs(page, baseURL, 'tenant1');
  const number = await jam(request, await channelWith(request, 1));
  await openOrder(page, number);
  const line = page.getByTestId('order-line').first();
  await expect(line.getByTestId('order-line-outcome')).toContainText(en.order.failure.jam);
  // The refund was asked at once and settles by itself (the sandbox answers in 3 s here); the page follows live.
  await expect(page.getByTestId('refund-record-reason')).toHaveText(
    en.order.outcome.refundFor.replace('{{failure}}', en.order.failure.jam),
  );
  await expect(page.getByTestId('refund-record-state')).toHaveText(en.refund.states.success, { timeout: 15_000 });
  await expect(line.getByTestId('order-line-state')).toContainText(en.order.item.refundSuccess);
  await expect(line.getByTestId('order-line-auto')).toHaveText(en.order.outcome.autoRefund);
  await expect(page.getByTestId('order-detail-refund')).toHaveText(en.order.refund.full);

  // The order list finds it among the automatically refunded.
  await page.getByTestId('order-detail-back').click();
  await page.getByTestId('order-filter-auto-refunded').click();
  await page.getByRole('option', { name: en.order.list.yes, exact: true }).click();
  await page.getByTestId('order-search').click();
  await expect(page.getByTestId('order-row').first().getByTestId('order-refund')).toContainText(
    en.order.outcome.autoRefund,
  );
});

test('three jams in a row lock the channel; the exceptions view shows it and unlocks it', async ({
  page,
  baseURL,
  request,
}) => {
  await openAs(page, baseURL, 'tenant1', null);
  const channel = await channelWith(request, 4);
  // A delivered item first: the count starts from nothing whatever ran before.
  await jam(request, channel, true);
  for (let i = 0; i < 3; i++) await jam(request, channel);
  expect((await beat(request)).channels.find((c) => c.number === channel)?.locked).toBe(true);

  await page.goto('/deviceList/index?view=exceptions');
  await page.getByTestId('exception-filter-problem').click();
  await page.getByRole('option', { name: en.device.care.problems.channelLocked, exact: true }).click();
  await page.getByTestId('exception-search').click();
  const row = page
    .getByTestId('exception-row')
    .filter({ has: page.getByTestId('exception-serial').getByText(SERIAL, { exact: true }) });
  await expect(row.getByTestId('exception-problems')).toContainText(
    en.device.care.lockedChannels.replace('{{channels}}', String(channel)),
  );
  await expect(row.getByTestId('exception-fix')).toHaveText(en.device.care.fix.unlockChannels);
  await row.getByTestId('exception-fix').click();
  await expect(notification(page)).toBeVisible();
  await expect(row).toHaveCount(0);
  expect((await beat(request)).channels.find((c) => c.number === channel)?.locked).toBe(false);
});

test("tenant1 decides its second-level tenant's failed vends on the review list", async ({ page, baseURL }) => {
  await openAs(page, baseURL, 'tenant1', '/orderManagement/deliveryReview');
  await page.getByTestId('review-filter-state').click();
  await page.getByRole('option', { name: en.delivery.review.states.pending, exact: true }).click();
  await page.getByTestId('review-search').click();
  const rows = page.getByTestId('review-row');
  await expect(rows.first().getByTestId('review-state')).toHaveText(en.delivery.review.states.pending);
  const count = await rows.count();
  expect(count).toBeGreaterThanOrEqual(2);

  // Dismissing needs a note: refused at its field, then taken.
  const second = (await rows.nth(1).getByTestId('review-order').textContent())!;
  await rows.nth(1).getByTestId('review-dismiss').click();
  await page.getByTestId('review-dismiss-dialog-submit').click();
  await expect(page.getByText(en.delivery.validation.noteRequired)).toBeVisible();
  await page.getByTestId('review-note').fill('顾客已当场取走商品');
  await page.getByTestId('review-dismiss-dialog-submit').click();
  // Other tests' machines may raise notices meanwhile ("… went offline"): the one saying it, wherever it stands.
  await expect(notificationSaying(page, en.delivery.review.dismissed)).toBeVisible();
  await expect(rows.filter({ hasText: second })).toHaveCount(0);

  // Approving refunds what did not come out.
  const first = (await rows.first().getByTestId('review-order').textContent())!;
  await rows.first().getByTestId('review-approve').click();
  await page.getByRole('dialog').getByRole('button', { name: en.delivery.review.approve }).click();
  await expect(notificationSaying(page, en.delivery.review.approved)).toBeVisible();
  await expect(rows.filter({ hasText: first })).toHaveCount(0);
  await page.getByTestId('review-filter-state').click();
  await page.getByRole('option', { name: en.delivery.review.states.approved, exact: true }).click();
  await page.getByTestId('review-search').click();
  await expect(rows.filter({ hasText: first }).getByTestId('review-state')).toHaveText(
    en.delivery.review.states.approved,
  );
});
