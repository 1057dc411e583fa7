/**
 * Held reports on /freshFood/quarantine: a machine of tenant B (its cooler's
 * sensor) reports two readings that jump 26 °C within a minute while the
 * page is open; Search shows them held; tenant2 approves one after asking (it then counts as a
 * reading) and rejects the other (it stays, marked rejected).
 */
import { expect } from '@playwright/test';
import { demoSecret } from '../../../server/device/credentials.js';
import { catalogues } from '../../../shared/domains.js';
import { formatTime } from '../../../shared/format.js';
import { notificationSaying, openAs, test, upstreamUrl } from '../support.js';

const MACHINE = 'VM2026000303';
const MINUTE = 60_000;
const en = catalogues.en.fresh.quarantine;

test('tenant2 approves one held temperature and rejects another', async ({ page, baseURL }) => {
  await openAs(page, baseURL, 'tenant2', '/freshFood/quarantine');
  await expect(page.locator('#fresh-quarantine-list-title')).toHaveText(en.title);
  const machine = { authorization: `Basic ${Buffer.from(`${MACHINE}:${demoSecret(MACHINE)}`).toString('base64')}` };
  // A day of the last four weeks, at a second of its own: no other run's readings among them.
  const start = Math.floor(Date.now() / MINUTE) * MINUTE - (2 + Math.floor(Math.random() * 26)) * 86_400_000 + 41_000;
  const readings = [4, 30, 4.2, -22, 4.1].map((celsius, i) => ({
    at: new Date(start + i * MINUTE).toISOString(),
    celsius,
  }));
  const sent = await page.request.post(`${upstreamUrl()}/device-api/v1/temperatures`, {
    headers: machine,
    data: { readings },
  });
  expect(sent.status(), await sent.text()).toBe(200);
  expect(((await sent.json()) as { content: { held: number } }).content.held).toBe(2);

  // Search with the filter unchanged reads the list again: the held reports are there.
  await page.getByTestId('fresh-quarantine-search').click();
  const warm = page.getByTestId('fresh-quarantine-row').filter({ hasText: formatTime(readings[1]!.at) });
  const cold = page.getByTestId('fresh-quarantine-row').filter({ hasText: formatTime(readings[3]!.at) });
  await expect(warm.getByTestId('fresh-quarantine-state')).toHaveText(en.states.held);
  await expect(warm.getByTestId('fresh-quarantine-what')).toContainText('30.0 °C');

  await warm.getByTestId('fresh-quarantine-approve').click();
  await page.getByTestId('confirm-ok').click();
  await expect(notificationSaying(page, en.approved)).toBeVisible();
  // The list shows what is held: the approved one has left it.
  await expect(warm).toHaveCount(0);

  await cold.getByTestId('fresh-quarantine-reject').click();
  await page.getByTestId('confirm-ok').click();
  await expect(notificationSaying(page, en.rejected)).toBeVisible();
  await expect(cold).toHaveCount(0);

  await page.getByTestId('fresh-quarantine-filter-state').click();
  await page.getByRole('option', { name: en.states.rejected, exact: true }).click();
  await page.getByTestId('fresh-quarantine-search').click();
  await expect(cold.getByTestId('fresh-quarantine-state')).toHaveText(en.states.rejected);
  // Exported as the filter shows it.
  const download = page.waitForEvent('download');
  await page.getByTestId('fresh-quarantine-export').click();
  expect((await download).suggestedFilename()).toMatch(new RegExp(`^${en.title}-\\d{4}-\\d\\d-\\d\\d\\.xlsx$`));
});
