/**
 * Members at the spec's employee paths: listed in scope with role and
 * stores, created form-encoded (account names unique across accounts),
 * edited (a new phone differs), disabled and deleted with their sessions
 * ended at once, bound to roles (the next call follows), bound to stores;
 * a member with 4-1 leaves itself alone and hands out only roles within its
 * own codes.
 */
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { CODE } from '../../../shared/domains.js';
import { points } from '../../../server/point/schema.js';
import { addMember } from '../reliability/support/world.js';
import { suiteApp } from '../helpers.js';
import { roles } from '../../../server/identity/schema.js';

const t = suiteApp(['admin', 'tenant1', 'tenant2']);
const page = (token: string, body: Record<string, unknown> = {}) =>
  t.ok('staff.page', { query: { pageNum: 1, pageSize: 50 }, body }, token);
let made = 0;
const create = (token: string, extra: Record<string, unknown> = {}) =>
  t.call(
    'staff.create',
    {
      body: {
        name: '王芳',
        phone: '13812345678',
        username: `wangfang${++made}`,
        password: 'Wf@2026ops',
        ...extra,
      } as never,
    },
    token,
  );
const roleId = async (name: string) =>
  (await t.db.select({ id: roles.id }).from(roles).where(eq(roles.name, name)))[0]!.id;

describe('staff.page', () => {
  it('lists the members in scope with role and stores, by keyword, state and role', async () => {
    const list = (await page(t.token.tenant1)).list;
    expect(list.map((m) => m.username)).toEqual(expect.arrayContaining(['member1', 'member2', 'member4']));
    expect(list.every((m) => m.tenantId === t.ids.tenant('A'))).toBe(true);
    expect(list.find((m) => m.username === 'member1')).toMatchObject({
      roleName: '运营专员',
      powers: ['1-1', '2-1', '3-1'],
      disabled: false,
      stores: [],
    });
    expect((await page(t.token.tenant1, { keyword: 'member4' })).list.map((m) => m.username)).toEqual(['member4']);
    expect((await page(t.token.tenant1, { roleId: await roleId('订单专员') })).list.map((m) => m.username)).toEqual([
      'member4',
    ]);
    expect((await page(t.token.tenant2)).list.map((m) => m.username)).toEqual(['member3']);
    expect(
      await t.code(
        'staff.page',
        { query: { pageNum: 1, pageSize: 5 }, body: { tenantId: t.ids.tenant('A') } },
        t.token.tenant2,
      ),
    ).toBe(CODE.tenantNotFound);
  });
});

describe('staff.create', () => {
  it("creates a member form-encoded at POST /employee/create, who signs in with its role's codes", async () => {
    const res = await create(t.token.tenant1, { username: 'zhaolei', roleId: String(await roleId('订单专员')) });
    expect(res.body.code).toBe(200);
    expect(res.body.content).toMatchObject({
      username: 'zhaolei',
      tenantId: t.ids.tenant('A'),
      roleName: '订单专员',
      phone: '13812345678',
    });
    const token = await t.signIn('zhaolei', 'Wf@2026ops');
    expect(await t.code('order.page', { query: { pageNum: 1, pageSize: 1 }, body: {} }, token)).toBe(200);
  });

  it('refuses a taken account name (1404), a bad phone or name (fields), a role of another tenant (1520); the admin names the tenant (1402)', async () => {
    expect((await create(t.token.tenant1, { username: 'tenant2' })).body.code).toBe(CODE.usernameTaken);
    expect((await create(t.token.tenant1, { phone: '12345', username: 'a b' })).body.content.fields).toMatchObject({
      phone: 'validation.phone',
      username: 'account.validation.accountName',
    });
    expect((await create(t.token.tenant1, { roleId: String(await roleId('商品专员')) })).body.code).toBe(
      CODE.roleNotFound,
    );
    expect((await create(t.token.admin)).body.code).toBe(CODE.tenantRequired);
    expect((await create(t.token.admin, { tenantId: String(t.ids.tenant('B')) })).body.content.tenantId).toBe(
      t.ids.tenant('B'),
    );
  });

  it('lets a member with 4-1 hand out only roles within its own codes (1523)', async () => {
    const hr = await t.signIn(await addMember(t, 'hrclerk', t.ids.tenant('A'), ['4-1', '6-1']));
    expect((await create(hr, { roleId: String(await roleId('订单专员')) })).body.code).toBe(200);
    expect((await create(hr, { roleId: String(await roleId('运营专员')) })).body.code).toBe(CODE.powerNotHeld);
  });
});

describe('staff.update', () => {
  it("edits name and phone; the same phone is a field error; another tenant's member is not found (1524)", async () => {
    const {
      body: { content: m },
    } = await create(t.token.tenant1);
    expect(
      await t.ok(
        'staff.update',
        { params: { id: m.id }, body: { name: '王芳芳', phone: '13900001111' } },
        t.token.tenant1,
      ),
    ).toMatchObject({ name: '王芳芳', phone: '13900001111' });
    expect(
      (
        await t.call(
          'staff.update',
          { params: { id: m.id }, body: { name: '王芳芳', phone: '13900001111' } },
          t.token.tenant1,
        )
      ).body.content.fields,
    ).toEqual({ phone: 'staff.validation.samePhone' });
    expect(await t.code('staff.update', { params: { id: m.id }, body: { name: 'x' } }, t.token.tenant2)).toBe(
      CODE.memberNotFound,
    );
  });
});

describe('staff.setState', () => {
  it('disables members: their sessions end at once and sign-in is refused (1504); enabled again they sign in', async () => {
    const {
      body: { content: m },
    } = await create(t.token.tenant1, { username: 'sunli', roleId: String(await roleId('运营专员')) });
    const token = await t.signIn('sunli', 'Wf@2026ops');
    expect(await t.ok('staff.setState', { body: { ids: [m.id], disabled: true } }, t.token.tenant1)).toEqual({
      changed: 1,
    });
    expect((await t.call('device.page', { query: { pageNum: 1, pageSize: 1 }, body: {} }, token)).status).toBe(401);
    const refused = await t.call('account.token', {
      body: { grant_type: 'password', username: 'sunli', password: 'Wf@2026ops' } as never,
    });
    expect(refused.body.code).toBe(CODE.accountDisabled);
    await t.ok('staff.setState', { body: { ids: [m.id], disabled: false } }, t.token.tenant1);
    expect(await t.signIn('sunli', 'Wf@2026ops')).toEqual(expect.any(String));
  });

  it('is all or none in scope (1524), and a member cannot disable itself (1523)', async () => {
    const {
      body: { content: m },
    } = await create(t.token.tenant1);
    const member3 = (await page(t.token.tenant2)).list[0]!;
    expect(
      (await t.call('staff.setState', { body: { ids: [m.id, member3.id], disabled: true } }, t.token.tenant1)).body
        .code,
    ).toBe(CODE.memberNotFound);
    expect((await page(t.token.tenant1, { keyword: m.username })).list[0]!.disabled).toBe(false);
    const self = await addMember(t, 'selfish', t.ids.tenant('A'), ['4-1']);
    const [row] = (await page(t.token.tenant1, { keyword: self })).list;
    expect(await t.code('staff.setState', { body: { ids: [row!.id], disabled: true } }, await t.signIn(self))).toBe(
      CODE.powerNotHeld,
    );
  });
});

describe('staff.delete', () => {
  it('deletes members at POST /employee/delete, ending their sessions', async () => {
    const {
      body: { content: m },
    } = await create(t.token.tenant1, { username: 'zhouqi', roleId: String(await roleId('运营专员')) });
    const token = await t.signIn('zhouqi', 'Wf@2026ops');
    expect(await t.ok('staff.delete', { body: { ids: [m.id] } }, t.token.tenant1)).toEqual({ deleted: 1 });
    expect((await t.call('device.page', { query: { pageNum: 1, pageSize: 1 }, body: {} }, token)).status).toBe(401);
    expect((await page(t.token.tenant1, { keyword: 'zhouqi' })).list).toEqual([]);
    expect(await t.code('staff.delete', { body: { ids: [m.id] } }, t.token.tenant1)).toBe(CODE.memberNotFound);
  });
});

describe('staff.bindRole', () => {
  it("binds and unbinds a role; the member's next call follows without signing in again", async () => {
    const {
      body: { content: m },
    } = await create(t.token.tenant1, { username: 'qianba', roleId: String(await roleId('运营专员')) });
    const token = await t.signIn('qianba', 'Wf@2026ops');
    expect((await t.call('order.page', { query: { pageNum: 1, pageSize: 1 }, body: {} }, token)).status).toBe(403);
    expect(
      await t.ok(
        'staff.bindRole',
        { params: { id: m.id }, body: { roleId: await roleId('订单专员') } },
        t.token.tenant1,
      ),
    ).toMatchObject({ roleName: '订单专员' });
    expect(await t.code('order.page', { query: { pageNum: 1, pageSize: 1 }, body: {} }, token)).toBe(200);
    expect(
      await t.ok('staff.bindRole', { params: { id: m.id }, body: { roleId: null } }, t.token.tenant1),
    ).toMatchObject({ roleId: null, powers: [] });
    expect((await t.call('order.page', { query: { pageNum: 1, pageSize: 1 }, body: {} }, token)).status).toBe(403);
    expect(
      await t.code(
        'staff.bindRole',
        { params: { id: m.id }, body: { roleId: await roleId('商品专员') } },
        t.token.tenant1,
      ),
    ).toBe(CODE.roleNotFound);
  });
});

describe('staff.bindStore', () => {
  it("makes members a store's staff at PUT /store/bind/employee/{storeId}, shown on the member, by store and on the point", async () => {
    const {
      body: { content: m },
    } = await create(t.token.tenant1);
    const [store] = await t.db
      .select({ id: points.id, name: points.name })
      .from(points)
      .where(eq(points.tenantId, t.ids.tenant('A')))
      .limit(1);
    expect(
      await t.ok(
        'staff.bindStore',
        { params: { storeId: store!.id }, body: { storeId: store!.id, employeeIds: [m.id] } },
        t.token.tenant1,
      ),
    ).toEqual({ bound: 1 });
    expect(
      await t.ok(
        'staff.bindStore',
        { params: { storeId: store!.id }, body: { storeId: store!.id, employeeIds: [m.id] } },
        t.token.tenant1,
      ),
    ).toEqual({ bound: 0 });
    expect((await page(t.token.tenant1, { pointId: store!.id })).list.map((x) => x.id)).toEqual([m.id]);
    expect((await page(t.token.tenant1, { keyword: m.username })).list[0]!.stores).toEqual([
      { id: store!.id, name: store!.name },
    ]);
    // And on the point.
    expect((await t.ok('point.info', { params: { id: store!.id } }, t.token.tenant1)).staff).toEqual([
      { id: m.id, name: m.name },
    ]);
    const member3 = (await page(t.token.tenant2)).list[0]!;
    expect(
      await t.code(
        'staff.bindStore',
        { params: { storeId: store!.id }, body: { storeId: store!.id, employeeIds: [member3.id] } },
        t.token.admin,
      ),
    ).toBe(CODE.storeMismatch);
    expect(
      await t.code(
        'staff.bindStore',
        { params: { storeId: store!.id }, body: { storeId: store!.id, employeeIds: [m.id] } },
        t.token.tenant2,
      ),
    ).toBe(CODE.pointNotFound);
  });
});

describe('staff.unbindStore', () => {
  it("removes members from a store's staff", async () => {
    const {
      body: { content: m },
    } = await create(t.token.tenant1);
    const [store] = await t.db
      .select({ id: points.id })
      .from(points)
      .where(eq(points.tenantId, t.ids.tenant('A')))
      .limit(1);
    await t.ok(
      'staff.bindStore',
      { params: { storeId: store!.id }, body: { storeId: store!.id, employeeIds: [m.id] } },
      t.token.tenant1,
    );
    expect(
      await t.ok(
        'staff.unbindStore',
        { params: { storeId: store!.id }, body: { storeId: store!.id, employeeIds: [m.id] } },
        t.token.tenant1,
      ),
    ).toEqual({ unbound: 1 });
    expect((await page(t.token.tenant1, { keyword: m.username })).list[0]!.stores).toEqual([]);
  });
});
