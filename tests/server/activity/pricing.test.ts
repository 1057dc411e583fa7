/**
 * Sales priced by the activities (order.sale through the engine): each line
 * keeps its price, what it paid and what priced it; the limits count only
 * what really happened — each bug of a well-known engine named below as a test.
 */
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { CODE } from '../../../shared/domains.js';
import { activityUses } from '../../../server/activity/schema.js';
import { activities } from '../../../server/activity/index.js';
import { groupMembers } from '../../../server/group/index.js';
import { members } from '../../../server/member/index.js';
import { orderItems, orders } from '../../../server/order/index.js';
import { deviceBasic, suiteApp } from '../helpers.js';
import { memberSession, settleNow } from '../member/support.js';
import { SERIAL, activityBody, sell, stockMachine } from './support.js';

const t = suiteApp(['tenant1', 'tenant2']);
let m: Awaited<ReturnType<typeof stockMachine>>;
const A = () => t.ids.tenant('A');

beforeEach(async () => {
  m = await stockMachine(t);
  // Each test prices with its own activities alone.
  await t.db.delete(activities).where(eq(activities.tenantId, A()));
});

const activity = (over: Parameters<typeof activityBody>[2] = {}) =>
  t.ok('activity.create', { body: activityBody(m.deviceId, m.productA, over) as never }, t.token.tenant1);
const orderOf = async (number: string) => (await t.db.select().from(orders).where(eq(orders.number, number)))[0]!;
const itemsOf = (orderId: number) =>
  t.db.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(orderItems.id);
const paid = async (sale: Parameters<typeof sell>[1] = {}) => {
  const answer = await sell(t, sale);
  expect(answer.body, JSON.stringify(answer.body)).toMatchObject({ code: CODE.ok });
  return answer.body.content.amount as number;
};

describe('order.sale priced by activities', () => {
  it('a discount prices the next sale; the line keeps its price, what it paid and the activity', async () => {
    const a = await activity();
    const sale = await sell(t, {
      items: [
        { channel: 1, count: 2 },
        { channel: 2, count: 1 },
      ],
    });
    expect(sale.body.content.amount).toBe(700 * 2 + 600);
    const items = await itemsOf((await orderOf(sale.body.content.orderNumber)).id);
    expect(items.map((i) => [i.listPrice, i.unitPrice, i.amount, i.activityIds])).toEqual([
      [1000, 700, 1400, [a.id]],
      [600, 600, 600, []],
    ]);
    expect((await t.ok('activity.info', { params: { id: a.id } }, t.token.tenant1)).discount).toBe(600);
    // The order's detail names what priced it; an anonymous sale names no member.
    const detail = await t.ok(
      'order.info',
      { params: { id: (await orderOf(sale.body.content.orderNumber)).id } },
      t.token.tenant1,
    );
    const [named] = await t.db.select({ name: activities.name }).from(activities).where(eq(activities.id, a.id));
    expect(detail.activities).toEqual([{ id: a.id, name: named!.name }]);
    expect(detail.member).toBeNull();
  });

  it('a full reduction spreads over the lines to the fen; the order is refundable to what it paid', async () => {
    await activity({
      type: 'fullReduction',
      threshold: 1500,
      reduction: 301,
      products: [{ productId: m.productA }, { productId: m.productB }],
    });
    const sale = await sell(t, {
      items: [
        { channel: 1, count: 1 },
        { channel: 2, count: 1 },
      ],
    });
    expect(sale.body.content.amount).toBe(1299);
    const order = await orderOf(sale.body.content.orderNumber);
    const items = await itemsOf(order.id);
    expect(items.reduce((s, i) => s + i.amount, 0)).toBe(1299);
    const over = await t.call(
      'refund.create',
      {
        params: { id: order.id },
        body: { reason: '测试', items: [{ itemId: items[0]!.id, amount: items[0]!.amount + 1 }] },
      },
      t.token.tenant1,
    );
    expect(over.body.code).toBe(CODE.refundOverPaid);
  });

  it('a purchase limit discounts the units left; a refunded order gives them back (Vendure #1466)', async () => {
    await activity({ purchaseLimit: { period: 'daily', count: 2, refresh: 'calendar' } });
    const { member } = await memberSession(t, A());
    expect(await paid({ memberId: member.id, items: [{ channel: 1, count: 3 }] })).toBe(700 * 2 + 1000);
    expect(await paid({ memberId: member.id })).toBe(1000);
    const first = await t.db.select().from(orders).where(eq(orders.memberId, member.id)).orderBy(orders.id).limit(1);
    await t.ok(
      'refund.create',
      { params: { id: first[0]!.id }, body: { reason: '测试', amount: 2400 } },
      t.token.tenant1,
    );
    await settleNow(t, first[0]!.id);
    expect(await paid({ memberId: member.id })).toBe(700);
    // Each of them names its member in its detail.
    const [mine] = await t.db.select().from(members).where(eq(members.id, member.id));
    const detail = await t.ok('order.info', { params: { id: first[0]!.id } }, t.token.tenant1);
    expect(detail.member).toEqual({ id: member.id, nickname: mine!.nickname, phone: mine!.phone });
  });

  it('a failed vend gives its use back', async () => {
    await activity({ participationLimit: 1 });
    const { member } = await memberSession(t, A());
    const sale = await sell(t, { memberId: member.id });
    expect(sale.body.content.amount).toBe(700);
    expect(await paid({ memberId: member.id })).toBe(1000);
    const order = await orderOf(sale.body.content.orderNumber);
    await t.call(
      'delivery.outcome',
      { body: { saleId: order.saleId!, items: [{ channel: 1, outcome: 'failed', failure: 'jam' }] } },
      undefined,
      { authorization: deviceBasic(SERIAL) },
    );
    await settleNow(t, order.id);
    expect(await paid({ memberId: member.id })).toBe(700);
  });

  it('an activity that gave nothing uses nothing (Medusa #5278)', async () => {
    const a = await activity({
      budgetUses: 1,
      products: [
        { productId: m.productA, price: 700 },
        { productId: m.productB, price: 650 },
      ],
    });
    // Channel 2 sells at ¥6: the ¥6.50 "discount" gives nothing, so the one use of the budget is still there.
    expect(await paid({ items: [{ channel: 2, count: 1 }] })).toBe(600);
    expect(await t.db.select().from(activityUses).where(eq(activityUses.activityId, a.id))).toHaveLength(0);
    expect(await paid()).toBe(700);
    expect(await paid()).toBe(1000);
  });

  it('a group-only activity never prices anyone outside the group (Medusa #10783); "not in group" holds for one in no group (#14168)', async () => {
    const group = await t.ok(
      'group.create',
      {
        body: {
          name: `员工${process.pid}`,
          definition: '测试',
          identifier: 'phone',
          importMethod: 'preImport',
        } as never,
      },
      t.token.tenant1,
    );
    await activity({ crowd: 'inGroups', groupIds: [group.id] });
    await activity({
      type: 'discountOffer',
      rate: 90,
      crowd: 'notInGroups',
      groupIds: [group.id],
      products: [{ productId: m.productB }],
    });
    const inside = (await memberSession(t, A())).member;
    const outside = (await memberSession(t, A())).member;
    await t.db
      .insert(groupMembers)
      .values({ groupId: group.id, tenantId: A(), identifier: '13900000001', state: 'activated', memberId: inside.id });
    const basket = {
      items: [
        { channel: 1, count: 1 },
        { channel: 2, count: 1 },
      ],
    };
    expect(await paid({ ...basket, memberId: inside.id })).toBe(700 + 600);
    expect(await paid({ ...basket, memberId: outside.id })).toBe(1000 + 540);
    expect(await paid(basket)).toBe(1000 + 540);
  });

  it("new-user-only prices a member's first paid order alone", async () => {
    await activity({ newUserOnly: true });
    const { member } = await memberSession(t, A());
    expect(await paid({ memberId: member.id })).toBe(700);
    expect(await paid({ memberId: member.id })).toBe(1000);
    expect(await paid()).toBe(1000);
  });

  it('a disabled or terminated activity prices nothing', async () => {
    const a = await activity();
    await t.ok('activity.setState', { params: { id: a.id }, body: { state: 'disabled' } }, t.token.tenant1);
    expect(await paid()).toBe(1000);
    await t.ok('activity.setState', { params: { id: a.id }, body: { state: 'normal' } }, t.token.tenant1);
    expect(await paid()).toBe(700);
    await t.ok('activity.terminate', { params: { id: a.id } }, t.token.tenant1);
    expect(await paid()).toBe(1000);
  });

  it('a budget of uses is never overspent by concurrent sales (automatic activities honour their limits: Medusa #4353)', async () => {
    const a = await activity({ budgetUses: 3 });
    const amounts = await Promise.all(Array.from({ length: 10 }, () => sell(t)));
    const priced = amounts.map((r) => r.body.content?.amount);
    expect(priced.filter((x) => x === 700)).toHaveLength(3);
    expect(priced.filter((x) => x === 1000)).toHaveLength(7);
    expect(await t.db.select().from(activityUses).where(eq(activityUses.activityId, a.id))).toHaveLength(3);
  });

  it('a budget of money stops the discount before it would overspend', async () => {
    await activity({ budgetAmount: 700 });
    const amounts = await Promise.all(Array.from({ length: 6 }, () => sell(t)));
    expect(amounts.map((r) => r.body.content?.amount).filter((x) => x === 700)).toHaveLength(2);
  });
});

describe('activity.dryRun', () => {
  it("replays the day's sales of its devices with the unsaved activity alone, its budget running out as it would", async () => {
    const draft = (over: Parameters<typeof activityBody>[2] = {}) => activityBody(m.deviceId, m.productA, over);
    const run = (body: object) => t.ok('activity.dryRun', { body: body as never }, t.token.tenant1);
    const before = await run({ draft: draft(), days: 1 });
    for (let i = 0; i < 3; i++) await paid();
    await paid({ items: [{ channel: 2, count: 1 }] });
    const after = await run({ draft: draft(), days: 1 });
    expect(after.sales - before.sales).toBe(4);
    expect(after.changed - before.changed).toBe(3);
    expect(after.discount - before.discount).toBe(900);
    expect(after.before - after.after).toBe(after.discount);
    expect((await run({ draft: draft({ budgetUses: 2 }), days: 1 })).changed).toBe(2);
    // A sale by platform the activity does not take is not changed.
    expect((await run({ draft: draft({ platforms: ['alipay'] }), days: 1 })).changed).toBe(0);
    expect(await t.code('activity.dryRun', { body: { draft: draft(), days: 1 } as never }, t.token.tenant2)).toBe(
      CODE.activityRefUnknown,
    );
  });
});

describe('activity.results', () => {
  it('counts the orders that stand, their revenue and discount by day, and the devices against their previous period', async () => {
    const a = await activity();
    const { member } = await memberSession(t, A());
    await paid({ memberId: member.id });
    const refunded = await sell(t, { memberId: member.id });
    await paid({ items: [{ channel: 2, count: 1 }] });
    const order = await orderOf(refunded.body.content.orderNumber);
    await t.ok('refund.create', { params: { id: order.id }, body: { reason: '测试', amount: 700 } }, t.token.tenant1);
    await settleNow(t, order.id);
    const r = await t.ok('activity.results', { params: { id: a.id } }, t.token.tenant1);
    expect(r).toMatchObject({
      orders: 1,
      revenue: 700,
      discount: 300,
      members: 1,
      couponsIssued: 0,
      couponsRedeemed: 0,
    });
    expect(r.days).toHaveLength(1);
    expect(r.days[0]).toMatchObject({ orders: 1, revenue: 700, discount: 300 });
    // Every sale at the machine since the activity began (a minute before it was made: earlier tests' too), net of refunds.
    expect(r.devicesRevenue).toBeGreaterThanOrEqual(1300);
    expect(await t.code('activity.results', { params: { id: a.id } }, t.token.tenant2)).toBe(CODE.activityNotFound);
  });
});
