/** The order list and an order's detail (spec §2 orderList, payTheBox, staffOrderList; §3 Order): scope by hierarchy, every filter, the bounded count and depth. */
import { describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { CODE } from '../../../shared/domains.js';
import { ORDER_LIST, type OrderFilter } from '../../../shared/order/index.js';
import { suiteApp } from '../helpers.js';
import { orderItems, orders, seedOrders } from '../../../server/order/index.js';
import { roles } from '../../../server/identity/schema.js';

const t = suiteApp(['tenant1']);

/** A page of rows with the filter's count, as the console shows them. */
const list = async (body: OrderFilter, token = t.token.tenant1, query = { pageNum: 1, pageSize: 200 }) => ({
  ...(await t.ok('order.page', { query, body }, token)),
  ...(await t.ok('order.count', { body }, token)),
});
const countWhere = async (where: ReturnType<typeof and>) =>
  (
    await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(orders)
      .where(where)
  )[0]!.n;

describe('order.page', () => {
  it("shows a first-level tenant its hierarchy's orders, a second-level tenant its own, the admin all, newest first", async () => {
    const all = await countWhere(undefined);
    expect(all).toBeGreaterThan(1000);
    const a = await list({}, t.token.tenant1, { pageNum: 1, pageSize: 20 });
    expect(a.total).toBe(await countWhere(eq(orders.rootTenantId, t.ids.tenant('A'))));
    expect(a.capped).toBe(false);
    expect(new Set(a.list.map((o) => o.tenantName)).size).toBeGreaterThanOrEqual(1);
    const times = a.list.map((o) => o.createdAt);
    expect(times).toEqual([...times].sort().reverse());
    const a1 = await list({}, await t.signIn('tenant11'));
    expect(a1.total).toBe(await countWhere(eq(orders.tenantId, t.ids.tenant('A1'))));
    expect(a1.list.every((o) => o.tenantId === t.ids.tenant('A1'))).toBe(true);
    const b = await list({}, await t.signIn('tenant2'));
    expect(b.list.every((o) => o.tenantId === t.ids.tenant('B'))).toBe(true);
    expect((await list({}, await t.signIn('admin'), { pageNum: 1, pageSize: 1 })).total).toBe(all);
    // A first-level tenant narrows to one of its second-level tenants; another's tenant is refused.
    expect((await list({ tenantId: t.ids.tenant('A1') })).total).toBe(a1.total);
    expect(await t.code('order.page', { query: {}, body: { tenantId: t.ids.tenant('B') } }, t.token.tenant1)).toBe(
      CODE.tenantNotFound,
    );
  });

  it('filters by every state, platform, type, kind and staff price', async () => {
    const root = eq(orders.rootTenantId, t.ids.tenant('A'));
    for (const [filter, where] of [
      [{ paymentState: 'unpaid' }, eq(orders.paymentState, 'unpaid')],
      [{ refundState: 'partial' }, eq(orders.refundState, 'partial')],
      [{ deliveryState: 'allFailed' }, eq(orders.deliveryState, 'allFailed')],
      [{ platform: 'digitalRmb' }, eq(orders.platform, 'digitalRmb')],
      [{ paymentType: 'face' }, eq(orders.paymentType, 'face')],
      [{ kind: 'payment' }, eq(orders.kind, 'payment')],
      [{ customerStaff: true }, eq(orders.customerStaff, true)],
    ] as const) {
      const page = await list(filter);
      expect(page.total, JSON.stringify(filter)).toBe(await countWhere(and(root, where)));
      expect(page.total, JSON.stringify(filter)).toBeGreaterThan(0);
      const [key, value] = Object.entries(filter)[0]!;
      expect(page.list.every((o) => o[key as keyof typeof o] === value)).toBe(true);
    }
  });

  it("names a staff order's staff, phone, card and enterprise customer, and no one on other orders", async () => {
    const staffOrders = await list({ kind: 'sale', customerStaff: true });
    expect(staffOrders.total).toBeGreaterThan(0);
    for (const o of staffOrders.list) {
      expect(o).toMatchObject({
        customerStaff: true,
        customerName: '虹桥枢纽餐饮管理有限公司',
        customerStaffCard: expect.stringMatching(/^3100010\d$/),
        customerStaffPhone: expect.stringMatching(/^1\d{2}\*{4}\d{4}$/),
      });
      expect(o.customerStaffName).toBeTruthy();
    }
    // The list masks the phone; the order's detail shows it whole.
    const whole = await t.ok('order.info', { params: { id: staffOrders.list[0]!.id } }, t.token.tenant1);
    expect(whole.customerStaffPhone).toMatch(/^1\d{10}$/);
    expect(staffOrders.list[0]!.customerStaffPhone).toBe(
      `${whole.customerStaffPhone!.slice(0, 3)}****${whole.customerStaffPhone!.slice(-4)}`,
    );
    // Several of the customer's staff buy, not one.
    expect(new Set(staffOrders.list.map((o) => o.customerStaffName)).size).toBeGreaterThan(3);
    const others = await list({ customerStaff: false }, t.token.tenant1, { pageNum: 1, pageSize: 50 });
    expect(others.list.every((o) => o.customerStaffName === null && o.customerName === null)).toBe(true);
  });

  it('finds by whole number, by its first digits, and by third-party number', async () => {
    const [one] = await t.db
      .select()
      .from(orders)
      .where(and(eq(orders.rootTenantId, t.ids.tenant('A')), eq(orders.paymentState, 'success')))
      .limit(1);
    expect((await list({ number: one!.number })).list.map((o) => o.id)).toEqual([one!.id]);
    const day = one!.number.slice(0, 8);
    const byDay = await list({ number: day });
    expect(byDay.total).toBe(
      await countWhere(and(eq(orders.rootTenantId, t.ids.tenant('A')), sql`${orders.number} like ${`${day}%`}`)),
    );
    expect(byDay.list.every((o) => o.number.startsWith(day))).toBe(true);
    expect((await list({ thirdPartyNumber: one!.thirdPartyNumber! })).list.map((o) => o.id)).toEqual([one!.id]);
    // Another tenant's number finds nothing.
    expect((await list({ number: one!.number }, await t.signIn('tenant2'))).total).toBe(0);
    expect(
      (await t.call('order.page', { query: {}, body: { number: '2026-11' } }, t.token.tenant1)).body.content.fields,
    ).toEqual({ number: 'order.validation.number' });
  });

  it('filters by time range, device, point and product; refuses ids out of scope and a range ending before it starts', async () => {
    const device = t.ids.device('VM2026000101');
    const byDevice = await list({ deviceId: device });
    expect(byDevice.total).toBe(await countWhere(eq(orders.deviceId, device)));
    expect(
      byDevice.list.every(
        (o) =>
          o.deviceId === device &&
          (o.deviceName === '虹桥站饮料机 1 号' || o.kind === 'scene') &&
          o.pointId === t.ids.point('hongqiao') &&
          o.pointName !== null,
      ),
    ).toBe(true);
    const point = t.ids.point('hongqiao');
    expect((await list({ pointId: point })).total).toBe(await countWhere(eq(orders.pointId, point)));
    const [item] = await t.db
      .select({ productId: orderItems.productId })
      .from(orderItems)
      .where(eq(orderItems.tenantId, t.ids.tenant('A')))
      .limit(1);
    const byProduct = await list({ productId: item!.productId! });
    const [distinct] = (
      (await t.db.execute(
        sql`select count(distinct order_id)::int as n from order_items where product_id = ${item!.productId}`,
      )) as unknown as { rows: { n: number }[] }
    ).rows;
    expect(byProduct.total).toBe(distinct!.n);
    const to = new Date();
    const from = new Date(to.getTime() - 7 * 24 * 3600_000);
    const week = await list({ from: from.toISOString(), to: to.toISOString() });
    expect(week.total).toBe(
      await countWhere(
        and(
          eq(orders.rootTenantId, t.ids.tenant('A')),
          sql`${orders.createdAt} between ${from.toISOString()} and ${to.toISOString()}`,
        ),
      ),
    );
    expect(week.list.every((o) => Date.parse(o.createdAt) >= from.getTime())).toBe(true);
    const tenant2 = await t.signIn('tenant2');
    expect(await t.code('order.page', { query: {}, body: { deviceId: device } }, tenant2)).toBe(CODE.deviceNotFound);
    expect(await t.code('order.page', { query: {}, body: { pointId: point } }, tenant2)).toBe(CODE.pointNotFound);
    expect(await t.code('order.page', { query: {}, body: { productId: item!.productId! } }, tenant2)).toBe(
      CODE.productNotFound,
    );
    const backwards = await t.call(
      'order.page',
      { query: {}, body: { from: to.toISOString(), to: from.toISOString() } },
      t.token.tenant1,
    );
    expect(backwards.body.content.fields).toEqual({ to: 'order.validation.range' });
  });

  it('counts up to the cap and says so beyond it; refuses a page deeper than the counted rows', async () => {
    await seedOrders(t.db, { count: ORDER_LIST.countCap + 500, days: 30, now: Date.now() });
    const admin = await t.signIn('admin');
    expect(await t.ok('order.count', { body: {} }, admin)).toEqual({ total: ORDER_LIST.countCap, capped: true });
    const last = await list({}, admin, { pageNum: ORDER_LIST.countCap / 20, pageSize: 20 });
    expect(last.list).toHaveLength(20);
    const deeper = await t.call(
      'order.page',
      { query: { pageNum: ORDER_LIST.countCap / 20 + 1, pageSize: 20 }, body: {} },
      admin,
    );
    expect(deeper.body.content.fields).toEqual({ pageNum: 'order.validation.deepPage' });
  });

  it('is open to a member with 6-1 or 6-3, closed to one without', async () => {
    const member = await t.signIn('member1');
    expect(await t.code('order.page', { query: {}, body: {} }, member)).toBe(CODE.forbidden);
    await t.db
      .update(roles)
      .set({ powers: sql`array_append(${roles.powers}, '6-1')` })
      .where(eq(roles.name, '运营专员'));
    const page = await list({}, await t.signIn('member1'), { pageNum: 1, pageSize: 5 });
    expect(page.list.every((o) => o.tenantId === t.ids.tenant('A'))).toBe(true);
  });
});

describe('linked orders', () => {
  it("lists a scene's linked orders with their scene and state, and shows each one's sub-orders per scene device", async () => {
    const linked = await list({ kind: 'scene' });
    expect(linked.total).toBeGreaterThan(10);
    expect(
      linked.list.every(
        (o) => o.kind === 'scene' && o.sceneName === '虹桥站早餐组合' && o.linkageNumber?.startsWith('LD'),
      ),
    ).toBe(true);
    const interrupted = await list({ kind: 'scene', sceneState: 'interrupted' });
    expect(interrupted.list.every((o) => o.sceneState === 'interrupted' && o.deliveryState === 'partial')).toBe(true);
    const detail = await t.ok(
      'order.info',
      { params: { id: (interrupted.list[0] ?? linked.list[0])!.id } },
      t.token.tenant1,
    );
    expect(detail.subOrders.map((s) => s.number)).toEqual([`${detail.number}-1`, `${detail.number}-2`]);
    expect(detail.subOrders.map((s) => s.deviceName).sort()).toEqual(['虹桥站零食机 2 号', '虹桥站饮料机 1 号']);
    expect(detail.subOrders.reduce((sum, s) => sum + s.amount, 0)).toBe(detail.amount);
    if (detail.sceneState === 'interrupted')
      expect(detail.subOrders.map((s) => s.deliveryState)).toContain('allFailed');
    // Other orders have none; another tenant sees none of these.
    const sale = await t.ok(
      'order.info',
      { params: { id: (await list({ kind: 'sale' })).list[0]!.id } },
      t.token.tenant1,
    );
    expect(sale.subOrders).toEqual([]);
    // The device as people read it on the machine: its serial, not its row id.
    expect(sale.deviceSerial).toMatch(/^VM\d{10}$/);
    const theirs = await list({ kind: 'scene' }, await t.signIn('tenant2'));
    expect(theirs.list.every((o) => o.tenantId === t.ids.tenant('B') && o.sceneName === '广州南站咖啡套餐')).toBe(true);
  });
});

describe('order.count', () => {
  it('counts what a page filter matches, refusing the same ids and ranges', async () => {
    const page = await t.ok(
      'order.page',
      { query: { pageNum: 1, pageSize: 200 }, body: { refundState: 'full' } },
      t.token.tenant1,
    );
    expect(await t.ok('order.count', { body: { refundState: 'full' } }, t.token.tenant1)).toEqual({
      total: page.list.length,
      capped: false,
    });
    expect(
      (await t.call('order.count', { body: { deviceId: t.ids.device('VM2026000101') } }, await t.signIn('tenant2')))
        .body.code,
    ).toBe(CODE.deviceNotFound);
  });
});

describe('order.info', () => {
  it("shows an order with its items; another tenant's order answers 901 like a missing one", async () => {
    const [multi] = await t.db
      .execute(
        sql`select order_id as id from order_items where tenant_id = ${t.ids.tenant('A')} group by order_id having count(*) > 1 limit 1`,
      )
      .then((r) => (r as { rows: { id: number }[] }).rows);
    const detail = await t.ok('order.info', { params: { id: multi!.id } }, t.token.tenant1);
    expect(detail.items.length).toBeGreaterThan(1);
    expect(detail.amount).toBe(detail.items.reduce((s, i) => s + i.unitPrice * i.count, 0));
    expect(detail).toMatchObject({ id: multi!.id, tenantName: expect.any(String), deviceName: expect.any(String) });
    expect(await t.code('order.info', { params: { id: multi!.id } }, await t.signIn('tenant2'))).toBe(
      CODE.orderNotFound,
    );
    expect(await t.code('order.info', { params: { id: 2_000_000_000 } }, t.token.tenant1)).toBe(CODE.orderNotFound);
  });
});
