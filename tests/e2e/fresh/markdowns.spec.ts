/**
 * Markdowns near expiry on /freshFood/markdowns: tenant2 adds the ladder for
 * every perishable product (a nearer step taking less refused first), edits
 * it, and deletes it after asking — tenant B's machines sell no fresh food, so
 * no other file's sale is priced by it; and a sale at tenant A's demo fridge
 * of a batch expiring today is priced at tenant A's markdown, its order's
 * line saying so (the ladder removed after).
 */
import { expect } from '@playwright/test';
import { demoSecret } from '../../../server/device/credentials.js';
import { catalogues } from '../../../shared/domains.js';
import type { BatchItem } from '../../../shared/fresh/index.js';
import { bridgeCall, notification, openAs, test, upstreamUrl } from '../support.js';

const FRIDGE = 'VM2026000111';

const en = catalogues.en.fresh.markdowns;
const env = catalogues.en.fresh.validation;

test('tenant2 keeps a markdown ladder: refused at its steps, saved, edited and deleted', async ({ page, baseURL }) => {
  await openAs(page, baseURL, 'tenant2', '/freshFood/markdowns');
  await expect(page.locator('#fresh-markdowns-title')).toHaveText(en.title);
  const rows = page.getByTestId('fresh-markdown-row');
  // Whatever another run left: this test's ladder is the general one.
  const general = rows.filter({ has: page.getByTestId('fresh-markdown-name').getByText(en.general, { exact: true }) });
  if (await general.count()) {
    await general.getByTestId('fresh-markdown-delete').click();
    await page.getByTestId('confirm-ok').click();
    await expect(general).toHaveCount(0);
  }

  await page.getByTestId('fresh-markdowns-add').click();
  await page.getByTestId('fresh-markdown-category').click();
  await page.getByRole('option', { name: en.general, exact: true }).click();
  await page.getByTestId('fresh-markdown-hours').first().fill('24');
  await page.getByTestId('fresh-markdown-percent').first().fill('60');
  await page.getByTestId('fresh-markdown-add-step').click();
  await page.getByTestId('fresh-markdown-hours').nth(1).fill('6');
  await page.getByTestId('fresh-markdown-percent').nth(1).fill('30');
  await page.getByTestId('fresh-markdown-submit').click();
  await expect(page.getByTestId('fresh-markdown-error')).toHaveText(env.markdownOrder);
  await page.getByTestId('fresh-markdown-percent').first().fill('30');
  await page.getByTestId('fresh-markdown-percent').nth(1).fill('60');
  await page.getByTestId('fresh-markdown-submit').click();
  await expect(notification(page)).toHaveText(en.saved);
  const step = (hours: number, percent: number) =>
    en.step.replace('{{percent}}', String(percent)).replace('{{hours}}', String(hours));
  await expect(general.getByTestId('fresh-markdown-steps')).toHaveText(`${step(24, 30)}, ${step(6, 60)}`);

  await general.getByTestId('fresh-markdown-edit').click();
  await page.getByTestId('fresh-markdown-percent').first().fill('20');
  await page.getByTestId('fresh-markdown-submit').click();
  await expect(general.getByTestId('fresh-markdown-steps')).toHaveText(`${step(24, 20)}, ${step(6, 60)}`);

  await general.getByTestId('fresh-markdown-delete').click();
  await page.getByTestId('confirm-ok').click();
  await expect(notification(page)).toHaveText(en.deleted);
  await expect(general).toHaveCount(0);
});

test("a sale of the fridge's batch expiring today is priced at the markdown, and its order's line says so", async ({
  page,
  baseURL,
}) => {
  await openAs(page, baseURL, 'tenant1', null);
  const devices = await bridgeCall(page.request, 'device.page', { query: {}, body: { keyword: FRIDGE } });
  const deviceId = (devices.content as { list: { id: number }[] }).list[0]!.id;
  const batches = (
    (await bridgeCall(page.request, 'fresh.batches', { query: { pageSize: 100 }, body: { deviceId } })).content as {
      list: BatchItem[];
    }
  ).list;
  // A lane whose oldest batch (the list is oldest first) expires today: what its next sale takes.
  const lane = batches.find((b, i) => b.state === 'today' && batches.findIndex((c) => c.channel === b.channel) === i);
  expect(lane).toBeDefined();
  const channels = (await bridgeCall(page.request, 'device.channels', { params: { id: deviceId } })).content as {
    number: number;
    price: number;
  }[];
  const price = channels.find((c) => c.number === lane!.channel)!.price;
  const ladder = (
    await bridgeCall(page.request, 'fresh.saveMarkdown', {
      body: { categoryId: null, steps: [{ hoursLeft: 30, percentOff: 40 }] },
    })
  ).content as { id: number };
  try {
    const machine = { authorization: `Basic ${Buffer.from(`${FRIDGE}:${demoSecret(FRIDGE)}`).toString('base64')}` };
    const upstream = upstreamUrl();
    expect(
      (await page.request.post(`${upstream}/device-api/v1/heartbeat`, { headers: machine, data: {} })).status(),
    ).toBe(200);
    const stamp = `${Date.now()}`;
    const sale = await page.request.post(`${upstream}/device-api/v1/sale`, {
      headers: machine,
      data: {
        saleId: `e2e-fresh-${stamp}`,
        thirdPartyNumber: `4200077${stamp}`,
        platform: 'wechat',
        paymentType: 'scan',
        items: [{ channel: lane!.channel, count: 1 }],
      },
    });
    expect(sale.status(), await sale.text()).toBe(200);
    const sold = ((await sale.json()) as { content: { orderNumber: string; amount: number } }).content;
    expect(sold.amount).toBe(Math.ceil((price * 60) / 100));
    const found = await bridgeCall(page.request, 'order.page', { query: {}, body: { number: sold.orderNumber } });
    const orderId = (found.content as { list: { id: number }[] }).list[0]!.id;
    await page.goto(`/orderManagement/orderDetail?id=${orderId}`);
    await expect(page.getByTestId('order-line-markdown')).toHaveText(
      catalogues.en.order.list.markdownOff.replace('{{n}}', '40'),
    );
  } finally {
    await bridgeCall(page.request, 'fresh.deleteMarkdown', { params: { id: ladder.id } });
  }
});
