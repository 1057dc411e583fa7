/** dashboard.alerts: quiet devices by their own hours, silent devices, the stock-out forecast and the visit order, each in the caller's scope. */
import { describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { suiteApp } from '../helpers.js';
import { devices } from '../../../server/device/index.js';
import { deviceChannels } from '../../../server/device/schema.js';
import { sellsHourlyUntil as hourly } from './hourly.js';

const t = suiteApp(['tenant1', 'tenant2', 'member1']);
const token: Record<string, string> = t.token;

const alerts = async (who: string) => await t.ok('dashboard.alerts', {}, token[who]);
const SERIAL = 'VM2026000101';

const sellsHourlyUntil = (deviceId: number, tenantId: number, hoursAgo: number) =>
  hourly(t.db, deviceId, tenantId, hoursAgo);

describe('dashboard.alerts', () => {
  it('calls a device that usually sells every hour quiet after five silent hours, not after one', async () => {
    const [d] = await t.db
      .select({ id: devices.id, tenantId: devices.tenantId })
      .from(devices)
      .where(eq(devices.serial, SERIAL));
    await sellsHourlyUntil(d!.id, d!.tenantId!, 5);
    const quiet = (await alerts('tenant1')).quiet.find((q) => q.serial === SERIAL);
    expect(quiet).toMatchObject({ name: '虹桥站饮料机 1 号', pointName: expect.any(String) });
    // About 6/7 of a sale an hour for four whole hours and some of this one.
    expect(quiet!.missed).toBeGreaterThanOrEqual(3);
    // 156 hourly sales over the week: 22.3 a day.
    expect(quiet!.perDay).toBeCloseTo(156 / 7, 0);
    expect(Date.now() - Date.parse(quiet!.lastSaleAt)).toBeGreaterThan(4 * 3_600_000);
    await sellsHourlyUntil(d!.id, d!.tenantId!, 1);
    expect((await alerts('tenant1')).quiet.some((q) => q.serial === SERIAL)).toBe(false);
    // Another tenant never sees it.
    expect((await alerts('tenant2')).quiet.some((q) => q.serial === SERIAL)).toBe(false);
  });

  it('lists activated devices without a heartbeat, and drops one that beats again', async () => {
    await t.db
      .update(devices)
      .set({ online: false, lastSeenAt: new Date(Date.now() - 3_600_000) })
      .where(eq(devices.serial, SERIAL));
    const silent = (await alerts('tenant1')).silent;
    expect(silent.find((s) => s.serial === SERIAL)).toMatchObject({ lastSeenAt: expect.any(String) });
    expect(silent.every((s) => s.serial.length > 0)).toBe(true);
    expect((await alerts('tenant2')).silent.some((s) => s.serial === SERIAL)).toBe(false);
    await t.db.update(devices).set({ online: true, lastSeenAt: new Date() }).where(eq(devices.serial, SERIAL));
    expect((await alerts('member1')).silent.some((s) => s.serial === SERIAL)).toBe(false);
  });

  it("forecasts a channel empty in its hours at the week's rate, soonest first, and orders the visits by it", async () => {
    const [d] = await t.db
      .select({ id: devices.id, tenantId: devices.tenantId })
      .from(devices)
      .where(eq(devices.serial, SERIAL));
    const [c] = await t.db
      .select()
      .from(deviceChannels)
      .where(
        and(
          eq(deviceChannels.deviceId, d!.id),
          sql`${deviceChannels.productId} is not null`,
          eq(deviceChannels.enabled, true),
        ),
      )
      .orderBy(deviceChannels.number)
      .limit(1);
    const same = (
      await t.db
        .select()
        .from(deviceChannels)
        .where(
          and(
            eq(deviceChannels.deviceId, d!.id),
            eq(deviceChannels.productId, c!.productId!),
            eq(deviceChannels.enabled, true),
          ),
        )
    ).length;
    // Its product sold 14 a day on this device all week; the channel holds 1.
    await t.db.execute(
      sql`delete from sales_rollups where device_id = ${d!.id} and product_id = ${c!.productId} and grain = 'day'`,
    );
    await t.db.execute(sql`
      insert into sales_rollups (tenant_id, grain, bucket, device_id, product_id, orders, quantity, sales, refunds)
      select ${d!.tenantId}, 'day', g, ${d!.id}, ${c!.productId}, 0, 14, 4200, 0
      from generate_series(date_trunc('day', now() at time zone 'Asia/Shanghai') - interval '6 days', date_trunc('day', now() at time zone 'Asia/Shanghai'), interval '1 day') g`);
    await t.db
      .update(deviceChannels)
      .set({ stock: 1 })
      .where(and(eq(deviceChannels.deviceId, d!.id), eq(deviceChannels.number, c!.number)));
    const a = await alerts('tenant1');
    const forecast = a.stockOut.find((s) => s.serial === SERIAL && s.channel === c!.number);
    expect(forecast).toMatchObject({ stock: 1, perDay: Math.round((14 / same) * 10) / 10 });
    expect(forecast!.hoursLeft).toBeCloseTo(24 / (14 / same), 0);
    expect(a.stockOut.map((s) => s.hoursLeft)).toEqual([...a.stockOut.map((s) => s.hoursLeft)].sort((x, y) => x - y));
    expect(a.stockOut.every((s) => s.hoursLeft <= 48)).toBe(true);
    expect(a.visits.find((v) => v.serial === SERIAL)).toMatchObject({ channels: expect.any(Number) });
    expect(a.visits.map((v) => v.hoursLeft)).toEqual([...a.visits.map((v) => v.hoursLeft)].sort((x, y) => x - y));
    expect((await alerts('tenant2')).stockOut.some((s) => s.serial === SERIAL)).toBe(false);
    // Refilled: forecast only while it would still run out within 48 hours.
    await t.db
      .update(deviceChannels)
      .set({ stock: 10 })
      .where(and(eq(deviceChannels.deviceId, d!.id), eq(deviceChannels.number, c!.number)));
    expect((await alerts('tenant1')).stockOut.some((s) => s.serial === SERIAL && s.channel === c!.number)).toBe(
      10 * 24 <= (14 / same) * 48,
    );
  });
});
