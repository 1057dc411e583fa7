/**
 * Roles: a tenant's named sets of power codes — listed in scope with their
 * member counts, created with a name unique within the tenant, edited (the
 * members' next call follows), deleted only when nobody holds them; a member
 * holding 4-2 grants only what it holds and leaves its own role alone.
 */
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { CODE } from '../../../shared/domains.js';
import { POWER_CODES } from '../../../shared/roles.js';
import { users } from '../../../server/account/index.js';
import { addMember } from '../reliability/support/world.js';
import { suiteApp } from '../helpers.js';
import { roles } from '../../../server/identity/schema.js';

const t = suiteApp(['admin', 'tenant1', 'tenant11', 'tenant2', 'member1']);
const page = (token: string, body: Record<string, unknown> = {}) =>
  t.ok('staff.roles', { query: { pageNum: 1, pageSize: 50 }, body }, token);
const role = (name: string, powers: string[] = ['1-1', '2-1'], description = '') =>
  ({ name, description, powers }) as { name: string; description: string; powers: never[] };

describe('staff.roles', () => {
  it('lists the roles in scope with their member counts, by name and tenant', async () => {
    const mine = await page(t.token.tenant1);
    expect(mine.list.map((r) => r.name)).toEqual(expect.arrayContaining(['运营专员', '订单专员']));
    expect(mine.list.every((r) => r.tenantId === t.ids.tenant('A'))).toBe(true);
    expect(mine.list.find((r) => r.name === '运营专员')).toMatchObject({ members: 1, powers: ['1-1', '2-1', '3-1'] });
    expect((await page(t.token.tenant2)).list.map((r) => r.name)).toEqual(['商品专员']);
    expect(
      (await page(t.token.admin, { keyword: '专员', tenantId: t.ids.tenant('B') })).list.map((r) => r.name),
    ).toEqual(['商品专员']);
    expect(
      await t.code(
        'staff.roles',
        { query: { pageNum: 1, pageSize: 20 }, body: { tenantId: t.ids.tenant('B') } },
        t.token.tenant1,
      ),
    ).toBe(CODE.tenantNotFound);
  });

  it('is refused to a member without 4-2', async () => {
    expect(
      (await t.call('staff.roles', { query: { pageNum: 1, pageSize: 20 }, body: {} }, t.token.member1)).status,
    ).toBe(403);
  });
});

describe('staff.role', () => {
  it("reads one role in scope; another tenant's is not found (1520)", async () => {
    const [operator] = await t.db.select().from(roles).where(eq(roles.name, '运营专员'));
    expect(await t.ok('staff.role', { params: { id: operator!.id } }, t.token.tenant1)).toMatchObject({
      name: '运营专员',
      tenantName: expect.any(String),
    });
    expect(await t.code('staff.role', { params: { id: operator!.id } }, t.token.tenant2)).toBe(CODE.roleNotFound);
  });
});

describe('staff.createRole', () => {
  it("creates a role of the caller's tenant; the admin names one (1402); a name is unique within a tenant (1522)", async () => {
    const made = await t.ok(
      'staff.createRole',
      { body: role('补货员', ['2-1', '3-2'], '补货与设备') },
      t.token.tenant1,
    );
    expect(made).toMatchObject({
      tenantId: t.ids.tenant('A'),
      name: '补货员',
      description: '补货与设备',
      powers: ['2-1', '3-2'],
      members: 0,
    });
    expect(await t.code('staff.createRole', { body: role('补货员') }, t.token.tenant1)).toBe(CODE.roleNameTaken);
    // Another tenant may use the name.
    expect((await t.ok('staff.createRole', { body: role('补货员') }, t.token.tenant2)).tenantId).toBe(
      t.ids.tenant('B'),
    );
    expect(await t.code('staff.createRole', { body: role('巡检员') }, t.token.admin)).toBe(CODE.tenantRequired);
    expect(
      (
        await t.ok(
          'staff.createRole',
          { body: { ...role('巡检员'), tenantId: t.ids.tenant('A1') } as never },
          t.token.admin,
        )
      ).tenantId,
    ).toBe(t.ids.tenant('A1'));
  });

  it('requires a name and at least one known code (field errors)', async () => {
    const res = await t.call(
      'staff.createRole',
      { body: { name: ' ', description: '', powers: [] } as never },
      t.token.tenant1,
    );
    expect(res.body.content.fields).toEqual({ name: 'staff.validation.roleName', powers: 'staff.validation.powers' });
    expect((await t.call('staff.createRole', { body: role('x', ['9-9']) }, t.token.tenant1)).status).toBe(400);
  });

  it('lets a member with 4-2 grant only the codes it holds (1523)', async () => {
    const clerk = await addMember(t, 'rolesclerk', t.ids.tenant('A'), ['4-1', '4-2', '6-1']);
    const token = await t.signIn(clerk);
    expect((await t.ok('staff.createRole', { body: role('收银员', ['6-1']) }, token)).tenantId).toBe(t.ids.tenant('A'));
    expect(await t.code('staff.createRole', { body: role('全能', [...POWER_CODES]) }, token)).toBe(CODE.powerNotHeld);
    // Nor its own role, even with codes it holds.
    const [self] = await t.db.select({ roleId: users.roleId }).from(users).where(eq(users.username, clerk));
    expect(
      (await t.call('staff.updateRole', { params: { id: self!.roleId! }, body: role('自己', ['4-2']) }, token)).body
        .code,
    ).toBe(CODE.powerNotHeld);
  });
});

describe('staff.updateRole', () => {
  it("changes a role; its member's next call follows the new codes without signing out", async () => {
    const [operator] = await t.db.select().from(roles).where(eq(roles.name, '运营专员'));
    expect((await t.call('order.page', { query: { pageNum: 1, pageSize: 1 }, body: {} }, t.token.member1)).status).toBe(
      403,
    );
    await t.ok(
      'staff.updateRole',
      { params: { id: operator!.id }, body: role('运营专员', ['1-1', '2-1', '3-1', '6-1'], '首页、设备、点位、订单') },
      t.token.tenant1,
    );
    expect(await t.code('order.page', { query: { pageNum: 1, pageSize: 1 }, body: {} }, t.token.member1)).toBe(200);
    await t.ok(
      'staff.updateRole',
      { params: { id: operator!.id }, body: role('运营专员', ['1-1', '2-1', '3-1'], '首页、设备列表、点位列表') },
      t.token.tenant1,
    );
    expect((await t.call('order.page', { query: { pageNum: 1, pageSize: 1 }, body: {} }, t.token.member1)).status).toBe(
      403,
    );
  });

  it("refuses another tenant's role (1520) and a name another role of the tenant has (1522)", async () => {
    const [operator] = await t.db.select().from(roles).where(eq(roles.name, '运营专员'));
    expect(await t.code('staff.updateRole', { params: { id: operator!.id }, body: role('x') }, t.token.tenant2)).toBe(
      CODE.roleNotFound,
    );
    expect(
      (await t.call('staff.updateRole', { params: { id: operator!.id }, body: role('订单专员') }, t.token.tenant1)).body
        .code,
    ).toBe(CODE.roleNameTaken);
  });
});

describe('staff.deleteRole', () => {
  it("deletes a role nobody holds; one held is refused (1521), another tenant's not found (1520)", async () => {
    const made = await t.ok('staff.createRole', { body: role('临时角色') }, t.token.tenant1);
    expect(await t.code('staff.deleteRole', { params: { id: made.id } }, t.token.tenant2)).toBe(CODE.roleNotFound);
    expect(await t.ok('staff.deleteRole', { params: { id: made.id } }, t.token.tenant1)).toEqual({ deleted: true });
    expect(await t.code('staff.role', { params: { id: made.id } }, t.token.tenant1)).toBe(CODE.roleNotFound);
    const [operator] = await t.db.select().from(roles).where(eq(roles.name, '运营专员'));
    expect(await t.code('staff.deleteRole', { params: { id: operator!.id } }, t.token.tenant1)).toBe(CODE.roleInUse);
  });
});
