/** Tenant service: info within scope, the tenants one may act for, the tenant password change. */
import { describe, expect, it } from 'vitest';
import { addMember } from '../reliability/support/world.js';
import { CODE } from '../../../shared/domains.js';
import { DEMO_PASSWORD, suiteApp } from '../helpers.js';

const t = suiteApp([]);

describe('tenant.info', () => {
  it("answers the caller's own tenant by default", async () => {
    const info = await t.ok('tenant.info', { body: {} }, await t.signIn('tenant11'));
    expect(info).toEqual({
      tenantId: t.ids.tenant('A1'),
      name: '苏州地铁零售有限公司',
      contact: '13800138011',
      parent: t.ids.tenant('A'),
    });
  });

  it('gives a member and an enterprise customer their tenant', async () => {
    for (const who of ['member1', 'enterprise1']) {
      const info = await t.ok('tenant.info', { body: {} }, await t.signIn(who));
      expect(info.tenantId, who).toBe(t.ids.tenant('A'));
    }
  });

  it('lets a first-level tenant read its second-level tenant', async () => {
    const info = await t.ok('tenant.info', { body: { tenantId: t.ids.tenant('A1') } }, await t.signIn('tenant1'));
    expect(info.name).toBe('苏州地铁零售有限公司');
  });

  it('answers another tenant exactly like a missing one (1401)', async () => {
    const tenant2 = await t.signIn('tenant2');
    const other = await t.call('tenant.info', { body: { tenantId: t.ids.tenant('A') } }, tenant2);
    const missing = await t.call('tenant.info', { body: { tenantId: 99999 } }, tenant2);
    expect(other.status).toBe(404);
    expect(other.body).toEqual({ code: CODE.tenantNotFound, message: expect.any(String) });
    expect(missing.status).toBe(other.status);
    expect(missing.body).toEqual(other.body);
    // Nor may a second-level tenant read its parent.
    expect(await t.code('tenant.info', { body: { tenantId: t.ids.tenant('A') } }, await t.signIn('tenant11'))).toBe(
      CODE.tenantNotFound,
    );
  });

  it('has no own tenant for the system admin (1401) but reads any by id', async () => {
    const admin = await t.signIn('admin');
    expect(await t.code('tenant.info', { body: {} }, admin)).toBe(CODE.tenantNotFound);
    expect((await t.ok('tenant.info', { body: { tenantId: t.ids.tenant('B') } }, admin)).name).toBe(
      '华南智慧零售有限公司',
    );
  });
});

describe('tenant.list', () => {
  const names = async (who: string) =>
    (await t.ok('tenant.list', { body: {} }, await t.signIn(who))).map((x) => x.name);

  it('lists what each role may act for', async () => {
    expect(await names('admin')).toEqual(['华东智售科技有限公司', '苏州地铁零售有限公司', '华南智慧零售有限公司']);
    expect(await names('tenant1')).toEqual(['华东智售科技有限公司', '苏州地铁零售有限公司']);
    expect(await names('tenant11')).toEqual(['苏州地铁零售有限公司']);
    expect(await names('tenant2')).toEqual(['华南智慧零售有限公司']);
  });

  it('asks a member for a distribution code: member1 (1-1, 2-1, 3-1) is refused, a member with 7-1 reads its tenant', async () => {
    expect(await t.code('tenant.list', { body: {} }, await t.signIn('member1'))).toBe(CODE.forbidden);
    const distributor = await t.signIn(await addMember(t, 'channelclerk', t.ids.tenant('A'), ['7-1']));
    expect((await t.ok('tenant.list', { body: {} }, distributor)).map((x) => x.name)).toEqual(['华东智售科技有限公司']);
  });

  it('is refused to an enterprise customer', async () => {
    const res = await t.call('tenant.list', { body: {} }, await t.signIn('enterprise1'));
    expect(res.status).toBe(403);
    expect(res.body.code).toBe(CODE.forbidden);
  });
});

describe('tenant.password', () => {
  it('refuses a wrong old password with 1514 and keeps the password', async () => {
    const token = await t.signIn('tenant2');
    const res = await t.call(
      'tenant.password',
      { body: { oldPassword: 'wrong', password: 'Next@2026', tenantId: t.ids.tenant('B') } },
      token,
    );
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(CODE.wrongOldPassword);
    await t.signIn('tenant2', DEMO_PASSWORD);
  });

  it("refuses another tenant's id", async () => {
    const token = await t.signIn('tenant1');
    const res = await t.call(
      'tenant.password',
      { body: { oldPassword: DEMO_PASSWORD, password: 'Next@2026', tenantId: t.ids.tenant('A1') } },
      token,
    );
    expect(res.status).toBe(403);
    expect(res.body.code).toBe(CODE.forbidden);
    await t.signIn('tenant11', DEMO_PASSWORD);
  });

  it('changes the password: the new one signs in, the old one no longer does', async () => {
    const token = await t.signIn('tenant11');
    const elsewhere = await t.signIn('tenant11');
    const res = await t.call(
      'tenant.password',
      { body: { oldPassword: DEMO_PASSWORD, password: 'Next@2026', tenantId: t.ids.tenant('A1') } },
      token,
    );
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ code: 200 });
    expect(
      (
        await t.call('account.token', {
          body: { grant_type: 'password', username: 'tenant11', password: DEMO_PASSWORD },
        })
      ).status,
    ).toBe(400);
    const fresh = await t.signIn('tenant11', 'Next@2026');
    expect((await t.ok('account.info', {}, fresh)).username).toBe('tenant11');
    // Other sessions end; the one that changed it may still sign out.
    expect(await t.code('account.info', {}, elsewhere)).toBe(CODE.tokenInvalid);
    expect((await t.call('account.exit', { query: { token } }, token)).status).toBe(200);
  });

  it('is refused to other roles (403)', async () => {
    for (const who of ['admin', 'member1']) {
      const res = await t.call(
        'tenant.password',
        { body: { oldPassword: DEMO_PASSWORD, password: 'Next@2026', tenantId: t.ids.tenant('A') } },
        await t.signIn(who),
      );
      expect(res.status, who).toBe(403);
    }
  });

  it('requires the old password (schema)', async () => {
    const res = await t.call(
      'tenant.password',
      { body: { password: 'Next@2026', tenantId: t.ids.tenant('B') } as never },
      await t.signIn('tenant2'),
    );
    expect(res.status).toBe(400);
    expect(res.body.content.fields).toEqual({ oldPassword: 'validation.required' });
  });
});
