/**
 * "Copy link" on an order's and a complaint's page. On the desktop the
 * console's deep link to the record, which the desktop opens in the record's
 * own window (the link itself and its judgement: tests/core/links.test.ts);
 * in browser mode, where these tests run, the page's own address, which a
 * browser opens (a vend-console:// link it cannot).
 */
import { expect, type Page } from '@playwright/test';
import { catalogues } from '../../../shared/domains.js';
import { bridgeCall, notificationSaying, openAs, test } from '../support.js';

const en = catalogues.en;

async function copied(page: Page, testId: string): Promise<string> {
  await page.getByTestId(testId).click();
  await expect(notificationSaying(page, en.link.copied)).toBeVisible();
  // The tests are type-checked without the DOM library.
  return page.evaluate(() =>
    (
      globalThis as unknown as { navigator: { clipboard: { readText(): Promise<string> } } }
    ).navigator.clipboard.readText(),
  );
}

test("an order's and a complaint's page copy, in browser mode, the address that opens them", async ({
  page,
  baseURL,
  request,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await openAs(page, baseURL, 'tenant1', null);
  const order = (
    (await bridgeCall(request, 'order.page', { query: { pageNum: 1, pageSize: 1 }, body: {} })).content as {
      list: { id: number }[];
    }
  ).list[0]!;
  await page.goto(`/orderManagement/orderDetail?id=${order.id}`);
  const orderLink = await copied(page, 'order-detail-link');
  expect(orderLink).toBe(new URL(`/orderManagement/orderDetail?id=${order.id}`, page.url()).href);
  // The address opens the order (signed in, in another tab of the browser).
  const other = await page.context().newPage();
  await other.goto(orderLink);
  await expect(other.getByTestId('order-detail-number')).toBeVisible();
  await other.close();

  const complaint = (
    (await bridgeCall(request, 'complaint.page', { query: { pageNum: 1, pageSize: 1 }, body: {} })).content as {
      list: { id: number }[];
    }
  ).list[0]!;
  await page.goto(`/orderManagement/complaintDetail?id=${complaint.id}`);
  expect(await copied(page, 'complaint-detail-link')).toBe(
    new URL(`/orderManagement/complaintDetail?id=${complaint.id}`, page.url()).href,
  );
});
