/**
 * The platforms' daily bills matched to the orders (server/reconciliation): the demo's days as the sandbox
 * fetched them, with each kind of difference; a fresh day that balances; the lines and differences a day's
 * match writes once when two instances fetch it together; a file that does not parse and a bill of another
 * merchant, each a state with nothing matched; explaining as a recorded move; the sheet; the scope.
 */
import { describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { and, count, eq, inArray } from 'drizzle-orm';
import { addDays, businessDay } from '../../../shared/business-time.js';
import { CODE } from '../../../shared/domains.js';
import { fetchDay, keepAndMatch, queueDay, tenantsOfBill } from '../../../server/reconciliation/days.js';
import {
  readAlipayBill,
  readWechatBill,
  UnreadableBill,
  wechatBillText,
} from '../../../server/reconciliation/formats.js';
import { reconDays, reconDifferences, reconLines, reconNotes } from '../../../server/reconciliation/index.js';
import { matchDay } from '../../../server/reconciliation/match.js';
import { databaseStorage } from '../../../server/storage/index.js';
import { giveBackRefundNumber, walletGiveBackRefunds, walletTopUps } from '../../../server/wallet/index.js';
import { suiteApp } from '../helpers.js';
import { memberSession } from '../member/support.js';
import { settleAll } from '../wallet/support.js';

const t = suiteApp(['tenant1', 'tenant2', 'tenant11', 'admin']);
const yesterday = () => addDays(businessDay(), -1);

const days = (token: string, body = {}) =>
  t.ok('reconciliation.days', { query: { pageNum: 1, pageSize: 50 }, body }, token);
const differences = (token: string, body = {}) =>
  t.ok('reconciliation.differences', { query: { pageNum: 1, pageSize: 100 }, body }, token);
const dayOf = async (platform: 'wechat' | 'alipay', day: string) =>
  (await days(t.token.tenant1, { platform, from: day, to: day })).list[0]!;

describe('reconciliation.days', () => {
  it("tenant A's demo days: yesterday's WeChat bill has one difference of each kind, the others balance or are explained", async () => {
    const wechat = await dayOf('wechat', yesterday());
    expect(wechat).toMatchObject({ state: 'differences', source: 'sandbox', differences: 3, open: 3 });
    expect(wechat.payments).toBeGreaterThan(1);
    expect(wechat.fees).toBeGreaterThan(0);
    expect(wechat.matched).toBe(wechat.payments + wechat.refunds - 2);
    const kinds = (await differences(t.token.tenant1, { dayId: wechat.id })).list.map((d) => d.kind).sort();
    expect(kinds).toEqual(['amount', 'consoleOnly', 'platformOnly']);
    const alipay = await dayOf('alipay', addDays(yesterday(), -1));
    expect(alipay).toMatchObject({ state: 'differences', differences: 1, open: 0 });
    const balanced = await dayOf('alipay', yesterday());
    expect(['matched', 'noBill']).toContain(balanced.state);
  });

  it("a tenant sees its own bills only; its second-level tenant, whose orders pay into A's account, none of A's; the admin all", async () => {
    expect((await days(t.token.tenant2)).list.some((d) => d.tenantId === t.ids.tenant('A'))).toBe(false);
    expect((await days(t.token.tenant11)).total).toBe(0);
    expect((await days(t.token.admin, { tenantId: t.ids.tenant('A') })).total).toBe(6);
    expect(
      await t.code(
        'reconciliation.days',
        { query: { pageNum: 1, pageSize: 10 }, body: { from: '2026-13' } },
        t.token.admin,
      ),
    ).toBe(400);
  });

  it('a day bound the calendar of the database has not (year 0, before 1900) is refused, never a 500', async () => {
    for (const to of ['0000-02-29', '0001-01-01', '1899-12-31', '3000-01-01'])
      expect(
        await t.code('reconciliation.days', { query: { pageNum: 1, pageSize: 10 }, body: { to } }, t.token.admin),
        to,
      ).toBe(400);
  });
});

describe('reconciliation.differences', () => {
  it('filters by kind and by open; each names its order (or none, at the platform only) and both amounts', async () => {
    const wechat = await dayOf('wechat', yesterday());
    const all = (await differences(t.token.tenant1, { dayId: wechat.id })).list;
    const platformOnly = all.find((d) => d.kind === 'platformOnly')!;
    expect(platformOnly).toMatchObject({ orderId: null, platformAmount: 450, consoleAmount: null, subject: 'payment' });
    const amount = all.find((d) => d.kind === 'amount')!;
    expect(amount.platformAmount! - amount.consoleAmount!).toBe(100);
    expect(amount.orderId).toEqual(expect.any(Number));
    expect(all.find((d) => d.kind === 'consoleOnly')).toMatchObject({ platformAmount: null, platformNumber: null });
    expect((await differences(t.token.tenant1, { kind: 'amount' })).list.every((d) => d.kind === 'amount')).toBe(true);
    expect(
      await t.code(
        'reconciliation.differences',
        { query: { pageNum: 1, pageSize: 10 }, body: { dayId: wechat.id } },
        t.token.tenant2,
      ),
    ).toBe(CODE.dayNotFound);
  });
});

describe('reconciliation.explain', () => {
  it('records a note as a move with who and when; a later note is shown, the earlier kept; another tenant gets 931', async () => {
    const wechat = await dayOf('wechat', yesterday());
    const target = (await differences(t.token.tenant1, { dayId: wechat.id, kind: 'platformOnly' })).list[0]!;
    const first = await t.ok(
      'reconciliation.explain',
      { params: { id: target.id }, body: { note: '设备离线期间售出，已补录' } },
      t.token.tenant1,
    );
    expect(first.explained).toMatchObject({ note: '设备离线期间售出，已补录', by: expect.any(String) });
    const second = await t.ok(
      'reconciliation.explain',
      { params: { id: target.id }, body: { note: '已与平台核对' } },
      t.token.admin,
    );
    expect(second.explained?.note).toBe('已与平台核对');
    const [{ notes }] = (await t.db
      .select({ notes: count() })
      .from(reconNotes)
      .where(eq(reconNotes.differenceId, target.id))) as [{ notes: number }];
    expect(notes).toBe(2);
    expect((await dayOf('wechat', yesterday())).open).toBe(2);
    expect((await differences(t.token.tenant1, { dayId: wechat.id, open: true })).total).toBe(2);
    expect(
      await t.code('reconciliation.explain', { params: { id: target.id }, body: { note: '越权' } }, t.token.tenant2),
    ).toBe(CODE.differenceNotFound);
    expect(
      await t.code('reconciliation.explain', { params: { id: target.id }, body: { note: '   ' } }, t.token.tenant1),
    ).toBe(400);
  });
});

describe('reconciliation.export', () => {
  it("the differences as a sheet in the caller's language, one row each", async () => {
    const wechat = await dayOf('wechat', yesterday());
    const sheet = await t.ok(
      'reconciliation.export',
      { query: { lang: 'en' }, body: { dayId: wechat.id } },
      t.token.tenant1,
    );
    expect(sheet.rows).toBe(3);
    expect(sheet.name).toMatch(/^Differences-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(sheet.data, 'base64') as unknown as ArrayBuffer);
    const rows = book.worksheets[0]!.getSheetValues().filter(Boolean);
    expect(rows).toHaveLength(4);
    expect(JSON.stringify(rows)).toContain('Only at the platform');
  });
});

describe('the morning fetch', () => {
  it("a day not yet fetched is queued once for each tenant and platform, and the sandbox's bill of it balances", async () => {
    const day = addDays(businessDay(), -5);
    const queued = await queueDay(t.db, day);
    expect(queued).toBeGreaterThan(0);
    expect(await queueDay(t.db, day)).toBe(0);
    await t.runJobs();
    const [a] = await t.db
      .select()
      .from(reconDays)
      .where(and(eq(reconDays.tenantId, t.ids.tenant('A')), eq(reconDays.day, day), eq(reconDays.platform, 'wechat')));
    expect(['matched', 'noBill']).toContain(a!.state);
    if (a!.state === 'matched') {
      expect(a!.differences).toBe(0);
      expect(a!.fileName).toMatch(/_ALL\.csv$/);
    }
  });

  it('two instances fetching the same day write its lines and differences once', async () => {
    const day = addDays(businessDay(), -3);
    const [made] = await t.db
      .insert(reconDays)
      .values({ tenantId: t.ids.tenant('B'), platform: 'wechat', day, state: 'waiting', source: 'sandbox' })
      .returning();
    const storage = databaseStorage(t.db);
    await Promise.all([
      fetchDay(t.db, storage, made!.id),
      fetchDay(t.db, storage, made!.id),
      fetchDay(t.db, storage, made!.id),
    ]);
    const [after] = await t.db.select().from(reconDays).where(eq(reconDays.id, made!.id));
    const [{ lines }] = (await t.db
      .select({ lines: count() })
      .from(reconLines)
      .where(eq(reconLines.dayId, made!.id))) as [{ lines: number }];
    expect(lines).toBe(after!.payments + after!.refunds);
    const [{ diffs }] = (await t.db
      .select({ diffs: count() })
      .from(reconDifferences)
      .where(eq(reconDifferences.dayId, made!.id))) as [{ diffs: number }];
    expect(diffs).toBe(after!.differences);
  });

  it("matches the members' top-ups (TU) and the give-backs' refunds to them (WB) paid into the same account", async () => {
    // A member of tenant A tops up ¥30 and has it given back, the sandbox paying both today.
    const { token } = await memberSession(t, t.ids.tenant('A'));
    const topUp = await t.ok('wallet.myTopUp', { body: { amount: 3_000, platform: 'wechat' } }, token);
    const settle = () => settleAll(t.db);
    await settle();
    await t.ok('wallet.myGiveBack', { body: { reason: '搬家' } }, token);
    await settle();
    const [back] = await t.db
      .select()
      .from(walletGiveBackRefunds)
      .innerJoin(walletTopUps, eq(walletTopUps.id, walletGiveBackRefunds.topUpId))
      .where(eq(walletTopUps.number, topUp.number));
    expect(back!.wallet_give_back_refunds.state).toBe('paid');
    const wb = giveBackRefundNumber(back!.wallet_give_back_refunds.id);
    // Today's bill, as the platform would write it, but the top-up a yuan more and the give-back's refund missing.
    const [made] = await t.db
      .insert(reconDays)
      .values({
        tenantId: t.ids.tenant('A'),
        platform: 'wechat',
        day: businessDay(),
        state: 'waiting',
        source: 'sandbox',
      })
      .returning();
    await fetchDay(t.db, databaseStorage(t.db), made!.id, (rows) =>
      rows
        .filter((r) => r.refundNumber !== wb)
        .map((r) => (r.orderNumber === topUp.number && r.subject === 'payment' ? { ...r, amount: r.amount + 100 } : r)),
    );
    const found = await t.db
      .select()
      .from(reconDifferences)
      .where(and(eq(reconDifferences.dayId, made!.id), inArray(reconDifferences.number, [topUp.number, wb])));
    expect(found.map((d) => [d.number, d.kind, d.subject, d.platformAmount, d.consoleAmount]).sort()).toEqual(
      [
        [topUp.number, 'amount', 'payment', 3_100, 3_000],
        [wb, 'consoleOnly', 'refund', null, 3_000],
      ].sort(),
    );
    // Nothing else of the day is off: the sandbox's bill lists the day's orders and refunds as they are.
    const [day] = await t.db.select().from(reconDays).where(eq(reconDays.id, made!.id));
    expect(day!.differences).toBe(2);
  });

  it('lines go in exactly as read, whatever their numbers hold (quotes, backslashes, commas, braces)', async () => {
    const [made] = await t.db
      .insert(reconDays)
      .values({
        tenantId: t.ids.tenant('B'),
        platform: 'alipay',
        day: addDays(businessDay(), -30),
        state: 'waiting',
        source: 'sandbox',
      })
      .returning();
    const odd = ['A"B', 'C\\D', 'E,F', '{G}', 'NULL', ' H '];
    await matchDay(
      t.db,
      {
        dayId: made!.id,
        ownerId: t.ids.tenant('B'),
        tenantIds: [t.ids.tenant('B')],
        platform: 'alipay',
        day: made!.day,
      },
      odd.map((number, i) => ({
        subject: 'payment',
        number,
        platformNumber: i % 2 ? null : `P${i}`,
        amount: 100 + i,
        fee: 1,
      })),
    );
    const stored = await t.db.select().from(reconLines).where(eq(reconLines.dayId, made!.id)).orderBy(reconLines.line);
    expect(stored.map((l) => [l.number, l.platformNumber, l.amount])).toEqual(
      odd.map((number, i) => [number, i % 2 ? null : `P${i}`, 100 + i]),
    );
    const [after] = await t.db.select().from(reconDays).where(eq(reconDays.id, made!.id));
    // None is an order: each is only at the platform (and that day's own orders of B, only here).
    expect(after).toMatchObject({ state: 'differences', payments: 6, matched: 0 });
    const onlyThere = await t.db
      .select()
      .from(reconDifferences)
      .where(and(eq(reconDifferences.dayId, made!.id), eq(reconDifferences.kind, 'platformOnly')));
    expect(onlyThere.map((d) => d.number).sort()).toEqual([...odd].sort());
  });

  it('a file that does not parse, and a bill of another merchant, are states of the day with nothing matched', async () => {
    const storage = databaseStorage(t.db);
    const tenantIds = await tenantsOfBill(t.db, t.ids.tenant('B'));
    const make = async (day: string) =>
      (
        await t.db
          .insert(reconDays)
          .values({ tenantId: t.ids.tenant('B'), platform: 'wechat', day, state: 'waiting', source: 'sandbox' })
          .returning()
      )[0]!;
    const garbled = await make(addDays(businessDay(), -20));
    await keepAndMatch(t.db, storage, garbled, tenantIds, {
      name: 'x.csv',
      bytes: Buffer.from('交易时间,商户号\n`1,`2\n'),
      merchantId: '1900000001',
    });
    const other = await make(addDays(businessDay(), -21));
    const bill = wechatBillText('1999999999', 'wx1', [
      { subject: 'payment', at: '2026-11-12 10:00:00', orderNumber: 'X1', platformNumber: 'P1', amount: 300, fee: 2 },
    ]);
    await keepAndMatch(t.db, storage, other, tenantIds, {
      name: 'y.csv',
      bytes: Buffer.from(bill),
      merchantId: '1900000001',
    });
    const states = await t.db
      .select({ id: reconDays.id, state: reconDays.state, error: reconDays.error, differences: reconDays.differences })
      .from(reconDays)
      .where(eq(reconDays.tenantId, t.ids.tenant('B')));
    expect(states.find((s) => s.id === garbled.id)).toMatchObject({ state: 'unreadable', differences: 0 });
    expect(states.find((s) => s.id === other.id)).toMatchObject({ state: 'otherMerchant', error: '1999999999' });
    for (const id of [garbled.id, other.id])
      expect(await t.db.select().from(reconLines).where(eq(reconLines.dayId, id))).toHaveLength(0);
  });
});

describe('the bill formats', () => {
  it("WeChat's bill reads back its payments and refunds with exact fen; a bill cut short is unreadable", () => {
    const text = wechatBillText('1900000001', 'wx1', [
      { subject: 'payment', at: '2026-12-01 10:00:00', orderNumber: 'O1', platformNumber: 'P1', amount: 1999, fee: 12 },
      {
        subject: 'refund',
        at: '2026-12-01 11:00:00',
        orderNumber: 'O1',
        platformNumber: 'P1',
        refundNumber: 'RF000000000007',
        platformRefundId: 'R7',
        amount: 305,
        fee: 2,
      },
    ]);
    expect(readWechatBill(Buffer.from(text))).toEqual({
      merchantId: '1900000001',
      lines: [
        { subject: 'payment', number: 'O1', platformNumber: 'P1', amount: 1999, fee: 12 },
        { subject: 'refund', number: 'RF000000000007', platformNumber: 'R7', amount: 305, fee: -2 },
      ],
    });
    expect(() => readWechatBill(Buffer.from(text.split('总交易单数')[0]!))).toThrow(UnreadableBill);
  });

  it("Alipay's bill is a zip, or it is unreadable", async () => {
    await expect(readAlipayBill(Buffer.from('not a zip'))).rejects.toThrow(UnreadableBill);
  });
});
