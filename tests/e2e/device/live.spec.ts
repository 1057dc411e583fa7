/** Live device events end to end: a machine (this test, through the device-facing API) comes online and falls silent; the open list follows without a reload. */
import { expect, type Page } from '@playwright/test';
import { catalogues } from '../../../shared/domains.js';
import { demoSecret } from '../../../server/device/credentials.js';
import { notificationSaying, test, upstreamUrl, openAs } from '../support.js';

const en = catalogues.en.device;
const upstream = upstreamUrl();
const rowOf = (page: Page, serial: string) =>
  page.getByTestId('device-row').filter({ has: page.getByTestId('device-serial').getByText(serial, { exact: true }) });

test('tenant1 sees a machine come online and go offline live, with a notification each time', async ({
  page,
  baseURL,
  request,
}) => {
  await openAs(page, baseURL, 'tenant1', '/deviceList/index');
  await page.getByTestId('device-filter-keyword').fill('VM2026000108');
  await page.getByTestId('device-search').click();
  const state = rowOf(page, 'VM2026000108').getByTestId('device-state');
  await expect(state).toContainText(en.offline);
  // The console is listening (the core's stream is up and this page hears it).
  await expect(page.locator('html')).toHaveAttribute('data-live', 'connected');

  const serial = 'VM2026000108';
  const beat = await request.post(`${upstream}/device-api/v1/heartbeat`, {
    headers: { authorization: `Basic ${Buffer.from(`${serial}:${demoSecret(serial)}`).toString('base64')}` },
    data: {},
  });
  expect(beat.status()).toBe(200);
  // No reload: the event refreshes the list, and the device's switch raises a notice.
  await expect(state).toContainText(en.online);
  await expect(notificationSaying(page, en.events.online.replace('{{name}}', '备用零食机 A-2'))).toBeVisible();
  // Silent now: after the test upstream's 4 s the sweep takes it offline, and the list follows.
  await expect(state).toContainText(en.offline, { timeout: 15_000 });
  await expect(notificationSaying(page, en.events.offline.replace('{{name}}', '备用零食机 A-2'))).toBeVisible();
});
