/**
 * Distributors: who lists and manages which tenants, creating one with its
 * account (username rules, taken names, levels), editing (the phone rule),
 * disabling (signed out at once, refused at sign-in with 1403, its machines
 * still selling), resetting a password and the member config.
 */
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { CODE } from '../../../shared/domains.js';
import { devices } from '../../../server/device/index.js';
import { deviceChannels } from '../../../server/device/schema.js';
import { DEMO_PASSWORD, deviceBasic, suiteApp } from '../helpers.js';

const t = suiteApp(['admin', 'tenant1', 'tenant11', 'tenant2', 'member1', 'member4']);
const PAGE = { pageNum: 1, pageSize: 50 };
let made = 0;
const fresh = () => `dist${Date.now().toString(36)}${++made}`;

describe('tenant.page', () => {
  it("lists every tenant for the admin, a first-level tenant's second-level ones for it, none for a second-level tenant", async () => {
    const all = await t.ok('tenant.page', { query: PAGE, body: {} }, t.token.admin);
    expect(all.list.map((i) => i.tenantId)).toEqual(
      expect.arrayContaining([t.ids.tenant('A'), t.ids.tenant('A1'), t.ids.tenant('B')]),
    );
    const a1 = all.list.find((i) => i.tenantId === t.ids.tenant('A1'))!;
    expect(a1).toMatchObject({
      name: '苏州地铁零售有限公司',
      username: 'tenant11',
      parent: t.ids.tenant('A'),
      parentName: '华东智售科技有限公司',
      disabled: false,
      devices: 3,
      children: 0,
    });
    expect(all.list.find((i) => i.tenantId === t.ids.tenant('A'))).toMatchObject({ children: 1, username: 'tenant1' });
    const mine = await t.ok('tenant.page', { query: PAGE, body: {} }, t.token.tenant1);
    expect(mine.list.map((i) => i.tenantId)).toEqual([t.ids.tenant('A1')]);
    expect((await t.ok('tenant.page', { query: PAGE, body: {} }, t.token.tenant11)).list).toEqual([]);
    // By keyword (account, phone) and by parent.
    expect(
      (await t.ok('tenant.page', { query: PAGE, body: { keyword: 'tenant11' } }, t.token.admin)).list.map(
        (i) => i.tenantId,
      ),
    ).toEqual([t.ids.tenant('A1')]);
    expect(
      (await t.ok('tenant.page', { query: PAGE, body: { keyword: '13900139002' } }, t.token.admin)).list.map(
        (i) => i.tenantId,
      ),
    ).toEqual([t.ids.tenant('B')]);
    expect(
      (await t.ok('tenant.page', { query: PAGE, body: { parentId: t.ids.tenant('A') } }, t.token.admin)).total,
    ).toBe(1);
  });

  it('needs 7-1 of a member', async () => {
    expect(await t.code('tenant.page', { query: PAGE, body: {} }, t.token.member4)).toBe(CODE.forbidden);
  });
});

describe('tenant.create', () => {
  it('creates a first-level distributor (admin) and a second-level one (its parent), each with an account that signs in', async () => {
    const username = fresh();
    const top = await t.ok(
      'tenant.create',
      { body: { name: '无锡城铁零售有限公司', username, password: 'Wx@2026retail', contact: '13912345678' } },
      t.token.admin,
    );
    expect(top).toMatchObject({ name: '无锡城铁零售有限公司', username, parent: null, disabled: false, devices: 0 });
    const token = await t.signIn(username, 'Wx@2026retail');
    const child = await t.ok(
      'tenant.create',
      { body: { name: '无锡地铁一号线', username: fresh(), password: 'Wx@2026line1', contact: '13912345679' } },
      token,
    );
    expect(child).toMatchObject({ parent: top.tenantId, parentName: '无锡城铁零售有限公司' });
    const info = await t.ok('account.info', {}, token);
    expect(info.tenantId).toBe(top.tenantId);
  });

  it('refuses a taken username (1404), a bad one and a bad phone (field errors), a second-level parent (1405), and a second-level tenant creating (403)', async () => {
    const base = { name: '测试分销', password: 'Test@2026', contact: '13912345670' };
    expect(await t.code('tenant.create', { body: { ...base, username: 'tenant1' } }, t.token.admin)).toBe(
      CODE.usernameTaken,
    );
    const bad = await t.call(
      'tenant.create',
      { body: { ...base, username: 'with-dash', contact: '1234' } },
      t.token.admin,
    );
    expect(bad.body.content.fields).toEqual({ username: 'tenant.validation.username', contact: 'validation.phone' });
    expect(
      await t.code(
        'tenant.create',
        { body: { ...base, username: fresh(), parentId: t.ids.tenant('A1') } },
        t.token.admin,
      ),
    ).toBe(CODE.parentNotFirstLevel);
    expect(await t.code('tenant.create', { body: { ...base, username: fresh() } }, t.token.tenant11)).toBe(
      CODE.forbidden,
    );
    // A first-level tenant cannot place one under another tenant.
    expect(
      await t.code(
        'tenant.create',
        { body: { ...base, username: fresh(), parentId: t.ids.tenant('B') } },
        t.token.tenant1,
      ),
    ).toBe(CODE.tenantNotFound);
  });
});

describe('tenant.update', () => {
  it("changes name and phone; the same phone again is a field error; another's tenant is 1401", async () => {
    const created = await t.ok(
      'tenant.create',
      { body: { name: '常州零售', username: fresh(), password: 'Cz@2026rail', contact: '13912340001' } },
      t.token.tenant1,
    );
    const changed = await t.ok(
      'tenant.update',
      { params: { id: created.tenantId }, body: { name: '常州轨交零售', contact: '13912340002' } },
      t.token.tenant1,
    );
    expect(changed).toMatchObject({ name: '常州轨交零售', contact: '13912340002' });
    const same = await t.call(
      'tenant.update',
      { params: { id: created.tenantId }, body: { name: '常州轨交零售', contact: '13912340002' } },
      t.token.tenant1,
    );
    expect(same.body.content.fields).toEqual({ contact: 'tenant.validation.samePhone' });
    expect(
      (await t.call('tenant.update', { params: { id: created.tenantId }, body: { name: '越权' } }, t.token.tenant2))
        .body.code,
    ).toBe(CODE.tenantNotFound);
    // Nobody edits its own tenant here.
    expect(
      (await t.call('tenant.update', { params: { id: t.ids.tenant('A') }, body: { name: '自改' } }, t.token.tenant1))
        .body.code,
    ).toBe(CODE.tenantNotFound);
  });
});

describe('tenant.setState', () => {
  it('signs a disabled distributor out at once and refuses its sign-in with 1403, its machines still selling; enabling lets it back', async () => {
    const username = fresh();
    const created = await t.ok(
      'tenant.create',
      { body: { name: '停用测试分销', username, password: 'Stop@2026', contact: '13912340003' } },
      t.token.admin,
    );
    const session = await t.signIn(username, 'Stop@2026');
    expect(await t.code('account.info', {}, session)).toBe(CODE.ok);
    expect(await t.ok('tenant.setState', { body: { ids: [created.tenantId], disabled: true } }, t.token.admin)).toEqual(
      { changed: 1 },
    );
    expect(await t.code('account.info', {}, session)).toBe(CODE.tokenInvalid);
    const refused = await t.call('account.token', {
      body: { grant_type: 'password', username, password: 'Stop@2026' },
    });
    expect(refused.body.code).toBe(CODE.tenantDisabled);
    expect(
      (await t.ok('tenant.page', { query: PAGE, body: { state: 'disabled' } }, t.token.admin)).list.map(
        (i) => i.tenantId,
      ),
    ).toContain(created.tenantId);
    await t.ok('tenant.setState', { body: { ids: [created.tenantId], disabled: false } }, t.token.admin);
    expect(await t.code('account.info', {}, await t.signIn(username, 'Stop@2026'))).toBe(CODE.ok);
  });

  it("is all or none within the caller's reach, and nobody disables its own tenant", async () => {
    expect(
      await t.code(
        'tenant.setState',
        { body: { ids: [t.ids.tenant('A1'), t.ids.tenant('B')], disabled: true } },
        t.token.tenant1,
      ),
    ).toBe(CODE.tenantNotFound);
    expect(
      (await t.call('tenant.setState', { body: { ids: [t.ids.tenant('A')], disabled: true } }, t.token.tenant1)).body
        .code,
    ).toBe(CODE.tenantNotFound);
    const [a1] = (await t.ok('tenant.page', { query: PAGE, body: {} }, t.token.tenant1)).list;
    expect(a1!.disabled).toBe(false);
  });
});

describe('tenant.resetPassword', () => {
  it("sets the distributor's password and ends its sessions", async () => {
    const username = fresh();
    const created = await t.ok(
      'tenant.create',
      { body: { name: '密码测试分销', username, password: 'Old@2026', contact: '13912340004' } },
      t.token.tenant1,
    );
    const session = await t.signIn(username, 'Old@2026');
    await t.ok(
      'tenant.resetPassword',
      { params: { id: created.tenantId }, body: { password: 'New@2026' } },
      t.token.tenant1,
    );
    expect(await t.code('account.info', {}, session)).toBe(CODE.tokenInvalid);
    expect(await t.code('account.info', {}, await t.signIn(username, 'New@2026'))).toBe(CODE.ok);
  });
});

describe('tenant.detail', () => {
  it('answers a managed distributor with its member config, 1401 beyond', async () => {
    const detail = await t.ok('tenant.detail', { params: { id: t.ids.tenant('A1') } }, t.token.tenant1);
    expect(detail).toMatchObject({
      name: '苏州地铁零售有限公司',
      memberConfig: { cardName: '', members: false, points: false, pointsExpiryMonths: 0 },
    });
    expect(await t.code('tenant.detail', { params: { id: t.ids.tenant('A1') } }, t.token.tenant2)).toBe(
      CODE.tenantNotFound,
    );
  });
});

describe('tenant.saveMemberConfig', () => {
  it('keeps the card name, the switches and the points expiry; a long card name is a field error', async () => {
    const saved = await t.ok(
      'tenant.saveMemberConfig',
      {
        params: { id: t.ids.tenant('A1') },
        body: { cardName: '苏铁会员卡', members: true, points: true, pointsExpiryMonths: 24 },
      },
      t.token.tenant1,
    );
    expect(saved).toEqual({ cardName: '苏铁会员卡', members: true, points: true, pointsExpiryMonths: 24 });
    expect((await t.ok('tenant.detail', { params: { id: t.ids.tenant('A1') } }, t.token.admin)).memberConfig).toEqual(
      saved,
    );
    const long = await t.call(
      'tenant.saveMemberConfig',
      { params: { id: t.ids.tenant('A1') }, body: { cardName: '会'.repeat(21), members: true, points: false } },
      t.token.tenant1,
    );
    expect(long.body.content.fields).toEqual({ cardName: 'tenant.validation.cardName' });
  });
});

// Last: disabling the demo's tenants revokes the sessions the suite signed in with.
describe('tenant.setState of the demo tenants', () => {
  it('disabling a first-level tenant refuses its second-level tenant too; its machines keep selling', async () => {
    await t.ok('tenant.setState', { body: { ids: [t.ids.tenant('B')], disabled: true } }, t.token.admin);
    try {
      expect(await t.code('tenant.page', { query: PAGE, body: {} }, t.token.tenant2)).toBe(CODE.tokenInvalid);
      expect(
        (
          await t.call('account.token', {
            body: { grant_type: 'password', username: 'member3', password: DEMO_PASSWORD },
          })
        ).body.code,
      ).toBe(CODE.tenantDisabled);
      const serial = 'VM2026000301';
      await t.db.update(devices).set({ online: true, locked: false }).where(eq(devices.serial, serial));
      await t.db
        .update(deviceChannels)
        .set({ stock: 5, enabled: true, locked: false })
        .where(eq(deviceChannels.deviceId, t.ids.device(serial)));
      const sale = await t.call(
        'order.sale',
        {
          body: {
            saleId: 'disabled-tenant-sale',
            thirdPartyNumber: 'd1',
            platform: 'wechat',
            paymentType: 'scan',
            items: [{ channel: 1, count: 1 }],
          },
        },
        undefined,
        { authorization: deviceBasic(serial) },
      );
      expect(sale.body.code).toBe(CODE.ok);
    } finally {
      await t.ok('tenant.setState', { body: { ids: [t.ids.tenant('B')], disabled: false } }, t.token.admin);
    }
    // A second-level tenant's parent disabled: refused too.
    await t.ok('tenant.setState', { body: { ids: [t.ids.tenant('A')], disabled: true } }, t.token.admin);
    try {
      expect(
        (
          await t.call('account.token', {
            body: { grant_type: 'password', username: 'tenant11', password: DEMO_PASSWORD },
          })
        ).body.code,
      ).toBe(CODE.tenantDisabled);
    } finally {
      await t.ok('tenant.setState', { body: { ids: [t.ids.tenant('A')], disabled: false } }, t.token.admin);
    }
  });
});
