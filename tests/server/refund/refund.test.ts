/** Refunds (spec §5 refund rules, §8 920 / 926 / 982, §9 result in 1–2 minutes): asked, reserved, settled by the sandbox provider, concurrently never more than paid. */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { CODE } from '../../../shared/domains.js';
import { REFUND_PERIOD } from '../../../shared/refund/index.js';
import { runJobsAround, suiteApp } from '../helpers.js';
import { orderItems, orders } from '../../../server/order/index.js';
import { refunds, refundSettings, settleDueRefunds } from '../../../server/refund/index.js';
import { roles } from '../../../server/identity/schema.js';
import { jobs } from '../../../server/jobs/index.js';

const t = suiteApp(['tenant1']);
beforeAll(async () => {
  // The sandbox answers at once here: a test settles when it sweeps.
  process.env.REFUND_SETTLE_MS = '0';
});
afterAll(async () => {
  delete process.env.REFUND_SETTLE_MS;
});

const used = new Set<number>();
/** A paid, unrefunded order of tenant A's hierarchy (`own`: of A itself, which its members see) from the last days, with at least `lines` products, not used by another test. */
async function paidOrder(lines = 1, own = false) {
  const rows = await t.db
    .select({ id: orders.id, received: orders.receivedAmount })
    .from(orders)
    .where(
      and(
        own ? eq(orders.tenantId, t.ids.tenant('A')) : eq(orders.rootTenantId, t.ids.tenant('A')),
        eq(orders.paymentState, 'success'),
        eq(orders.refundState, 'none'),
        eq(orders.kind, 'sale'),
        sql`${orders.paidAt} > now() - interval '20 days'`,
        sql`(select count(*) from order_items i where i.order_id = ${orders.id}) >= ${lines}`,
      ),
    )
    .orderBy(orders.id)
    .limit(50);
  const row = rows.find((r) => !used.has(r.id))!;
  used.add(row.id);
  const items = await t.db.select().from(orderItems).where(eq(orderItems.orderId, row.id)).orderBy(orderItems.id);
  return { ...row, items };
}
const orderRow = async (id: number) => (await t.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const refund = (id: number, body: object, token = t.token.tenant1) =>
  t.call('refund.create', { params: { id }, body: body as never }, token);

beforeEach(() => {
  delete process.env.REFUND_SANDBOX;
});

describe('refund.create', () => {
  it('queues its answer as a job due at its settle_at: run before, nothing; run then, settled', async () => {
    process.env.REFUND_SETTLE_MS = '800';
    try {
      const o = await paidOrder();
      const asked = await t.ok(
        'refund.create',
        { params: { id: o.id }, body: { reason: '顾客投诉', amount: 1 } },
        t.token.tenant1,
      );
      const [row] = await t.db.select().from(refunds).where(eq(refunds.id, asked.id));
      const queued = await t.db
        .select()
        .from(jobs)
        .where(and(eq(jobs.kind, 'refund.settle'), eq(jobs.runAt, row!.settleAt!)));
      expect(queued).toHaveLength(1);
      const stateNow = async () => (await t.db.select().from(refunds).where(eq(refunds.id, asked.id)))[0]!.state;
      expect(await runJobsAround(t, row!.settleAt!, stateNow)).toEqual(['pending', 'success']);
    } finally {
      process.env.REFUND_SETTLE_MS = '0';
    }
  });

  it('reserves a whole-order refund at once, pending, and the sandbox settles it: partial, then full', async () => {
    const o = await paidOrder();
    const half = Math.floor(o.received / 2);
    const asked = await t.ok(
      'refund.create',
      { params: { id: o.id }, body: { reason: '顾客投诉', amount: half } },
      t.token.tenant1,
    );
    expect(asked).toMatchObject({
      orderId: o.id,
      amount: half,
      state: 'pending',
      lines: [],
      requestedBy: '华东智售科技有限公司',
      settledAt: null,
    });
    // The order says why from the moment the refund is asked for, not only once the provider answers.
    expect(await orderRow(o.id)).toMatchObject({
      refundAmount: half,
      refundState: 'pending',
      refundReason: '顾客投诉',
    });
    expect(await settleDueRefunds(t.db)).toBeGreaterThanOrEqual(1);
    expect(await orderRow(o.id)).toMatchObject({
      refundAmount: half,
      refundState: 'partial',
      refundReason: '顾客投诉',
    });
    await t.ok(
      'refund.create',
      { params: { id: o.id }, body: { reason: '全部退回', amount: o.received - half } },
      t.token.tenant1,
    );
    await settleDueRefunds(t.db);
    expect(await orderRow(o.id)).toMatchObject({ refundAmount: o.received, refundState: 'full' });
    const list = await t.ok('refund.list', { params: { id: o.id } }, t.token.tenant1);
    expect(list.map((r) => [r.amount, r.state])).toEqual([
      [o.received - half, 'success'],
      [half, 'success'],
    ]);
    expect(list[0]!.settledAt).not.toBeNull();
    // Nothing is left to refund.
    expect((await refund(o.id, { reason: '再退', amount: 1 })).body.code).toBe(CODE.refundOverPaid);
  });

  it('refunds products one by one, each within its price, and marks them', async () => {
    const o = await paidOrder(2);
    const [first, second] = o.items;
    const line = first!.unitPrice * first!.count;
    expect((await refund(o.id, { reason: '多退', items: [{ itemId: first!.id, amount: line + 1 }] })).body.code).toBe(
      CODE.refundOverPaid,
    );
    const asked = await t.ok(
      'refund.create',
      { params: { id: o.id }, body: { reason: '未出货', items: [{ itemId: first!.id, amount: line }] } },
      t.token.tenant1,
    );
    expect(asked.lines).toEqual([{ itemId: first!.id, name: first!.name, amount: line }]);
    expect(asked.amount).toBe(line);
    await settleDueRefunds(t.db);
    const items = await t.db.select().from(orderItems).where(eq(orderItems.orderId, o.id)).orderBy(orderItems.id);
    expect(items.map((i) => [i.id, i.state, i.refundAmount])).toEqual([
      [first!.id, 'refundSuccess', line],
      [second!.id, second!.state, 0],
      ...items.slice(2).map((i) => [i.id, i.state, 0]),
    ]);
    expect(await orderRow(o.id)).toMatchObject({ refundAmount: line, refundState: 'partial' });
    // A product of another order is no product of this one.
    const other = await paidOrder();
    expect(
      (await refund(o.id, { reason: '错单', items: [{ itemId: other.items[0]!.id, amount: 1 }] })).body.content.fields,
    ).toEqual({ items: 'validation.invalid' });
  });

  it('gives the amount back when the provider refuses (REFUND_SANDBOX=fail, or #fail in the reason)', async () => {
    const o = await paidOrder(2);
    const [first] = o.items;
    await t.ok(
      'refund.create',
      { params: { id: o.id }, body: { reason: '测试 #fail', items: [{ itemId: first!.id, amount: 100 }] } },
      t.token.tenant1,
    );
    await settleDueRefunds(t.db);
    expect(await orderRow(o.id)).toMatchObject({ refundAmount: 0, refundState: 'failed' });
    const [item] = await t.db.select().from(orderItems).where(eq(orderItems.id, first!.id));
    expect(item).toMatchObject({ refundAmount: 0, state: 'refundFailed' });
    process.env.REFUND_SANDBOX = 'fail';
    await t.ok('refund.create', { params: { id: o.id }, body: { reason: '再试', amount: 50 } }, t.token.tenant1);
    await settleDueRefunds(t.db);
    expect((await t.ok('refund.list', { params: { id: o.id } }, t.token.tenant1)).map((r) => r.state)).toEqual([
      'failed',
      'failed',
    ]);
    delete process.env.REFUND_SANDBOX;
    await t.ok('refund.create', { params: { id: o.id }, body: { reason: '第三次', amount: 50 } }, t.token.tenant1);
    await settleDueRefunds(t.db);
    expect(await orderRow(o.id)).toMatchObject({ refundAmount: 50, refundState: 'partial' });
  });

  it('refuses an unpaid order (926), one past the refund period (982), and bad amounts and reasons at their fields', async () => {
    const [unpaid] = await t.db
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.rootTenantId, t.ids.tenant('A')), eq(orders.paymentState, 'unpaid')))
      .limit(1);
    expect((await refund(unpaid!.id, { reason: '未付', amount: 1 })).body.code).toBe(CODE.refundUnpaid);
    // Tenant A's own order: a second-level tenant's has its own settings (the demo gives A1 some), which A's do not change.
    const old = await paidOrder(1, true);
    await t.db
      .update(orders)
      .set({ paidAt: sql`now() - interval '${sql.raw(String(REFUND_PERIOD.defaultDays + 1))} days'` })
      .where(eq(orders.id, old.id));
    expect((await refund(old.id, { reason: '过期', amount: 1 })).body.code).toBe(CODE.refundPeriodPassed);
    // A longer period set by the tenant lets it through.
    await t.ok('refund.saveSettings', { body: { tenantId: t.ids.tenant('A'), periodDays: 60 } }, t.token.tenant1);
    expect((await refund(old.id, { reason: '延长期限后', amount: 1 })).body.code).toBe(CODE.ok);
    await t.ok(
      'refund.saveSettings',
      { body: { tenantId: t.ids.tenant('A'), periodDays: REFUND_PERIOD.defaultDays } },
      t.token.tenant1,
    );
    const o = await paidOrder();
    expect((await refund(o.id, { reason: '', amount: 1 })).body.content.fields).toEqual({
      reason: 'validation.required',
    });
    expect((await refund(o.id, { reason: '零元', amount: 0 })).body.content.fields).toEqual({
      amount: 'refund.validation.amount',
    });
    expect(
      (await refund(o.id, { reason: '两种', amount: 1, items: [{ itemId: o.items[0]!.id, amount: 1 }] })).body.content
        .fields,
    ).toEqual({ amount: 'refund.validation.mode' });
    expect((await refund(o.id, { reason: '没金额' })).body.content.fields).toEqual({
      amount: 'refund.validation.mode',
    });
    expect((await refund(o.id, { reason: '超额', amount: o.received + 1 })).body.code).toBe(CODE.refundOverPaid);
    expect((await orderRow(o.id)).refundAmount).toBe(0);
  });

  it("keeps another tenant's orders out of reach (901), and a member needs 6-1 or 6-3", async () => {
    // A member of A sees A's own orders, not its second-level tenant's.
    const o = await paidOrder(1, true);
    const tenant2 = await t.signIn('tenant2');
    expect((await refund(o.id, { reason: '越权', amount: 1 }, tenant2)).body.code).toBe(CODE.orderNotFound);
    expect(await t.code('refund.list', { params: { id: o.id } }, tenant2)).toBe(CODE.orderNotFound);
    expect((await refund(o.id, { reason: '无权限', amount: 1 }, await t.signIn('member1'))).body.code).toBe(
      CODE.forbidden,
    );
    await t.db
      .update(roles)
      .set({ powers: sql`array_append(${roles.powers}, '6-3')` })
      .where(eq(roles.name, '运营专员'));
    const byMember = await refund(o.id, { reason: '客服退款', amount: 1 }, await t.signIn('member1'));
    expect(byMember.body, JSON.stringify(byMember.body)).toMatchObject({ code: CODE.ok });
    expect(byMember.body.content).toMatchObject({ requestedBy: '李明', state: 'pending' });
  });

  it('never refunds more than was paid, whatever 100 requests at once ask for', async () => {
    const o = await paidOrder();
    const each = Math.max(1, Math.floor(o.received / 7));
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) => refund(o.id, { reason: `并发${i}`, amount: each })),
    );
    const ok = answers.filter((a) => a.body.code === CODE.ok).length;
    expect(answers.every((a) => a.body.code === CODE.ok || a.body.code === CODE.refundOverPaid)).toBe(true);
    expect(ok).toBe(Math.floor(o.received / each));
    const [sum] = await t.db
      .select({ n: sql<number>`sum(amount)::int` })
      .from(refunds)
      .where(eq(refunds.orderId, o.id));
    expect(sum!.n).toBeLessThanOrEqual(o.received);
    expect((await orderRow(o.id)).refundAmount).toBe(sum!.n);
    // Two sweeps at once settle each refund once.
    const settled = await Promise.all([
      settleDueRefunds(t.db, undefined, 1000),
      settleDueRefunds(t.db, undefined, 1000),
    ]);
    expect(settled[0] + settled[1]).toBeGreaterThanOrEqual(ok);
    expect(
      await t.db
        .select({ n: sql<number>`count(*)::int` })
        .from(refunds)
        .where(and(eq(refunds.orderId, o.id), eq(refunds.state, 'pending'))),
    ).toEqual([{ n: 0 }]);
    expect(await orderRow(o.id)).toMatchObject({ refundAmount: sum!.n });
  });
});

describe('refund.list', () => {
  it("lists an order's refunds newest first (empty when none)", async () => {
    const o = await paidOrder();
    expect(await t.ok('refund.list', { params: { id: o.id } }, t.token.tenant1)).toEqual([]);
  });

  it("names who asked: a tenant's user by name, the system admin as the platform (by role alone, no name)", async () => {
    const o = await paidOrder();
    expect((await refund(o.id, { amount: 1, reason: '顾客投诉' })).body.code).toBe(200);
    expect((await refund(o.id, { amount: 1, reason: '平台核实后退款' }, await t.signIn('admin'))).body.code).toBe(200);
    const [byAdmin, byTenant] = await t.ok('refund.list', { params: { id: o.id } }, t.token.tenant1);
    expect(byTenant!.requestedBy).toBe('华东智售科技有限公司');
    expect(byAdmin!.requestedBy).toBe('');
  });
});

describe('refund.settings', () => {
  it("answers the default period, the tenant's own, or its first-level tenant's", async () => {
    const tenant11 = await t.signIn('tenant11');
    // The demo gives A1 settings of its own (failed vends refunded by hand): without them it inherits.
    await t.db.delete(refundSettings).where(eq(refundSettings.tenantId, t.ids.tenant('A1')));
    expect(await t.ok('refund.settings', { body: {} }, tenant11)).toEqual({
      tenantId: t.ids.tenant('A1'),
      periodDays: REFUND_PERIOD.defaultDays,
      autoRefund: true,
      lockAfter: 3,
    });
    await t.ok('refund.saveSettings', { body: { periodDays: 45 } }, t.token.tenant1);
    expect(await t.ok('refund.settings', { body: {} }, tenant11)).toMatchObject({
      tenantId: t.ids.tenant('A1'),
      periodDays: 45,
    });
    await t.ok('refund.saveSettings', { body: { periodDays: REFUND_PERIOD.defaultDays } }, t.token.tenant1);
    expect(await t.code('refund.settings', { body: { tenantId: t.ids.tenant('B') } }, t.token.tenant1)).toBe(
      CODE.tenantNotFound,
    );
  });
});

describe('refund.saveSettings', () => {
  it('keeps the period within 1–365 days; the admin names a tenant', async () => {
    expect(
      (await t.call('refund.saveSettings', { body: { periodDays: 0 } }, t.token.tenant1)).body.content.fields,
    ).toEqual({
      periodDays: 'refund.validation.period',
    });
    const admin = await t.signIn('admin');
    expect(await t.code('refund.saveSettings', { body: { periodDays: 10 } }, admin)).toBe(CODE.tenantRequired);
    expect(await t.ok('refund.saveSettings', { body: { tenantId: t.ids.tenant('B'), periodDays: 10 } }, admin)).toEqual(
      { tenantId: t.ids.tenant('B'), periodDays: 10, autoRefund: true, lockAfter: 3 },
    );
  });
});

describe('refund.deadline', () => {
  it("says until when an order may be refunded, by the same rule refund.create refuses by (982), and keeps others' orders out (901)", async () => {
    const o = await paidOrder(1, true);
    await t.db
      .update(orders)
      .set({ paidAt: sql`now() - interval '10 days'` })
      .where(eq(orders.id, o.id));
    const [{ paidAt }] = (await t.db.select({ paidAt: orders.paidAt }).from(orders).where(eq(orders.id, o.id))) as [
      { paidAt: Date },
    ];
    const open = await t.ok('refund.deadline', { params: { id: o.id } }, t.token.tenant1);
    expect(open).toEqual({
      periodDays: REFUND_PERIOD.defaultDays,
      until: new Date(paidAt.getTime() + REFUND_PERIOD.defaultDays * 86_400_000).toISOString(),
      passed: false,
    });
    // A period shorter than ten days: past, and refund.create agrees.
    await t.ok('refund.saveSettings', { body: { tenantId: t.ids.tenant('A'), periodDays: 7 } }, t.token.tenant1);
    try {
      expect(await t.ok('refund.deadline', { params: { id: o.id } }, t.token.tenant1)).toEqual({
        periodDays: 7,
        until: new Date(paidAt.getTime() + 7 * 86_400_000).toISOString(),
        passed: true,
      });
      expect((await refund(o.id, { reason: '过期', amount: 1 })).body.code).toBe(CODE.refundPeriodPassed);
    } finally {
      await t.ok(
        'refund.saveSettings',
        { body: { tenantId: t.ids.tenant('A'), periodDays: REFUND_PERIOD.defaultDays } },
        t.token.tenant1,
      );
    }
    expect(await t.code('refund.deadline', { params: { id: o.id } }, await t.signIn('tenant2'))).toBe(
      CODE.orderNotFound,
    );
  });
});
