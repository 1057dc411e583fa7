/**
 * Statements through the API: the close asked for and run as a job, who
 * reads which statement (a second-level tenant its own), the steps each side
 * takes once, adjustments, the drill-down by line.
 */
import ExcelJS from 'exceljs';
import { sheetRows } from '../sheets.js';
import { describe, expect, it } from 'vitest';
import { catalogues, CODE } from '../../../shared/domains.js';
import { addDays, businessDay, monthStart } from '../../../shared/business-time.js';
import { suiteApp } from '../helpers.js';
import { addMember } from '../reliability/support/world.js';
import { HONGQIAO, XINGHAI, percent, shareWorld } from './support.js';

const t = suiteApp(['tenant1', 'tenant11', 'tenant2', 'admin']);
const w = shareWorld(t);
const page = (token: string, body: object = {}) =>
  t.ok('share.statementPage', { query: { pageNum: 1, pageSize: 100 }, body }, token);

/** March 2024: a host of hongqiao at 10 %, and A1 paid 85 % of its machines' net. */
async function march() {
  const host = await w.host(['hongqiao'], '2024-03-01');
  await w.rule({ hostId: host.id }, '2024-03', percent(1_000));
  await w.rule({ subTenantId: t.ids.tenant('A1') }, '2024-03', percent(8_500));
  await w.day(HONGQIAO[0], '2024-03-02', 100_000);
  await w.day(HONGQIAO[1], '2024-03-02', 50_000, 10_000);
  await w.day(XINGHAI[0], '2024-03-09', 20_000, 0, 'A1');
  return host;
}
let host: Awaited<ReturnType<typeof march>>;

describe('share.close', () => {
  it('queues the close as a job, which makes the drafts; a month not over is refused', async () => {
    host = await march();
    const asked = await t.ok('share.close', { body: { month: '2024-03' } }, t.token.tenant1);
    expect(asked).toMatchObject({ month: '2024-03', state: 'queued' });
    expect(await t.runJobs()).toBeGreaterThanOrEqual(1);
    const thisMonth = monthStart(businessDay()).slice(0, 7);
    expect(await t.code('share.close', { body: { month: thisMonth } }, t.token.tenant1)).toBe(CODE.shareMonthOpen);
    // A second-level tenant closes its own month, never its parent's.
    expect(
      await t.code('share.close', { body: { month: '2024-03', tenantId: t.ids.tenant('A') } }, t.token.tenant11),
    ).toBe(CODE.tenantNotFound);
  });
});

describe('share.closes', () => {
  it("lists the tenant's closes with how each went", async () => {
    const closes = await t.ok('share.closes', { body: {} }, t.token.tenant1);
    expect(closes.find((c) => c.month === '2024-03')).toMatchObject({ state: 'done', statements: 2 });
    expect(closes[0]!.closedAt).not.toBeNull();
  });
});

describe('share.statementPage', () => {
  it('shows the paying tenant its statements, the second-level tenant its own once issued, another tenant none', async () => {
    const paying = await page(t.token.tenant1, { month: '2024-03' });
    expect(paying.list.map((s) => [s.party, s.partyName, s.share, s.mine])).toEqual([
      ['host', host.name, 14_000, false],
      ['tenant', '苏州地铁零售有限公司', 17_000, false],
    ]);
    // A draft is the payer's working copy: the second-level tenant sees its statement once issued (share.issue).
    expect((await page(t.token.tenant11, { month: '2024-03' })).list).toEqual([]);
    expect((await page(t.token.tenant2, { month: '2024-03' })).list).toEqual([]);
    expect((await page(t.token.admin, { month: '2024-03', party: 'host' })).list).toHaveLength(1);
    // A member of the paying tenant sees its hosts' statements, not its second-level tenant's (its scope is its own tenant).
    const clerk = await t.signIn(await addMember(t, 'sharesclerk', t.ids.tenant('A'), ['9-1']));
    expect((await page(clerk, { month: '2024-03' })).list.map((s) => s.party)).toEqual(['host']);
  });
});

describe('share.statementInfo', () => {
  it('gives the lines with the terms applied; a statement the caller neither pays nor is paid by is 975', async () => {
    const [first] = (await page(t.token.tenant1, { month: '2024-03', party: 'host' })).list;
    const s = await t.ok('share.statementInfo', { params: { id: first!.id } }, t.token.tenant1);
    expect(s.lines).toMatchObject([
      { subject: 'host', kind: 'percent', tiers: [{ upTo: null, rate: 1_000 }], net: 140_000 },
    ]);
    expect(await t.code('share.statementInfo', { params: { id: first!.id } }, t.token.tenant11)).toBe(
      CODE.shareStatementNotFound,
    );
    expect(await t.code('share.statementInfo', { params: { id: first!.id } }, t.token.tenant2)).toBe(
      CODE.shareStatementNotFound,
    );
  });
});

describe('share.statementDays', () => {
  it("lists what a line sums by day and device, with the device's and the point's names", async () => {
    const [first] = (await page(t.token.tenant1, { month: '2024-03', party: 'host' })).list;
    const info = await t.ok('share.statementInfo', { params: { id: first!.id } }, t.token.tenant1);
    const days = await t.ok(
      'share.statementDays',
      { params: { id: first!.id }, query: { pageNum: 1, pageSize: 10 }, body: { lineId: info.lines[0]!.id } },
      t.token.tenant1,
    );
    expect(days.total).toBe(2);
    expect(days.list[0]).toMatchObject({ day: '2024-03-02', pointName: '上海虹桥站 A 区', sales: 100_000 });
    // Another statement's line is none of this one's rows.
    const [sub] = (await page(t.token.tenant1, { month: '2024-03', party: 'tenant' })).list;
    const other = await t.ok('share.statementInfo', { params: { id: sub!.id } }, t.token.tenant1);
    const foreign = await t.ok(
      'share.statementDays',
      { params: { id: first!.id }, query: { pageNum: 1, pageSize: 10 }, body: { lineId: other.lines[0]!.id } },
      t.token.tenant1,
    );
    expect(foreign.total).toBe(0);
  });
});

describe('share.issue', () => {
  it('issues a draft once, and then the party sees it; the party cannot issue it, nor read the draft before', async () => {
    const [sub] = (await page(t.token.tenant1, { month: '2024-03', party: 'tenant' })).list;
    expect(await t.code('share.issue', { params: { id: sub!.id } }, t.token.tenant11)).toBe(
      CODE.shareStatementNotFound,
    );
    expect(await t.code('share.statementInfo', { params: { id: sub!.id } }, t.token.tenant11)).toBe(
      CODE.shareStatementNotFound,
    );
    expect((await t.ok('share.issue', { params: { id: sub!.id } }, t.token.tenant1)).state).toBe('issued');
    expect(await t.code('share.issue', { params: { id: sub!.id } }, t.token.tenant1)).toBe(CODE.shareStatementState);
    expect(await t.code('share.issue', { params: { id: sub!.id } }, t.token.tenant11)).toBe(CODE.shareStatementState);
    const own = await page(t.token.tenant11, { month: '2024-03' });
    expect(own.list.map((s) => [s.partyName, s.state, s.mine])).toEqual([['苏州地铁零售有限公司', 'issued', true]]);
  });
});

describe('share.confirm', () => {
  it("is the second-level tenant's own step for its statement, the paying side's for a host", async () => {
    const [sub] = (await page(t.token.tenant1, { month: '2024-03', party: 'tenant' })).list;
    expect(await t.code('share.confirm', { params: { id: sub!.id }, body: {} }, t.token.tenant1)).toBe(
      CODE.shareStatementState,
    );
    const confirmed = await t.ok('share.confirm', { params: { id: sub!.id }, body: {} }, t.token.tenant11);
    expect(confirmed).toMatchObject({ state: 'confirmed', confirmedBy: 'tenant11', mine: true });
    const [ofHost] = (await page(t.token.tenant1, { month: '2024-03', party: 'host' })).list;
    // A draft is not confirmed: issued first.
    expect(await t.code('share.confirm', { params: { id: ofHost!.id }, body: {} }, t.token.tenant1)).toBe(
      CODE.shareStatementState,
    );
    await t.ok('share.issue', { params: { id: ofHost!.id } }, t.token.tenant1);
    expect(
      await t.ok('share.confirm', { params: { id: ofHost!.id }, body: { by: '王经理' } }, t.token.tenant1),
    ).toMatchObject({ state: 'confirmed', confirmedBy: '王经理' });
  });
});

describe('share.pay', () => {
  it('marks a confirmed statement paid with its reference, by the paying side only', async () => {
    const [sub] = (await page(t.token.tenant1, { month: '2024-03', party: 'tenant' })).list;
    expect(
      await t.code('share.pay', { params: { id: sub!.id }, body: { reference: 'ZF2024040001' } }, t.token.tenant11),
    ).toBe(CODE.shareStatementState);
    expect(
      await t.ok('share.pay', { params: { id: sub!.id }, body: { reference: 'ZF2024040001' } }, t.token.tenant1),
    ).toMatchObject({ state: 'paid', paymentRef: 'ZF2024040001' });
    // Closing the month again leaves paid statements as they are.
    await w.day(HONGQIAO[0], '2024-03-20', 999_999);
    await w.close('2024-03');
    expect((await page(t.token.tenant1, { month: '2024-03', party: 'tenant' })).list[0]).toMatchObject({
      state: 'paid',
      share: 17_000,
    });
  });
});

describe('share.adjust', () => {
  it("adds a reasoned adjustment to a month not issued, which the month's close takes in", async () => {
    const last = monthStart(addDays(monthStart(businessDay()), -1)).slice(0, 7);
    const made = await t.ok(
      'share.adjust',
      { body: { hostId: host.id, month: '2024-04', amount: 5_000, reason: '三月漏计补差' } },
      t.token.tenant1,
    );
    expect(made).toMatchObject({ month: '2024-04', amount: 5_000, createdBy: 'tenant1' });
    await w.close('2024-04');
    const april = (await page(t.token.tenant1, { month: '2024-04', party: 'host' })).list[0]!;
    expect(april).toMatchObject({ adjustments: 5_000, total: april.share + 5_000 });
    const zero = await t.call(
      'share.adjust',
      { body: { hostId: host.id, month: last, amount: 0, reason: '零' } },
      t.token.tenant1,
    );
    expect(zero.body.code).toBe(400);
    expect(
      await t.code(
        'share.adjust',
        { body: { hostId: host.id, month: last, amount: 1, reason: '越权' } },
        t.token.tenant2,
      ),
    ).toBe(CODE.shareSubjectNotFound);
  });
});

describe('share.export', () => {
  it("writes the month's statements a row per line and per adjustment, in the caller's language", async () => {
    const sheet = await t.ok('share.export', { query: { lang: 'en' }, body: { month: '2024-04' } }, t.token.tenant1);
    expect(sheet.name).toBe('Share statements-2024-04.xlsx');
    const rows = await sheetRows(sheet.data);
    expect(rows[0]).toEqual([
      'Month',
      'Party kind',
      'Party',
      'State',
      'Name',
      'Rule',
      'Period',
      'Days',
      'Sales',
      "Month's refunds",
      'Net',
      'Share',
    ]);
    const hostRows = rows.filter((r) => r[2] === host.name);
    expect(hostRows[0]).toEqual([
      '2024-04',
      'Host',
      host.name,
      'Draft',
      host.name,
      '10%',
      '2024-04-01 – 2024-04-30',
      30,
      0,
      0,
      0,
      0,
    ]);
    expect(hostRows[1]).toMatchObject({ 1: 'Host', 4: '三月漏计补差', 5: 'Adjustments', 11: 50 });
    // Below the rows, their total (the adjustments in the share) and what the sales count.
    const body = rows.slice(1, -2);
    const column = (i: number) => body.reduce((n: number, r) => n + (typeof r[i] === 'number' ? r[i] : 0), 0);
    const [total, note] = rows.slice(-2);
    expect(total![0]).toBe('Total');
    expect(total!.slice(8)).toEqual([column(8), column(9), column(10), column(11)]);
    expect(note).toEqual([catalogues.en.share.statement.streams]);
    expect(sheet.rows).toBe(rows.length - 3);
    // Money reads as money: two decimals (12.00, not 12).
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(sheet.data, 'base64') as unknown as ArrayBuffer);
    expect(book.worksheets[0]!.getRow(2).getCell(9).numFmt).toBe('#,##0.00');
    // Another tenant's export of the month has none of these rows.
    const theirs = await t.ok(
      'share.export',
      { query: { lang: 'zh-CN' }, body: { month: '2024-04' } },
      t.token.tenant2,
    );
    expect(theirs.rows).toBe(0);
  });
});
