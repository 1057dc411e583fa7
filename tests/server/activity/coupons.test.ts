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
import { addPoints, balanceOf } from '../../../server/member/index.js';
import { memberSession, provePhone, settleNow } from '../member/support.js';
import { sheetRows } from '../sheets.js';
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

describe('activity.claim: a coupon exchanged for points', () => {
  it('spends its points with the claim, once per coupon; short of them it is refused (950) and nothing is issued', async () => {
    const a = await couponActivity({ points: 300, perMember: 5 });
    const { token, member } = await memberSession(t, A());
    await t.db.transaction((tx) =>
      addPoints(
        tx,
        'adjust',
        700,
        { memberId: member.id, reason: '测试', key: `test:exchange:${member.id}` },
        new Date(),
      ),
    );
    const listed = await t.ok('activity.claimable', {}, token);
    expect(listed.find((x) => x.activityId === a.id)).toMatchObject({ points: 300 });
    // Eight claims at once against 700 points: two exchanges, the rest refused 950.
    const answers = await Promise.all(Array.from({ length: 8 }, () => claim(token, a.id)));
    expect(answers.filter((r) => r.body.code === CODE.ok)).toHaveLength(2);
    expect(answers.filter((r) => r.body.code === CODE.pointsShort)).toHaveLength(6);
    expect(await balanceOf(t.db, member.id, new Date())).toBe(100);
    expect((await t.ok('activity.myCoupons', { query: {} }, token)).total).toBe(2);
    const ledger = await t.ok('member.ledger', { params: { id: member.id }, query: {} }, t.token.tenant1);
    expect(ledger.entries.list.filter((e) => e.kind === 'spend').map((e) => e.points)).toEqual([-300, -300]);
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

describe('order.page by campaign', () => {
  it("shows each order's discount, activities, coupon and member, and finds a campaign's orders by activity, coupon and member phone", async () => {
    const a = await couponActivity({ amount: 300 });
    const phone = `139${String(process.pid % 10_000).padStart(4, '0')}${String(Date.now() % 10_000).padStart(4, '0')}`;
    const { token, member } = await memberSession(t, A());
    await provePhone(t, token, phone);
    await claim(token, a.id);
    const sold = await sell(t, { memberId: member.id });
    const plain = await sell(t);
    const find = (body: object) =>
      t.ok('order.page', { query: { pageSize: 50 }, body: body as never }, t.token.tenant1).then((p) => p.list);
    const [row] = await find({ activityId: a.id });
    expect(row).toMatchObject({
      number: sold.body.content.orderNumber,
      discount: 300,
      activityNames: [a.name],
      couponUsed: true,
      memberId: member.id,
      memberNickname: member.nickname,
      memberPhone: `${phone.slice(0, 3)}****${phone.slice(-4)}`,
    });
    expect(await find({ activityId: a.id })).toHaveLength(1);
    const withCoupon = (await find({ coupon: true })).map((o) => o.number);
    expect(withCoupon).toContain(sold.body.content.orderNumber);
    expect(withCoupon).not.toContain(plain.body.content.orderNumber);
    const without = (await find({ coupon: false })).map((o) => o.number);
    expect(without).toContain(plain.body.content.orderNumber);
    expect(without).not.toContain(sold.body.content.orderNumber);
    expect((await find({ memberPhone: phone })).map((o) => o.number)).toEqual([sold.body.content.orderNumber]);
    const other = (await find({ number: plain.body.content.orderNumber }))[0]!;
    expect(other).toMatchObject({ discount: 0, activityNames: [], couponUsed: false, memberId: null });
    // The detail shows the member's phone whole; the count agrees with the page.
    const detail = await t.ok('order.info', { params: { id: row!.id } }, t.token.tenant1);
    expect(detail).toMatchObject({ memberPhone: phone, discount: 300, couponUsed: true });
    expect((await t.ok('order.count', { body: { activityId: a.id } }, t.token.tenant1)).total).toBe(1);
    // A phone that is not one is a field error.
    const badPhone = await t.call('order.page', { query: {}, body: { memberPhone: '12345' } }, t.token.tenant1);
    expect(badPhone.body.content.fields).toEqual({ memberPhone: 'validation.phone' });
  });
});

describe('activity.claimsExport', () => {
  it('writes every claimed coupon with its state as the sale reads it and the order that redeemed it', async () => {
    const a = await couponActivity({ amount: 300, quantity: 10 });
    const one = await memberSession(t, A());
    const two = await memberSession(t, A());
    await claim(one.token, a.id);
    await claim(two.token, a.id);
    const sold = await sell(t, { memberId: one.member.id });
    const sheet = await t.ok('activity.claimsExport', { params: { id: a.id }, query: { lang: 'en' } }, t.token.tenant1);
    expect(sheet).toMatchObject({ rows: 2, name: `${a.name}-Coupon claims.xlsx` });
    const rows = await sheetRows(sheet.data);
    expect(rows[0]).toEqual([
      'Coupon no.',
      'Member',
      'Phone',
      'Claimed',
      'Valid until',
      'State',
      'Redeemed',
      'Order no.',
    ]);
    // Oldest claim first: the first member's, then the second's.
    const [first, second] = rows.slice(1);
    expect(first![1]).toBe(one.member.nickname);
    expect(first!.slice(5)).toEqual([
      'Redeemed',
      expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
      sold.body.content.orderNumber,
    ]);
    expect(second![5]).toBe('Unused');
    // Refunded, and given back by the activity's rule: unused again.
    const [order] = await t.db.select().from(orders).where(eq(orders.number, sold.body.content.orderNumber));
    await t.ok('refund.create', { params: { id: order!.id }, body: { reason: '测试', amount: 700 } }, t.token.tenant1);
    await settleNow(t, order!.id);
    const again = await sheetRows(
      (await t.ok('activity.claimsExport', { params: { id: a.id }, query: { lang: 'zh-CN' } }, t.token.tenant1)).data,
    );
    expect(again.slice(1).map((r) => r[5])).toEqual(['未使用', '未使用']);
    // Another tenant's activity is not found, like a missing one.
    expect(
      (await t.call('activity.claimsExport', { params: { id: a.id }, query: { lang: 'en' } }, t.token.tenant2)).body
        .code,
    ).toBe(CODE.activityNotFound);
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
