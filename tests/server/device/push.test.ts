/**
 * A push to the fleet (shared/device/push.ts): what it may name, the
 * devices a point's or a scene's target reaches — through the point's and
 * the scene's ports, whichever domain pushes — and the fleet's one view of
 * every push, firmware's and price's, with the devices that stalled.
 */
import { and, eq, isNotNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { CODE } from '../../../shared/domains.js';
import { deviceChannels, targetDevices } from '../../../server/device/index.js';
import { firmwarePackages, rolloutJobs, rollouts } from '../../../server/firmware/schema.js';
import { pushParts } from '../../../server/device/index.js';
import { priceChangeDevices, priceChangeLines, priceChanges } from '../../../server/price/schema.js';
import { platformScope } from '../../../server/scope.js';
import { suiteApp } from '../helpers.js';

const t = suiteApp(['admin', 'tenant1', 'tenant2', 'member1']);

describe('device.pushTargets', () => {
  it("offers the tenant's devices, points and scenes; the admin names the tenant", async () => {
    const mine = await t.ok('device.pushTargets', { body: {} }, t.token.tenant1);
    expect(mine.devices.map((d) => d.serial)).toContain('VM2026000101');
    expect(mine.devices.map((d) => d.serial)).not.toContain('VM2026000301');
    expect(mine.points.length).toBeGreaterThan(0);
    expect(mine.scenes.length).toBeGreaterThan(0);
    expect(await t.code('device.pushTargets', { body: {} }, t.token.admin)).toBe(CODE.tenantRequired);
    const theirs = await t.ok('device.pushTargets', { body: { tenantId: t.ids.tenant('B') } }, t.token.admin);
    expect(theirs.devices.map((d) => d.serial)).toContain('VM2026000301');
    expect(theirs.points.map((p) => p.id)).not.toEqual(expect.arrayContaining(mine.points.map((p) => p.id)));
  });
});

describe('targetDevices', () => {
  const tenantA = () => t.ids.tenant('A');
  const resolve = (target: Parameters<typeof targetDevices>[3], tenantId = tenantA()) =>
    targetDevices(t.db, platformScope, tenantId, target);

  it("reaches a point's and a scene's devices of the tenant, and the chosen ones once each, in order", async () => {
    const offered = await t.ok('device.pushTargets', { body: {} }, t.token.tenant1);
    const withDevices = async (kind: 'point' | 'scene') => {
      for (const place of kind === 'point' ? offered.points : offered.scenes) {
        const ids = await resolve(
          kind === 'point' ? { target: 'point', pointId: place.id } : { target: 'scene', sceneId: place.id },
        );
        if (ids.length) return ids;
      }
      return [];
    };
    const atPoint = await withDevices('point');
    const atScene = await withDevices('scene');
    expect(atPoint.length).toBeGreaterThan(0);
    expect(atScene.length).toBeGreaterThan(0);
    const mine = new Set(offered.devices.map((d) => d.id));
    expect([...atPoint, ...atScene].every((id) => mine.has(id))).toBe(true);
    expect(atPoint).toEqual([...atPoint].sort((a, b) => a - b));
    const [a, b] = offered.devices.map((d) => d.id);
    expect(await resolve({ target: 'devices', deviceIds: [b!, a!, b!] })).toEqual([a, b].sort((x, y) => x! - y!));
  });

  it("refuses (1909) another tenant's device, point or scene, even one the target does not use", async () => {
    const theirs = await t.ok('device.pushTargets', { body: { tenantId: t.ids.tenant('B') } }, t.token.admin);
    const mine = await t.ok('device.pushTargets', { body: {} }, t.token.tenant1);
    const refused = async (target: Parameters<typeof targetDevices>[3]) =>
      expect(resolve(target)).rejects.toMatchObject({ code: CODE.pushRefUnknown });
    await refused({ target: 'devices', deviceIds: [theirs.devices[0]!.id] });
    await refused({ target: 'point', pointId: theirs.points[0]!.id });
    await refused({ target: 'devices', deviceIds: [mine.devices[0]!.id], pointId: theirs.points[0]!.id });
    if (theirs.scenes[0]) await refused({ target: 'scene', sceneId: theirs.scenes[0].id });
    await refused({ target: 'scene', sceneId: 999_999 });
  });
});

describe('device.pushes', () => {
  const HOUR = 3_600_000;
  const ago = (ms: number) => new Date(Date.now() - ms);
  const A = ['VM2026000101', 'VM2026000102', 'VM2026000105'];
  const pushes = (body: object = {}, token = t.token.tenant1) =>
    t.ok('device.pushes', { query: { pageSize: 50 }, body }, token);

  /** A device's part in a price change, as the price domain writes it: its push part and the change's row. */
  async function pricePart(changeId: number, serial: string, part: Partial<typeof pushParts.$inferInsert> = {}) {
    const [pushed] = await t.db
      .insert(pushParts)
      .values({ kind: 'price', pushId: changeId, deviceId: t.ids.device(serial), ...part })
      .returning({ id: pushParts.id });
    await t.db.insert(priceChangeDevices).values({ changeId, partId: pushed!.id });
  }

  /** A price change of tenant A's: one part delivered an hour ago and not applied, one applied, one pending now. */
  async function stalledChange() {
    const [product] = await t.db
      .select({ id: deviceChannels.productId })
      .from(deviceChannels)
      .where(and(eq(deviceChannels.deviceId, t.ids.device(A[0]!)), isNotNull(deviceChannels.productId)))
      .limit(1);
    const [change] = await t.db
      .insert(priceChanges)
      .values({ tenantId: t.ids.tenant('A'), timing: 'now', createdAt: ago(2 * HOUR) })
      .returning({ id: priceChanges.id });
    await t.db
      .insert(priceChangeLines)
      .values({ changeId: change!.id, position: 0, productId: product!.id!, price: 600, customerStaffPrice: 500 });
    await pricePart(change!.id, A[0]!, { step: 'working', startedAt: ago(HOUR), heardAt: ago(HOUR) });
    await pricePart(change!.id, A[1]!, {
      step: 'done',
      startedAt: ago(HOUR),
      heardAt: ago(HOUR / 2),
      endedAt: ago(HOUR / 2),
    });
    await pricePart(change!.id, A[2]!, { step: 'working', startedAt: new Date(), heardAt: new Date() });
    return change!.id;
  }

  /** A rollout of tenant A's, running: one job queued, one offered an hour ago and silent since. */
  async function stalledRollout() {
    const [pkg] = await t.db
      .select({ id: firmwarePackages.id })
      .from(firmwarePackages)
      .where(eq(firmwarePackages.state, 'released'))
      .limit(1);
    const [rollout] = await t.db
      .insert(rollouts)
      .values({
        tenantId: t.ids.tenant('A'),
        packageId: pkg!.id,
        state: 'running',
        firstStage: 100,
        perMinute: 10,
        concurrent: 10,
        threshold: 50,
        minDevices: 1,
        approval: false,
        createdAt: ago(3 * HOUR),
      })
      .returning({ id: rollouts.id });
    const parts = await t.db
      .insert(pushParts)
      .values([
        { kind: 'firmware' as const, pushId: rollout!.id, deviceId: t.ids.device(A[0]!) },
        {
          kind: 'firmware' as const,
          pushId: rollout!.id,
          deviceId: t.ids.device(A[1]!),
          step: 'working' as const,
          heardAt: ago(HOUR),
        },
      ])
      .returning({ id: pushParts.id, deviceId: pushParts.deviceId });
    await t.db.insert(rolloutJobs).values(
      parts.map((p, i) => ({
        rolloutId: rollout!.id,
        partId: p.id,
        phase: i === 1 ? ('offered' as const) : null,
      })),
    );
    return rollout!.id;
  }

  it('lists rollouts and price changes in one list, newest first, each with its devices by step and the stalled', async () => {
    const before = await pushes();
    expect(before.list.every((p) => p.tenantName)).toBe(true);
    const change = await stalledChange();
    const rollout = await stalledRollout();
    const after = await pushes();
    expect(after.total).toBe(before.total + 2);
    const times = after.list.map((p) => p.createdAt);
    expect(times).toEqual([...times].sort().reverse());
    expect(after.list.find((p) => p.kind === 'price' && p.id === change)).toMatchObject({
      state: 'running',
      steps: { waiting: 0, working: 2, done: 1, failed: 0, cancelled: 0 },
      stalled: 1,
    });
    const pushed = after.list.find((p) => p.kind === 'firmware' && p.id === rollout)!;
    expect(pushed).toMatchObject({ state: 'running', steps: { waiting: 1, working: 1, done: 0 }, stalled: 1 });
    expect(pushed.module).not.toBeNull();
    expect(pushed.version).toMatch(/^\d+\.\d+\.\d+$/);

    const stalled = await pushes({ stalled: true });
    expect(stalled.list.map((p) => `${p.kind}:${p.id}`).sort()).toEqual([`firmware:${rollout}`, `price:${change}`]);
    expect((await pushes({ kind: 'firmware' })).list.every((p) => p.kind === 'firmware')).toBe(true);
    expect((await pushes({ state: 'finished' })).list.every((p) => p.state === 'finished')).toBe(true);

    // A device that answers is no longer stalled; a paused rollout is held.
    await t.db
      .update(pushParts)
      .set({ heardAt: new Date() })
      .where(and(eq(pushParts.kind, 'firmware'), eq(pushParts.pushId, rollout)));
    await t.db.update(rollouts).set({ state: 'paused' }).where(eq(rollouts.id, rollout));
    expect((await pushes({ stalled: true })).list.map((p) => p.kind)).toEqual(['price']);
    expect((await pushes({ state: 'held' })).list.map((p) => p.id)).toEqual([rollout]);
  });

  it("shows a tenant its own pushes only, the admin every tenant's or one named, and pages the union", async () => {
    await stalledChange();
    const [b] = await t.db
      .insert(priceChanges)
      .values({ tenantId: t.ids.tenant('B'), timing: 'visit' })
      .returning({ id: priceChanges.id });
    await pricePart(b!.id, 'VM2026000301');
    const theirs = await pushes({}, t.token.tenant2);
    expect(theirs.list.map((p) => p.id)).toContain(b!.id);
    // The demo's change sent to Shenzhen North's machine, offline for three hours since.
    expect(theirs.list.filter((p) => p.stalled > 0).map((p) => [p.kind, p.state, p.steps.waiting])).toEqual([
      ['price', 'running', 1],
    ]);
    expect(theirs.list.every((p) => p.tenantId === t.ids.tenant('B'))).toBe(true);
    const all = await pushes({}, t.token.admin);
    const ofA = await pushes({ tenantId: t.ids.tenant('A') }, t.token.admin);
    expect(all.total).toBeGreaterThan(ofA.total);
    expect(ofA.list.every((p) => p.tenantId === t.ids.tenant('A'))).toBe(true);
    expect(
      await t.code('device.pushes', { query: {}, body: { tenantId: t.ids.tenant('A') } }, t.token.tenant2),
    ).not.toBe(CODE.ok);
    const first = await t.ok('device.pushes', { query: { pageSize: 1, pageNum: 1 }, body: {} }, t.token.admin);
    const second = await t.ok('device.pushes', { query: { pageSize: 1, pageNum: 2 }, body: {} }, t.token.admin);
    expect(first.total).toBe(all.total);
    expect(`${first.list[0]!.kind}${first.list[0]!.id}`).not.toBe(`${second.list[0]!.kind}${second.list[0]!.id}`);
  });
});
