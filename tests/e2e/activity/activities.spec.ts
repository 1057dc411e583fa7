/**
 * Scene marketing end to end: tenant1 chooses "special price", makes one for
 * a product at the Hongqiao drinks machine (paid by digital RMB alone, so no
 * other file's sales there are priced by it), the form's preview prices the
 * unsaved activity, the activity's page previews it again; the machine's next
 * sale by digital RMB is priced with it, and the page counts the order and
 * the discount. Terminated at the end.
 */
import { expect } from '@playwright/test';
import { catalogues } from '../../../shared/domains.js';
import { formatYuan } from '../../../shared/format.js';
import { demoSecret } from '../../../server/device/credentials.js';
import { bridgeCall, openAs, test, upstreamUrl } from '../support.js';

const en = catalogues.en.activity;
const upstream = upstreamUrl();
const SERIAL = 'VM2026000101';
const machine = { authorization: `Basic ${Buffer.from(`${SERIAL}:${demoSecret(SERIAL)}`).toString('base64')}` };
const pad = (n: number) => String(n).padStart(2, '0');
/** An instant as the console's business time text (China time, UTC+8). */
const businessText = (ms: number) => {
  const d = new Date(ms + 8 * 3_600_000);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
};

test('tenant1 makes a special price, the preview shows it, the next sale is priced with it and the page counts it', async ({
  page,
  baseURL,
  request,
}) => {
  await openAs(page, baseURL, 'tenant1', '/marketing/scene');
  await expect(page.getByTestId('activity-table')).toBeVisible();
  const devices = await bridgeCall(page.request, 'device.page', { query: {}, body: { keyword: SERIAL } });
  const deviceId = (devices.content as { list: { id: number }[] }).list[0]!.id;
  const channels = (await bridgeCall(page.request, 'device.channels', { params: { id: deviceId } })).content as {
    number: number;
    stock: number;
    enabled: boolean;
    locked: boolean;
    productName: string | null;
    price: number | null;
  }[];
  const channel = channels.find(
    (c) => c.enabled && !c.locked && c.stock >= 2 && c.productName && (c.price ?? 0) >= 200,
  )!;
  const special = Math.floor(channel.price! / 2);
  const stamp = Date.now() % 1_000_000;
  const name = `数字人民币半价${stamp}`;

  await page.getByTestId('activity-create').click();
  await page.getByTestId('activity-choose-discount').click();
  await expect(page.getByTestId('activity-form-title')).toContainText(en.types.discount);
  await page.getByTestId('activity-form-name').fill(name);
  await page.getByTestId('activity-form-tag').fill('半价');
  await page.getByLabel(en.startAt).fill(businessText(Date.now() - 120_000));
  await page.getByTestId('activity-form-devices').click();
  await page.getByRole('menuitemcheckbox', { name: new RegExp(SERIAL) }).click();
  await page.keyboard.press('Escape');
  await page.getByTestId('activity-form-products').click();
  await page.getByRole('menuitemcheckbox', { name: channel.productName!, exact: true }).click();
  await page.keyboard.press('Escape');
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

  // The machine says it is there (a sale at an offline machine is refused), then sells.
  expect((await request.post(`${upstream}/device-api/v1/heartbeat`, { headers: machine, data: {} })).status()).toBe(
    200,
  );
  const sale = await request.post(`${upstream}/device-api/v1/sale`, {
    headers: machine,
    data: {
      saleId: `e2e-activity-${stamp}`,
      thirdPartyNumber: `4200009${stamp}`,
      platform: 'digitalRmb',
      paymentType: 'scan',
      items: [{ channel: channel.number, count: 1 }],
    },
  });
  expect(sale.status(), await sale.text()).toBe(200);
  expect(((await sale.json()) as { content: { amount: number } }).content.amount).toBe(special);
  await page.reload();
  // The results count it, by day, with the chart's table.
  await expect(page.getByTestId('activity-results-orders')).toHaveText('1');
  await expect(page.getByTestId('activity-results-discount')).toHaveText(formatYuan(channel.price! - special));

  await page.getByTestId('activity-page-terminate').click();
  await page.getByRole('button', { name: en.terminate }).last().click();
  await expect(page.getByTestId('activity-page-state')).toHaveText(en.states.stopped);
});
