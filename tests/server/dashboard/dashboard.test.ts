/** The dashboard's endpoints: the rollups' figures agree with a GROUP BY over the orders, in each caller's scope; today moves with a sale. */
import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { CODE } from '../../../shared/domains.js';
import { addDays, businessDay } from '../../../shared/business-time.js';
import { suiteApp, deviceBasic } from '../helpers.js';
import { devices } from '../../../server/device/index.js';
import { deviceChannels } from '../../../server/device/schema.js';
import { baselineFigures, coverage } from '../../../server/dashboard/index.js';
import { PgDialect } from 'drizzle-orm/pg-core';
import { tenants } from '../../../server/identity/schema.js';

const t = suiteApp(['admin', 'tenant1', 'tenant11', 'tenant2', 'member1', 'member4', 'enterprise1']);
const token: Record<string, string> = t.token;

const today = businessDay();
const figures = (from: string, to: string, who: string) =>
  t.call('dashboard.figures', { body: { from, to } }, token[who]);

/** The tenants a user's scope holds, for the baseline. */
async function treeOf(key: 'A' | 'B') {
  const root = t.ids.tenant(key);
  const children = await t.db.select({ id: tenants.id }).from(tenants).where(eq(tenants.parentId, root));
  return [root, ...children.map((c) => c.id)];
}

describe('dashboard.figures', () => {
  it("gives a first-level tenant the same totals, devices and products as a GROUP BY over its hierarchy's orders", async () => {
    for (const [from, to] of [
      [addDays(today, -6), today],
      [addDays(today, -89), today],
      [addDays(today, -40), addDays(today, -3)],
      [addDays(today, -80), addDays(today, -33)],
      [addDays(today, -364), today],
    ] as const) {
      const got = (await figures(from, to, 'tenant1')).body.content;
      const want = await baselineFigures(t.db, await treeOf('A'), from, to);
      expect(got.totals).toEqual({ ...want.totals, net: want.totals.sales - want.totals.refunds });
      expect(got.totals.orders).toBeGreaterThan(0);
      for (const d of got.byDevice)
        expect(want.byDevice.get(d.id!), d.name).toMatchObject({
          orders: d.orders,
          sales: d.sales,
          refunds: d.refunds,
        });
      expect(got.byDevice.length).toBe(want.byDevice.size);
      // The first 50 products by name, the rest as one row "others".
      for (const p of got.byProduct.filter((x: { id: number | null }) => x.id !== null))
        expect(want.byProduct.get(p.id!), p.name).toEqual({ quantity: p.quantity, sales: p.sales, refunds: p.refunds });
      const sumOf = (rows: Iterable<{ quantity: number; sales: number }>) =>
        [...rows].reduce((n, x) => n + x.sales * 1000 + x.quantity, 0);
      expect(sumOf(got.byProduct)).toBe(sumOf(want.byProduct.values()));
      expect(got.byProduct.length).toBeLessThanOrEqual(51);
      // Ranked by net sales, every row named.
      expect(got.byDevice.map((d: { net: number }) => d.net)).toEqual(
        [...got.byDevice.map((d: { net: number }) => d.net)].sort((a, b) => b - a),
      );
      expect(
        got.byProduct.every(
          (p: { id: number | null; name: string; detail: string }) => p.name && (p.detail || p.id === null),
        ),
      ).toBe(true);
      // The points add up to the devices.
      const sum = (rows: { sales: number }[]) => rows.reduce((n, x) => n + x.sales, 0);
      expect(sum(got.byPoint)).toBe(sum(got.byDevice));
      // The series adds up to the totals.
      expect(sum(got.series)).toBe(got.totals.sales);
    }
  });

  it('draws one day by hour, up to 62 days by day, longer by month, with the empty buckets', async () => {
    const one = (await figures(addDays(today, -1), addDays(today, -1), 'tenant1')).body.content;
    expect(one.grain).toBe('hour');
    expect(one.series).toHaveLength(24);
    expect(one.series[0].bucket).toBe(`${addDays(today, -1)} 00:00`);
    const week = (await figures(addDays(today, -6), today, 'tenant1')).body.content;
    expect(week.grain).toBe('day');
    expect(week.series.map((s: { bucket: string }) => s.bucket)).toEqual(
      Array.from({ length: 7 }, (_, i) => addDays(today, i - 6)),
    );
    const year = (await figures(addDays(today, -364), today, 'tenant1')).body.content;
    expect(year.grain).toBe('month');
    expect(year.series.length).toBeGreaterThanOrEqual(12);
    expect(year.series.at(-1).bucket).toBe(today.slice(0, 7));
  });

  it("scopes: a second-level tenant sees its own, member1 (1-1) its tenant's, tenant B none of A's, the admin everything", async () => {
    const from = addDays(today, -30);
    const a = (await figures(from, today, 'tenant1')).body.content;
    const a1 = (await figures(from, today, 'tenant11')).body.content;
    const b = (await figures(from, today, 'tenant2')).body.content;
    const all = (await figures(from, today, 'admin')).body.content;
    const member = (await figures(from, today, 'member1')).body.content;
    const own = (await baselineFigures(t.db, [t.ids.tenant('A1')], from, today)).totals;
    expect(a1.totals).toEqual({ ...own, net: own.sales - own.refunds });
    expect(member.totals.orders).toBe((await baselineFigures(t.db, [t.ids.tenant('A')], from, today)).totals.orders);
    expect(all.totals.orders).toBe((await baselineFigures(t.db, null, from, today)).totals.orders);
    expect(all.totals.orders).toBeGreaterThan(a.totals.orders);
    expect(a.totals.orders).toBeGreaterThan(a1.totals.orders);
    const aDevices = new Set(a.byDevice.map((d: { id: number }) => d.id));
    expect(b.byDevice.some((d: { id: number }) => aDevices.has(d.id))).toBe(false);
  });

  it('refunds: bad ranges with a field error, callers without 1-1 and enterprise customers with the permission code', async () => {
    const backwards = await figures(today, addDays(today, -1), 'tenant1');
    expect(backwards.body).toMatchObject({
      code: CODE.badRequest,
      content: { fields: { to: 'dashboard.validation.range' } },
    });
    const long = await figures(addDays(today, -1200), today, 'tenant1');
    expect(long.body.content.fields).toEqual({ from: 'dashboard.validation.tooLong' });
    expect((await figures('2026-02-30', today, 'tenant1')).body.content.fields).toEqual({ from: 'validation.invalid' });
    for (const who of ['member4', 'enterprise1']) {
      expect((await figures(today, today, who)).body.code, who).toBe(CODE.forbidden);
      expect(await t.code('dashboard.today', {}, token[who]), who).toBe(CODE.forbidden);
    }
  });

  it('reads whole years from year rows, whole months from month rows, and an edge from day rows or its month less the days outside', () => {
    const dialect = new PgDialect();
    const text = (from: string, to: string, years = true) => {
      const c = coverage(from, to, { today: '2026-11-25', years });
      const q = dialect.sqlToQuery(c.where);
      const signed = dialect.sqlToQuery(c.sign);
      const grainsOf = (text: string) => [...text.matchAll(/= '(\w+)'/g)].map((m) => m[1]);
      const minus = grainsOf(signed.sql).map((g, i) => `${g} ${signed.params[2 * i]}…${signed.params[2 * i + 1]}`);
      return grainsOf(q.sql)
        .map((g, i) => `${g} ${q.params[2 * i]}…${q.params[2 * i + 1]}`)
        .map((part) => `${minus.includes(part) ? '-' : ''}${part}`.replaceAll(' 00:00:00', ''))
        .join(', ');
    };
    expect(text('2026-01-01', '2026-03-31')).toBe('month 2026-01-01…2026-04-01');
    expect(text('2026-01-15', '2026-04-02')).toBe(
      'month 2026-01-01…2026-02-01, month 2026-02-01…2026-04-01, day 2026-04-01…2026-04-03, -day 2026-01-01…2026-01-15',
    );
    expect(text('2026-01-25', '2026-02-10')).toBe('day 2026-01-25…2026-02-01, day 2026-02-01…2026-02-11');
    expect(text('2026-02-03', '2026-02-05')).toBe('day 2026-02-03…2026-02-06');
    expect(text('2026-02-02', '2026-02-26')).toBe(
      'month 2026-02-01…2026-03-01, -day 2026-02-01…2026-02-02, -day 2026-02-27…2026-03-01',
    );
    // Nothing is recorded after today: this month and this year are their rows.
    expect(text('2026-10-20', '2026-11-25')).toBe('day 2026-10-20…2026-11-01, month 2026-11-01…2027-01-01');
    expect(text('2025-11-26', '2026-11-25')).toBe(
      'day 2025-11-26…2025-12-01, month 2025-12-01…2026-01-01, year 2026-01-01…2027-01-01',
    );
    expect(text('2025-11-03', '2026-11-25')).toBe(
      'month 2025-11-01…2025-12-01, month 2025-12-01…2026-01-01, year 2026-01-01…2027-01-01, -day 2025-11-01…2025-11-03',
    );
    expect(text('2024-01-01', '2025-12-31')).toBe('year 2024-01-01…2026-01-01');
    expect(text('2025-11-26', '2026-11-25', false)).toBe('day 2025-11-26…2025-12-01, month 2025-12-01…2027-01-01');
  });
});

describe('dashboard.today', () => {
  it("moves with a machine's sale: today, the month, the year and the hour", async () => {
    const before = (await t.call('dashboard.today', {}, token.tenant1)).body.content;
    const otherBefore = (await t.call('dashboard.today', {}, token.tenant2)).body.content;
    expect(before.day).toBe(today);
    expect(before.hours).toHaveLength(24);
    expect(before.devices.online + before.devices.offline).toBeGreaterThan(0);
    const [machine] = await t.db
      .select({ id: devices.id, serial: devices.serial })
      .from(devices)
      .where(
        and(
          eq(devices.tenantId, t.ids.tenant('A')),
          eq(devices.activated, true),
          eq(devices.online, true),
          eq(devices.type, 'selling'),
          eq(devices.locked, false),
        ),
      )
      .limit(1);
    await t.db
      .update(deviceChannels)
      .set({ stock: 5 })
      .where(and(eq(deviceChannels.deviceId, machine!.id), eq(deviceChannels.number, 1)));
    const sale = await t.call(
      'order.sale',
      {
        body: {
          saleId: 'dash-1',
          thirdPartyNumber: '420000777',
          platform: 'wechat',
          paymentType: 'scan',
          items: [{ channel: 1, count: 1 }],
        },
      },
      undefined,
      { authorization: deviceBasic(machine!.serial) },
    );
    expect(sale.body.code).toBe(CODE.ok);
    const amount = sale.body.content.amount;
    const after = (await t.call('dashboard.today', {}, token.tenant1)).body.content;
    for (const k of ['today', 'month', 'year'] as const)
      expect(after[k], k).toMatchObject({ orders: before[k].orders + 1, sales: before[k].sales + amount });
    const changed = after.hours.filter((h: { orders: number }, i: number) => h.orders !== before.hours[i].orders);
    expect(changed).toHaveLength(1);
    // Tenant B's did not move.
    expect((await t.call('dashboard.today', {}, token.tenant2)).body.content.today).toEqual(otherBefore.today);
  });
});
