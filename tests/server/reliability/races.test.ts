/**
 * Races: every operation the API table marks `contended` has a scenario here
 * — parallel conflicting calls — and the invariant it names is checked in
 * the database afterwards. The list of scenarios must match the marks, so a
 * new contended operation cannot go unraced. On PGlite transactions take
 * turns; the suite means most on PostgreSQL (npm run test:pg), where they
 * truly overlap.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODE, type ApiOp } from '../../../shared/domains.js';
import { EXAMPLE_INVOICE, EXAMPLE_RECEIPT } from '../../../shared/billing/index.js';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { devices } from '../../../server/device/index.js';
import { deviceAllocations, deviceChannels, deviceRateLimits } from '../../../server/device/schema.js';
import { orderItems, orders } from '../../../server/order/index.js';
import { deliveryReviews } from '../../../server/delivery/index.js';
import { refunds } from '../../../server/refund/index.js';
import { invoices, settleDueRenewals } from '../../../server/billing/index.js';
import { scenes } from '../../../server/scene/index.js';
import { sceneDevices } from '../../../server/scene/schema.js';
import { points } from '../../../server/point/index.js';
import { productCategories } from '../../../server/product/index.js';
import { createTestApp, deviceBasic, postgresUrl, type Answer, type TestApp } from '../helpers.js';
import { defOf, OPS } from './support/schema.js';
import { tenants } from '../../../server/identity/schema.js';
import { balanceOf, sandboxCode, sandboxPhoneGrant } from '../../../server/member/index.js';
import { firmwareRaces } from './support/firmware-races.js';
import { priceRaces } from './support/price-races.js';
import { shareRaces } from './support/share-races.js';
import { coldRaces } from './support/cold-races.js';
import { doorRaces } from './support/door-races.js';
import { bookRuns } from '../../../server/books/schema.js';
import { reconcile } from '../../../server/books/index.js';
import { freshBatches, freshWaste } from '../../../server/fresh/index.js';

const N = Number(process.env.RACE_PARALLEL ?? 8);
/**
 * Rounds per scenario: three where the calls truly overlap (PostgreSQL), each a new interleaving; one on PGlite,
 * where transactions take turns and a round shows the turns keep the invariant (three took 37 s there of the run).
 */
const ROUNDS = postgresUrl ? 3 : 1;

let t: TestApp;
let token: string;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await t.signIn('tenant1');
  admin = await t.signIn('admin');
});
afterAll(() => t.close());

const succeeded = (a: Answer) => a.status === 200 && a.body?.code === CODE.ok;
/** No 5xx, and every refusal a named code. */
function expectCleanAnswers(answers: Answer[], allowed: readonly number[]): void {
  for (const a of answers) {
    expect(a.status).toBeLessThan(500);
    if (!succeeded(a)) expect(allowed).toContain(a.body?.code);
  }
}

/** An activity active now at the Hongqiao drinks machine on a product it sells (`over`: its type's fields). */
async function raceActivity(over: Record<string, unknown>): Promise<{ id: number }> {
  const device = t.ids.device('VM2026000101');
  const [stocked] = await t.db
    .select({ id: deviceChannels.productId })
    .from(deviceChannels)
    .where(and(eq(deviceChannels.deviceId, device), sql`${deviceChannels.productId} is not null`))
    .limit(1);
  return t.ok(
    'activity.create',
    {
      body: {
        name: `竞争活动 ${++made}`,
        type: 'discount',
        tag: '竞争',
        startAt: new Date(Date.now() - 60_000).toISOString(),
        endAt: new Date(Date.now() + 86_400_000).toISOString(),
        target: 'devices',
        deviceIds: [device],
        products: [{ productId: stocked!.id!, price: 1 }],
        ...over,
      } as never,
    },
    token,
  );
}

async function newPoint(name: string): Promise<number> {
  const created = await t.ok(
    'point.create',
    { body: { name, areaCode: '310112', address: '闵行区测试路 1 号' } },
    token,
  );
  return created.id;
}

/** A new free device of tenant A (the demo has few, each scenario round takes one). */
let made = 0;
async function freeDevice(): Promise<number> {
  const [row] = await t.db
    .insert(devices)
    .values({
      tenantId: t.ids.tenant('A'),
      name: `竞争测试机 ${++made}`,
      serial: `RACE${String(made).padStart(8, '0')}`,
      type: 'selling',
      model: 'VM-S600',
    })
    .returning({ id: devices.id });
  return row!.id;
}

/** A new paid bill of tenant A's (the sandbox answering at once). */
async function paidBill(): Promise<number> {
  process.env.BILLING_SETTLE_MS = '0';
  try {
    const renewal = await t.ok(
      'billing.renew',
      { body: { deviceIds: [await freeDevice()], months: 12, platform: 'wechat', agreed: true } },
      token,
    );
    await settleDueRenewals(t.db);
    return renewal.id;
  } finally {
    delete process.env.BILLING_SETTLE_MS;
  }
}

const INVOICE = { invoice: EXAMPLE_INVOICE, receipt: EXAMPLE_RECEIPT };

let categories = 0;
let saleRounds = 0;
let tenantRounds = 0;
let sceneRounds = 0;
async function newCategory(parentId: number | null = null): Promise<number> {
  const n = ++categories;
  const created = await t.ok(
    'product.categoryCreate',
    { body: { name: `竞争分类${n}`, number: `RACE-${n}`, description: '竞争测试', remark: '无', parentId } },
    token,
  );
  return created.id;
}

/** Tenant A's tree, read back: every parent exists, no cycle, and each depth is the row's real place in the tree. */
async function expectSoundTree(): Promise<void> {
  const rows = await t.db
    .select({ id: productCategories.id, parentId: productCategories.parentId, depth: productCategories.depth })
    .from(productCategories)
    .where(eq(productCategories.tenantId, t.ids.tenant('A')));
  const byId = new Map(rows.map((r) => [r.id, r]));
  for (const row of rows) {
    let level = 0;
    for (let up = row.parentId; up !== null; up = byId.get(up)!.parentId) {
      expect(byId.has(up), `category ${row.id} names a missing parent ${up}`).toBe(true);
      level++;
      expect(level, `category ${row.id} is in a cycle`).toBeLessThan(3);
    }
    expect(row.depth, `category ${row.id}'s depth`).toBe(level);
  }
}

const pointOf = async (deviceId: number) =>
  (await t.db.select({ pointId: devices.pointId }).from(devices).where(eq(devices.id, deviceId)))[0]!.pointId;

const SCENARIOS: Partial<Record<ApiOp, () => Promise<void>>> = {
  'point.bind': async () => {
    // One free device, N points of its tenant, all binding it at once: one wins.
    const device = await freeDevice();
    const targets = await Promise.all(Array.from({ length: N }, (_, i) => newPoint(`抢绑点位${i}`)));
    const answers = await Promise.all(
      targets.map((id) => t.call('point.bind', { params: { id }, body: { deviceIds: [device] } }, token)),
    );
    expectCleanAnswers(answers, [CODE.deviceBoundElsewhere]);
    const winners = targets.filter((_, i) => succeeded(answers[i]!));
    expect(winners).toHaveLength(1);
    expect(await pointOf(device)).toBe(winners[0]);
  },

  'point.unbind': async () => {
    // A device on P1; N unbinds from P1 racing N binds to P2: a bind to P2 wins only after an unbind did.
    const device = await freeDevice();
    const [p1, p2] = [await newPoint('解绑点位甲'), await newPoint('解绑点位乙')];
    await t.ok('point.bind', { params: { id: p1 }, body: { deviceIds: [device] } }, token);
    const calls = Array.from({ length: N }, (_, i) =>
      i % 2 === 0
        ? t.call('point.unbind', { params: { id: p1 }, body: { deviceIds: [device] } }, token)
        : t.call('point.bind', { params: { id: p2 }, body: { deviceIds: [device] } }, token),
    );
    const answers = await Promise.all(calls);
    expectCleanAnswers(answers, [CODE.deviceNotOnPoint, CODE.deviceBoundElsewhere]);
    const unbinds = answers.filter((a, i) => i % 2 === 0 && succeeded(a)).length;
    const binds = answers.filter((a, i) => i % 2 === 1 && succeeded(a)).length;
    // Unbinding from P1 happens once; once it moved to P2 the device is no longer on P1.
    expect(unbinds).toBe(1);
    expect([p1, p2, null]).toContain(await pointOf(device));
    if (binds > 0) expect(await pointOf(device)).toBe(p2);
    else expect(await pointOf(device)).toBeNull();
  },

  'point.delete': async () => {
    // An empty point deleted N times while its tenant binds a device to it N times.
    const device = await freeDevice();
    const target = await newPoint('删除竞争点位');
    const calls = Array.from({ length: 2 * N }, (_, i) =>
      i % 2 === 0
        ? t.call('point.delete', { params: { id: target } }, token)
        : t.call('point.bind', { params: { id: target }, body: { deviceIds: [device] } }, token),
    );
    const answers = await Promise.all(calls);
    expectCleanAnswers(answers, [CODE.pointNotFound, CODE.pointHasDevices]);
    const deleted = answers.filter((a, i) => i % 2 === 0 && succeeded(a)).length;
    const bound = answers.filter((a, i) => i % 2 === 1 && succeeded(a)).length;
    const [still] = await t.db.select({ id: points.id }).from(points).where(eq(points.id, target));
    expect(deleted).toBeLessThanOrEqual(1);
    if (deleted === 1) {
      expect(still).toBeUndefined();
      expect(await pointOf(device)).toBeNull();
    } else {
      // Not deleted: it kept the device the binds gave it, which is why every delete was refused.
      expect(still?.id).toBe(target);
      expect(bound).toBeGreaterThan(0);
      expect(await pointOf(device)).toBe(target);
    }
  },

  'device.allocate': async () => {
    // One pool device allocated to N tenants' worth of calls at once (alternating A and B): one owner, one allocation in its history.
    const [row] = await t.db
      .insert(devices)
      .values({
        tenantId: null,
        name: `池中测试机 ${++made}`,
        serial: `POOL${String(made).padStart(8, '0')}`,
        type: 'selling',
        model: 'VM-S600',
      })
      .returning({ id: devices.id });
    const targets = Array.from({ length: N }, (_, i) => t.ids.tenant(i % 2 === 0 ? 'A' : 'B'));
    const answers = await Promise.all(
      targets.map((tenantId) => t.call('device.allocate', { body: { ids: [row!.id], tenantId } }, admin)),
    );
    expectCleanAnswers(answers, [CODE.deviceNotInPool]);
    const winners = targets.filter((_, i) => succeeded(answers[i]!));
    expect(winners).toHaveLength(1);
    const [owned] = await t.db.select({ tenantId: devices.tenantId }).from(devices).where(eq(devices.id, row!.id));
    expect(owned!.tenantId).toBe(winners[0]);
    const entries = await t.db
      .select({ tenantId: deviceAllocations.tenantId })
      .from(deviceAllocations)
      .where(eq(deviceAllocations.deviceId, row!.id));
    expect(entries).toEqual([{ tenantId: winners[0] }]);
  },

  'scene.create': async () => {
    // One free device of tenant A, N scenes created with it at once: one takes it, the rest are told it is taken.
    const device = await freeDevice();
    const round = ++sceneRounds;
    const answers = await Promise.all(
      Array.from({ length: N }, (_, i) =>
        t.call(
          'scene.create',
          {
            body: { name: `抢占场景${round}-${i}`, notes: '竞争测试', deviceIds: [device] },
          },
          token,
        ),
      ),
    );
    expectCleanAnswers(answers, [CODE.sceneDeviceTaken]);
    expect(answers.filter(succeeded)).toHaveLength(1);
    const holders = await t.db
      .select({ sceneId: sceneDevices.sceneId })
      .from(sceneDevices)
      .where(eq(sceneDevices.deviceId, device));
    expect(holders).toHaveLength(1);
    // The refused creations left no scene behind.
    const made = await t.db
      .select({ id: scenes.id })
      .from(scenes)
      .where(sql`${scenes.name} like ${`抢占场景${round}-%`}`);
    expect(made).toEqual([{ id: holders[0]!.sceneId }]);
  },

  'order.sale': async () => {
    // A channel holding N/2; 2N sales at once, each sale id sent twice: every sale id at most one order, stock never below zero, taken exactly once per order.
    const serial = 'VM2026000106';
    const where = and(eq(deviceChannels.deviceId, t.ids.device(serial)), eq(deviceChannels.number, 9));
    const stock = Math.max(1, N / 2);
    await t.db
      .update(devices)
      .set({ online: true, locked: false, channelSalesLimit: 1 })
      .where(eq(devices.serial, serial));
    await t.db.update(deviceChannels).set({ stock, enabled: true, locked: false }).where(where);
    const round = ++saleRounds;
    const answers = await Promise.all(
      Array.from({ length: 2 * N }, (_, i) =>
        t.call(
          'order.sale',
          {
            body: {
              saleId: `race-${round}-${i % N}`,
              thirdPartyNumber: `T${i}`,
              platform: 'wechat',
              paymentType: 'scan',
              items: [{ channel: 9, count: 1 }],
            },
          },
          undefined,
          { authorization: deviceBasic(serial) },
        ),
      ),
    );
    expectCleanAnswers(answers, [CODE.insufficientStock]);
    const made = await t.db
      .select({ saleId: orders.saleId })
      .from(orders)
      .where(and(eq(orders.deviceId, t.ids.device(serial)), sql`${orders.saleId} like ${`race-${round}-%`}`));
    expect(new Set(made.map((o) => o.saleId)).size).toBe(made.length);
    expect(made.length).toBeLessThanOrEqual(stock);
    const [left] = await t.db.select({ stock: deviceChannels.stock }).from(deviceChannels).where(where);
    expect(left!.stock).toBe(stock - made.length);
    // Every answer that succeeded names one of the orders made.
    const numbers = new Set(answers.filter(succeeded).map((a) => a.body.content.orderNumber));
    expect(numbers.size).toBe(made.length);
  },

  'refund.create': async () => {
    // A paid order of tenant A refunded N times at once, a third of it each: at most three succeed, the rest are 920, and what is reserved never exceeds what was paid.
    const [order] = await t.db
      .select({ id: orders.id, received: orders.receivedAmount })
      .from(orders)
      .where(
        and(
          eq(orders.rootTenantId, t.ids.tenant('A')),
          eq(orders.paymentState, 'success'),
          eq(orders.refundState, 'none'),
          sql`${orders.receivedAmount} >= 3`,
          sql`${orders.paidAt} > now() - interval '20 days'`,
          sql`not exists (select 1 from refunds r where r.order_id = ${orders.id})`,
        ),
      )
      .limit(1);
    const each = Math.floor(order!.received / 3);
    const answers = await Promise.all(
      Array.from({ length: N }, () =>
        t.call('refund.create', { params: { id: order!.id }, body: { reason: '竞争测试', amount: each } }, token),
      ),
    );
    expectCleanAnswers(answers, [CODE.refundOverPaid]);
    expect(answers.filter(succeeded).length).toBe(Math.min(N, 3));
    const [after] = await t.db.select({ refunded: orders.refundAmount }).from(orders).where(eq(orders.id, order!.id));
    const [sum] = await t.db
      .select({ n: sql<number>`coalesce(sum(amount), 0)::int` })
      .from(refunds)
      .where(eq(refunds.orderId, order!.id));
    expect(after!.refunded).toBe(sum!.n);
    expect(after!.refunded).toBeLessThanOrEqual(order!.received);
  },

  'delivery.outcome': async () => {
    // A sale of three items; 50 reports (each item delivered or jammed, in turn) and 50 manual refunds of a fifth of it, all at once:
    // each item's first outcome counts, a failed item is refunded once, and refunds never exceed what was received.
    const serial = 'VM2026000106';
    await t.db
      .update(devices)
      .set({ online: true, locked: false, channelSalesLimit: 5, orderLimit: 10 })
      .where(eq(devices.serial, serial));
    // 51 calls of one machine a round: its window of the device rate limit starts afresh, or the third round would meet 1203.
    await t.db.delete(deviceRateLimits).where(eq(deviceRateLimits.deviceId, t.ids.device(serial)));
    await t.db
      .update(deviceChannels)
      .set({ stock: 50, enabled: true, locked: false, failStreak: 0, selfLockedAt: null })
      .where(and(eq(deviceChannels.deviceId, t.ids.device(serial)), sql`${deviceChannels.number} in (31, 32, 33)`));
    const saleId = `outcome-race-${++saleRounds}`;
    const sold = (
      await t.call(
        'order.sale',
        {
          body: {
            saleId,
            thirdPartyNumber: saleId,
            platform: 'wechat',
            paymentType: 'scan',
            items: [31, 32, 33].map((channel) => ({ channel, count: 1 })),
          },
        },
        undefined,
        { authorization: deviceBasic(serial) },
      )
    ).body.content as { orderNumber: string; amount: number };
    const [order] = await t.db.select({ id: orders.id }).from(orders).where(eq(orders.number, sold.orderNumber));
    const each = Math.max(1, Math.floor(sold.amount / 5));
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        i % 2 === 0
          ? t.call(
              'delivery.outcome',
              {
                body: {
                  saleId,
                  items: [
                    {
                      channel: 31 + (i % 3),
                      ...(i % 4 === 0
                        ? { outcome: 'failed' as const, failure: 'jam' as const }
                        : { outcome: 'delivered' as const }),
                    },
                  ],
                },
              },
              undefined,
              { authorization: deviceBasic(serial) },
            )
          : t.call('refund.create', { params: { id: order!.id }, body: { reason: '竞争测试', amount: each } }, token),
      ),
    );
    expectCleanAnswers(answers, [CODE.refundOverPaid]);
    const items = await t.db.select().from(orderItems).where(eq(orderItems.orderId, order!.id));
    expect(items.every((i) => i.outcome !== null)).toBe(true);
    const made = await t.db.select().from(refunds).where(eq(refunds.orderId, order!.id));
    const automatic = made.filter((r) => r.failure !== null);
    expect(automatic.length).toBeLessThanOrEqual(items.filter((i) => i.outcome === 'failed').length);
    const [after] = await t.db
      .select({ refunded: orders.refundAmount, received: orders.receivedAmount })
      .from(orders)
      .where(eq(orders.id, order!.id));
    expect(after!.refunded).toBe(made.reduce((sum, r) => sum + r.amount, 0));
    expect(after!.refunded).toBeLessThanOrEqual(after!.received);
    for (const item of items) expect(item.refundAmount).toBeLessThanOrEqual(item.amount);
  },

  'delivery.decide': async () => {
    // A failed vend of tenant A1 (refunded by hand) decided N times at once, approving and dismissing in turn: one decision, the rest 946, one refund at most.
    const serial = 'VM2026000201';
    await t.db.update(devices).set({ online: true, locked: false }).where(eq(devices.serial, serial));
    await t.db
      .update(deviceChannels)
      .set({ stock: 50, enabled: true, locked: false, failStreak: 0, selfLockedAt: null })
      .where(and(eq(deviceChannels.deviceId, t.ids.device(serial)), eq(deviceChannels.number, 1)));
    const saleId = `review-race-${++saleRounds}`;
    const sold = (
      await t.call(
        'order.sale',
        {
          body: {
            saleId,
            thirdPartyNumber: saleId,
            platform: 'wechat',
            paymentType: 'scan',
            items: [{ channel: 1, count: 1 }],
          },
        },
        undefined,
        { authorization: deviceBasic(serial) },
      )
    ).body.content as { orderNumber: string };
    await t.call(
      'delivery.outcome',
      { body: { saleId, items: [{ channel: 1, outcome: 'failed', failure: 'motor' }] } },
      undefined,
      { authorization: deviceBasic(serial) },
    );
    const [order] = await t.db.select({ id: orders.id }).from(orders).where(eq(orders.number, sold.orderNumber));
    const [review] = await t.db
      .select({ id: deliveryReviews.id })
      .from(deliveryReviews)
      .where(eq(deliveryReviews.orderId, order!.id));
    const answers = await Promise.all(
      Array.from({ length: N }, (_, i) =>
        t.call(
          'delivery.decide',
          {
            params: { id: review!.id },
            body: i % 2 === 0 ? { approve: true } : { approve: false, note: '竞争测试' },
          },
          token,
        ),
      ),
    );
    expectCleanAnswers(answers, [CODE.reviewDecided]);
    expect(answers.filter(succeeded)).toHaveLength(1);
    expect((await t.db.select().from(refunds).where(eq(refunds.orderId, order!.id))).length).toBeLessThanOrEqual(1);
  },

  'tenant.create': async () => {
    // One username asked for by N creations at once: one distributor and one account, the rest 1404.
    const username = `race${++tenantRounds}${Date.now().toString(36)}`;
    const answers = await Promise.all(
      Array.from({ length: N }, (_, i) =>
        t.call(
          'tenant.create',
          {
            body: { name: `竞争分销商 ${i}`, username, password: 'Race@2026', contact: '13912340000' },
          },
          admin,
        ),
      ),
    );
    expectCleanAnswers(answers, [CODE.usernameTaken]);
    expect(answers.filter(succeeded)).toHaveLength(1);
    const [made] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(tenants)
      .where(
        sql`${tenants.name} like '竞争分销商 %' and exists (select 1 from users u where u.tenant_id = ${tenants.id} and u.username = ${username})`,
      );
    expect(made!.n).toBe(1);
    // No distributor was left without its account.
    const [orphans] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(tenants)
      .where(
        sql`${tenants.name} like '竞争分销商 %' and not exists (select 1 from users u where u.tenant_id = ${tenants.id})`,
      );
    expect(orphans!.n).toBe(0);
  },

  'device.handOver': async () => {
    // Two devices handed to tenant A1 and taken back, N times each at once: each device has one owner, its channels the same, one history line per move made.
    const ids = [t.ids.device('VM2026000107'), t.ids.device('VM2026000108')];
    const before = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(deviceAllocations)
      .where(inArray(deviceAllocations.deviceId, ids));
    const answers = await Promise.all(
      Array.from({ length: 2 * N }, (_, i) =>
        t.call(
          'device.handOver',
          {
            body: { tenantId: t.ids.tenant('A1'), deviceIds: ids, back: i % 2 === 1 },
          },
          token,
        ),
      ),
    );
    expectCleanAnswers(answers, [CODE.deviceNotFound]);
    const owners = await t.db
      .select({ id: devices.id, tenantId: devices.tenantId })
      .from(devices)
      .where(inArray(devices.id, ids));
    expect(new Set(owners.map((o) => o.tenantId)).size).toBe(1);
    const channels = await t.db
      .select({ tenantId: deviceChannels.tenantId })
      .from(deviceChannels)
      .where(inArray(deviceChannels.deviceId, ids));
    expect(channels.every((c) => c.tenantId === owners[0]!.tenantId)).toBe(true);
    const after = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(deviceAllocations)
      .where(inArray(deviceAllocations.deviceId, ids));
    expect(after[0]!.n - before[0]!.n).toBe(2 * answers.filter(succeeded).length);
    // Back with their parent for the next round.
    if (owners[0]!.tenantId !== t.ids.tenant('A'))
      await t.ok('device.handOver', { body: { tenantId: t.ids.tenant('A1'), deviceIds: ids, back: true } }, token);
  },

  'member.adjustPoints': async () => {
    // A member holding 100 points, debited 1 point 200 times at once: exactly 100 debits pass, the rest are 950, none below zero.
    const signedIn = await t.ok('member.signIn', {
      body: { tenantId: t.ids.tenant('A'), code: sandboxCode(`race-${process.pid}-${++made}`) },
    });
    const id = signedIn.member.id;
    await t.ok('member.adjustPoints', { params: { id }, body: { points: 100, reason: '充值' } }, token);
    const answers = await Promise.all(
      Array.from({ length: 200 }, () =>
        t.call('member.adjustPoints', { params: { id }, body: { points: -1, reason: '兑换' } }, token),
      ),
    );
    expectCleanAnswers(answers, [CODE.pointsShort]);
    expect(answers.filter(succeeded)).toHaveLength(100);
    expect(await balanceOf(t.db, id, new Date())).toBe(0);
  },

  'member.erase': async () => {
    // A member without points, erased N times while credited N times at once: erased once at most, and never holding points after.
    const signedIn = await t.ok('member.signIn', {
      body: { tenantId: t.ids.tenant('A'), code: sandboxCode(`race-erase-${process.pid}-${++made}`) },
    });
    const id = signedIn.member.id;
    const answers = await Promise.all(
      Array.from({ length: 2 * N }, (_, i) =>
        i % 2 === 0
          ? t.call('member.erase', { params: { id } }, token)
          : t.call('member.adjustPoints', { params: { id }, body: { points: 5, reason: '补偿' } }, token),
      ),
    );
    expectCleanAnswers(answers, [CODE.memberHasBalance, CODE.programmeMemberNotFound]);
    const erased = answers.filter((a, i) => i % 2 === 0 && succeeded(a));
    expect(erased.length).toBeLessThanOrEqual(1);
    if (erased.length) expect(await balanceOf(t.db, id, new Date())).toBe(0);
    else expect(answers.filter((a, i) => i % 2 === 1 && succeeded(a)).length).toBeGreaterThan(0);
  },

  'group.addMembers': async () => {
    // N callers add the same identifiers to one group at once while their holder signs in and states one: each identifier is in it once.
    const group = await t.ok(
      'group.create',
      {
        body: {
          name: `竞争分组 ${++made}`,
          definition: '竞争测试',
          identifier: 'phone',
          importMethod: 'preImport',
          review: false,
        },
      },
      token,
    );
    const phones = ['13761207701', '13761207702', '13761207703'].map(
      (p) => `${p.slice(0, 8)}${(made % 100).toString().padStart(2, '0')}${p.slice(10)}`,
    );
    const signedIn = await t.ok('member.signIn', {
      body: { tenantId: t.ids.tenant('A'), code: sandboxCode(`race-group-${process.pid}-${made}`) },
    });
    const answers = await Promise.all([
      ...Array.from({ length: N }, () =>
        t.call('group.addMembers', { params: { id: group.id }, body: { identifiers: phones } }, token),
      ),
      t.call('member.verifyPhone', { body: { grant: sandboxPhoneGrant(phones[0]!) } }, signedIn.token),
    ]);
    expectCleanAnswers(answers, []);
    const rows = await t.ok('group.members', { params: { id: group.id }, query: { pageSize: 50 }, body: {} }, token);
    expect(rows.list.map((r) => r.identifier).sort()).toEqual([...phones].sort());
    const added = answers.slice(0, N).reduce((sum, a) => sum + (a.body.content.added as number), 0);
    expect(added).toBe(phones.length);
  },

  'activity.setState': async () => {
    // One activity disabled by N callers at once, then enabled by N: each once, the others told 3415 / 3416.
    const activity = await raceActivity({});
    for (const [state, code] of [
      ['disabled', CODE.activityAlreadyDisabled],
      ['normal', CODE.activityAlreadyEnabled],
    ] as const) {
      const answers = await Promise.all(
        Array.from({ length: N }, () =>
          t.call('activity.setState', { params: { id: activity.id }, body: { state } }, token),
        ),
      );
      expectCleanAnswers(answers, [code]);
      expect(answers.filter(succeeded)).toHaveLength(1);
    }
    // Terminated at once too: it prices nothing more (the demo's sales at that machine stay as they were).
    await t.ok('activity.terminate', { params: { id: activity.id } }, token);
  },

  'activity.claim': async () => {
    // 3 members claim a coupon of quantity 4 (2 each at most) N times each at once: 4 issued in all, none past a member's 2.
    const activity = await raceActivity({
      type: 'coupon',
      coupon: { type: 'reduction', amount: 1, quantity: 4, validDays: 1, perMember: 2 },
    });
    const people = await Promise.all(
      [1, 2, 3].map((i) =>
        t.ok('member.signIn', {
          body: { tenantId: t.ids.tenant('A'), code: sandboxCode(`race-coupon-${process.pid}-${made}-${i}`) },
        }),
      ),
    );
    const answers = await Promise.all(
      people.flatMap((p) =>
        Array.from({ length: N }, () => t.call('activity.claim', { body: { activityId: activity.id } }, p.token)),
      ),
    );
    expectCleanAnswers(answers, [CODE.couponsGone, CODE.couponClaimLimit]);
    expect(answers.filter(succeeded)).toHaveLength(4);
    for (const p of people)
      expect((await t.ok('activity.myCoupons', { query: {} }, p.token)).total).toBeLessThanOrEqual(2);
    await t.ok('activity.terminate', { params: { id: activity.id } }, token);
  },

  'activity.sendCoupons': async () => {
    // A coupon of quantity 2 sent N times at once to a group of 3 activated members: 2 coupons in all, one each at most.
    const activity = await raceActivity({
      type: 'coupon',
      coupon: { type: 'reduction', amount: 1, quantity: 2, validDays: 1, perMember: 1 },
    });
    const group = await t.ok(
      'group.create',
      {
        body: {
          name: `竞争发券 ${++made}`,
          definition: '竞争测试',
          identifier: 'phone',
          importMethod: 'preImport',
          review: false,
        },
      },
      token,
    );
    const phones = [1, 2, 3].map((i) => `1376120${(made % 1000).toString().padStart(3, '0')}${i}`);
    await t.ok('group.addMembers', { params: { id: group.id }, body: { identifiers: phones } }, token);
    const people = [];
    for (const phone of phones) {
      const signedIn = await t.ok('member.signIn', {
        body: { tenantId: t.ids.tenant('A'), code: sandboxCode(`race-send-${process.pid}-${phone}`) },
      });
      await t.ok('member.verifyPhone', { body: { grant: sandboxPhoneGrant(phone) } }, signedIn.token);
      people.push(signedIn.token);
    }
    const answers = await Promise.all(
      Array.from({ length: N }, () =>
        t.call('activity.sendCoupons', { params: { id: activity.id }, body: { groupId: group.id } }, token),
      ),
    );
    expectCleanAnswers(answers, []);
    expect(answers.reduce((sum, a) => sum + (a.body.content.sent as number), 0)).toBe(2);
    const held = await Promise.all(people.map(async (p) => (await t.ok('activity.myCoupons', { query: {} }, p)).total));
    expect(held.reduce((a, b) => a + b, 0)).toBe(2);
    expect(Math.max(...held)).toBe(1);
    await t.ok('activity.terminate', { params: { id: activity.id } }, token);
  },

  'billing.applyInvoice': async () => {
    // One paid bill, its invoice applied for N times at once: one application, the rest told 987.
    const renewalId = await paidBill();
    const answers = await Promise.all(
      Array.from({ length: N }, () => t.call('billing.applyInvoice', { body: { renewalId, ...INVOICE } }, token)),
    );
    expectCleanAnswers(answers, [CODE.billInvoiced]);
    expect(answers.filter(succeeded)).toHaveLength(1);
    expect(await t.db.select({ id: invoices.id }).from(invoices).where(eq(invoices.renewalId, renewalId))).toHaveLength(
      1,
    );
  },

  'billing.markInvoice': async () => {
    // An application marked issued and mailed N times each, at once: each step taken once, mailed only after issued.
    const applied = await t.ok('billing.applyInvoice', { body: { renewalId: await paidBill(), ...INVOICE } }, token);
    const answers = await Promise.all(
      Array.from({ length: 2 * N }, (_, i) =>
        t.call(
          'billing.markInvoice',
          {
            params: { id: applied.id },
            body:
              i % 2 === 0
                ? { state: 'issued' }
                : { state: 'mailed', trackingNumber: `SF${String(i).padStart(10, '0')}` },
          },
          admin,
        ),
      ),
    );
    expectCleanAnswers(answers, [CODE.invoiceState]);
    expect(answers.filter((a, i) => i % 2 === 0 && succeeded(a))).toHaveLength(1);
    const mailed = answers.filter((a, i) => i % 2 === 1 && succeeded(a)).length;
    expect(mailed).toBeLessThanOrEqual(1);
    const [row] = await t.db.select().from(invoices).where(eq(invoices.id, applied.id));
    expect(row!.state).toBe(mailed ? 'mailed' : 'issued');
    expect(row!.issuedAt).not.toBeNull();
  },

  'product.categoryDelete': async () => {
    // An empty category deleted N times while subcategories are created under it N times.
    const target = await newCategory();
    const calls = Array.from({ length: 2 * N }, (_, i) => {
      if (i % 2 === 0) return t.call('product.categoryDelete', { params: { id: target } }, token);
      const n = ++categories;
      return t.call(
        'product.categoryCreate',
        { body: { name: `子分类${n}`, number: `RACE-${n}`, description: '竞争测试', remark: '无', parentId: target } },
        token,
      );
    });
    const answers = await Promise.all(calls);
    expectCleanAnswers(answers, [CODE.categoryNotFound, CODE.categoryHasChildren]);
    const deleted = answers.filter((a, i) => i % 2 === 0 && succeeded(a)).length;
    const children = answers.filter((a, i) => i % 2 === 1 && succeeded(a)).length;
    expect(deleted).toBeLessThanOrEqual(1);
    // Deleted only while it had no child; kept, it has every child created.
    const under = await t.db
      .select({ id: productCategories.id })
      .from(productCategories)
      .where(eq(productCategories.parentId, target));
    expect(under).toHaveLength(children);
    if (deleted === 1) expect(children).toBe(0);
    await expectSoundTree();
  },

  'product.categoryUpdate': async () => {
    // Two top-level categories, each with a child, moved under each other at once, N times each.
    const [p, q] = [await newCategory(), await newCategory()];
    await newCategory(p);
    await newCategory(q);
    const info = async (id: number) => t.ok('product.categoryInfo', { params: { id } }, token);
    const [pi, qi] = [await info(p), await info(q)];
    const move = (item: typeof pi, parentId: number) =>
      t.call(
        'product.categoryUpdate',
        {
          params: { id: item.id },
          body: { name: item.name, number: item.number, description: item.description, remark: item.remark, parentId },
        },
        token,
      );
    const answers = await Promise.all(
      Array.from({ length: 2 * N }, (_, i) => (i % 2 === 0 ? move(pi, q) : move(qi, p))),
    );
    expectCleanAnswers(answers, [CODE.categoryParentInvalid]);
    await expectSoundTree();
  },

  ...firmwareRaces(() => ({ t, admin, tenant: token, n: N, clean: expectCleanAnswers })),
  ...priceRaces(() => ({ t, tenant: token, n: N, clean: expectCleanAnswers })),
  ...shareRaces(() => ({ t, tenant: token, n: N, clean: expectCleanAnswers })),

  'fresh.removeBatch': async () => {
    // An open batch of the demo fridge removed as waste N times at once: its units leave the channel once, one waste record, the rest 1442.
    const [batch] = await t.db
      .select({ id: freshBatches.id, remaining: freshBatches.remaining })
      .from(freshBatches)
      .where(and(eq(freshBatches.deviceId, t.ids.device('VM2026000111')), isNull(freshBatches.closedAt)))
      .orderBy(asc(freshBatches.id))
      .limit(1);
    const answers = await Promise.all(
      Array.from({ length: N }, () =>
        t.call('fresh.removeBatch', { params: { id: batch!.id }, body: { reason: 'expired' } }, token),
      ),
    );
    expectCleanAnswers(answers, [CODE.batchGone]);
    expect(answers.filter(succeeded)).toHaveLength(1);
    expect(
      await t.db.select({ id: freshWaste.id }).from(freshWaste).where(eq(freshWaste.batchId, batch!.id)),
    ).toHaveLength(1);
    const checks = await reconcile(t.db, [t.ids.tenant('A')]);
    expect(
      checks.filter((c) => c.key.startsWith('fresh.') || c.key === 'device.stock').flatMap((c) => c.differences),
    ).toEqual([]);
  },

  ...coldRaces(() => ({ t, tenant: token, n: N, clean: expectCleanAnswers })),
  ...doorRaces(() => ({ t, tenant: token, n: N, clean: expectCleanAnswers })),

  'books.run': async () => {
    // N runs of tenant A's books asked at once: one run waits, and every answer names it.
    await t.db.delete(bookRuns);
    const answers = await Promise.all(Array.from({ length: N }, () => t.call('books.run', { body: {} }, token)));
    expectCleanAnswers(answers, []);
    expect(new Set(answers.map((a) => a.body.content.id)).size).toBe(1);
    expect(await t.db.select({ id: bookRuns.id }).from(bookRuns)).toHaveLength(1);
  },
};

describe('races on contended operations', () => {
  it('has a scenario for every operation the table marks contended, and none for others', () => {
    const contended = OPS.filter((op) => defOf(op).contended);
    expect(Object.keys(SCENARIOS).sort()).toEqual([...contended].sort());
  });

  it.each(Object.keys(SCENARIOS) as ApiOp[])(
    `%s keeps its invariant under ${N} parallel conflicting calls, ${ROUNDS === 1 ? 'one round' : `${ROUNDS} rounds`}`,
    async (op) => {
      for (let round = 0; round < ROUNDS; round++) await SCENARIOS[op]!();
    },
    120_000,
  );
});
