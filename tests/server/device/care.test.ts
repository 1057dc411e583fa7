/** The exceptions view and the pick list (beyond the spec; shared/device/care.ts). */
import { describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { CODE } from '../../../shared/domains.js';
import { deviceBasic, suiteApp } from '../helpers.js';
import { devices } from '../../../server/device/index.js';
import { deviceChannels } from '../../../server/device/schema.js';

const t = suiteApp(['tenant1']);

describe('device.exceptions', () => {
  it('lists the devices that need someone, with what is wrong, worst first, by problem', async () => {
    await t.call('device.fault', { body: { code: 'E-21', message: '制冷温度过高' } }, undefined, {
      authorization: deviceBasic('VM2026000106'),
    });
    const page = await t.ok('device.exceptions', { query: { pageSize: 100 }, body: {} }, t.token.tenant1);
    const of = (serial: string) => page.list.find((d) => d.serial === serial);
    // Locked, expired ten days ago, low channels: three problems.
    expect(of('VM2026000105')!.problems).toEqual(expect.arrayContaining(['locked', 'expiring', 'lowStock']));
    expect(of('VM2026000104')!.problems).toEqual(expect.arrayContaining(['offline', 'expiring']));
    expect(of('VM2026000106')).toMatchObject({ faultCode: 'E-21', faultMessage: '制冷温度过高' });
    expect(of('VM2026000106')!.problems).toContain('fault');
    // Never activated: not "offline".
    expect(of('VM2026000110')).toBeUndefined();
    const counts = page.list.map((d) => d.problems.length);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    const faulted = await t.ok('device.exceptions', { query: {}, body: { problem: 'fault' } }, t.token.tenant1);
    expect(faulted.list.map((d) => d.serial)).toEqual(['VM2026000106']);
    // Another tenant's machines are not its news.
    const tenant2 = await t.signIn('tenant2');
    expect(
      (await t.ok('device.exceptions', { query: { pageSize: 100 }, body: {} }, tenant2)).list
        .map((d) => d.serial)
        .filter((s) => s.startsWith('VM20260001')),
    ).toEqual([]);
  });
});

describe('device.pickList', () => {
  it('says what to bring to fill the low channels of a point, by device and by product', async () => {
    const id = t.ids.device('VM2026000101');
    await t.db.update(deviceChannels).set({ stock: 8 }).where(eq(deviceChannels.deviceId, id));
    await t.db
      .update(deviceChannels)
      .set({ stock: 1 })
      .where(and(eq(deviceChannels.deviceId, id), sql`${deviceChannels.number} in (1, 2)`));
    await t.db
      .update(deviceChannels)
      .set({ stock: 2, enabled: false })
      .where(and(eq(deviceChannels.deviceId, id), eq(deviceChannels.number, 3)));
    await t.db.update(devices).set({ warningValue: 2 }).where(eq(devices.id, id));
    const list = await t.ok('device.pickList', { body: { deviceIds: [id] } }, t.token.tenant1);
    expect(list.points).toHaveLength(1);
    expect(list.points[0]).toMatchObject({ pointName: '上海虹桥站 A 区' });
    expect(list.points[0]!.devices[0]!.channels.map((ch) => [ch.number, ch.stock, ch.fill])).toEqual([
      [1, 1, 7],
      [2, 1, 7],
    ]);
    expect(list.totalFill).toBe(14);
    expect(list.products.reduce((s, p) => s + p.fill, 0)).toBe(14);

    const byPoint = await t.ok('device.pickList', { body: { pointId: t.ids.point('hongqiao') } }, t.token.tenant1);
    expect(byPoint.points.flatMap((p) => p.devices.map((d) => d.serial))).toEqual(
      expect.arrayContaining(['VM2026000101', 'VM2026000102']),
    );
    expect(byPoint.totalFill).toBeGreaterThan(14);
  });

  it('takes devices, a point or both, not neither, in scope only', async () => {
    expect((await t.call('device.pickList', { body: {} }, t.token.tenant1)).body.content.fields).toEqual({
      deviceIds: 'device.validation.pickScope',
    });
    const tenant2 = await t.signIn('tenant2');
    expect(await t.code('device.pickList', { body: { deviceIds: [t.ids.device('VM2026000101')] } }, tenant2)).toBe(
      CODE.deviceNotFound,
    );
    expect(await t.code('device.pickList', { body: { pointId: t.ids.point('hongqiao') } }, tenant2)).toBe(
      CODE.pointNotFound,
    );
  });
});
