/** Point rules (spec §5): required fields, create/update/delete, binding devices. */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { CODE } from '../../../shared/domains.js';
import { POINT_LIMITS } from '../../../shared/point/index.js';
import { devices } from '../../../server/device/index.js';
import { points } from '../../../server/point/index.js';
import { suiteApp } from '../helpers.js';

const t = suiteApp(['tenant1', 'admin']);

const form = (name: string) => ({ name, areaCode: '310115', address: '世纪大道 100 号' });
const createPoint = async (name: string, token = t.token.tenant1, tenantId?: number) =>
  t.ok('point.create', { body: { ...form(name), ...(tenantId && { tenantId }) } }, token);
const deviceCount = async (id: number, token = t.token.tenant1) =>
  (await t.ok('point.info', { params: { id } }, token)).deviceCount;

describe('point.page', () => {
  it('lists the visible points newest first with device count and tenant name', async () => {
    const page = await t.ok('point.page', { query: { pageNum: 1, pageSize: 50 }, body: {} }, await t.signIn('tenant2'));
    expect(page.list.map((p) => p.name)).toEqual(['广州天河城购物中心', '深圳北站 B 出口', '广州南站 3 号候车室']);
    expect(page).toMatchObject({ total: 3, pageNum: 1, pageSize: 50 });
    expect(page.list.map((p) => p.deviceCount)).toEqual([0, 1, 2]);
    expect(new Set(page.list.map((p) => p.tenantName))).toEqual(new Set(['华南智慧零售有限公司']));
    expect(Date.parse(page.list[0]!.createdAt)).toBeGreaterThan(Date.parse(page.list[1]!.createdAt));
  });

  it('filters by name (case-insensitive, contains) and by an area of any level', async () => {
    const byName = await t.ok('point.page', { query: {}, body: { name: '虹桥' } }, t.token.tenant1);
    expect(byName.list.map((p) => p.name)).toEqual(['上海虹桥站 A 区']);
    const names = async (areaCode: string) =>
      (await t.ok('point.page', { query: {}, body: { areaCode } }, t.token.tenant1)).list.map((p) => p.name).sort();
    expect(await names('320000')).toEqual(['南京新街口德基广场', '苏州星海广场'].sort());
    expect(await names('320500')).toEqual(['苏州星海广场']);
    expect(await names('310112')).toEqual(['上海虹桥站 A 区']);
    expect(await names('440000')).toEqual([]);
    expect(
      (await t.call('point.page', { query: {}, body: { areaCode: '44%' } }, t.token.tenant1)).body.content.fields,
    ).toEqual({ areaCode: 'validation.region' });
    const caseless = await t.ok('point.page', { query: {}, body: { name: 'a 区' } }, t.token.tenant1);
    expect(caseless.total).toBe(1);
    const literal = await t.ok('point.page', { query: {}, body: { name: '%' } }, t.token.tenant1);
    expect(literal.total).toBe(0);
  });

  it('pages', async () => {
    const first = await t.ok('point.page', { query: { pageNum: 1, pageSize: 2 }, body: {} }, t.token.admin);
    const second = await t.ok('point.page', { query: { pageNum: 2, pageSize: 2 }, body: {} }, t.token.admin);
    expect(first.list).toHaveLength(2);
    expect(second.list).toHaveLength(2);
    expect(first.total).toBeGreaterThanOrEqual(8);
    expect(second.list[0]!.id).not.toBe(first.list[0]!.id);
  });
});

describe('point.info', () => {
  it('gives one point with its bound devices', async () => {
    const info = await t.ok('point.info', { params: { id: t.ids.point('hongqiao') } }, t.token.tenant1);
    expect(info).toMatchObject({ name: '上海虹桥站 A 区', deviceCount: 4, tenantName: '华东智售科技有限公司' });
    expect(info.devices.map((d) => d.serial)).toEqual(['VM2026000101', 'VM2026000102', 'VM2026000103', 'VM2026000111']);
    expect(info.devices[0]).toMatchObject({
      pointId: info.id,
      pointName: info.name,
      type: 'selling',
      model: 'VM-S600',
      online: true,
      activated: true,
      channelCount: 60,
    });
  });

  it('answers an unknown point with 404 / 1410', async () => {
    const res = await t.call('point.info', { params: { id: 99999 } }, t.token.tenant1);
    expect(res.status).toBe(404);
    expect(res.body.code).toBe(CODE.pointNotFound);
  });
});

describe('point.create', () => {
  it("creates a point in the tenant's own tenant", async () => {
    const p = await createPoint('陆家嘴中心');
    expect(p).toMatchObject({
      ...form('陆家嘴中心'),
      deviceCount: 0,
      tenantId: t.ids.tenant('A'),
      tenantName: '华东智售科技有限公司',
    });
    expect((await t.ok('point.page', { query: {}, body: {} }, t.token.tenant1)).list[0]!.id).toBe(p.id);
  });

  it('lets a first-level tenant create for its second-level tenant, not for others', async () => {
    expect((await createPoint('星海二号点', t.token.tenant1, t.ids.tenant('A1'))).tenantId).toBe(t.ids.tenant('A1'));
    const res = await t.call(
      'point.create',
      { body: { ...form('越权点位'), tenantId: t.ids.tenant('B') } },
      t.token.tenant1,
    );
    expect(res.status).toBe(404);
    expect(res.body.code).toBe(CODE.tenantNotFound);
  });

  it('requires the system t.token.admin to name the tenant (1402)', async () => {
    const res = await t.call('point.create', { body: form('无主点位') }, t.token.admin);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(CODE.tenantRequired);
    expect((await createPoint('管理员点位', t.token.admin, t.ids.tenant('B'))).tenantName).toBe('华南智慧零售有限公司');
    expect(await t.code('point.create', { body: { ...form('不存在租户'), tenantId: 99999 } }, t.token.admin)).toBe(
      CODE.tenantNotFound,
    );
  });

  it('refuses missing, blank and too long fields with their keys', async () => {
    const missing = await t.call('point.create', { body: {} as never }, t.token.tenant1);
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({
      code: 400,
      content: {
        fields: { name: 'validation.required', areaCode: 'validation.required', address: 'validation.required' },
      },
    });
    const blank = await t.call(
      'point.create',
      { body: { name: '   ', areaCode: '310115', address: 'x'.repeat(POINT_LIMITS.address + 1) } },
      t.token.tenant1,
    );
    expect(blank.body.content.fields).toEqual({ name: 'validation.required', address: 'validation.maxLength' });
  });

  it('names the area from its district code, and refuses a code that is no district', async () => {
    const p = await t.ok(
      'point.create',
      { body: { name: '天河点位', areaCode: '440106', address: '天河路 1 号' } },
      t.token.tenant1,
    );
    expect(p).toMatchObject({ areaCode: '440106', area: '广东省 广州市 天河区' });
    // A municipality's district sits right under it.
    expect(
      await t.ok(
        'point.create',
        { body: { name: '闵行点位', areaCode: '310112', address: '申虹路 1 号' } },
        t.token.tenant1,
      ),
    ).toMatchObject({ area: '上海市 闵行区' });
    for (const areaCode of ['440100', '440000', '999999', '12345x']) {
      const res = await t.call('point.create', { body: { name: '错区', areaCode, address: 'x' } }, t.token.tenant1);
      expect(res.status, areaCode).toBe(400);
      expect(res.body.content.fields, areaCode).toEqual({ areaCode: 'validation.region' });
    }
  });
});

describe('point.update', () => {
  it('trims and updates a point', async () => {
    const p = await createPoint('临时点位');
    const updated = await t.ok(
      'point.update',
      { params: { id: p.id }, body: { name: '  正式点位 ', areaCode: '310104', address: '漕溪北路 1 号' } },
      t.token.tenant1,
    );
    expect(updated).toMatchObject({
      id: p.id,
      name: '正式点位',
      area: '上海市 徐汇区',
      areaCode: '310104',
      address: '漕溪北路 1 号',
    });
    expect((await t.ok('point.info', { params: { id: p.id } }, t.token.tenant1)).name).toBe('正式点位');
  });

  it('validates updates too', async () => {
    const res = await t.call(
      'point.update',
      { params: { id: t.ids.point('hongqiao') }, body: { name: '', areaCode: '310104', address: 'y' } },
      t.token.tenant1,
    );
    expect(res.status).toBe(400);
    expect(res.body.content.fields).toEqual({ name: 'validation.required' });
  });
});

describe('point.delete', () => {
  it('deletes a point without devices', async () => {
    const p = await createPoint('待删除点位');
    expect((await t.call('point.delete', { params: { id: p.id } }, t.token.tenant1)).body).toEqual({ code: 200 });
    expect(await t.code('point.info', { params: { id: p.id } }, t.token.tenant1)).toBe(CODE.pointNotFound);
  });

  it('refuses to delete a point with bound devices: HTTP 409, body 1411', async () => {
    const res = await t.call('point.delete', { params: { id: t.ids.point('hongqiao') } }, t.token.tenant1);
    expect(res.status).toBe(409);
    expect(res.body.code).toBe(CODE.pointHasDevices);
    expect(await deviceCount(t.ids.point('hongqiao'))).toBe(4);
  });
});

describe('point.bind', () => {
  it('binds free devices and unbinds them again', async () => {
    const p = await createPoint('绑定测试点');
    const ids = [t.ids.device('VM2026000107'), t.ids.device('VM2026000108')];
    expect(
      (await t.call('point.bind', { params: { id: p.id }, body: { deviceIds: ids } }, t.token.tenant1)).body,
    ).toEqual({
      code: 200,
    });
    expect(await deviceCount(p.id)).toBe(2);
    // Binding again to the same point changes nothing.
    await t.ok('point.bind', { params: { id: p.id }, body: { deviceIds: [ids[0]!] } }, t.token.tenant1);
    await t.ok('point.unbind', { params: { id: p.id }, body: { deviceIds: ids } }, t.token.tenant1);
    expect(await deviceCount(p.id)).toBe(0);
    await t.ok('point.delete', { params: { id: p.id } }, t.token.tenant1);
  });

  it('refuses a device bound to another point (1412), binding none of the request', async () => {
    const p = await createPoint('冲突测试点');
    const res = await t.call(
      'point.bind',
      { params: { id: p.id }, body: { deviceIds: [t.ids.device('VM2026000109'), t.ids.device('VM2026000101')] } },
      t.token.tenant1,
    );
    expect(res.status).toBe(409);
    expect(res.body.code).toBe(CODE.deviceBoundElsewhere);
    expect(await deviceCount(p.id)).toBe(0);
    expect(await deviceCount(t.ids.point('hongqiao'))).toBe(4);
  });

  it("refuses a device of another tenant than the point's (1413)", async () => {
    // t.token.tenant1 sees tenant11's free device, but it cannot stand on tenant A's point.
    const res = await t.call(
      'point.bind',
      { params: { id: t.ids.point('xinjiekou') }, body: { deviceIds: [t.ids.device('VM2026000203')] } },
      t.token.tenant1,
    );
    expect(res.status).toBe(409);
    expect(res.body.code).toBe(CODE.deviceOtherTenant);
    expect(await deviceCount(t.ids.point('xinjiekou'))).toBe(0);
  });

  it('refuses unknown and out-of-scope devices alike (1201)', async () => {
    const point = t.ids.point('xinjiekou');
    const unknown = await t.call(
      'point.bind',
      { params: { id: point }, body: { deviceIds: [99999] } },
      t.token.tenant1,
    );
    const foreign = await t.call(
      'point.bind',
      { params: { id: point }, body: { deviceIds: [t.ids.device('VM2026000304')] } },
      t.token.tenant1,
    );
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe(CODE.deviceNotFound);
    expect(foreign.body).toEqual(unknown.body);
  });
});

describe('point.unbind', () => {
  it('refuses to unbind a device that is not on this point (1414), unbinding none', async () => {
    const hongqiao = t.ids.point('hongqiao');
    const res = await t.call(
      'point.unbind',
      { params: { id: hongqiao }, body: { deviceIds: [t.ids.device('VM2026000101'), t.ids.device('VM2026000104')] } },
      t.token.tenant1,
    );
    expect(res.status).toBe(409);
    expect(res.body.code).toBe(CODE.deviceNotOnPoint);
    expect(await deviceCount(hongqiao)).toBe(4);
    const free = await t.call(
      'point.unbind',
      { params: { id: hongqiao }, body: { deviceIds: [t.ids.device('VM2026000110')] } },
      t.token.tenant1,
    );
    expect(free.body.code).toBe(CODE.deviceNotOnPoint);
  });
});

describe('point.bind: races and the system admin', () => {
  it('binds a device to one point only when two requests race for it', async () => {
    const [p1, p2] = [await createPoint('竞争点位 1'), await createPoint('竞争点位 2')];
    const deviceIds = [t.ids.device('VM2026000110')];
    const answers = await Promise.all(
      [p1, p2].map((p) => t.call('point.bind', { params: { id: p.id }, body: { deviceIds } }, t.token.tenant1)),
    );
    expect(answers.map((a) => a.body.code as number).sort((a, b) => a - b)).toEqual([200, CODE.deviceBoundElsewhere]);
    expect((await deviceCount(p1.id)) + (await deviceCount(p2.id))).toBe(1);
    const winner = answers[0]!.body.code === 200 ? p1 : p2;
    await t.ok('point.unbind', { params: { id: winner.id }, body: { deviceIds } }, t.token.tenant1);
  });

  it('requires at least one device id', async () => {
    const res = await t.call(
      'point.bind',
      { params: { id: t.ids.point('xinjiekou') }, body: { deviceIds: [] } },
      t.token.tenant1,
    );
    expect(res.status).toBe(400);
    expect(res.body.content.fields).toEqual({ deviceIds: 'validation.required' });
  });

  it('lets the system t.token.admin bind within one tenant', async () => {
    const p = t.ids.point('tianhe');
    await t.ok('point.bind', { params: { id: p }, body: { deviceIds: [t.ids.device('VM2026000305')] } }, t.token.admin);
    expect(await deviceCount(p, t.token.admin)).toBe(1);
    await t.ok(
      'point.unbind',
      { params: { id: p }, body: { deviceIds: [t.ids.device('VM2026000305')] } },
      t.token.admin,
    );
  });
});

describe("the point's key on devices", () => {
  /** The constraint a statement broke, as the driver names it (null when it went through). */
  const broken = (statement: PromiseLike<unknown>) =>
    Promise.resolve(statement).then(
      () => null,
      (e: { cause?: { constraint?: string } }) => e.cause?.constraint ?? null,
    );

  // Declared in the migrations, not in the device domain's schema (it does not read the points' table): it must hold.
  it('refuses a device at another tenant’s point, and deleting a point that still has devices', async () => {
    const device = t.ids.device('VM2026000101');
    const [theirs] = await t.db
      .select({ id: points.id })
      .from(points)
      .where(eq(points.tenantId, t.ids.tenant('B')));
    expect(await broken(t.db.update(devices).set({ pointId: theirs!.id }).where(eq(devices.id, device)))).toBe(
      'devices_point_same_tenant_fk',
    );
    const [bound] = await t.db.select({ pointId: devices.pointId }).from(devices).where(eq(devices.id, device));
    expect(await broken(t.db.delete(points).where(eq(points.id, bound!.pointId!)))).toBe(
      'devices_point_same_tenant_fk',
    );
  });
});
