/**
 * Tenant scoping and role/permission checks on every point endpoint and the
 * device list: another tenant's point is neither listed, read, changed, bound
 * nor deleted, and is answered exactly like a point that does not exist.
 */
import { describe, expect, it } from 'vitest';
import type { ApiInput } from '../../shared/domains.js';
import { CODE } from '../../shared/domains.js';
import { DEMO_PASSWORD, suiteApp, type Answer } from './helpers.js';
import { eq } from 'drizzle-orm';
import { users } from '../../server/account/index.js';
import { hashPassword } from '../../server/account/passwords.js';
import { roles } from '../../server/identity/schema.js';

const t = suiteApp([]);

const form = { name: '越权修改', areaCode: '310112', address: '越权' };
const pointCalls = (id: number, deviceId: number) => ({
  info: (token: string) => t.call('point.info', { params: { id } }, token),
  update: (token: string) => t.call('point.update', { params: { id }, body: form }, token),
  delete: (token: string) => t.call('point.delete', { params: { id } }, token),
  bind: (token: string) => t.call('point.bind', { params: { id }, body: { deviceIds: [deviceId] } }, token),
  unbind: (token: string) => t.call('point.unbind', { params: { id }, body: { deviceIds: [deviceId] } }, token),
});
const listed = async (token: string, body: ApiInput<'point.page'>['body'] = {}) =>
  (await t.ok('point.page', { query: { pageSize: 200 }, body }, token)).list.map((p) => p.id);
const expectNotFound = (res: Answer, missing: Answer, what: string) => {
  expect(res.status, what).toBe(404);
  expect(res.body, what).toEqual({ code: CODE.pointNotFound, message: expect.any(String) });
  expect(res.body, what).toEqual(missing.body);
};

describe("another tenant's point", () => {
  it('is refused on every point endpoint exactly like a missing point, and stays unchanged', async () => {
    const tenant2 = await t.signIn('tenant2');
    const ownDevice = t.ids.device('VM2026000305');
    const target = pointCalls(t.ids.point('hongqiao'), ownDevice);
    const missing = pointCalls(99999, ownDevice);
    for (const name of ['info', 'update', 'delete', 'bind', 'unbind'] as const) {
      expectNotFound(await target[name](tenant2), await missing[name](tenant2), name);
    }
    const after = await t.ok('point.info', { params: { id: t.ids.point('hongqiao') } }, await t.signIn('tenant1'));
    expect(after).toMatchObject({ name: '上海虹桥站 A 区', deviceCount: 4 });
    expect(
      (await t.ok('device.page', { query: {}, body: { keyword: 'VM2026000305' } }, tenant2)).list[0]!.pointId,
    ).toBeNull();
  });

  it('is never listed, whatever the filter', async () => {
    const tenant2 = await t.signIn('tenant2');
    const ids = await listed(tenant2, { name: '虹桥' });
    expect(ids).toEqual([]);
    expect(await listed(tenant2)).not.toContain(t.ids.point('hongqiao'));
  });

  it("cannot receive a point created for another tenant's id (1401)", async () => {
    const res = await t.call(
      'point.create',
      { body: { ...form, tenantId: t.ids.tenant('A') } },
      await t.signIn('tenant2'),
    );
    expect(res.status).toBe(404);
    expect(res.body.code).toBe(CODE.tenantNotFound);
  });

  it("hides the other tenant's devices from the device list, and refuses its tenant or point as a filter", async () => {
    const tenant2 = await t.signIn('tenant2');
    const serials = async (body: ApiInput<'device.page'>['body']) =>
      (await t.ok('device.page', { query: { pageSize: 200 }, body }, tenant2)).list.map((d) => d.serial);
    const all = await serials({});
    expect(all).toHaveLength(6);
    expect(all.every((s) => s.startsWith('VM20260003'))).toBe(true);
    // Naming another tenant's tenant or point as a filter is refused outright (1401, 1410), not answered empty.
    const asked = async (body: ApiInput<'device.page'>['body']) =>
      (await t.call('device.page', { query: { pageSize: 200 }, body }, tenant2)).body;
    expect((await asked({ tenantId: t.ids.tenant('A') })).code).toBe(CODE.tenantNotFound);
    expect((await asked({ pointId: t.ids.point('hongqiao') })).code).toBe(CODE.pointNotFound);
    expect(await serials({ keyword: 'VM2026000101' })).toEqual([]);
  });

  it("cannot have the other tenant's device bound to its own point (1201)", async () => {
    const res = await t.call(
      'point.bind',
      { params: { id: t.ids.point('tianhe') }, body: { deviceIds: [t.ids.device('VM2026000107')] } },
      await t.signIn('tenant2'),
    );
    expect(res.status).toBe(404);
    expect(res.body.code).toBe(CODE.deviceNotFound);
  });
});

describe('first- and second-level tenants', () => {
  it("keeps the parent's points from the second-level tenant", async () => {
    const tenant11 = await t.signIn('tenant11');
    expect(await listed(tenant11)).toEqual([t.ids.point('xinghai')]);
    const target = pointCalls(t.ids.point('peoplesSquare'), t.ids.device('VM2026000203'));
    const missing = pointCalls(99999, t.ids.device('VM2026000203'));
    for (const name of ['info', 'update', 'delete', 'bind', 'unbind'] as const) {
      expectNotFound(await target[name](tenant11), await missing[name](tenant11), name);
    }
    const devices = (await t.ok('device.page', { query: {}, body: {} }, tenant11)).list.map((d) => d.serial);
    expect(devices).toEqual(['VM2026000201', 'VM2026000202', 'VM2026000203']);
  });

  it("shows the second-level tenant's points to the first-level tenant, who may manage them", async () => {
    const tenant1 = await t.signIn('tenant1');
    const ids = await listed(tenant1);
    expect(ids).toContain(t.ids.point('xinghai'));
    expect(ids).toContain(t.ids.point('hongqiao'));
    expect(ids).not.toContain(t.ids.point('tianhe'));
    const xinghai = t.ids.point('xinghai');
    const info = await t.ok('point.info', { params: { id: xinghai } }, tenant1);
    expect(info).toMatchObject({ tenantName: '苏州地铁零售有限公司', deviceCount: 2 });
    await t.ok('point.bind', { params: { id: xinghai }, body: { deviceIds: [t.ids.device('VM2026000203')] } }, tenant1);
    await t.ok(
      'point.unbind',
      { params: { id: xinghai }, body: { deviceIds: [t.ids.device('VM2026000203')] } },
      tenant1,
    );
  });

  it('shows every point to the system admin', async () => {
    expect(await listed(await t.signIn('admin'))).toHaveLength(8);
  });
});

describe('roles and power codes', () => {
  it('lets member1 (3-1) list and read points and (2-1) list devices of its tenant only', async () => {
    const member1 = await t.signIn('member1');
    const ids = await listed(member1);
    expect(ids.sort()).toEqual(
      ['hongqiao', 'peoplesSquare', 'hangzhouEast', 'xinjiekou'].map((k) => t.ids.point(k as never)).sort(),
    );
    expect((await t.ok('point.info', { params: { id: t.ids.point('hongqiao') } }, member1)).deviceCount).toBe(4);
    const devices = (await t.ok('device.page', { query: {}, body: {} }, member1)).list;
    expect(devices).toHaveLength(11);
  });

  it('refuses member1 binding and unbinding (3-2 not held) with 403', async () => {
    const member1 = await t.signIn('member1');
    const calls = pointCalls(t.ids.point('xinjiekou'), t.ids.device('VM2026000107'));
    for (const name of ['bind', 'unbind'] as const) {
      const res = await calls[name](member1);
      expect(res.status, name).toBe(403);
      expect(res.body.code, name).toBe(CODE.forbidden);
    }
    expect((await t.ok('point.info', { params: { id: t.ids.point('xinjiekou') } }, member1)).deviceCount).toBe(0);
  });

  it('refuses a member whose role was emptied after sign-in every call (1507), those without a power rule too', async () => {
    const [role] = await t.db
      .insert(roles)
      .values({ tenantId: t.ids.tenant('A'), name: '将清空的角色', powers: ['3-1'] })
      .returning({ id: roles.id });
    await t.db.insert(users).values({
      username: 'emptied',
      name: '空角色员工',
      kind: 'member',
      tenantId: t.ids.tenant('A'),
      roleId: role!.id,
      passwordHash: await hashPassword(DEMO_PASSWORD),
    });
    const token = await t.signIn('emptied');
    expect(await t.code('point.page', { query: {}, body: {} }, token)).toBe(200);
    await t.db.update(roles).set({ powers: [] }).where(eq(roles.id, role!.id));
    for (const res of [
      await t.call('point.page', { query: {}, body: {} }, token),
      await t.call('device.page', { query: {}, body: {} }, token),
      await pointCalls(t.ids.point('hongqiao'), 1).info(token),
      await t.call('tenant.list', { body: {} }, token),
    ]) {
      expect(res.status).toBe(403);
      expect(res.body.code).toBe(CODE.noPermissions);
    }
  });

  it('refuses the enterprise customer every point endpoint and the device list', async () => {
    const enterprise1 = await t.signIn('enterprise1');
    const own = t.ids.point('hongqiao');
    const calls = pointCalls(own, t.ids.device('VM2026000107'));
    const answers = [
      await t.call('point.page', { query: {}, body: {} }, enterprise1),
      await t.call('point.create', { body: form }, enterprise1),
      await t.call('device.page', { query: {}, body: {} }, enterprise1),
      ...(await Promise.all(Object.values(calls).map((call) => call(enterprise1)))),
    ];
    for (const res of answers) {
      expect(res.status).toBe(403);
      expect(res.body.code).toBe(CODE.forbidden);
    }
  });
});
