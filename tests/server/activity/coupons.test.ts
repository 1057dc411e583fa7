/**
 * Coupons: claimed within the quantity and the member's limit under 200
 * concurrent claims, redeemed once by a sale (Vendure #4660 let concurrent
 * checkouts reuse a single-use coupon), given back when its sale is refunded
 * and the activity says so.
 */
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { CODE } from '../../../shared/domains.js';
import { activities } from '../../../server/activity/index.js';
import { orderItems, orders } from '../../../server/order/index.js';
import { suiteApp } from '../helpers.js';
import { memberSession, settleNow } from '../member/support.js';
import { activityBody, sell, stockMachine } from './support.js';

const t = suiteApp(['tenant1', 'tenant2']);
let m: Awaited<ReturnType<typeof stockMachine>>;
const A = () => t.ids.tenant('A');

beforeEach(async () => {
  m = await stockMachine(t);
  await t.db.delete(activities).where(eq(activities.tenantId, A()));
});

const couponActivity = (coupon: object, over: object = {}) =>
  t.ok(
    'activity.create',
    {
      body: activityBody(m.deviceId, m.productA, {
        type: 'coupon',
        products: [{ productId: m.productA }, { productId: m.productB }],
        coupon: { type: 'reduction', amount: 300, quantity: 50, validDays: 7, ...coupon } as never,
        ...over,
      }) as never,
    },
    t.token.tenant1,
  );
const claim = (token: string, activityId: number) => t.call('activity.claim', { body: { activityId } }, token);

describe('activity.claimable', () => {
  it("lists the tenant's active coupon activities with what is left to claim", async () => {
    const a = await couponActivity({ quantity: 3, perMember: 2 });
    const { token } = await memberSession(t, A());
    await claim(token, a.id);
    const list = await t.ok('activity.claimable', {}, token);
    expect(list).toEqual([
      expect.objectContaining({ activityId: a.id, left: 2, mine: 1, perMember: 2, type: 'reduction', amount: 300 }),
    ]);
  });
});

describe('activity.claim', () => {
  it('issues within the quantity and the per-member limit; a discount or a stopped activity gives none', async () => {
    const a = await couponActivity({ quantity: 2, perMember: 1 });
    const one = await memberSession(t, A());
    const two = await memberSession(t, A());
    const three = await memberSession(t, A());
    expect((await claim(one.token, a.id)).body.content).toMatchObject({ activityId: a.id, state: 'unused' });
    expect((await claim(one.token, a.id)).body.code).toBe(CODE.couponClaimLimit);
    expect((await claim(two.token, a.id)).body.code).toBe(CODE.ok);
    expect((await claim(three.token, a.id)).body.code).toBe(CODE.couponsGone);
    const discount = await t.ok(
      'activity.create',
      { body: activityBody(m.deviceId, m.productA) as never },
      t.token.tenant1,
    );
    expect((await claim(three.token, discount.id)).body.code).toBe(CODE.couponNotClaimable);
    const stopped = await couponActivity({});
    await t.ok('activity.terminate', { params: { id: stopped.id } }, t.token.tenant1);
    expect((await claim(three.token, stopped.id)).body.code).toBe(CODE.couponNotClaimable);
  });

  it('200 concurrent claims of a quantity of 50 issue exactly 50, never more than a member may hold', async () => {
    const a = await couponActivity({ quantity: 50, perMember: 10 });
    const people = await Promise.all(Array.from({ length: 8 }, () => memberSession(t, A())));
    const answers = await Promise.all(Array.from({ length: 200 }, (_, i) => claim(people[i % 8]!.token, a.id)));
    expect(answers.every((r) => r.status < 500)).toBe(true);
    expect(answers.filter((r) => r.body.code === CODE.ok)).toHaveLength(50);
    for (const p of people)
      expect((await t.ok('activity.myCoupons', { query: {} }, p.token)).total).toBeLessThanOrEqual(10);
  });
});

describe('activity.myCoupons', () => {
  it("lists the member's coupons, unused first; another member's are not there", async () => {
    const a = await couponActivity({ perMember: 2 });
    const { token } = await memberSession(t, A());
    await claim(token, a.id);
    await claim(token, a.id);
    const mine = await t.ok('activity.myCoupons', { query: {} }, token);
    expect(mine.list.map((c) => c.state)).toEqual(['unused', 'unused']);
    expect((await t.ok('activity.myCoupons', { query: {} }, (await memberSession(t, A())).token)).total).toBe(0);
  });
});

describe('order.sale with coupons', () => {
  it("takes the member's best coupon once; a refund gives it back when the activity says so", async () => {
    const a = await couponActivity({ amount: 300 });
    const { token, member } = await memberSession(t, A());
    const coupon = (await claim(token, a.id)).body.content;
    const first = await sell(t, { memberId: member.id });
    expect(first.body.content.amount).toBe(700);
    expect((await sell(t, { memberId: member.id })).body.content.amount).toBe(1000);
    const [order] = await t.db.select().from(orders).where(eq(orders.number, first.body.content.orderNumber));
    await t.ok('refund.create', { params: { id: order!.id }, body: { reason: '测试', amount: 700 } }, t.token.tenant1);
    await settleNow(t, order!.id);
    expect((await t.ok('activity.myCoupons', { query: {} }, token)).list[0]).toMatchObject({
      id: coupon.id,
      state: 'unused',
    });
    expect((await sell(t, { memberId: member.id, couponId: coupon.id })).body.content.amount).toBe(700);
  });

  it('a money-off coupon touches only the products its activity names: its threshold counts them alone', async () => {
    // Before, a ¥2-off coupon limited to product B took ¥2 off a basket of product A alone.
    const a = await couponActivity({ amount: 200 }, { products: [{ productId: m.productB }] });
    const { token, member } = await memberSession(t, A());
    const coupon = (await claim(token, a.id)).body.content;
    expect((await sell(t, { memberId: member.id, items: [{ channel: 1, count: 1 }] })).body.content.amount).toBe(1000);
    expect((await sell(t, { memberId: member.id, couponId: coupon.id })).body.code).toBe(CODE.couponUnusable);
    // ¥3 off ¥10 of product B: ¥10 of A and ¥6 of B do not reach it; two of B do, and only B's line pays less.
    const b = await couponActivity({ amount: 300, threshold: 1000 }, { products: [{ productId: m.productB }] });
    const other = await memberSession(t, A());
    await claim(other.token, b.id);
    const both = [
      { channel: 1, count: 1 },
      { channel: 2, count: 1 },
    ];
    expect((await sell(t, { memberId: other.member.id, items: both })).body.content.amount).toBe(1600);
    const two = await sell(t, {
      memberId: other.member.id,
      items: [
        { channel: 1, count: 1 },
        { channel: 2, count: 2 },
      ],
    });
    expect(two.body.content.amount).toBe(1000 + 1200 - 300);
    const [order] = await t.db.select().from(orders).where(eq(orders.number, two.body.content.orderNumber));
    const items = await t.db
      .select()
      .from(orderItems)
      .where(eq(orderItems.orderId, order!.id))
      .orderBy(orderItems.channel);
    expect(items.map((i) => [i.amount, i.couponId !== null])).toEqual([
      [1000, false],
      [900, true],
    ]);
  });

  it('a coupon not given back on refund stays used; one the buyer names that prices nothing is 3421', async () => {
    const a = await couponActivity({ amount: 300, threshold: 1500, returnOnRefund: false });
    const { token, member } = await memberSession(t, A());
    const coupon = (await claim(token, a.id)).body.content;
    expect((await sell(t, { memberId: member.id, couponId: coupon.id })).body.code).toBe(CODE.couponUnusable);
    const sale = await sell(t, { memberId: member.id, items: [{ channel: 1, count: 2 }] });
    expect(sale.body.content.amount).toBe(1700);
    const [order] = await t.db.select().from(orders).where(eq(orders.number, sale.body.content.orderNumber));
    await t.ok('refund.create', { params: { id: order!.id }, body: { reason: '测试', amount: 1700 } }, t.token.tenant1);
    await settleNow(t, order!.id);
    expect((await t.ok('activity.myCoupons', { query: {} }, token)).list[0]!.state).toBe('used');
    expect((await sell(t, { couponId: coupon.id })).body.code).toBe(CODE.couponUnusable);
  });

  it('50 concurrent sales naming one coupon redeem it once; the others are refused', async () => {
    const a = await couponActivity({ amount: 300 });
    const { token, member } = await memberSession(t, A());
    const coupon = (await claim(token, a.id)).body.content;
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => sell(t, { memberId: member.id, couponId: coupon.id })),
    );
    expect(answers.every((r) => r.status < 500)).toBe(true);
    expect(answers.filter((r) => r.body.code === CODE.ok)).toHaveLength(1);
    expect(answers.filter((r) => r.body.code === CODE.couponUnusable)).toHaveLength(49);
  });
});

describe('activity.basketPrice', () => {
  it('prices the basket as the sale then does, coupon included; a machine of another tenant is 1201', async () => {
    const a = await couponActivity({ amount: 300 });
    await t.ok(
      'activity.create',
      { body: activityBody(m.deviceId, m.productA, { products: [{ productId: m.productA, price: 800 }] }) as never },
      t.token.tenant1,
    );
    const { token, member } = await memberSession(t, A());
    await claim(token, a.id);
    const basket = {
      deviceId: m.deviceId,
      items: [
        { channel: 1, count: 1 },
        { channel: 2, count: 1 },
      ],
    };
    const price = await t.ok('activity.basketPrice', { body: basket }, token);
    expect(price).toMatchObject({ listTotal: 1600, total: 800 + 600 - 300 });
    expect(price.applied.map((x) => x.lane)).toEqual(['price', 'coupon']);
    const sale = await sell(t, { memberId: member.id, items: basket.items });
    expect(sale.body.content.amount).toBe(price.total);
    const other = await memberSession(t, t.ids.tenant('B'));
    expect(await t.code('activity.basketPrice', { body: basket }, other.token)).toBe(CODE.deviceNotFound);
  });
});
