/**
 * The dashboard end to end: where tenant1 lands, its charts for the last 7
 * days, a custom range (refused backwards, then applied), the table view,
 * and today's figures moving after a machine's sale (through the
 * device-facing API, as the simulator sells); member1 (1-1) and the system
 * admin each see their scope's.
 */
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { catalogues } from '../../../shared/domains.js';
import { addDays, businessDay } from '../../../shared/business-time.js';
import { demoSecret } from '../../../server/device/credentials.js';
import { signIn, signOut, test, useLanguage, upstreamUrl, openAs } from '../support.js';

const en = catalogues.en.dashboard;
const upstream = upstreamUrl();
const basic = (serial: string) => `Basic ${Buffer.from(`${serial}:${demoSecret(serial)}`).toString('base64')}`;

/** A machine of tenant A says it is there and sells one item of the first channel that has one. */
async function sellOne(request: APIRequestContext, serial: string): Promise<number> {
  const beat = await request.post(`${upstream}/device-api/v1/heartbeat`, {
    headers: { authorization: basic(serial) },
    data: {},
  });
  expect(beat.status()).toBe(200);
  for (let channel = 1; channel <= 30; channel++) {
    const res = await request.post(`${upstream}/device-api/v1/sale`, {
      headers: { authorization: basic(serial) },
      data: {
        saleId: `e2e-dash-${Date.now()}-${channel}`,
        thirdPartyNumber: `4200${Date.now()}`,
        platform: 'wechat',
        paymentType: 'scan',
        items: [{ channel, count: 1 }],
      },
    });
    const body = (await res.json()) as { code: number; content: { amount: number } };
    if (body.code === 200) return body.content.amount;
  }
  throw new Error(`${serial} sold nothing`);
}

/** A chart is made once its box comes near the window: scrolled to, as a reader would, it is drawn. */
async function drawn(page: Page, id: string): Promise<void> {
  await page.getByTestId(`${id}-chart`).scrollIntoViewIfNeeded();
  await expect(page.getByTestId(`${id}-chart`)).toHaveAttribute('data-drawn', 'true');
}
const figure = async (page: Page, id: string) => (await page.getByTestId(`${id}-value`).textContent()) ?? '';

test('tenant1 lands on the dashboard: charts for the last 7 days, a custom range, the table view, and today moving with a sale', async ({
  page,
  baseURL,
  request,
}) => {
  await openAs(page, baseURL, 'tenant1');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('dashboard')).toBeVisible();
  await expect(page.getByTestId('card-roles-value')).toHaveText(catalogues.en.account.role.primaryTenant);
  await expect(page.getByTestId('range-last7')).toHaveAttribute('aria-selected', 'true');
  // The last panel, far below the window, waits for a scroll before its chart is made.
  await expect(page.getByTestId('byPoint-chart')).toBeAttached();
  await expect(page.getByTestId('byPoint-chart')).not.toHaveAttribute('data-drawn', 'true');
  for (const id of ['series', 'byProduct', 'byDevice', 'byPoint']) await drawn(page, id);
  // Today's hours: drawn once something sold today, else said to be empty (no axis of zeros).
  await expect(page.getByTestId('hours-chart').or(page.getByTestId('hours-empty'))).toBeVisible();
  const week = await page.getByTestId('total-orders').textContent();
  expect(Number(week!.replaceAll(',', ''))).toBeGreaterThan(0);

  // A custom range: backwards is refused where the user typed it, before anything is asked.
  await page.getByTestId('range-custom').click();
  const today = businessDay();
  await page.getByTestId('range-from').fill(today);
  await page.getByTestId('range-to').fill(addDays(today, -3));
  await page.getByTestId('range-apply').click();
  await expect(page.getByText(en.validation.range)).toBeVisible();
  await page.getByTestId('range-from').fill(addDays(today, -29));
  await page.getByTestId('range-to').fill(today);
  await page.getByTestId('range-apply').click();
  await expect(page.getByText(en.validation.range)).toBeHidden();
  await expect(async () => {
    const month = Number((await page.getByTestId('total-orders').textContent())!.replaceAll(',', ''));
    expect(month).toBeGreaterThan(Number(week!.replaceAll(',', '')));
  }).toPass();
  await drawn(page, 'series');

  // The same figures as a table.
  await page.getByTestId('byDevice-show-table').click();
  await expect(page.getByTestId('byDevice-table').getByRole('row').nth(1)).toBeVisible();
  await expect(page.getByTestId('byDevice-table')).toContainText('虹桥站饮料机');
  // And as a sheet: the rows, money as yuan numbers.
  const download = page.waitForEvent('download');
  await page.getByTestId('byDevice-export').click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^Top devices \d{4}-\d\d-\d\d~\d{4}-\d\d-\d\d\.xlsx$/);
  const book = new ExcelJS.Workbook();
  // exceljs types its Buffer before Node made Buffer generic.
  await book.xlsx.load(Buffer.concat(await (await file.createReadStream()).toArray()) as unknown as ExcelJS.Buffer);
  const sheet = book.worksheets[0]!;
  expect(sheet.getRow(1).values).toEqual([undefined, 'Device', 'Location', 'Orders', 'Sales', 'Refunds', 'Net sales']);
  expect(String(sheet.getRow(2).getCell(1).value)).toMatch(/站|广场|机/);
  expect(typeof sheet.getRow(2).getCell(4).value).toBe('number');
  await expect(page.getByTestId('notify').first()).toHaveText(en.charts.exported);

  // Live: a machine sells, today's orders and sales move without a reload.
  await expect(page.locator('html')).toHaveAttribute('data-live', 'connected');
  const before = Number((await figure(page, 'card-orders')).replaceAll(',', ''));
  await sellOne(request, 'VM2026000101');
  await expect(page.getByTestId('card-orders-value')).toHaveText((before + 1).toLocaleString('en-US'));
  // With a sale today, today's hours are a chart.
  await drawn(page, 'hours');
});

test("member1 (1-1) sees its tenant's dashboard; the system admin the whole platform's devices", async ({
  page,
  baseURL,
}) => {
  await useLanguage(page, baseURL, 'zh-CN');
  await signIn(page, 'member1');
  await expect(page).toHaveURL(/\/dashboard$/);
  await drawn(page, 'series');
  await expect(page.getByTestId('placeholder')).toHaveCount(0);
  const memberDevices = await figure(page, 'card-devices');
  await signOut(page);

  await signIn(page, 'admin');
  await expect(page).toHaveURL(/\/dashboard$/);
  await drawn(page, 'byDevice');
  const count = (text: string) =>
    text
      .split('/')
      .map((n) => Number(n.trim()))
      .reduce((a, b) => a + b, 0);
  await expect(async () =>
    expect(count(await figure(page, 'card-devices'))).toBeGreaterThan(count(memberDevices)),
  ).toPass();
});

test('a demo machine that falls silent appears among the offline devices without a reload', async ({
  page,
  baseURL,
  request,
}) => {
  await openAs(page, baseURL, 'tenant1');
  await page.getByTestId('alerts-silent').click();
  await expect(page.locator('html')).toHaveAttribute('data-live', 'connected');
  const serial = 'VM2026000102';
  const row = page.getByTestId('alert-row').filter({ hasText: serial });
  // It beats: online, not listed.
  const beat = await request.post(`${upstream}/device-api/v1/heartbeat`, {
    headers: { authorization: basic(serial) },
    data: {},
  });
  expect(beat.status()).toBe(200);
  await expect(row).toHaveCount(0);
  // Silent for the test upstream's 4 s: the sweep takes it offline, the device event re-reads the alerts.
  await expect(row).toHaveCount(1, { timeout: 20_000 });
  await expect(page.getByTestId('alerts-panel')).toContainText(en.alerts.lastSeen);
});

test('tenant1 sets when its devices count as quiet: a wrong number refused at its field, fixed and saved with one click; member1 has no such setting', async ({
  page,
  baseURL,
}) => {
  await openAs(page, baseURL, 'tenant1');
  await page.getByTestId('alert-settings-open').click();
  const hours = page.getByTestId('alert-settings-hours');
  await expect(hours).toBeDisabled();
  await page.getByRole('radio', { name: en.settings.byHours }).check();
  await hours.fill('0');
  const save = page.getByTestId('alert-settings-submit');
  const box = await save.boundingBox();
  await save.click();
  await expect(page.getByText(catalogues.en.dashboard.validation.quietHours)).toBeVisible();
  // Fixed, then Save at once: the error line going away does not move the button from under the pointer.
  await hours.fill('6');
  expect(await save.boundingBox()).toEqual(box);
  await save.click();
  await expect(page.getByTestId('notify').filter({ hasText: en.settings.saved })).toBeVisible();
  await expect(page.getByTestId('alert-settings-submit')).toHaveCount(0);
  await page.getByTestId('alert-settings-open').click();
  await expect(hours).toHaveValue('6');
  // Back to each device's own hours, so the other journeys see the demo's alerts as they were.
  await page.getByRole('radio', { name: en.settings.byHistory }).check();
  await page.getByTestId('alert-settings-submit').click();
  await expect(page.getByTestId('alert-settings-submit')).toHaveCount(0);
  await page.getByTestId('alert-settings-open').click();
  await expect(hours).toBeDisabled();
  await page.getByTestId('alert-settings-cancel').click();
  await signOut(page);

  await signIn(page, 'member1');
  await expect(page.getByTestId('alerts-panel')).toBeVisible();
  await expect(page.getByTestId('alert-settings-open')).toHaveCount(0);
});

test('a sign-in that lands on the dashboard asks for its figures while the console is first drawn, not after', async ({
  page,
  baseURL,
}) => {
  await useLanguage(page, baseURL, 'en');
  // When the side menu is first in the page (the console's first render committed). A script of its own: the tests
  // are type-checked without the DOM library.
  await page.addInitScript({
    content: `new MutationObserver((_, observer) => {
      if (!document.querySelector('[data-testid="side-menu"]')) return;
      window.menuAt = performance.now();
      observer.disconnect();
    }).observe(document, { subtree: true, childList: true });`,
  });
  await page.goto('/login');
  // The console's code, and the dashboard's with its reads', load while the user types.
  await page.waitForLoadState('networkidle');
  await page.getByTestId('login-username').fill('tenant1');
  await page.getByTestId('login-password').fill('Demo@2026');
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('dashboard')).toBeVisible();
  const { menuAt, figuresAt } = await page.evaluate(() => ({
    menuAt: (globalThis as { menuAt?: number }).menuAt,
    figuresAt: performance.getEntriesByType('resource').find((r) => r.name.includes('/bridge/dashboard.figures'))
      ?.startTime,
  }));
  expect(menuAt).toBeDefined();
  // Asked for by the session's start, inside that render: the upstream answers while the shell is drawn.
  expect(figuresAt).toBeLessThan(menuAt!);
});
