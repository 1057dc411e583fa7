/**
 * The sales rollups (server/order/rollup.ts): equal to the sums over the
 * orders and refunds after the seed's 10 000 orders and a random mix of
 * sales, partial and full refunds and failed ones; the rebuild gives the
 * same rows; concurrent sales of one device each count.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { and, eq, sql } from 'drizzle-orm';
import { CODE } from '../../../shared/domains.js';
import { suiteApp, deviceBasic } from '../helpers.js';
import { devices } from '../../../server/device/index.js';
import { deviceChannels } from '../../../server/device/schema.js';
import { orderItems, orders, rebuildRollups, seedOrders } from '../../../server/order/index.js';
import { settleDueRefunds } from '../../../server/refund/index.js';
import { actualRollups, differences, expectedRollups } from './truth.js';

const t = suiteApp(['admin'], { deviceLimit: { requests: 1_000_000, windowMs: 60_000 } });
/** Selling machines with stocked channels, refilled so that the mix never runs dry. */
let machines: { serial: string; channels: number[] }[];

beforeAll(async () => {
  process.env.REFUND_SETTLE_MS = '0';
  await seedOrders(t.db, { count: 10_000, days: 60, now: Date.now(), seed: 0.42 });
  const rows = await t.db
    .select({ id: devices.id, serial: devices.serial })
    .from(devices)
    .where(
      and(
        eq(devices.activated, true),
        eq(devices.type, 'selling'),
        sql`${devices.tenantId} is not null`,
        sql`${devices.allocation} <> 'recycled'`,
      ),
    );
  machines = [];
  for (const d of rows) {
    const chans = await t.db
      .select({ number: deviceChannels.number })
      .from(deviceChannels)
      .where(and(eq(deviceChannels.deviceId, d.id), sql`${deviceChannels.productId} is not null`))
      .orderBy(deviceChannels.number);
    if (!chans.length) continue;
    await t.db
      .update(deviceChannels)
      .set({ stock: 100_000, enabled: true, locked: false })
      .where(eq(deviceChannels.deviceId, d.id));
    await t.db
      .update(devices)
      .set({ orderLimit: 10, channelSalesLimit: 5, online: true, locked: false, lastSeenAt: new Date() })
      .where(eq(devices.id, d.id));
    machines.push({ serial: d.serial, channels: chans.map((c) => c.number) });
  }
});
afterAll(async () => {
  delete process.env.REFUND_SETTLE_MS;
});

let saleNo = 0;
async function sell(serial: string, items: { channel: number; count: number }[]) {
  const res = await t.call(
    'order.sale',
    {
      body: {
        saleId: `R${++saleNo}`,
        thirdPartyNumber: `4200009${saleNo}`,
        platform: 'wechat',
        paymentType: 'scan',
        items,
      },
    },
    undefined,
    { authorization: deviceBasic(serial) },
  );
  expect(res.body, JSON.stringify([items, res.body])).toMatchObject({ code: CODE.ok });
  const [row] = await t.db
    .select({ id: orders.id, received: orders.receivedAmount })
    .from(orders)
    .where(eq(orders.number, res.body.content.orderNumber));
  return row!;
}

const expectExact = async () => {
  expect(differences(await expectedRollups(t.db), await actualRollups(t.db))).toEqual([]);
};

type Step =
  | { kind: 'sale'; machine: number; lines: { channel: number; count: number }[] }
  | { kind: 'refund'; order: number; share: number; byItem: boolean; fail: boolean };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    kind: fc.constant('sale' as const),
    machine: fc.nat(1000),
    lines: fc.uniqueArray(fc.record({ channel: fc.nat(40), count: fc.integer({ min: 1, max: 3 }) }), {
      minLength: 1,
      maxLength: 3,
      selector: (l) => l.channel,
    }),
  }),
  fc.record({
    kind: fc.constant('refund' as const),
    order: fc.nat(1000),
    share: fc.double({ min: 0.01, max: 1, noNaN: true }),
    byItem: fc.boolean(),
    fail: fc.boolean(),
  }),
);

describe('sales rollups', () => {
  it('equal the sums over orders and refunds after the seed and a random mix of sales and refunds, settled or failed', async () => {
    await expectExact();
    const sold: { id: number; received: number }[] = [];
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 5, maxLength: 25 }), async (steps) => {
        for (const s of steps) {
          if (s.kind === 'sale') {
            const m = machines[s.machine % machines.length]!;
            const seen = new Set<number>();
            const lines = s.lines
              .map((l) => ({ channel: m.channels[l.channel % m.channels.length]!, count: l.count }))
              .filter((l) => !seen.has(l.channel) && seen.add(l.channel));
            sold.push(await sell(m.serial, lines));
          } else if (sold.length) {
            const o = sold[s.order % sold.length]!;
            const [row] = await t.db.select({ refunded: orders.refundAmount }).from(orders).where(eq(orders.id, o.id));
            const left = o.received - row!.refunded;
            if (left <= 0) continue;
            const amount = Math.max(1, Math.floor(left * s.share));
            const reason = s.fail ? '测试 #fail' : '未出货';
            let body: object = { reason, amount };
            if (s.byItem) {
              const items = await t.db
                .select()
                .from(orderItems)
                .where(eq(orderItems.orderId, o.id))
                .orderBy(orderItems.id);
              // What a line may give back is what it paid (`amount`), after the activities that priced the sale.
              const item = items.find((i) => i.amount - i.refundAmount > 0);
              if (item)
                body = {
                  reason,
                  items: [
                    {
                      itemId: item.id,
                      amount: Math.max(1, Math.floor(Math.min(left, item.amount - item.refundAmount) * s.share)),
                    },
                  ],
                };
            }
            const res = await t.call('refund.create', { params: { id: o.id }, body: body as never }, t.token.admin);
            expect(res.body, JSON.stringify([body, res.body])).toMatchObject({ code: CODE.ok });
            if (s.share > 0.5) await settleDueRefunds(t.db);
          }
        }
        await settleDueRefunds(t.db);
        await expectExact();
      }),
      // A fixed seed, as the suite's other properties: this one once drew a ¥30 coffee order the demo's ¥5 reduction priced.
      { numRuns: 4, endOnFailure: true, seed: 961978406 },
    );
  }, 180_000);

  it('the rebuild gives the same rows, whole or by a range of days, however often it runs', async () => {
    const before = await actualRollups(t.db);
    const today = new Date().toISOString().slice(0, 10);
    await rebuildRollups(t.db);
    expect(differences(before, await actualRollups(t.db))).toEqual([]);
    const lost = await t.db.execute(
      sql`update sales_rollups set sales = sales + 999, orders = orders + 1 where (grain = 'day' and bucket >= now() - interval '20 days') or (grain = 'year' and bucket >= now() - interval '1 year')`,
    );
    expect(lost).toBeTruthy();
    const from = new Date(Date.now() - 25 * 86_400_000).toISOString().slice(0, 10);
    const twice = await rebuildRollups(t.db, { from, to: today });
    await rebuildRollups(t.db, { from, to: today });
    expect(twice.from).toBe(`${from.slice(0, 7)}-01`);
    expect(differences(before, await actualRollups(t.db))).toEqual([]);
  });

  it('keeps every one of concurrent sales of one device', async () => {
    const m = machines[0]!;
    const [device] = await t.db.select({ id: devices.id }).from(devices).where(eq(devices.serial, m.serial));
    const ordersNow = async () =>
      Number(
        (
          (await t.db.execute(sql`select coalesce(sum(orders), 0)::int as n from sales_rollups
      where device_id = ${device!.id} and grain = 'month' and product_id = 0`)) as unknown as { rows: { n: number }[] }
        ).rows[0]!.n,
      );
    const before = await ordersNow();
    await Promise.all(Array.from({ length: 12 }, () => sell(m.serial, [{ channel: m.channels[0]!, count: 1 }])));
    expect(await ordersNow()).toBe(before + 12);
    await expectExact();
  });

  it("counts a refund on the day it settled, not the order's day", async () => {
    const [old] = await t.db
      .select({ id: orders.id, received: orders.receivedAmount, tenantId: orders.tenantId })
      .from(orders)
      .where(
        and(
          eq(orders.rootTenantId, t.ids.tenant('A')),
          eq(orders.paymentState, 'success'),
          eq(orders.refundState, 'none'),
          sql`${orders.createdAt} < now() - interval '3 days'`,
          sql`${orders.createdAt} > now() - interval '6 days'`,
        ),
      )
      .limit(1);
    const todayRefunds = async () =>
      Number(
        (
          (await t.db.execute(sql`select coalesce(sum(refunds), 0)::bigint as n from sales_rollups
      where grain = 'day' and product_id = 0 and bucket = date_trunc('day', now() at time zone 'Asia/Shanghai')`)) as unknown as {
            rows: { n: string }[];
          }
        ).rows[0]!.n,
      );
    const before = await todayRefunds();
    await t.ok('refund.create', { params: { id: old!.id }, body: { reason: '顾客投诉', amount: 100 } }, t.token.admin);
    expect(await todayRefunds()).toBe(before);
    await settleDueRefunds(t.db);
    expect(await todayRefunds()).toBe(before + 100);
    await expectExact();
  });
});
