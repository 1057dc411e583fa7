/**
 * A push to the fleet (shared/device/push.ts): what it may name, and the
 * devices a point's or a scene's target reaches — through the point's and
 * the scene's ports, whichever domain pushes.
 */
import { describe, expect, it } from 'vitest';
import { CODE } from '../../../shared/domains.js';
import { targetDevices } from '../../../server/device/index.js';
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
