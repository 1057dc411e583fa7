/**
 * The temperature board on /freshFood/temperatures: a machine of tenant B
 * (深圳北站饮料机, its cooler; it sells no fresh food, so no other file's sale
 * meets a locked channel) reports 35 minutes at 12 °C through the device API;
 * tenant2's open page is told at once, the board shows it awaiting an
 * acknowledgement, which is refused until the stock is ticked as checked and
 * then recorded with its note; the day's chart shows the readings and the
 * inspector's log of that day is exported with them.
 */
import { readFile } from 'node:fs/promises';
import { expect, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { demoSecret } from '../../../server/device/credentials.js';
import { businessDay } from '../../../shared/business-time.js';
import { describeDeviceEvent, type DeviceEvent } from '../../../shared/device/index.js';
import { catalogues } from '../../../shared/domains.js';
import { formatTime } from '../../../shared/format.js';
import { bridgeCall, notificationSaying, openAs, test, upstreamUrl } from '../support.js';

const MACHINE = 'VM2026000303';
const NAME = '深圳北站饮料机';
const MINUTE = 60_000;
const en = catalogues.en.fresh.cold;
const env = catalogues.en.fresh.validation;

test('an excursion reported by a machine is told, acknowledged once its stock is checked, and logged', async ({
  page,
  baseURL,
}) => {
  await openAs(page, baseURL, 'tenant2', '/freshFood/temperatures');
  await expect(page.locator('#fresh-cold-title')).toHaveText(en.title);
  // An excursion of this machine a failed run left open would take this run's readings in: acknowledged first.
  const open = (
    (await bridgeCall(page.request, 'fresh.excursions', { query: { pageSize: 100 }, body: {} })).content as {
      list: { id: number; deviceName: string; state: string }[];
    }
  ).list.filter((e) => e.deviceName === NAME && e.state !== 'acknowledged');
  for (const e of open)
    await bridgeCall(page.request, 'fresh.acknowledgeExcursion', {
      params: { id: e.id },
      body: { stockChecked: true, note: '' },
    });
  // The page hears the machine's events only once its live connection is up: the report waits for it.
  await expect(page.locator('html')).toHaveAttribute('data-live', 'connected');
  const upstream = upstreamUrl();
  const machine = { authorization: `Basic ${Buffer.from(`${MACHINE}:${demoSecret(MACHINE)}`).toString('base64')}` };
  // Readings of a day of the last four weeks, at a second of their own: another run's readings never fall among them.
  const start = Math.floor(Date.now() / MINUTE) * MINUTE - (2 + Math.floor(Math.random() * 26)) * 86_400_000 + 17_000;
  const readings = [...Array(35).fill(12), 4].map((celsius: number, i) => ({
    at: new Date(start + i * MINUTE).toISOString(),
    celsius,
  }));
  const sent = await page.request.post(`${upstream}/device-api/v1/temperatures`, {
    headers: machine,
    data: { readings },
  });
  expect(sent.status(), await sent.text()).toBe(200);
  expect(((await sent.json()) as { content: { excursion: { state: string } } }).content.excursion.state).toBe(
    'awaiting',
  );
  // The machine's warning switch is on: the open page says so at once.
  const told = describeDeviceEvent({ kind: 'temperatureExcursion', name: NAME, celsius: 12 } as DeviceEvent, 'en');
  await expect(notificationSaying(page, told)).toBeVisible();

  // The board follows the machine's event: the fridge is there without asking again.
  const row = page.getByTestId('fresh-fridges-row').filter({ hasText: NAME });
  await expect(row.getByTestId('fresh-fridges-state')).toHaveText(en.states.awaiting);

  await row.getByTestId('fresh-fridges-acknowledge').click();
  const dialog = page.getByRole('dialog', { name: en.ack.title });
  await expect(dialog.getByTestId('fresh-ack-what')).toContainText(NAME);
  await dialog.getByTestId('fresh-ack-submit').click();
  await expect(dialog).toContainText(env.stockChecked);
  await dialog.getByTestId('fresh-ack-checked').click();
  await dialog.getByTestId('fresh-ack-note').fill('冷机除霜，商品已检查');
  await dialog.getByTestId('fresh-ack-submit').click();
  await expect(notificationSaying(page, en.ack.done)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(row.getByTestId('fresh-fridges-state')).not.toHaveText(en.states.awaiting);

  await page.getByTestId('fresh-cold-view-excursions').click();
  // This run's excursion by when it started (the note's column folds away at this width).
  const done = page.getByTestId('fresh-excursions-row').filter({ hasText: formatTime(start) });
  await expect(done.getByTestId('fresh-excursions-state')).toHaveText(en.excursionStates.acknowledged);
  await expect(done.getByTestId('fresh-excursions-peak')).toHaveText('12.0 °C');

  // The day's chart, and the inspector's log of that day.
  await page.getByTestId('fresh-cold-view-fridges').click();
  await row.getByTestId('fresh-fridges-showDay').click();
  const day = page.getByTestId('fresh-day');
  const date = businessDay(start);
  await day.getByTestId('fresh-day-date').fill(date);
  await day.getByTestId('fresh-day-date').press('Tab');
  await expect(day.getByTestId('fresh-day-excursion').first()).toBeVisible();
  await expect(day.getByTestId('fresh-day-panel')).toBeVisible();
  const found = (
    await bridgeCall(page.request, 'fresh.fridgeDay', {
      params: { id: await deviceId(page) },
      query: { day: date },
    })
  ).content as { readings: unknown[] };
  const download = page.waitForEvent('download');
  await day.getByTestId('fresh-day-log').click();
  const book = new ExcelJS.Workbook();
  await book.xlsx.load((await readFile((await (await download).path())!)) as unknown as ArrayBuffer);
  const sheet = book.worksheets[0]!;
  expect(sheet.getRow(1).getCell(1).value).toBe(en.log.time);
  const records = sheet.getColumn(4).values.map(String);
  expect(records.filter((r) => r === en.log.out).length).toBeGreaterThanOrEqual(35);
  expect(records.some((r) => r.endsWith('冷机除霜，商品已检查'))).toBe(true);
  expect(sheet.rowCount - 1).toBeGreaterThanOrEqual(found.readings.length);
  await day.getByTestId('fresh-day-close').click();
  await expect(day).toBeHidden();
});

async function deviceId(page: Page): Promise<number> {
  const devices = await bridgeCall(page.request, 'device.page', { query: {}, body: { keyword: MACHINE } });
  return (devices.content as { list: { id: number }[] }).list[0]!.id;
}

test('tenant2 keeps its temperature rule: refused when it makes no range, saved, edited and deleted', async ({
  page,
  baseURL,
}) => {
  await openAs(page, baseURL, 'tenant2', '/freshFood/temperatures?view=rules');
  const rows = page.getByTestId('fresh-rule-row');
  const general = rows.filter({
    has: page.getByTestId('fresh-rule-name').getByText(en.rules.general, { exact: true }),
  });
  // Whatever another run left: this test's rule is the general one.
  await expect(page.getByTestId('fresh-rules-fallback')).toBeVisible();
  if (await general.count()) {
    await general.getByTestId('fresh-rule-delete').click();
    await page.getByTestId('confirm-ok').click();
    await expect(general).toHaveCount(0);
  }
  await page.getByTestId('fresh-rules-add').click();
  const dialog = page.getByRole('dialog', { name: en.rules.add });
  await page.getByTestId('fresh-rule-category').click();
  await page.getByRole('option', { name: en.rules.general, exact: true }).click();
  await dialog.getByTestId('fresh-rule-low').fill('6');
  await dialog.getByTestId('fresh-rule-high').fill('2.5');
  await dialog.getByTestId('fresh-rule-submit').click();
  await expect(dialog).toContainText(env.coldRange);
  await dialog.getByTestId('fresh-rule-low').fill('1');
  await dialog.getByTestId('fresh-rule-high').fill('6.5');
  await dialog.getByTestId('fresh-rule-minutes').fill('20');
  await dialog.getByTestId('fresh-rule-submit').click();
  await expect(notificationSaying(page, en.rules.saved)).toBeVisible();
  const range = (low: number, high: number, minutes: number) =>
    en.rangeText
      .replace('{{low}}', String(low))
      .replace('{{high}}', String(high))
      .replace('{{minutes}}', String(minutes));
  await expect(general.getByTestId('fresh-rule-range')).toHaveText(range(1, 6.5, 20));

  await general.getByTestId('fresh-rule-edit').click();
  await page.getByRole('dialog', { name: en.rules.edit }).getByTestId('fresh-rule-minutes').fill('45');
  await page.getByRole('dialog', { name: en.rules.edit }).getByTestId('fresh-rule-submit').click();
  await expect(general.getByTestId('fresh-rule-range')).toHaveText(range(1, 6.5, 45));

  await general.getByTestId('fresh-rule-delete').click();
  await page.getByTestId('confirm-ok').click();
  await expect(notificationSaying(page, en.rules.deleted)).toBeVisible();
  await expect(general).toHaveCount(0);
});
