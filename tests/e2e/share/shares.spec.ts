/**
 * Revenue shares end to end: tenant1 sets the metro company's next rate,
 * closes last month (a job of the upstream), opens the metro company's
 * statement — last month still at the old tiers — with its lines and days;
 * tenant11 confirms the statement its parent issued it.
 */
import { readFile } from 'node:fs/promises';
import { expect, type APIRequestContext } from '@playwright/test';
import ExcelJS from 'exceljs';
import { businessDay } from '../../../shared/business-time.js';
import { catalogues, CODE, ERRORS } from '../../../shared/domains.js';
import { endedMonths, monthsAround, type ShareStatementItem } from '../../../shared/share/index.js';
import { bridgeCall, notification, openAs, signIn, signOut, test, PASSWORD } from '../support.js';

const en = catalogues.en.share;
const METRO = '上海申通地铁集团';
const A1 = '苏州地铁零售有限公司';

async function statements(request: APIRequestContext, body: object): Promise<ShareStatementItem[]> {
  const answer = await bridgeCall(request, 'share.statementPage', { query: { pageNum: 1, pageSize: 100 }, body });
  return (answer.content as { list: ShareStatementItem[] }).list;
}

test("tenant1 sets the metro company's next rate, closes last month and reads its statement at the old tiers", async ({
  page,
  baseURL,
}) => {
  const last = endedMonths(businessDay(), 1)[0]!;
  const next = monthsAround(businessDay(), 0, 1)[1]!;
  await openAs(page, baseURL, 'tenant1', '/shares/rules');
  await page.getByTestId('share-rule-create').click();
  await page.getByTestId('share-rule-form-subject-id').click();
  await page.getByRole('option', { name: METRO, exact: true }).click();
  // Nothing typed in the rate: refused at its field, nothing sent.
  await page.getByTestId('share-rule-form-submit').click();
  await expect(page.getByText(catalogues.en.share.validation.rate)).toBeVisible();
  await page.getByTestId('share-rule-tier-rate').fill('6');
  await page.getByTestId('share-rule-form-submit').click();
  await expect(notification(page)).toHaveText(en.rule.saved);
  const version = page.getByTestId('share-rule-row').filter({ hasText: METRO }).filter({ hasText: next });
  await expect(version.getByTestId('share-rule-terms')).toHaveText('6%');

  await page.goto('/shares/statements');
  await page.getByTestId('share-close-open').click();
  await page.getByTestId('share-close-form-submit').click();
  await expect(notification(page)).toHaveText(en.statement.closeQueued.replace('{{month}}', last));
  // The job ends, and the list follows.
  await expect(page.getByTestId('share-last-close')).toContainText(`${last}: ${en.closeStates.done}`, {
    timeout: 20_000,
  });
  const row = page.getByTestId('share-statement-row').filter({ hasText: METRO }).filter({ hasText: last });
  await expect(row).toHaveCount(1);
  await row.getByTestId('share-statement-open').click();

  await expect(page.getByTestId('share-statement-title')).toHaveText(
    en.statement.detailTitle.replace('{{name}}', METRO).replace('{{month}}', last),
  );
  // Last month keeps the tiers in force then: 5 % up to ¥20 000, 7 % above.
  await expect(page.getByTestId('share-line-row').first()).toContainText('5% up to ¥20,000.00, 7% above');
  await expect(page.getByTestId('share-day-row').first()).toBeVisible();
  await expect(page.getByTestId('share-no-adjustments')).toBeVisible();
  const total = (await page.getByTestId('share-statement-page-total').textContent())!.replace(en.statement.total, '');

  // Printed (browser mode: the browser's print; Chromium's PDF of the page as it prints): the statement alone.
  await page.getByTestId('share-statement-print').click();
  // Compared without white space: a reader puts none where a line wraps.
  const flat = (x: string) => x.replace(/\s+/g, '');
  const pdf = await page.pdf({ format: 'A4', preferCSSPageSize: true });
  const text = flat(await pdfText(pdf));
  // One A4 page for a month of a few lines, no blank one after it; the text within the page's 14 mm margins, its
  // left edge at the margin (not pushed right by the side menu), nothing past the right one.
  const layout = await pdfLayout(pdf);
  expect(layout.pages).toBe(1);
  const margin = (14 / 25.4) * 72;
  expect(layout.left).toBeGreaterThanOrEqual(margin - 1);
  expect(layout.left).toBeLessThan(margin + 12);
  expect(layout.right).toBeLessThanOrEqual(layout.width - margin + 1);
  expect(text).toContain(flat(en.statement.detailTitle.replace('{{name}}', METRO).replace('{{month}}', last)));
  expect(text).toContain(flat('5% up to ¥20,000.00, 7% above'));
  expect(text).toContain(flat(`${en.statement.total} ${total}`));
  // No shell, no buttons, no day-by-day pages on the paper.
  for (const absent of [catalogues.en.route.dashboard, en.statement.print, en.statement.byDay])
    expect(text).not.toContain(flat(absent));

  // The month's statements as a sheet.
  await page.goto('/shares/statements');
  await expect(page.getByTestId('share-export')).toBeDisabled();
  await page.getByTestId('share-statement-filter-month').click();
  await page.getByRole('option', { name: last, exact: true }).click();
  await page.getByTestId('share-statement-search').click();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('share-export').click()]);
  expect(download.suggestedFilename()).toBe(`Share statements-${last}.xlsx`);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load((await readFile((await download.path())!)) as unknown as ArrayBuffer);
  const parties = new Set<unknown>();
  book.worksheets[0]!.eachRow((row) => parties.add((row.values as unknown[])[3]));
  expect(parties).toContain(METRO);
  expect(parties).toContain(A1);
});

/** A PDF's page count, its first page's width, and how far left and right its text reaches (pdf.js; points). */
async function pdfLayout(bytes: Buffer): Promise<{ pages: number; width: number; left: number; right: number }> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await getDocument({ data: new Uint8Array(bytes) }).promise;
  const first = await doc.getPage(1);
  let left = Infinity;
  let right = 0;
  for (const item of (await first.getTextContent()).items)
    if ('str' in item && item.str.trim()) {
      left = Math.min(left, item.transform[4] as number);
      right = Math.max(right, (item.transform[4] as number) + item.width);
    }
  return { pages: doc.numPages, width: first.view[2]!, left, right };
}

/** The text of a PDF's pages, as a reader extracts it (pdf.js). */
async function pdfText(bytes: Buffer): Promise<string> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await getDocument({ data: new Uint8Array(bytes) }).promise;
  let text = '';
  for (let n = 1; n <= doc.numPages; n++) {
    const content = await (await doc.getPage(n)).getTextContent();
    text += content.items.map((item) => ('str' in item ? item.str : '')).join('') + '\n';
  }
  return text;
}

test('tenant11 confirms the statement its parent issued it, and cannot issue or pay one', async ({ page, baseURL }) => {
  await openAs(page, baseURL, 'tenant1', '/shares/statements');
  // A month of 2020–2024 of this run's own: an adjustment makes its statement, a rule or none.
  const month = monthsAround('2020-01-01', 0, 60)[Math.floor(Date.now() / 1000) % 60]!;
  const subjects = await bridgeCall(page.request, 'share.subjects', { body: {} });
  const a1 = (subjects.content as { subTenants: { id: number; name: string }[] }).subTenants.find(
    (s) => s.name === A1,
  )!;
  expect(
    (
      await bridgeCall(page.request, 'share.adjust', {
        body: { subTenantId: a1.id, month, amount: 12_345, reason: '补发分成' },
      })
    ).ok,
  ).toBe(true);
  expect((await bridgeCall(page.request, 'share.close', { body: { month } })).ok).toBe(true);
  await expect
    .poll(async () => (await statements(page.request, { month, party: 'tenant' })).length, { timeout: 20_000 })
    .toBe(1);
  const [made] = await statements(page.request, { month, party: 'tenant' });
  expect((await bridgeCall(page.request, 'share.issue', { params: { id: made!.id } })).ok).toBe(true);
  await signOut(page);

  await signIn(page, 'tenant11', PASSWORD, { at: '/shares/statements' });
  const row = page.getByTestId('share-statement-row').filter({ hasText: month });
  await expect(row.getByTestId('share-statement-party')).toContainText(en.statement.mine);
  await expect(row.getByTestId('share-statement-total')).toHaveText('¥123.45');
  await row.getByTestId('share-statement-confirm').click();
  await page.getByTestId('confirm-ok').click();
  await expect(notification(page)).toHaveText(en.statement.confirmed);
  await expect(row.getByTestId('share-statement-state')).toHaveText(en.states.confirmed);
  // Confirmed, it waits for its parent's payment: nothing is left for tenant11 to do.
  await expect(row.getByTestId('share-statement-pay')).toHaveCount(0);
});

test('the admin names the tenant whose month it closes and whose rule it sets', async ({ page, baseURL }) => {
  await openAs(page, baseURL, 'admin', '/shares/statements');
  await page.getByTestId('share-close-open').click();
  await page.getByTestId('share-close-form-submit').click();
  await expect(page.getByText(catalogues.en.validation.required)).toBeVisible();
  await page.getByTestId('share-close-tenant').click();
  await page.getByRole('option', { name: '华南智慧零售有限公司' }).click();
  await page.getByTestId('share-close-form-submit').click();
  await expect(notification(page)).toHaveText(
    en.statement.closeQueued.replace('{{month}}', endedMonths(businessDay(), 1)[0]!),
  );

  await page.goto('/shares/rules');
  await page.getByTestId('share-rule-create').click();
  await page.getByTestId('share-rule-form-tenant').click();
  await page.getByRole('option', { name: '华东智售科技有限公司' }).click();
  await page.getByTestId('share-rule-form-subject-id').click();
  await expect(page.getByRole('option', { name: METRO, exact: true })).toBeVisible();
  await page.keyboard.press('Escape');
  await page.getByTestId('share-rule-form-cancel').click();
  await expect(page.getByTestId('share-rule-form')).toHaveCount(0);
});

test('a draft changed since its close is marked, refused on issue until the month is closed again', async ({
  page,
  baseURL,
}) => {
  await openAs(page, baseURL, 'tenant1', '/shares/statements');
  // A host of this run's own, paid an adjustment in one of the months the list offers: its statement is that adjustment.
  const month = endedMonths(businessDay(), 24)[2 + (Math.floor(Date.now() / 1000) % 20)]!;
  const host = await bridgeCall(page.request, 'share.hostCreate', { body: { name: `测试场地方${Date.now()}` } });
  const hostId = (host.content as { id: number }).id;
  const adjust = (amount: number) =>
    bridgeCall(page.request, 'share.adjust', { body: { hostId, month, amount, reason: '补发分成' } });
  expect((await adjust(10_000)).ok).toBe(true);
  expect((await bridgeCall(page.request, 'share.close', { body: { month } })).ok).toBe(true);
  await expect
    .poll(async () => (await statements(page.request, { month, hostId })).length, { timeout: 20_000 })
    .toBe(1);
  // A second adjustment after the close: the draft no longer says what the month comes to.
  expect((await adjust(5_000)).ok).toBe(true);

  await page.getByTestId('share-statement-filter-month').click();
  await page.getByRole('option', { name: month, exact: true }).click();
  await page.getByTestId('share-statement-search').click();
  const row = page.getByTestId('share-statement-row').filter({ hasText: (host.content as { name: string }).name });
  await expect(row.getByTestId('share-statement-stale')).toHaveText(en.statement.stale);
  await row.getByTestId('share-statement-open').click();
  await expect(page.getByTestId('share-statement-stale-hint')).toHaveText(en.statement.staleHint);
  // The statement's own page (the list's tab stays open behind it, with its own Issue buttons).
  const detail = page.locator('section[aria-labelledby="share-statement-page-title"]');
  await detail.getByTestId('share-statement-issue').click();
  await page.getByTestId('confirm-ok').click();
  await expect(notification(page)).toContainText(ERRORS[CODE.shareStatementStale]!.texts.en);
  await expect(page.getByTestId('share-statement-page-state')).toHaveText(en.states.draft);

  // Closed again, it holds both adjustments and is issued.
  expect((await bridgeCall(page.request, 'share.close', { body: { month } })).ok).toBe(true);
  await expect
    .poll(async () => (await statements(page.request, { month, hostId }))[0]?.stale, { timeout: 20_000 })
    .toBe(false);
  await page.reload();
  await expect(page.getByTestId('share-statement-stale-hint')).toHaveCount(0);
  await expect(page.getByTestId('share-statement-page-total')).toContainText('¥150.00');
  await detail.getByTestId('share-statement-issue').click();
  await page.getByTestId('confirm-ok').click();
  await expect(notification(page)).toHaveText(en.statement.issued);
  await expect(page.getByTestId('share-statement-page-state')).toHaveText(en.states.issued);
});
