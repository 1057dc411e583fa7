/**
 * The alert sweep (server/dashboard/sweep.ts, server/device/alerts.ts): each
 * quiet device and running-out channel raised once per episode as a live
 * event, the device's warning switch deciding the notification, cleared when
 * it ends, listed in the devices' exceptions view while open; and the
 * tenant's own quiet threshold.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { CODE } from '../../../shared/domains.js';
import type { DeviceEvent } from '../../../shared/device/index.js';
import type { LiveEvent } from '../../../shared/api/events.js';
import { suiteApp } from '../helpers.js';
import { deviceAlerts, devices } from '../../../server/device/index.js';
import { deviceChannels } from '../../../server/device/schema.js';
import { sweepAlerts } from '../../../server/dashboard/index.js';
import { publish } from '../../../server/http/events.js';
import { openEvents, type EventStream } from '../support/events.js';
import { sellsHourlyUntil } from './hourly.js';

const SERIAL = 'VM2026000101';
const t = suiteApp(['tenant1', 'tenant2', 'member1']);
let stream: EventStream;
let other: EventStream;
const token: Record<string, string> = t.token;
let device: { id: number; tenantId: number };
beforeAll(async () => {
  const url = await t.app.listen({ port: 0, host: '127.0.0.1' });
  [stream, other] = [await openEvents(url, token.tenant1), await openEvents(url, token.tenant2)];
  const [d] = await t.db
    .select({ id: devices.id, tenantId: devices.tenantId })
    .from(devices)
    .where(eq(devices.serial, SERIAL));
  device = { id: d!.id, tenantId: d!.tenantId! };
  await t.db.update(devices).set({ online: true, lastSeenAt: new Date() }).where(eq(devices.id, device.id));
});
afterAll(async () => {
  stream.close();
  other.close();
});

const data = (e: LiveEvent) => e.data as DeviceEvent;
const about = (kind: DeviceEvent['kind'], channel?: number) => (e: LiveEvent) =>
  e.topic === 'device' &&
  data(e).serial === SERIAL &&
  data(e).kind === kind &&
  (channel === undefined || data(e).channel === channel);
/** Every event published before this call has been heard once it returns. */
let marks = 0;
async function settled(s: EventStream, tenantId = device.tenantId) {
  const mark = ++marks;
  await publish(t.db, 'test', tenantId, { mark });
  await s.next((e) => e.topic === 'test' && (e.data as { mark: number }).mark === mark);
}
/** Events of this kind heard from the `from`th on. */
const heard = async (kind: DeviceEvent['kind'], channel?: number, from = 0) => {
  await settled(stream);
  return stream.events.slice(from).filter(about(kind, channel)).length;
};
const open = (kind: 'quiet' | 'runningOut') =>
  t.db
    .select()
    .from(deviceAlerts)
    .where(
      and(eq(deviceAlerts.deviceId, device.id), eq(deviceAlerts.kind, kind), sql`${deviceAlerts.closedAt} is null`),
    );
const exceptions = async (problem: 'quiet' | 'runningOut') =>
  (
    await t.ok('device.exceptions', { query: { pageNum: 1, pageSize: 100 }, body: { problem } }, token.tenant1)
  ).list.find((d) => d.serial === SERIAL);

describe('the alert sweep', () => {
  it('raises a quiet device once, keeps its hours current, lists it in the exceptions, and clears it when it sells', async () => {
    await sellsHourlyUntil(t.db, device.id, device.tenantId, 5);
    // Two sweeps at once: one episode, one event.
    const both = await Promise.all([sweepAlerts(t.db), sweepAlerts(t.db)]);
    expect(both.reduce((n, r) => n + (r?.opened ?? 0), 0)).toBeGreaterThanOrEqual(1);
    const event = data(await stream.next(about('quiet')));
    expect(event).toMatchObject({ name: '虹桥站饮料机 1 号', notify: true });
    expect(event.hours).toBeGreaterThan(4);
    await sweepAlerts(t.db);
    expect(await heard('quiet')).toBe(1);
    expect(await open('quiet')).toHaveLength(1);
    expect(await exceptions('quiet')).toMatchObject({
      problems: expect.arrayContaining(['quiet']),
      quietHours: expect.any(Number),
    });
    // Another tenant hears nothing of it.
    await settled(other, t.ids.tenant('B'));
    expect(other.events.some(about('quiet'))).toBe(false);

    await sellsHourlyUntil(t.db, device.id, device.tenantId, 0);
    await sweepAlerts(t.db);
    expect(data(await stream.next(about('alertCleared')))).toMatchObject({ alert: 'quiet', notify: false });
    expect(await open('quiet')).toHaveLength(0);
    expect(await exceptions('quiet')).toBeUndefined();

    // Quiet again: a new episode, a second event; the first stays closed in the history.
    await sellsHourlyUntil(t.db, device.id, device.tenantId, 6);
    await sweepAlerts(t.db);
    expect(await heard('quiet')).toBe(2);
    expect(
      await t.db
        .select()
        .from(deviceAlerts)
        .where(and(eq(deviceAlerts.deviceId, device.id), eq(deviceAlerts.kind, 'quiet'))),
    ).toHaveLength(2);
    await sellsHourlyUntil(t.db, device.id, device.tenantId, 0);
    await sweepAlerts(t.db);
  });

  it('announces a running-out channel with its stock, without a notification where the warning switch is off, and clears it when refilled', async () => {
    const [c] = await t.db
      .select()
      .from(deviceChannels)
      .where(
        and(
          eq(deviceChannels.deviceId, device.id),
          sql`${deviceChannels.productId} is not null`,
          eq(deviceChannels.enabled, true),
        ),
      )
      .orderBy(deviceChannels.number)
      .limit(1);
    // Two a day for each of the device's channels of its product: a channel holding up to 4 runs out within 48 hours.
    const same = (
      await t.db
        .select()
        .from(deviceChannels)
        .where(
          and(
            eq(deviceChannels.deviceId, device.id),
            eq(deviceChannels.productId, c!.productId!),
            eq(deviceChannels.enabled, true),
          ),
        )
    ).length;
    await t.db.execute(
      sql`delete from sales_rollups where device_id = ${device.id} and product_id = ${c!.productId} and grain = 'day'`,
    );
    await t.db.execute(sql`
      insert into sales_rollups (tenant_id, grain, bucket, device_id, product_id, orders, quantity, sales, refunds)
      select ${device.tenantId}, 'day', g, ${device.id}, ${c!.productId}, 0, ${2 * same}, ${600 * same}, 0
      from generate_series(date_trunc('day', now() at time zone 'Asia/Shanghai') - interval '6 days', date_trunc('day', now() at time zone 'Asia/Shanghai'), interval '1 day') g`);
    // Full first, so no episode of this channel is open.
    const [{ capacity }] = (await t.db
      .select({ capacity: devices.capacity })
      .from(devices)
      .where(eq(devices.id, device.id))) as [{ capacity: number }];
    const stock = (n: number) =>
      t.db
        .update(deviceChannels)
        .set({ stock: n })
        .where(and(eq(deviceChannels.deviceId, device.id), eq(deviceChannels.number, c!.number)));
    await stock(capacity);
    await sweepAlerts(t.db);
    await settled(stream);
    const from = stream.events.length;
    const fresh = (match: (e: LiveEvent) => boolean) =>
      stream.next((e) => match(e) && stream.events.indexOf(e) >= from);
    await stock(1);
    await t.db
      .update(devices)
      .set({ notifications: sql`${devices.notifications} || '{"warning": false}'::jsonb` })
      .where(eq(devices.id, device.id));
    await sweepAlerts(t.db);
    const event = data(await fresh(about('runningOut', c!.number)));
    expect(event).toMatchObject({ stock: 1, notify: false });
    expect(event.hours).toBeLessThan(48);
    await sweepAlerts(t.db);
    expect(await heard('runningOut', c!.number, from)).toBe(1);
    expect(await exceptions('runningOut')).toMatchObject({
      runningOutChannels: expect.any(Number),
      runningOutHours: expect.any(Number),
    });

    await stock(capacity);
    await t.db
      .update(devices)
      .set({ notifications: sql`${devices.notifications} || '{"warning": true}'::jsonb` })
      .where(eq(devices.id, device.id));
    await sweepAlerts(t.db);
    expect(data(await fresh(about('alertCleared', c!.number)))).toMatchObject({ alert: 'runningOut' });
    expect((await open('runningOut')).some((a) => a.channel === c!.number)).toBe(false);
  });
});

describe("dashboard.alertSettings: the tenant's own quiet threshold", () => {
  it("calls a device quiet after the tenant's own number of hours instead of its history, when the tenant set one", async () => {
    expect(await t.ok('dashboard.alertSettings', {}, token.tenant1)).toEqual({ quietHours: null });
    // Three hours without a sale: under three sales missed by its history, so not quiet…
    await sellsHourlyUntil(t.db, device.id, device.tenantId, 3);
    const quiet = async () =>
      (await t.ok('dashboard.alerts', {}, token.tenant1)).quiet.some((q) => q.serial === SERIAL);
    expect(await quiet()).toBe(false);
    // …but quiet after two hours by the tenant's rule, for its members too, and the sweep raises it.
    expect(await t.ok('dashboard.saveAlertSettings', { body: { quietHours: 2 } }, token.tenant1)).toEqual({
      quietHours: 2,
    });
    expect(await t.ok('dashboard.alertSettings', {}, token.member1)).toEqual({ quietHours: 2 });
    expect(await quiet()).toBe(true);
    await sweepAlerts(t.db);
    expect(await open('quiet')).toHaveLength(1);
    // Twelve hours: five silent hours are not quiet any more, though its history would say so.
    await t.ok('dashboard.saveAlertSettings', { body: { quietHours: 12 } }, token.tenant1);
    await sellsHourlyUntil(t.db, device.id, device.tenantId, 5);
    expect(await quiet()).toBe(false);
    await t.ok('dashboard.saveAlertSettings', { body: { quietHours: null } }, token.tenant1);
    expect(await quiet()).toBe(true);
    // Another tenant's setting is its own.
    expect(await t.ok('dashboard.alertSettings', {}, token.tenant2)).toEqual({ quietHours: null });
  });
});

describe('dashboard.saveAlertSettings', () => {
  it('refuses a threshold outside 1 to 168 hours with a field error, and a member changing it', async () => {
    for (const quietHours of [0, 169, 2.5]) {
      const res = await t.call('dashboard.saveAlertSettings', { body: { quietHours } }, token.tenant1);
      expect(res.body.content?.fields, String(quietHours)).toEqual({ quietHours: 'dashboard.validation.quietHours' });
    }
    expect(await t.code('dashboard.saveAlertSettings', { body: { quietHours: 4 } }, token.member1)).toBe(
      CODE.forbidden,
    );
    expect(await t.ok('dashboard.alertSettings', {}, token.tenant1)).toEqual({ quietHours: null });
  });
});
