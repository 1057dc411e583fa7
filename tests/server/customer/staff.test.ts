/**
 * Enterprise staff: an enterprise account manages its own, a tenant (and a
 * member with 8-2) its customers'; card ids are unique within the tenant's
 * customers; the employee fetch at GET /employee/{id}. At the machine: a
 * customer with bound points is honoured there, a second-level tenant's
 * included, and nowhere else; its employee prices win over the channel's.
 */
import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { CODE } from '../../../shared/domains.js';
import { customers } from '../../../server/customer/index.js';
import { deviceChannels } from '../../../server/device/schema.js';
import { addMember } from '../reliability/support/world.js';
import { deviceBasic, suiteApp } from '../helpers.js';

const t = suiteApp(['tenant1', 'tenant2', 'enterprise1']);
const page = (token: string, body: Record<string, unknown> = {}) =>
  t.ok('customer.staffPage', { query: { pageNum: 1, pageSize: 50 }, body }, token);
let card = 0;
const person = (extra: Record<string, unknown> = {}) => ({
  name: '林小雨',
  position: '收银员',
  cardId: `3200${String(++card).padStart(4, '0')}`,
  phone: '13916209999',
  ...extra,
});
const hongqiao = async () =>
  (await t.db.select({ id: customers.id }).from(customers).where(eq(customers.name, '虹桥枢纽餐饮管理有限公司')))[0]!
    .id;

describe('customer.staffPage', () => {
  it("lists an enterprise's own staff to it, and its customers' to the tenant, by keyword", async () => {
    const own = await page(t.token.enterprise1);
    expect(own.total).toBe(8);
    expect(own.list.every((s) => s.customerName === '虹桥枢纽餐饮管理有限公司')).toBe(true);
    expect((await page(t.token.enterprise1, { keyword: '31000103' })).list.map((s) => s.name)).toEqual(['李静']);
    expect((await page(t.token.tenant1, { customerId: await hongqiao() })).total).toBeGreaterThanOrEqual(8);
    expect((await page(t.token.tenant2)).list.map((s) => s.name)).not.toContain('李静');
    expect(
      await t.code(
        'customer.staffPage',
        { query: { pageNum: 1, pageSize: 5 }, body: { customerId: await hongqiao() } },
        t.token.tenant2,
      ),
    ).toBe(CODE.customerNotFound);
  });
});

describe('customer.staff', () => {
  it('answers one at GET /employee/{id}; another tenant hears 805', async () => {
    const [someone] = (await page(t.token.enterprise1, { keyword: '李静' })).list;
    expect(await t.ok('customer.staff', { params: { id: someone!.id } }, t.token.enterprise1)).toMatchObject({
      name: '李静',
      cardId: '31000103',
    });
    expect(await t.code('customer.staff', { params: { id: someone!.id } }, t.token.tenant2)).toBe(
      CODE.customerStaffNotFound,
    );
  });
});

describe('customer.staffCreate', () => {
  it("adds to the enterprise's own list without naming it; a tenant names the customer; a held card is 806; fields are checked", async () => {
    const mine = await t.ok('customer.staffCreate', { body: person() }, t.token.enterprise1);
    expect(mine).toMatchObject({ name: '林小雨', customerName: '虹桥枢纽餐饮管理有限公司' });
    expect(await t.code('customer.staffCreate', { body: person({ cardId: '31000103' }) }, t.token.enterprise1)).toBe(
      CODE.cardIdTaken,
    );
    expect((await t.call('customer.staffCreate', { body: person() }, t.token.tenant1)).body.content.fields).toEqual({
      customerId: 'customer.validation.customer',
    });
    expect(
      await t.ok('customer.staffCreate', { body: person({ customerId: await hongqiao() }) }, t.token.tenant1),
    ).toMatchObject({ customerName: '虹桥枢纽餐饮管理有限公司' });
    const bad = await t.call(
      'customer.staffCreate',
      { body: person({ name: '', phone: '123', cardId: '卡 1' }) },
      t.token.enterprise1,
    );
    expect(bad.body.content.fields).toMatchObject({
      name: expect.any(String),
      phone: 'validation.phone',
      cardId: 'customer.validation.cardId',
    });
    // Another tenant may use the same card number for its own customers.
    expect(
      await t.code(
        'customer.staffCreate',
        { body: person({ cardId: '31000103', customerId: await hongqiao() }) },
        t.token.tenant2,
      ),
    ).toBe(CODE.customerNotFound);
  });

  it('lets a member with 8-2 add staff, not one without', async () => {
    const clerk = await t.signIn(await addMember(t, 'cardclerk', t.ids.tenant('A'), ['8-2']));
    expect(await t.code('customer.staffCreate', { body: person({ customerId: await hongqiao() }) }, clerk)).toBe(
      CODE.ok,
    );
    const other = await t.signIn(await addMember(t, 'orderclerk', t.ids.tenant('A'), ['6-1']));
    expect(await t.code('customer.staffCreate', { body: person({ customerId: await hongqiao() }) }, other)).toBe(
      CODE.forbidden,
    );
  });
});

describe('customer.staffUpdate', () => {
  it('edits; a card held by another is 806, its own card stays', async () => {
    const s = await t.ok('customer.staffCreate', { body: person() }, t.token.enterprise1);
    expect(
      await t.ok(
        'customer.staffUpdate',
        { params: { id: s.id }, body: person({ cardId: s.cardId, name: '林雨', remark: '夜班' }) },
        t.token.enterprise1,
      ),
    ).toMatchObject({ name: '林雨', remark: '夜班', cardId: s.cardId });
    expect(
      await t.code(
        'customer.staffUpdate',
        { params: { id: s.id }, body: person({ cardId: '31000101' }) },
        t.token.enterprise1,
      ),
    ).toBe(CODE.cardIdTaken);
    expect(await t.code('customer.staffUpdate', { params: { id: s.id }, body: person() }, t.token.tenant2)).toBe(
      CODE.customerStaffNotFound,
    );
  });
});

describe('customer.staffDelete', () => {
  it('deletes all or none', async () => {
    const a = await t.ok('customer.staffCreate', { body: person() }, t.token.enterprise1);
    const b = await t.ok('customer.staffCreate', { body: person() }, t.token.enterprise1);
    expect(await t.code('customer.staffDelete', { body: { ids: [a.id, b.id] } }, t.token.tenant2)).toBe(
      CODE.customerStaffNotFound,
    );
    expect(await t.ok('customer.staffDelete', { body: { ids: [a.id, b.id, a.id] } }, t.token.enterprise1)).toEqual({
      deleted: 2,
    });
    expect(await t.code('customer.staff', { params: { id: a.id } }, t.token.enterprise1)).toBe(
      CODE.customerStaffNotFound,
    );
  });
});

describe('a staff card at the machine', () => {
  let sale = 0;
  const sell = (serial: string, channel = 1) =>
    t.call(
      'order.sale',
      {
        body: {
          saleId: `C${++sale}`,
          thirdPartyNumber: `4200009${sale}`,
          platform: 'wechat',
          paymentType: 'scan',
          customerStaffCard: '31000103',
          items: [{ channel, count: 1 }],
        },
      },
      undefined,
      { authorization: deviceBasic(serial) },
    );
  const stock = (serial: string, number: number) =>
    t.db
      .update(deviceChannels)
      .set({ stock: 9 })
      .where(and(eq(deviceChannels.deviceId, t.ids.device(serial)), eq(deviceChannels.number, number)));
  const channelOf = async (serial: string, number: number) =>
    (
      await t.db
        .select()
        .from(deviceChannels)
        .where(and(eq(deviceChannels.deviceId, t.ids.device(serial)), eq(deviceChannels.number, number)))
    )[0]!;

  it("is honoured only at the bound points — a second-level tenant's included — and at the customer's price where set", async () => {
    const id = await hongqiao();
    await stock('VM2026000101', 1);
    await stock('VM2026000106', 1);
    await stock('VM2026000201', 1);
    // None bound: its tenant's own machines, not the second-level tenant's.
    expect((await sell('VM2026000106')).body.code).toBe(CODE.ok);
    expect((await sell('VM2026000201')).body.code).toBe(CODE.customerStaffCardInvalid);
    await t.ok(
      'customer.bindPoints',
      { params: { businessId: id }, body: { pointIds: [t.ids.point('hongqiao'), t.ids.point('xinghai')] } },
      t.token.tenant1,
    );
    expect((await sell('VM2026000201')).body.code).toBe(CODE.ok);
    expect((await sell('VM2026000106')).body.code).toBe(CODE.customerStaffCardInvalid);
    const c1 = await channelOf('VM2026000101', 1);
    expect((await sell('VM2026000101')).body.content.amount).toBe(c1.customerStaffPrice);
    await t.ok(
      'customer.setPrice',
      { params: { id }, body: { prices: [{ productId: c1.productId!, price: 1 }] } },
      t.token.tenant1,
    );
    expect((await sell('VM2026000101')).body.content.amount).toBe(1);
    await t.ok(
      'customer.unbindPoints',
      { params: { businessId: id }, body: { pointIds: [t.ids.point('hongqiao'), t.ids.point('xinghai')] } },
      t.token.tenant1,
    );
  });
});
