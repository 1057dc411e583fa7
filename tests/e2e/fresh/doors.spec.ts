/**
 * A smart fridge's doors end to end: a tenant-B machine's card declined
 * three times is blocked and refused at the door; the console lists the
 * openings and the card, unblocks it after a question, changes the rules
 * (refused out of range first), and exports the host's sheet read back.
 */
import { readFile } from 'node:fs/promises';
import { expect, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { demoSecret } from '../../../server/device/credentials.js';
import { catalogues, CODE } from '../../../shared/domains.js';
import { notification, openAs, test, upstreamUrl } from '../support.js';

const en = catalogues.en.fresh.doors;
// A spare machine of tenant B's that no other test opens.
const SERIAL = 'VM2026000305';
const MACHINE = '备用零食机 B-2';
const auth = { authorization: `Basic ${Buffer.from(`${SERIAL}:${demoSecret(SERIAL)}`).toString('base64')}` };

async function call(page: Page, path: string, data: object) {
  const res = await page.request.post(`${upstreamUrl()}/device-api/v1/${path}`, { headers: auth, data });
  return (await res.json()) as { code: number; content?: Record<string, unknown> };
}

test("a card declined three times is blocked at the door, listed, unblocked; the rules change; the host's sheet", async ({
  page,
  baseURL,
}) => {
  await openAs(page, baseURL, 'tenant2', '/freshFood/doors');
  expect((await call(page, 'heartbeat', {})).code).toBe(CODE.ok);
  // Four digits of its own each run (a retry meets a fresh card).
  const tail = String(1000 + Math.floor(Math.random() * 9000));
  const card = `e2e-card-${Date.now()}-${tail}`;
  for (let i = 0; i < 3; i++) {
    const openingId = `E2E-${Date.now()}-${i}`;
    expect(await call(page, 'doors/open', { openingId, card, cardTail: tail })).toMatchObject({ code: CODE.ok });
    const closed = await call(page, 'doors/close', { openingId, amount: 1500, declined: true });
    expect(closed.content).toEqual({ state: 'declined', cardBlocked: i === 2 });
  }
  expect((await call(page, 'doors/open', { openingId: `E2E-${Date.now()}-x`, card })).code).toBe(CODE.cardBlocked);

  // The openings: the machine's three, declined.
  await page.getByTestId('fresh-openings-search').click();
  const mine = page
    .getByTestId('fresh-openings-row')
    .filter({ hasText: MACHINE })
    .filter({ has: page.getByTestId('fresh-openings-card').getByText(en.cardTail.replace('{{tail}}', tail)) });
  await expect(mine).toHaveCount(3);
  await expect(mine.first().getByTestId('fresh-openings-state')).toHaveText(en.states.declined);

  // The card, blocked, unblocked after the question.
  await page.getByTestId('fresh-doors-view-cards').click();
  const row = page
    .getByTestId('fresh-cards-row')
    .filter({ has: page.getByTestId('fresh-cards-card').getByText(en.cardTail.replace('{{tail}}', tail)) });
  await expect(row.getByTestId('fresh-cards-declines')).toHaveText('3');
  await row.getByTestId('fresh-cards-unblock').click();
  const ask = page.getByRole('alertdialog').or(page.getByRole('dialog')).filter({ hasText: en.unblockTitle });
  await expect(ask).toContainText(en.unblockWhat.replace('{{tail}}', tail));
  await ask.getByRole('button', { name: en.unblock }).click();
  await expect(notification(page)).toHaveText(en.unblocked);
  await expect(row.getByTestId('fresh-cards-unblock')).toHaveCount(0);
  expect((await call(page, 'doors/open', { openingId: `E2E-${Date.now()}-y`, card })).code).toBe(CODE.ok);

  // The rules: out of range refused at the field, then saved.
  await page.getByTestId('fresh-doors-view-settings').click();
  await page.getByTestId('fresh-door-rules-edit').click();
  await page.getByTestId('fresh-door-cap').fill('0.5');
  await page.getByTestId('fresh-door-declines').fill('11');
  await page.getByTestId('fresh-door-rules-form-submit').click();
  await expect(page.getByText(catalogues.en.fresh.validation.doorCap)).toBeVisible();
  await expect(page.getByText(catalogues.en.fresh.validation.declines)).toBeVisible();
  await page.getByTestId('fresh-door-cap').fill('50');
  await page.getByTestId('fresh-door-declines').fill('3');
  await page.getByTestId('fresh-door-rules-form-submit').click();
  await expect(notification(page)).toHaveText(en.saved);
  await expect(page.getByTestId('fresh-door-rules')).toHaveText(
    en.rulesNow.replace('{{cap}}', '¥50.00').replace('{{declines}}', '3'),
  );

  // The host's sheet of this month for the machine, read back.
  await page.getByTestId('fresh-doors-view-openings').click();
  await expect(page.getByTestId('fresh-host-sheet')).toBeDisabled();
  await page.getByTestId('fresh-openings-filter-deviceId').click();
  await page.getByRole('option', { name: MACHINE }).click();
  await page.getByTestId('fresh-openings-search').click();
  const download = page.waitForEvent('download');
  await page.getByTestId('fresh-host-sheet').click();
  const book = new ExcelJS.Workbook();
  await book.xlsx.load((await readFile((await (await download).path())!)) as unknown as ArrayBuffer);
  const sheet = book.worksheets[0]!;
  expect(sheet.getRow(1).getCell(2).value).toBe(en.sheet.openings);
  const today = sheet.getRow(sheet.rowCount);
  expect(Number(today.getCell(2).value)).toBeGreaterThanOrEqual(4);
  expect(Number(today.getCell(5).value)).toBeGreaterThanOrEqual(3);
});
