/**
 * Device callbacks end to end: tenant2 sets its event URL on /person (a
 * receiver of this test's, on 127.0.0.1, which the e2e upstream allows),
 * copies the secret shown once, and watches its delivery log fill as the
 * simulator sells on its machine — every delivery verified by the receiver
 * with that secret; a test event; then clears the URL. The admin finds the
 * same settings on the distributor's page, where an address that is not one
 * is refused at its field.
 */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from '@playwright/test';
import { Webhook } from 'standardwebhooks';
import { catalogues } from '../../../shared/domains.js';
import { startSimulator } from '../../../server/simulator.js';
import { test, upstreamUrl, openAs } from '../support.js';

const en = catalogues.en.callback;
const upstream = upstreamUrl();

interface Got {
  headers: IncomingHttpHeaders;
  body: string;
}

test('tenant2 sets its event URL and sees signed deliveries in the log as the simulator sells', async ({
  page,
  baseURL,
}) => {
  const got: Got[] = [];
  const receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => {
      body += c.toString('utf8');
    });
    req.on('end', () => {
      got.push({ headers: req.headers, body });
      res.writeHead(200).end('received');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/vend/events`;
  try {
    await openAs(page, baseURL, 'tenant2', '/person');
    const card = page.getByTestId('person-callbacks');
    await card.getByTestId('callback-event-url').fill(url);
    await card.getByTestId('callback-event-sale').check();
    await card.getByTestId('callback-save').click();
    // The secret, this once.
    const dialog = page.getByTestId('callback-secret-dialog');
    await expect(dialog.getByText(en.shownOnce)).toBeVisible();
    const secret = (await dialog.getByTestId('callback-secret').textContent())!;
    expect(secret).toMatch(/^whsec_/);
    await dialog.getByTestId('callback-secret-close').click();
    await expect(card.getByTestId('callback-secret-masked')).toContainText(`····${secret.slice(-4)}`);
    await expect(page.getByText(secret)).toHaveCount(0);

    const simulator = startSimulator({
      url: upstream,
      serials: ['VM2026000301'],
      speed: 20_000,
      tickMs: 50,
      clock: () => new Date('2026-11-24T04:30:00Z'),
    });
    try {
      await expect
        .poll(() => got.filter((g) => JSON.parse(g.body).type === 'sale').length, { timeout: 20_000 })
        .toBeGreaterThanOrEqual(2);
    } finally {
      await simulator.stop();
    }
    for (const g of got) {
      expect(() => new Webhook(secret).verify(g.body, g.headers as Record<string, string>)).not.toThrow();
      expect(JSON.parse(g.body)).toMatchObject({
        type: 'sale',
        data: { number: expect.any(String), amount: expect.any(Number) },
      });
    }
    // The log follows live: each attempt refreshes it.
    const sales = card.getByTestId('delivery-row').filter({ hasText: en.event.sale });
    await expect(sales.first()).toBeVisible();
    await expect(sales.first().getByTestId('delivery-state')).toHaveText(en.delivery.states.delivered);
    await expect(sales.first().getByTestId('delivery-status')).toHaveText('200');

    await card.getByTestId('callback-test').click();
    // Any of the toasts: the machine, silent since the simulator stopped, may announce it went offline meanwhile.
    await expect(page.getByTestId('notify').filter({ hasText: en.testSent })).toHaveCount(1);
    await expect(
      card.getByTestId('delivery-row').filter({ hasText: en.event.test }).getByTestId('delivery-state'),
    ).toHaveText(en.delivery.states.delivered);

    // Cleared: the machine's sales reach nobody any more.
    await card.getByTestId('callback-event-url').fill('');
    await card.getByTestId('callback-save').click();
    await expect(page.getByTestId('notify').filter({ hasText: en.saved })).not.toHaveCount(0);
    await expect(card.getByTestId('callback-test')).toHaveCount(0);
  } finally {
    await new Promise<void>((resolve) => receiver.close(() => resolve()));
  }
});

test("the admin opens a distributor's page: information, devices and callbacks in tabs; an address that is not one is refused at its field", async ({
  page,
  baseURL,
}) => {
  await openAs(page, baseURL, 'admin', '/tenant/people');
  await page
    .getByTestId('distributor-row')
    .filter({ hasText: '华南智慧零售有限公司' })
    .getByTestId('distributor-open')
    .click();
  await expect(page.getByTestId('distributor-title')).toHaveText('华南智慧零售有限公司');
  await expect(page.getByTestId('distributor-username')).toHaveText('tenant2');
  await page.getByTestId('distributor-tab-devices').click();
  await expect(page.getByTestId('distributor-device-row').filter({ hasText: 'VM2026000301' })).toBeVisible();
  await expect(page).toHaveURL(/tab=devices/);
  await page.getByTestId('distributor-tab-callbacks').click();
  // An address without its scheme is refused at the field before any call (addresses into private
  // networks are the upstream's to refuse: tests/server/callback; this upstream lets the tests' receivers through).
  await page.getByTestId('callback-event-url').fill('erp.example.com/vend/events');
  await page.getByTestId('callback-save').click();
  await expect(page.getByText(en.validation.url)).toBeVisible();
  // Back and reload keep the tab.
  await page.reload();
  await expect(page.getByTestId('distributor-tab-callbacks')).toHaveAttribute('aria-selected', 'true');
});
