/**
 * Enterprise customers at the spec's business-service paths: listed in
 * scope, created with their platform account (who signs in to the
 * enterprise set), edited, disabled (signed out, refused at sign-in);
 * points bound within the customer's tenant and its second-level tenants;
 * employee prices set, listed and cleared; the business of an account.
 */
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { CODE } from '../../../shared/domains.js';
import { products } from '../../../server/product/schema.js';
import { customers } from '../../../server/customer/index.js';
import { addMember } from '../reliability/support/world.js';
import { suiteApp } from '../helpers.js';

const t = suiteApp(['admin', 'tenant1', 'tenant2', 'enterprise1', 'member1']);
const page = (token: string, body: Record<string, unknown> = {}) =>
  t.ok('customer.page', { query: { pageNum: 1, pageSize: 50 }, body }, token);
let made = 0;
const create = (token: string, extra: Record<string, unknown> = {}) =>
  t.call(
    'customer.create',
    { body: { name: '浦东软件园食堂', username: `pdcanteen${++made}`, password: 'Pd@2026canteen', ...extra } as never },
    token,
  );
const hongqiaoCustomer = async () =>
  (await t.db.select({ id: customers.id }).from(customers).where(eq(customers.name, '虹桥枢纽餐饮管理有限公司')))[0]!
    .id;
const productOf = async (tenant: 'A' | 'B') =>
  (
    await t.db
      .select({ id: products.id, price: products.price })
      .from(products)
      .where(eq(products.tenantId, t.ids.tenant(tenant)))
      .limit(1)
  )[0]!;

describe('customer.page', () => {
  it('answers at POST /customer/page?pageNum&pageSize with the customers in scope, by keyword and state', async () => {
    const list = (await page(t.token.tenant1)).list;
    expect(list.find((c) => c.username === 'enterprise1')).toMatchObject({
      name: '虹桥枢纽餐饮管理有限公司',
      state: 'normal',
      buyNow: true,
      staff: 8,
      points: 0,
      tenantId: t.ids.tenant('A'),
    });
    expect((await page(t.token.tenant1, { keyword: 'enterprise' })).list.map((c) => c.username)).toEqual([
      'enterprise1',
    ]);
    expect((await page(t.token.tenant1, { state: 'disabled' })).list).toEqual([]);
    expect((await page(t.token.tenant2)).list.map((c) => c.username)).not.toContain('enterprise1');
    expect((await page(t.token.admin)).list.map((c) => c.username)).toContain('enterprise1');
    // member1 holds 1-1, 2-1, 3-1: not the enterprise accounts.
    expect(await t.code('customer.page', { query: { pageNum: 1, pageSize: 5 }, body: {} }, t.token.member1)).toBe(
      CODE.forbidden,
    );
    expect(await t.code('customer.page', { query: { pageNum: 1, pageSize: 5 }, body: {} }, t.token.enterprise1)).toBe(
      CODE.forbidden,
    );
  });
});

describe('customer.create', () => {
  it('makes the customer and its account, who signs in as an enterprise and reads its business at GET /customer/get/{id}', async () => {
    const res = await create(t.token.tenant1, { username: 'pudongsoft', buyNow: true });
    expect(res.body.content).toMatchObject({
      name: '浦东软件园食堂',
      username: 'pudongsoft',
      buyNow: true,
      state: 'normal',
      points: 0,
      staff: 0,
    });
    const token = await t.signIn('pudongsoft', 'Pd@2026canteen');
    const info = await t.ok('account.info', {}, token);
    expect(info.roles.map((r) => r.value)).toEqual([expect.any(String)]);
    expect(await t.ok('customer.get', { params: { id: res.body.content.userId! } }, token)).toMatchObject({
      id: res.body.content.id,
    });
    // Another enterprise's account is not its business.
    expect(await t.code('customer.get', { params: { id: t.ids.user('enterprise1') } }, token)).toBe(
      CODE.customerNotFound,
    );
    expect(await t.code('customer.get', { params: { id: res.body.content.userId! } }, t.token.tenant2)).toBe(
      CODE.customerNotFound,
    );
  });

  it('refuses a taken account (1404), missing fields, and asks the admin for the tenant (1402)', async () => {
    expect((await create(t.token.tenant1, { username: 'tenant2' })).body.code).toBe(CODE.usernameTaken);
    expect(
      (await create(t.token.tenant1, { name: '', username: 'a b', password: '' })).body.content.fields,
    ).toMatchObject({
      name: expect.any(String),
      username: 'account.validation.accountName',
      password: expect.any(String),
    });
    expect((await create(t.token.admin)).body.code).toBe(CODE.tenantRequired);
    expect((await create(t.token.tenant1, { tenantId: t.ids.tenant('B') })).body.code).toBe(CODE.tenantNotFound);
    expect((await create(t.token.tenant1, { tenantId: t.ids.tenant('A1') })).body.content.tenantId).toBe(
      t.ids.tenant('A1'),
    );
  });
});

describe('customer.get', () => {
  it("answers a tenant the business of its customer's account, and 801 for an account that is no customer's", async () => {
    expect(await t.ok('customer.get', { params: { id: t.ids.user('enterprise1') } }, t.token.tenant1)).toMatchObject({
      name: '虹桥枢纽餐饮管理有限公司',
    });
    expect(
      await t.ok('customer.get', { params: { id: t.ids.user('enterprise1') } }, t.token.enterprise1),
    ).toMatchObject({ username: 'enterprise1' });
    expect(await t.code('customer.get', { params: { id: t.ids.user('member1') } }, t.token.tenant1)).toBe(
      CODE.customerNotFound,
    );
  });
});

describe('customer.info', () => {
  it('answers at GET /customer/info/{id}; another tenant hears 801', async () => {
    const id = await hongqiaoCustomer();
    expect(await t.ok('customer.info', { params: { id } }, t.token.tenant1)).toMatchObject({
      id,
      username: 'enterprise1',
    });
    expect(await t.code('customer.info', { params: { id } }, t.token.tenant2)).toBe(CODE.customerNotFound);
  });
});

describe('customer.list', () => {
  it('answers the choices by name; an enterprise account hears only itself', async () => {
    expect((await t.ok('customer.list', { body: { keyword: '虹桥' } }, t.token.tenant1)).map((c) => c.name)).toEqual([
      '虹桥枢纽餐饮管理有限公司',
    ]);
    expect((await t.ok('customer.list', { body: {} }, t.token.enterprise1)).map((c) => c.name)).toEqual([
      '虹桥枢纽餐饮管理有限公司',
    ]);
    expect((await t.ok('customer.list', { body: {} }, t.token.tenant2)).map((c) => c.name)).not.toContain(
      '虹桥枢纽餐饮管理有限公司',
    );
  });
});

describe('customer.update', () => {
  it('edits name and buy-now at PUT /customer/{businessId}; the account shows the new name', async () => {
    const {
      body: { content: c },
    } = await create(t.token.tenant1);
    expect(
      await t.ok(
        'customer.update',
        { params: { businessId: c.id }, body: { name: '浦东软件园员工餐厅', buyNow: true } },
        t.token.tenant1,
      ),
    ).toMatchObject({ name: '浦东软件园员工餐厅', buyNow: true });
    const token = await t.signIn(c.username!, 'Pd@2026canteen');
    expect((await t.ok('account.info', {}, token)).name).toBe('浦东软件园员工餐厅');
    expect(
      await t.code(
        'customer.update',
        { params: { businessId: c.id }, body: { name: 'x', buyNow: false } },
        t.token.tenant2,
      ),
    ).toBe(CODE.customerNotFound);
  });
});

describe('customer.setState', () => {
  it('disables at PUT /customer/state/{id}: the account is signed out at once and refused at sign-in; enabled, it signs in again', async () => {
    const {
      body: { content: c },
    } = await create(t.token.tenant1);
    const token = await t.signIn(c.username!, 'Pd@2026canteen');
    expect(
      await t.ok('customer.setState', { params: { id: c.id }, body: { state: 'disabled' } }, t.token.tenant1),
    ).toMatchObject({ state: 'disabled' });
    expect((await t.call('customer.staffPage', { query: { pageNum: 1, pageSize: 5 }, body: {} }, token)).status).toBe(
      401,
    );
    expect(
      (
        await t.call('account.token', {
          body: { grant_type: 'password', username: c.username!, password: 'Pd@2026canteen' } as never,
        })
      ).body.code,
    ).toBe(CODE.accountDisabled);
    await t.ok('customer.setState', { params: { id: c.id }, body: { state: 'normal' } }, t.token.tenant1);
    expect(await t.signIn(c.username!, 'Pd@2026canteen')).toEqual(expect.any(String));
  });
});

describe('customer.points', () => {
  it('lists the bound points at GET /customer/group/list/{businessId}', async () => {
    const {
      body: { content: c },
    } = await create(t.token.tenant1);
    await t.ok(
      'customer.bindPoints',
      { params: { businessId: c.id }, body: { pointIds: [t.ids.point('hongqiao')] } },
      t.token.tenant1,
    );
    expect(await t.ok('customer.points', { params: { businessId: c.id } }, t.token.tenant1)).toEqual([
      expect.objectContaining({ id: t.ids.point('hongqiao'), name: '上海虹桥站 A 区', tenantId: t.ids.tenant('A') }),
    ]);
  });
});

describe('customer.pointChoices', () => {
  it("offers the points of the customer's tenant and its second-level tenants not yet bound, by name", async () => {
    const {
      body: { content: c },
    } = await create(t.token.tenant1);
    await t.ok(
      'customer.bindPoints',
      { params: { businessId: c.id }, body: { pointIds: [t.ids.point('hongqiao')] } },
      t.token.tenant1,
    );
    const offered = (
      await t.ok('customer.pointChoices', { params: { businessId: c.id }, body: {} }, t.token.tenant1)
    ).map((p) => p.id);
    expect(offered).toEqual(expect.arrayContaining([t.ids.point('peoplesSquare'), t.ids.point('xinghai')]));
    expect(offered).not.toContain(t.ids.point('hongqiao'));
    expect(offered).not.toContain(t.ids.point('tianhe'));
    expect(
      (
        await t.ok(
          'customer.pointChoices',
          { params: { businessId: c.id }, body: { keyword: '星海' } },
          t.token.tenant1,
        )
      ).map((p) => p.name),
    ).toEqual(['苏州星海广场']);
  });
});

describe('customer.bindPoints', () => {
  it("binds its tenant's and its second-level tenants' points at POST /customer/group/{businessId}; another tenant's point is 1410, a sibling's customer refuses the parent's point (802)", async () => {
    const {
      body: { content: c },
    } = await create(t.token.tenant1);
    expect(
      await t.ok(
        'customer.bindPoints',
        {
          params: { businessId: c.id },
          body: { pointIds: [t.ids.point('hongqiao'), t.ids.point('xinghai'), t.ids.point('hongqiao')] },
        },
        t.token.tenant1,
      ),
    ).toEqual({ bound: 2 });
    expect(
      await t.ok(
        'customer.bindPoints',
        { params: { businessId: c.id }, body: { pointIds: [t.ids.point('hongqiao')] } },
        t.token.tenant1,
      ),
    ).toEqual({ bound: 0 });
    expect(
      await t.code(
        'customer.bindPoints',
        { params: { businessId: c.id }, body: { pointIds: [t.ids.point('tianhe')] } },
        t.token.tenant1,
      ),
    ).toBe(CODE.pointNotFound);
    const {
      body: { content: a1 },
    } = await create(t.token.tenant1, { tenantId: t.ids.tenant('A1') });
    expect(
      await t.code(
        'customer.bindPoints',
        { params: { businessId: a1.id }, body: { pointIds: [t.ids.point('hongqiao')] } },
        t.token.tenant1,
      ),
    ).toBe(CODE.pointNotCustomers);
    expect((await t.ok('customer.info', { params: { id: c.id } }, t.token.tenant1)).points).toBe(2);
  });
});

describe('customer.unbindPoints', () => {
  it('unbinds at POST /customer/remove/group/{businessId}', async () => {
    const {
      body: { content: c },
    } = await create(t.token.tenant1);
    await t.ok(
      'customer.bindPoints',
      { params: { businessId: c.id }, body: { pointIds: [t.ids.point('hongqiao'), t.ids.point('peoplesSquare')] } },
      t.token.tenant1,
    );
    expect(
      await t.ok(
        'customer.unbindPoints',
        { params: { businessId: c.id }, body: { pointIds: [t.ids.point('hongqiao')] } },
        t.token.tenant1,
      ),
    ).toEqual({ unbound: 1 });
    expect((await t.ok('customer.points', { params: { businessId: c.id } }, t.token.tenant1)).map((p) => p.id)).toEqual(
      [t.ids.point('peoplesSquare')],
    );
    expect(
      await t.code(
        'customer.unbindPoints',
        { params: { businessId: c.id }, body: { pointIds: [t.ids.point('peoplesSquare')] } },
        t.token.tenant2,
      ),
    ).toBe(CODE.customerNotFound);
  });
});

describe('customer.prices', () => {
  it("lists its tenant's products with the retail and the employee price at POST /price/info/customer", async () => {
    const id = await hongqiaoCustomer();
    const product = await productOf('A');
    await t.ok(
      'customer.setPrice',
      { params: { id }, body: { prices: [{ productId: product.id, price: 150 }] } },
      t.token.tenant1,
    );
    const all = await t.ok(
      'customer.prices',
      { query: { pageNum: 1, pageSize: 200 }, body: { customerId: id } },
      t.token.tenant1,
    );
    expect(all.list.find((p) => p.productId === product.id)).toMatchObject({
      retailPrice: product.price,
      price: 150,
      priceId: expect.any(Number),
    });
    expect(all.total).toBeGreaterThan(1);
    const set = await t.ok(
      'customer.prices',
      { query: { pageNum: 1, pageSize: 200 }, body: { customerId: id, onlySet: true } },
      t.token.tenant1,
    );
    expect(set.list.every((p) => p.price !== null)).toBe(true);
  });
});

describe('customer.setPrice', () => {
  it("sets at POST /employee/price/{customerId}: the price is required and in range, the product of the customer's tenant (803)", async () => {
    const id = await hongqiaoCustomer();
    const mine = await productOf('A');
    const theirs = await productOf('B');
    expect(
      await t.ok(
        'customer.setPrice',
        { params: { id }, body: { prices: [{ productId: mine.id, price: 180 }] } },
        t.token.tenant1,
      ),
    ).toEqual({ saved: 1 });
    const refused = await t.call(
      'customer.setPrice',
      { params: { id }, body: { prices: [{ productId: mine.id } as never] } },
      t.token.tenant1,
    );
    expect(refused.body.content.fields).toEqual({ 'prices.0.price': 'customer.validation.priceRequired' });
    expect(
      (
        await t.call(
          'customer.setPrice',
          { params: { id }, body: { prices: [{ productId: mine.id, price: 1.5 }] } },
          t.token.tenant1,
        )
      ).body.content.fields,
    ).toEqual({ 'prices.0.price': 'customer.validation.price' });
    expect(
      await t.code(
        'customer.setPrice',
        { params: { id }, body: { prices: [{ productId: theirs.id, price: 100 }] } },
        t.token.tenant1,
      ),
    ).toBe(CODE.productNotFound);
    const {
      body: { content: a1 },
    } = await create(t.token.tenant1, { tenantId: t.ids.tenant('A1') });
    expect(
      await t.code(
        'customer.setPrice',
        { params: { id: a1.id }, body: { prices: [{ productId: mine.id, price: 100 }] } },
        t.token.tenant1,
      ),
    ).toBe(CODE.productNotCustomers);
  });
});

describe('customer.deletePrice', () => {
  it('clears at DELETE /employee/price/{id}; another tenant hears 804', async () => {
    const id = await hongqiaoCustomer();
    const mine = await productOf('A');
    await t.ok(
      'customer.setPrice',
      { params: { id }, body: { prices: [{ productId: mine.id, price: 120 }] } },
      t.token.tenant1,
    );
    const row = (
      await t.ok(
        'customer.prices',
        { query: { pageNum: 1, pageSize: 200 }, body: { customerId: id, onlySet: true } },
        t.token.tenant1,
      )
    ).list.find((p) => p.productId === mine.id)!;
    expect(await t.code('customer.deletePrice', { params: { id: row.priceId! } }, t.token.tenant2)).toBe(
      CODE.staffPriceNotFound,
    );
    expect(await t.ok('customer.deletePrice', { params: { id: row.priceId! } }, t.token.tenant1)).toEqual({
      deleted: 1,
    });
    expect(await t.code('customer.deletePrice', { params: { id: row.priceId! } }, t.token.tenant1)).toBe(
      CODE.staffPriceNotFound,
    );
  });

  it('lets a member holding 8-1 manage them, and one without refused', async () => {
    const clerk = await t.signIn(await addMember(t, 'bizclerk', t.ids.tenant('A'), ['8-1']));
    expect(
      (await t.ok('customer.page', { query: { pageNum: 1, pageSize: 5 }, body: {} }, clerk)).total,
    ).toBeGreaterThan(0);
    const staffOnly = await t.signIn(await addMember(t, 'staffclerk', t.ids.tenant('A'), ['8-2']));
    expect(
      await t.code(
        'customer.setPrice',
        {
          params: { id: await hongqiaoCustomer() },
          body: { prices: [{ productId: (await productOf('A')).id, price: 1 }] },
        },
        staffOnly,
      ),
    ).toBe(CODE.forbidden);
  });
});
