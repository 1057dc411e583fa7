/**
 * Markdown ladders sent to the machines end to end: tenant2 sends its
 * ladders to one of its machines from the markdowns page, lands on the
 * send's progress page, the machine's heartbeat takes them and it reports
 * them applied — the page follows; the fleet's view lists the send.
 */
import { expect, type Page } from '@playwright/test';
import { demoSecret } from '../../../server/device/credentials.js';
import { catalogues, CODE } from '../../../shared/domains.js';
import type { MachineState } from '../../../shared/device/index.js';
import { bridgeCall, notification, openAs, test, upstreamUrl } from '../support.js';

const en = catalogues.en.fresh.push;
// Tenant B's machine no other test sends markdowns to.
const SERIAL = 'VM2026000304';
const MACHINE = '备用饮料机 B-1';
const auth = { authorization: `Basic ${Buffer.from(`${SERIAL}:${demoSecret(SERIAL)}`).toString('base64')}` };

async function machine(page: Page, path: string, data: object) {
  const res = await page.request.post(`${upstreamUrl()}/device-api/v1/${path}`, { headers: auth, data });
  return (await res.json()) as { code: number; content?: unknown };
}

test('tenant2 sends its markdowns to a machine, which takes and applies them as the progress page shows', async ({
  page,
  baseURL,
}) => {
  await openAs(page, baseURL, 'tenant2', '/freshFood/markdowns');
  // A ladder of a category of its own (the markdowns test keeps tenant2's general ladder): the last category.
  const categories = (await bridgeCall(page.request, 'product.categoryOptions', { body: {} })).content as {
    id: number;
  }[];
  const saved = await bridgeCall(page.request, 'fresh.saveMarkdown', {
    body: { categoryId: categories.at(-1)!.id, steps: [{ hoursLeft: 12, percentOff: 40 }] },
  });
  expect(saved.ok).toBe(true);
  await page.reload();
  await page.getByTestId('fresh-markdowns-push').click();
  const dialog = page.getByRole('dialog', { name: en.title });
  // Nothing chosen: the devices are asked for.
  await dialog.getByTestId('fresh-push-dialog-submit').click();
  await expect(dialog.getByText(catalogues.en.validation.required)).toBeVisible();
  await dialog.getByTestId('fresh-push-devices').click();
  await page.getByRole('menuitemcheckbox', { name: `${MACHINE} · ${SERIAL}` }).click();
  await page.keyboard.press('Escape');
  await dialog.getByTestId('fresh-push-dialog-submit').click();
  await expect(notification(page)).toHaveText(catalogues.en.fresh.push.sent.replace('{{count}} machines', '1 machine'));
  await expect(page).toHaveURL(/\/freshFood\/markdowns\/push\?id=\d+/);
  const id = Number(new URL(page.url()).searchParams.get('id'));
  const row = page.getByTestId('fresh-push-device').filter({ hasText: SERIAL });
  await expect(row.getByTestId('fresh-push-state')).toHaveText(en.states.waiting);
  await expect(page.getByTestId('fresh-push-ladder')).toContainText('40%');

  // The machine's heartbeat takes it; its report applies it.
  const beat = await machine(page, 'heartbeat', {});
  expect(beat.code).toBe(CODE.ok);
  expect((beat.content as MachineState).markdowns.map((m) => m.pushId)).toContain(id);
  expect(await machine(page, `markdowns/${id}/report`, { result: 'applied' })).toMatchObject({ code: CODE.ok });
  await page.reload();
  await expect(row.getByTestId('fresh-push-state')).toHaveText(en.states.done);

  // The fleet's one view lists it among the pushes.
  await page.goto('/deviceList/pushes');
  await expect(
    page.getByTestId('push-kind').filter({ hasText: catalogues.en.device.push.kinds.markdown }).first(),
  ).toBeVisible();
});
