/**
 * Device binding (device.handOver): a first-level tenant hands devices to its
 * second-level tenant and takes them back, all or none, with a line of
 * history each; a device on a point is refused unless unbound first; nobody
 * moves devices of a tenant that is not theirs.
 */
import { describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { CODE } from '../../../shared/domains.js';
import { devices } from '../../../server/device/index.js';
import { deviceChannels } from '../../../server/device/schema.js';
import { suiteApp } from '../helpers.js';
import { addMember } from '../reliability/support/world.js';

const t = suiteApp(['admin', 'tenant1', 'tenant11', 'tenant2', 'member1']);
const owner = async (serial: string) =>
  (
    await t.db
      .select({ tenantId: devices.tenantId, pointId: devices.pointId })
      .from(devices)
      .where(eq(devices.serial, serial))
  )[0]!;

describe('device.handOver', () => {
  it('hands two devices to the second-level tenant and takes one back, each move a line of history; the channels go with them', async () => {
    const ids = [t.ids.device('VM2026000107'), t.ids.device('VM2026000108')];
    expect(
      await t.ok(
        'device.handOver',
        { body: { tenantId: t.ids.tenant('A1'), deviceIds: ids, back: false } },
        t.token.tenant1,
      ),
    ).toEqual({ changed: 2 });
    expect((await owner('VM2026000107')).tenantId).toBe(t.ids.tenant('A1'));
    const channels = await t.db
      .select({ tenantId: deviceChannels.tenantId })
      .from(deviceChannels)
      .where(inArray(deviceChannels.deviceId, ids));
    expect(new Set(channels.map((c) => c.tenantId))).toEqual(new Set([t.ids.tenant('A1')]));
    const seen = await t.ok('device.page', { query: { pageNum: 1, pageSize: 50 }, body: {} }, t.token.tenant11);
    expect(seen.list.map((d) => d.serial)).toEqual(expect.arrayContaining(['VM2026000107', 'VM2026000108']));

    expect(
      await t.ok(
        'device.handOver',
        { body: { tenantId: t.ids.tenant('A1'), deviceIds: [ids[1]!], back: true } },
        t.token.tenant1,
      ),
    ).toEqual({ changed: 1 });
    expect((await owner('VM2026000108')).tenantId).toBe(t.ids.tenant('A'));
    const history = await t.ok('device.allocations', { params: { id: ids[1]! } }, t.token.admin);
    expect(history.slice(-2).map((h) => [h.action, h.tenantName])).toEqual([
      ['handOver', '苏州地铁零售有限公司'],
      ['takeBack', '苏州地铁零售有限公司'],
    ]);
    // Taking back what the second-level tenant does not hold is all or none: 1201, nothing moves.
    expect(
      await t.code(
        'device.handOver',
        { body: { tenantId: t.ids.tenant('A1'), deviceIds: ids, back: true } },
        t.token.tenant1,
      ),
    ).toBe(CODE.deviceNotFound);
    expect((await owner('VM2026000107')).tenantId).toBe(t.ids.tenant('A1'));
    await t.ok(
      'device.handOver',
      { body: { tenantId: t.ids.tenant('A1'), deviceIds: [ids[0]!], back: true } },
      t.token.tenant1,
    );
  });

  it('drops the assignments of the members of the tenant a device leaves, and no other', async () => {
    const member = await addMember(t, 'routeclerk', t.ids.tenant('A'), ['2-1']);
    const id = (
      await t.ok('staff.page', { query: { pageNum: 1, pageSize: 5 }, body: { keyword: member } }, t.token.tenant1)
    ).list[0]!.id;
    const [moved, kept] = [t.ids.device('VM2026000107'), t.ids.device('VM2026000108')];
    await t.ok('staff.assignDevices', { params: { id }, body: { deviceIds: [moved, kept] } }, t.token.tenant1);
    await t.ok(
      'device.handOver',
      { body: { tenantId: t.ids.tenant('A1'), deviceIds: [moved], back: false } },
      t.token.tenant1,
    );
    expect((await t.ok('staff.devices', { params: { id } }, t.token.tenant1)).map((d) => d.id)).toEqual([kept]);
    // Back with its parent, it is nobody's assignment until given again.
    await t.ok(
      'device.handOver',
      { body: { tenantId: t.ids.tenant('A1'), deviceIds: [moved], back: true } },
      t.token.tenant1,
    );
    expect((await t.ok('staff.devices', { params: { id } }, t.token.tenant1)).map((d) => d.id)).toEqual([kept]);
    await t.ok('staff.assignDevices', { params: { id }, body: { deviceIds: [] } }, t.token.tenant1);
  });

  it('refuses a device bound to a point (1406) unless asked to unbind it first', async () => {
    const id = t.ids.device('VM2026000106');
    expect((await owner('VM2026000106')).pointId).not.toBeNull();
    expect(
      await t.code(
        'device.handOver',
        { body: { tenantId: t.ids.tenant('A1'), deviceIds: [id], back: false } },
        t.token.tenant1,
      ),
    ).toBe(CODE.deviceOnPoint);
    await t.ok(
      'device.handOver',
      { body: { tenantId: t.ids.tenant('A1'), deviceIds: [id], back: false, unbindPoints: true } },
      t.token.admin,
    );
    expect(await owner('VM2026000106')).toEqual({ tenantId: t.ids.tenant('A1'), pointId: null });
    await t.ok(
      'device.handOver',
      { body: { tenantId: t.ids.tenant('A1'), deviceIds: [id], back: true } },
      t.token.admin,
    );
  });

  it("answers 1401 for a second-level tenant not the caller's, 1201 for devices not the parent's, and needs 7-3", async () => {
    const a = t.ids.device('VM2026000107');
    expect(
      await t.code(
        'device.handOver',
        { body: { tenantId: t.ids.tenant('A1'), deviceIds: [a], back: false } },
        t.token.tenant2,
      ),
    ).toBe(CODE.tenantNotFound);
    // A first-level tenant is no second-level tenant; a second-level tenant hands nothing.
    expect(
      await t.code(
        'device.handOver',
        { body: { tenantId: t.ids.tenant('B'), deviceIds: [a], back: false } },
        t.token.admin,
      ),
    ).toBe(CODE.tenantNotFound);
    expect(
      await t.code(
        'device.handOver',
        { body: { tenantId: t.ids.tenant('A1'), deviceIds: [a], back: false } },
        t.token.tenant11,
      ),
    ).toBe(CODE.tenantNotFound);
    expect(
      await t.code(
        'device.handOver',
        { body: { tenantId: t.ids.tenant('A1'), deviceIds: [t.ids.device('VM2026000301')], back: false } },
        t.token.tenant1,
      ),
    ).toBe(CODE.deviceNotFound);
    expect(
      await t.code(
        'device.handOver',
        { body: { tenantId: t.ids.tenant('A1'), deviceIds: [a], back: false } },
        t.token.member1,
      ),
    ).toBe(CODE.forbidden);
  });
});
