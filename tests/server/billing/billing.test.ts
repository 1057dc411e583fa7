/** Service-fee renewal (spec §2 payCenter, costManagement, bill; §3 Bill): the fee, ordering, the sandbox's answer landing once, bills and history in scope. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { CODE } from '../../../shared/domains.js';
import { DEFAULT_ANNUAL_FEE, renewalAmount } from '../../../shared/billing/index.js';
import { renewals, settleDueRenewals, settleRenewal } from '../../../server/billing/index.js';
import { devices } from '../../../server/device/index.js';
import { runJobsAround, suiteApp } from '../helpers.js';
import { jobs } from '../../../server/jobs/index.js';

const t = suiteApp(['tenant1', 'tenant11', 'tenant2', 'admin']);
beforeAll(() => {
  process.env.BILLING_SETTLE_MS = '0';
});
afterAll(() => {
  delete process.env.BILLING_SETTLE_MS;
  delete process.env.BILLING_SANDBOX;
});

const expiryOf = async (serial: string) =>
  (
    await t.db
      .select({ e: devices.serviceExpiry })
      .from(devices)
      .where(eq(devices.id, t.ids.device(serial)))
  )[0]!.e;
const renew = (serials: string[], months = 12, token = t.token.tenant1) =>
  t.call(
    'billing.renew',
    {
      body: { deviceIds: serials.map((s) => t.ids.device(s)), months: months as 12, platform: 'wechat', agreed: true },
    },
    token,
  );
/** The calendar months later in Shanghai, as PostgreSQL counts them. */
const monthsAfter = async (from: Date, months: number) =>
  new Date(
    (
      await t.db
        .select({
          d: sql<string>`((${from.toISOString()}::timestamptz at time zone 'Asia/Shanghai') + ${`${months} months`}::interval) at time zone 'Asia/Shanghai'`,
        })
        .from(sql`(select 1) one`)
    )[0]!.d,
  );

describe('billing.fee', () => {
  it('starts at the default fee with the plans, for admin and tenants', async () => {
    expect(await t.ok('billing.fee', {}, t.token.tenant1)).toEqual({
      annualFee: DEFAULT_ANNUAL_FEE,
      plans: [6, 12, 24, 36],
      payee: null,
      simulated: true,
    });
  });
});

describe('billing.renew', () => {
  it('queues jobs due at its settle_at and its expires_at: run before, nothing; run then, paid', async () => {
    process.env.BILLING_SETTLE_MS = '800';
    try {
      const ordered = (await renew(['VM2026000102'])).body.content;
      const [row] = await t.db.select().from(renewals).where(eq(renewals.id, ordered.id));
      const queued = await t.db
        .select({ runAt: jobs.runAt })
        .from(jobs)
        .where(and(eq(jobs.kind, 'billing.settle'), inArray(jobs.runAt, [row!.settleAt!, row!.expiresAt])));
      expect(queued.map((j) => j.runAt.getTime()).sort()).toEqual(
        [row!.settleAt!.getTime(), row!.expiresAt.getTime()].sort(),
      );
      const stateNow = async () =>
        (await t.ok('billing.renewal', { params: { id: ordered.id } }, t.token.tenant1)).state;
      expect(await runJobsAround(t, row!.settleAt!, stateNow)).toEqual(['pending', 'paid']);
    } finally {
      process.env.BILLING_SETTLE_MS = '0';
    }
  });

  it("moves two devices' expiry by exactly the plan, only after the sandbox says paid, and leaves a bill", async () => {
    const before = [await expiryOf('VM2026000101'), await expiryOf('VM2026000102')];
    const res = await renew(['VM2026000101', 'VM2026000102']);
    expect(res.body.code).toBe(CODE.ok);
    const ordered = res.body.content;
    expect(ordered).toMatchObject({
      state: 'pending',
      months: 12,
      deviceCount: 2,
      amount: renewalAmount(DEFAULT_ANNUAL_FEE, 12, 2),
      simulated: true,
      paidAt: null,
    });
    expect(ordered.number).toMatch(/^RN\d{8}\d{8}$/);
    expect(ordered.payUrl).toContain(ordered.number);
    // Ordered, not paid: nothing moves.
    expect([await expiryOf('VM2026000101'), await expiryOf('VM2026000102')]).toEqual(before);
    expect(await settleDueRenewals(t.db)).toBeGreaterThanOrEqual(1);
    const paid = await t.ok('billing.renewal', { params: { id: ordered.id } }, t.token.tenant1);
    expect(paid.state).toBe('paid');
    for (const [i, serial] of ['VM2026000101', 'VM2026000102'].entries()) {
      const after = await expiryOf(serial);
      expect(after!.getTime()).toBe((await monthsAfter(before[i]!, 12)).getTime());
      const line = paid.devices.find((d) => d.serial === serial)!;
      expect(new Date(line.expiryBefore!).getTime()).toBe(before[i]!.getTime());
      expect(new Date(line.expiryAfter!).getTime()).toBe(after!.getTime());
    }
    const bills = await t.ok(
      'billing.bills',
      { query: { pageNum: 1, pageSize: 5 }, body: { number: ordered.number } },
      t.token.tenant1,
    );
    expect(bills.list.map((b) => [b.number, b.state])).toEqual([[ordered.number, 'paid']]);
    const history = await t.ok('billing.history', { params: { id: t.ids.device('VM2026000101') } }, t.token.tenant1);
    expect(history[0]).toMatchObject({
      number: ordered.number,
      expiryAfter: (await expiryOf('VM2026000101'))!.toISOString(),
    });
  });

  it('counts an answer delivered twice once, and a late answer after expiry not at all', async () => {
    const before = await expiryOf('VM2026000106');
    const { body } = await renew(['VM2026000106'], 6);
    expect(await t.db.transaction((tx) => settleRenewal(tx, body.content.id, 'paid'))).toBe(true);
    expect(await t.db.transaction((tx) => settleRenewal(tx, body.content.id, 'paid'))).toBe(false);
    expect((await expiryOf('VM2026000106'))!.getTime()).toBe((await monthsAfter(before!, 6)).getTime());
    const late = await renew(['VM2026000106'], 6);
    await t.db
      .update(renewals)
      .set({ expiresAt: sql`now() - interval '1 second'`, settleAt: sql`now() + interval '1 hour'` })
      .where(eq(renewals.id, late.body.content.id));
    await settleDueRenewals(t.db);
    expect(await t.db.transaction((tx) => settleRenewal(tx, late.body.content.id, 'paid'))).toBe(false);
    expect((await t.ok('billing.renewal', { params: { id: late.body.content.id } }, t.token.tenant1)).state).toBe(
      'expired',
    );
    expect((await expiryOf('VM2026000106'))!.getTime()).toBe((await monthsAfter(before!, 6)).getTime());
  });

  it('changes nothing when the payment fails or is never made', async () => {
    const before = await expiryOf('VM2026000104');
    process.env.BILLING_SANDBOX = 'fail';
    const failed = (await renew(['VM2026000104'])).body.content;
    await settleDueRenewals(t.db);
    process.env.BILLING_SANDBOX = 'unpaid';
    const unpaid = (await renew(['VM2026000104'])).body.content;
    await settleDueRenewals(t.db);
    delete process.env.BILLING_SANDBOX;
    expect((await t.ok('billing.renewal', { params: { id: failed.id } }, t.token.tenant1)).state).toBe('failed');
    expect((await t.ok('billing.renewal', { params: { id: unpaid.id } }, t.token.tenant1)).state).toBe('pending');
    await settleDueRenewals(t.db);
    expect(await expiryOf('VM2026000104')).toEqual(before);
  });

  it("refuses without the agreement, a plan not offered, a device twice, and another tenant's device or one in the pool", async () => {
    const id = t.ids.device('VM2026000105');
    const refused = (body: object, token = t.token.tenant1) => t.call('billing.renew', { body: body as never }, token);
    const noAgreement = await refused({ deviceIds: [id], months: 12, platform: 'alipay', agreed: false });
    expect(noAgreement.body.content.fields).toEqual({ agreed: 'billing.validation.agreement' });
    expect(
      (await refused({ deviceIds: [id], months: 5, platform: 'alipay', agreed: true })).body.content.fields,
    ).toEqual({ months: 'billing.validation.plan' });
    expect(
      (await refused({ deviceIds: [id, id], months: 12, platform: 'alipay', agreed: true })).body.content.fields,
    ).toEqual({ deviceIds: 'billing.validation.deviceTwice' });
    expect((await renew(['VM2026000105'], 12, t.token.tenant2)).body.code).toBe(CODE.deviceNotFound);
    const [pooled] = await t.db
      .select({ id: devices.id })
      .from(devices)
      .where(sql`${devices.tenantId} is null`)
      .limit(1);
    expect((await refused({ deviceIds: [pooled!.id], months: 12, platform: 'alipay', agreed: true })).body.code).toBe(
      CODE.deviceNotFound,
    );
    // The admin collects the fee; it does not pay it.
    expect((await renew(['VM2026000105'], 12, t.token.admin)).body.code).toBe(CODE.forbidden);
  });
});

describe('billing.setFee', () => {
  it("applies the admin's fee to new renewals only", async () => {
    const earlier = (await renew(['VM2026000105'])).body.content;
    await t.ok('billing.setFee', { body: { annualFee: 48_000 } }, t.token.admin);
    try {
      expect(await t.code('billing.setFee', { body: { annualFee: 48_000 } }, t.token.tenant1)).toBe(CODE.forbidden);
      expect((await t.call('billing.setFee', { body: { annualFee: 0 } }, t.token.admin)).body.content.fields).toEqual({
        annualFee: 'billing.validation.fee',
      });
      await settleDueRenewals(t.db);
      expect(await t.ok('billing.renewal', { params: { id: earlier.id } }, t.token.tenant1)).toMatchObject({
        state: 'paid',
        annualFee: DEFAULT_ANNUAL_FEE,
        amount: renewalAmount(DEFAULT_ANNUAL_FEE, 12, 1),
      });
      const later = (await renew(['VM2026000105'], 6)).body.content;
      expect(later).toMatchObject({ annualFee: 48_000, amount: 24_000 });
    } finally {
      await t.ok('billing.setFee', { body: { annualFee: DEFAULT_ANNUAL_FEE } }, t.token.admin);
    }
  });
});

describe('billing.devices', () => {
  it('lists the devices ending within 30 days (or ended) first, flagged, then by expiry, in scope', async () => {
    const page = await t.ok('billing.devices', { query: { pageNum: 1, pageSize: 100 }, body: {} }, t.token.tenant1);
    const soon = page.list.filter((d) => d.soon);
    expect(soon.length).toBeGreaterThan(0);
    expect(page.list.slice(0, soon.length).every((d) => d.soon)).toBe(true);
    expect(soon.every((d) => d.daysLeft !== null && d.daysLeft <= 30)).toBe(true);
    expect(page.list.filter((d) => !d.soon).every((d) => d.daysLeft === null || d.daysLeft > 30)).toBe(true);
    const later = page.list.slice(soon.length).map((d) => d.serviceExpiry);
    // Then by end date, a device never activated (no date) last.
    const dated = later.filter((e) => e !== null);
    expect(later).toEqual([...[...dated].sort(), ...later.filter((e) => e === null)]);
    expect(later.at(-1)).toBeNull();
    const own = await t.ok('billing.devices', { query: { pageNum: 1, pageSize: 100 }, body: {} }, t.token.tenant11);
    expect(own.total).toBeLessThan(page.total);
    expect(
      (await t.ok('billing.devices', { query: { pageNum: 1, pageSize: 100 }, body: { soon: true } }, t.token.tenant1))
        .total,
    ).toBe(soon.length);
  });
});

describe('billing.bills', () => {
  it("shows a tenant its bills and its second-level tenants', a second-level tenant only its own, the admin all", async () => {
    const a = await t.ok('billing.bills', { query: { pageNum: 1, pageSize: 100 }, body: {} }, t.token.tenant1);
    expect(a.total).toBeGreaterThanOrEqual(3);
    expect(
      (await t.ok('billing.bills', { query: { pageNum: 1, pageSize: 100 }, body: {} }, t.token.tenant11)).list.every(
        (b) => b.tenantId === t.ids.tenant('A1'),
      ),
    ).toBe(true);
    expect(
      (await t.ok('billing.bills', { query: { pageNum: 1, pageSize: 100 }, body: {} }, t.token.tenant2)).list.every(
        (b) => b.tenantId === t.ids.tenant('B'),
      ),
    ).toBe(true);
    expect(
      (await t.ok('billing.bills', { query: { pageNum: 1, pageSize: 100 }, body: {} }, t.token.admin)).total,
    ).toBeGreaterThanOrEqual(a.total);
    const paid = await t.ok(
      'billing.bills',
      { query: { pageNum: 1, pageSize: 100 }, body: { state: 'paid', platform: 'alipay' } },
      t.token.tenant1,
    );
    expect(paid.list.every((b) => b.state === 'paid' && b.platform === 'alipay')).toBe(true);
  });
});

describe('billing.exportBills', () => {
  it('refuses a bound before 1970 (the fuzz once found year 0000 answered 500) as a field error', async () => {
    const res = await t.call(
      'billing.exportBills',
      { query: { lang: 'en' }, body: { from: '0000-02-29T21:19:30.8461-20:00', to: '2026-01-01T00:00:00+08:00' } },
      t.token.tenant1,
    );
    expect(res.status).toBe(400);
    expect(res.body.content.fields).toEqual({ from: 'validation.invalid' });
  });

  it("writes the filter's bills in scope as a sheet in the caller's language", async () => {
    const page = await t.ok(
      'billing.bills',
      { query: { pageNum: 1, pageSize: 100 }, body: { state: 'paid' } },
      t.token.tenant1,
    );
    const sheet = await t.ok(
      'billing.exportBills',
      { query: { lang: 'en' }, body: { state: 'paid' } },
      t.token.tenant1,
    );
    expect(sheet.rows).toBe(page.total);
    expect(sheet.name).toMatch(/^Bills-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(sheet.data, 'base64') as unknown as ArrayBuffer);
    const rows = book.worksheets[0]!.getSheetValues()
      .filter(Boolean)
      .map((r) => (r as unknown[]).slice(1));
    expect(rows[0]).toEqual(['Payment number', 'Service', 'Amount', 'Paid with', 'Date', 'State', 'Invoice', 'Tenant']);
    expect(rows.slice(1).map((r) => r[0])).toEqual(page.list.map((b) => b.number));
    expect(rows.slice(1).map((r) => r[2])).toEqual(page.list.map((b) => b.amount / 100));
    const one = page.list.find((b) => b.deviceCount === 1)!;
    expect(rows.find((r) => r[0] === one.number)![1]).toBe(`Device service · 1 device · ${one.months} months`);
    // Another tenant's sheet holds its own bills only.
    const theirs = await t.ok('billing.bills', { query: { pageNum: 1, pageSize: 100 }, body: {} }, t.token.tenant2);
    expect((await t.ok('billing.exportBills', { query: { lang: 'en' }, body: {} }, t.token.tenant2)).rows).toBe(
      theirs.total,
    );
    expect(theirs.total).toBeLessThan(page.total);
  });
});

describe('billing.renewal', () => {
  it("answers another tenant's renewal as a missing one (983)", async () => {
    const [mine] = (await t.ok('billing.bills', { query: { pageNum: 1, pageSize: 1 }, body: {} }, t.token.tenant1))
      .list;
    expect(await t.code('billing.renewal', { params: { id: mine!.id } }, t.token.tenant2)).toBe(CODE.renewalNotFound);
  });
});

describe('billing.history', () => {
  it("refuses another tenant's device (1201)", async () => {
    expect(await t.code('billing.history', { params: { id: t.ids.device('VM2026000101') } }, t.token.tenant2)).toBe(
      CODE.deviceNotFound,
    );
  });
});
