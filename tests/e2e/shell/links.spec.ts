/**
 * "Copy link" on an order's and a complaint's page: the console's deep link
 * to the record, on the clipboard, which the desktop opens in the record's
 * own window (the judgement of a link is tested in tests/core/links.test.ts).
 */
import { expect, type Page } from '@playwright/test';
import { catalogues } from '../../../shared/domains.js';
import { readLink } from '../../../shared/links.js';
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

test("an order's and a complaint's page copy the link that opens them", async ({ page, baseURL, request, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await openAs(page, baseURL, 'tenant1');
  const order = (
    (await bridgeCall(request, 'order.page', { query: { pageNum: 1, pageSize: 1 }, body: {} })).content as {
      list: { id: number }[];
    }
  ).list[0]!;
  await page.goto(`/orderManagement/orderDetail?id=${order.id}`);
  const orderLink = await copied(page, 'order-detail-link');
  expect(orderLink).toBe(`vend-console://open/orderManagement/orderDetail?id=${order.id}`);
  expect(readLink(orderLink)).toMatchObject({ ok: true, path: '/orderManagement/orderDetail' });

  const complaint = (
    (await bridgeCall(request, 'complaint.page', { query: { pageNum: 1, pageSize: 1 }, body: {} })).content as {
      list: { id: number }[];
    }
  ).list[0]!;
  await page.goto(`/orderManagement/complaintDetail?id=${complaint.id}`);
  expect(await copied(page, 'complaint-detail-link')).toBe(
    `vend-console://open/orderManagement/complaintDetail?id=${complaint.id}`,
  );
});
