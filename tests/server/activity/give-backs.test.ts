/**
 * Give-backs on settlement only (ARCHITECTURE §6b): what a sale took — an
 * activity's use, a share of its budget, a coupon, the points it earned —
 * comes back when its refund settles successfully, never when the refund is
 * asked for. A refund still pending may fail (a merchant's balance too low),
 * and then the customer has kept both the money and the discount. Each case
 * sells again, several times at once, while the refund is pending, then lets
 * the refund fail or succeed.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { CODE } from '../../../shared/domains.js';
import { orders } from '../../../server/order/index.js';
import { suiteApp } from '../helpers.js';
import { memberSession, settleNow } from '../member/support.js';
import { activityBody, freshMachine, sell } from './support.js';

const t = suiteApp(['tenant1']);
const m = freshMachine(t);
const A = () => t.ids.tenant('A');

const orderOf = async (number: string) => (await t.db.select().from(orders).where(eq(orders.number, number)))[0]!;
/** Sells channel 1 once to `memberId`: what it charged, and the order. */
async function sale(memberId: number, extra: object = {}) {
  const answer = await sell(t, { memberId, ...extra });
  expect(answer.body, JSON.stringify(answer.body)).toMatchObject({ code: CODE.ok });
  return { amount: answer.body.content.amount as number, order: await orderOf(answer.body.content.orderNumber) };
}
/** Asks for a whole refund of `orderId`; the sandbox fails a reason holding `#fail`. */
const askRefund = (orderId: number, amount: number, fail: boolean) =>
  t.ok(
    'refund.create',
    { params: { id: orderId }, body: { reason: fail ? '测试 #fail' : '测试', amount } },
    t.token.tenant1,
  );
const usesOf = async (activityId: number) =>
  (await t.ok('activity.info', { params: { id: activityId } }, t.token.tenant1)).uses;
const pointsOf = async (token: string) => (await t.ok('member.me', {}, token)).points;

describe.each([
  ['fails', true],
  ['succeeds', false],
] as const)('a refund pending, then it %s', (_, fails) => {
  it('an activity use and the budget stay taken while it is pending; they come back only if it succeeds', async () => {
    const a = await t.ok(
      'activity.create',
      { body: activityBody(m().deviceId, m().productA, { participationLimit: 1, budgetUses: 2 }) as never },
      t.token.tenant1,
    );
    const { member } = await memberSession(t, A());
    const first = await sale(member.id);
    expect(first.amount).toBe(700);
    await askRefund(first.order.id, 700, fails);
    // Sales of the same member while the refund is pending: the once-per-member offer is still taken.
    const during = await Promise.all(Array.from({ length: 4 }, () => sale(member.id)));
    expect(during.map((s) => s.amount)).toEqual([1000, 1000, 1000, 1000]);
    expect(await usesOf(a.id)).toBe(1);
    await settleNow(t, first.order.id);
    expect(await usesOf(a.id)).toBe(fails ? 1 : 0);
    expect((await sale(member.id)).amount).toBe(fails ? 1000 : 700);
    // The budget of two orders: a second member takes the last; a third finds it spent.
    const others = await Promise.all([memberSession(t, A()), memberSession(t, A())]);
    const rest = await Promise.all(others.map((o) => sale(o.member.id)));
    expect(rest.map((s) => s.amount).sort((x, y) => x - y)).toEqual([700, 1000]);
    expect(await usesOf(a.id)).toBe(2);
  });

  it('a coupon stays redeemed while it is pending: naming it again is 3421; it is free again only if it succeeds', async () => {
    const a = await t.ok(
      'activity.create',
      {
        body: activityBody(m().deviceId, m().productA, {
          type: 'coupon',
          products: [{ productId: m().productA }, { productId: m().productB }],
          coupon: { type: 'reduction', amount: 300, quantity: 50, validDays: 7 } as never,
        }) as never,
      },
      t.token.tenant1,
    );
    const { token, member } = await memberSession(t, A());
    const coupon = (await t.ok('activity.claim', { body: { activityId: a.id } }, token)) as { id: number };
    const first = await sale(member.id, { couponId: coupon.id });
    expect(first.amount).toBe(700);
    await askRefund(first.order.id, 700, fails);
    const named = await Promise.all(
      Array.from({ length: 4 }, () => sell(t, { memberId: member.id, couponId: coupon.id })),
    );
    expect(named.map((r) => r.body.code)).toEqual(Array(4).fill(CODE.couponUnusable));
    expect((await sale(member.id)).amount).toBe(1000);
    const state = async () =>
      (await t.ok('activity.myCoupons', { query: {} }, token)).list.find((c) => c.id === coupon.id)!.state;
    expect(await state()).toBe('used');
    await settleNow(t, first.order.id);
    expect(await state()).toBe(fails ? 'used' : 'unused');
    const again = await sell(t, { memberId: member.id, couponId: coupon.id });
    if (fails) expect(again.body.code).toBe(CODE.couponUnusable);
    else expect(again.body.content.amount).toBe(700);
  });

  it('the points a sale earned stay while it is pending; they are taken back only if it succeeds', async () => {
    const { token, member } = await memberSession(t, A());
    const first = await sale(member.id);
    expect(await pointsOf(token)).toBe(10);
    await askRefund(first.order.id, 1000, fails);
    await Promise.all(Array.from({ length: 3 }, () => sale(member.id)));
    expect(await pointsOf(token)).toBe(40);
    await settleNow(t, first.order.id);
    expect(await pointsOf(token)).toBe(fails ? 40 : 30);
  });
});
