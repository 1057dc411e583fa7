/**
 * Points that pay (the pricing engine's lane `points`, docs/domains/wallet.md): the tenant's rate and share in
 * its stored value settings, the member's basket price showing them before the sale, the sale spending them
 * once per sale id and stating them per line, a refund giving them back when it settles, and twenty sales at
 * once never spending points the member does not hold.
 */
import { and, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { CODE } from '../../../shared/domains.js';
import { reconcile } from '../../../server/books/index.js';
import { addPoints, balanceOf } from '../../../server/member/index.js';
import { orderItems, orders } from '../../../server/order/index.js';
import { moveWallet, walletSettings } from '../../../server/wallet/index.js';
import { suiteApp } from '../helpers.js';
import { memberSession, sell, settleNow, stock } from '../member/support.js';

const t = suiteApp(['tenant1', 'tenant2'], { deviceLimit: { requests: 10_000, windowMs: 60_000 } });
const A = () => t.ids.tenant('A');
const SERIAL = 'VM2026000101';

beforeEach(async () => {
  await t.db.delete(walletSettings);
  await t.db.insert(walletSettings).values({ tenantId: A(), pointsPerYuan: 100, pointsMaxPercent: 50 });
});

/** A new member of tenant A holding `points`. */
async function memberWith(points: number) {
  const session = await memberSession(t, A());
  await t.db.transaction((tx) =>
    addPoints(
      tx,
      'adjust',
      points,
      { memberId: session.member.id, reason: '测试', key: `test:${session.member.id}` },
      new Date(),
    ),
  );
  return session;
}
const pointsOf = (memberId: number) => balanceOf(t.db, memberId, new Date());
const orderOf = async (number: string) => (await t.db.select().from(orders).where(eq(orders.number, number)))[0]!;

describe('wallet.saveSettings: points as money', () => {
  it('keeps the rate and the share, points off by default, and refuses either past its bounds at its field', async () => {
    await t.db.delete(walletSettings);
    const off = await t.ok('wallet.settings', { body: {} }, t.token.tenant1);
    expect(off).toMatchObject({ pointsPerYuan: null, pointsMaxPercent: 50 });
    const saved = await t.ok(
      'wallet.saveSettings',
      { body: { spendOrder: 'bonusFirst', capFen: 500_000, pointsPerYuan: 200, pointsMaxPercent: 30 } },
      t.token.tenant1,
    );
    expect(saved).toMatchObject({ pointsPerYuan: 200, pointsMaxPercent: 30, inherited: false });
    for (const [field, bad] of [
      ['pointsPerYuan', 0],
      ['pointsPerYuan', 10_001],
      ['pointsMaxPercent', 101],
      ['pointsMaxPercent', -1],
    ] as const) {
      const res = await t.call(
        'wallet.saveSettings',
        { body: { spendOrder: 'bonusFirst', capFen: 500_000, pointsPerYuan: 200, pointsMaxPercent: 30, [field]: bad } },
        t.token.tenant1,
      );
      expect(res.body.code).toBe(CODE.badRequest);
      expect(Object.keys((res.body.content as { fields: object }).fields)).toEqual([field]);
    }
  });
});

describe('a sale paid partly with points', () => {
  it('is priced as the basket price said, spends the points once per sale id, and states them on the line', async () => {
    await stock(t, SERIAL);
    const { member, token } = await memberWith(1_000);
    const items = [{ channel: 1, count: 1 }];
    const price = await t.ok(
      'activity.basketPrice',
      { body: { deviceId: t.ids.device(SERIAL), items, usePoints: true } },
      token,
    );
    // ¥12.50, at most half by points: ¥6.25, 625 points of the 1 000 at 100 points = ¥1.
    expect(price).toMatchObject({ listTotal: 1_250, total: 625, points: { used: 625, discount: 625 } });
    expect(price.lines.map((l) => l.pointsDiscount)).toEqual([625]);
    const without = await t.ok('activity.basketPrice', { body: { deviceId: t.ids.device(SERIAL), items } }, token);
    expect(without).toMatchObject({ total: 1_250, points: { used: 0, discount: 0 } });

    const saleId = `points-${member.id}`;
    const sale = await sell(t, SERIAL, { saleId, memberId: member.id, usePoints: true });
    expect(sale.body.content).toMatchObject({ amount: price.total, pointsUsed: 625 });
    const earned = sale.body.content.points;
    expect(await pointsOf(member.id)).toBe(1_000 - 625 + earned);
    const retry = await sell(t, SERIAL, { saleId, memberId: member.id, usePoints: true });
    expect(retry.body.content).toMatchObject({ created: false, pointsUsed: 625 });
    expect(await pointsOf(member.id)).toBe(1_000 - 625 + earned);
    const order = await orderOf(sale.body.content.orderNumber);
    expect(order).toMatchObject({ pointsUsed: 625, receivedAmount: 625 });
    const [item] = await t.db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
    expect(item).toMatchObject({ listPrice: 1_250, amount: 625, pointsDiscount: 625 });
  });

  it("pays nothing with points where the tenant's points do not pay, and asks whose points at the field", async () => {
    await stock(t, SERIAL);
    const { member } = await memberWith(1_000);
    await t.db.delete(walletSettings);
    const sale = await sell(t, SERIAL, { memberId: member.id, usePoints: true });
    expect(sale.body.content).toMatchObject({ amount: 1_250, pointsUsed: 0 });
    const anonymous = await sell(t, SERIAL, { usePoints: true });
    expect(anonymous.body.code).toBe(CODE.badRequest);
    expect(Object.keys((anonymous.body.content as { fields: object }).fields)).toEqual(['memberId']);
  });

  it('pays the rest from the wallet, after the points', async () => {
    await stock(t, SERIAL);
    const { member } = await memberWith(300);
    await t.db.transaction((tx) =>
      moveWallet(
        tx,
        { memberId: member.id, kind: 'topUp', key: `test:topUp:${member.id}` },
        { principal: 5_000, bonus: 0 },
      ),
    );
    const sale = await sell(t, SERIAL, {
      memberId: member.id,
      usePoints: true,
      platform: 'wallet',
      paymentType: 'program',
      thirdPartyNumber: undefined,
    });
    expect(sale.body.content).toMatchObject({ amount: 950, pointsUsed: 300, wallet: { principal: 950, bonus: 0 } });
  });
});

describe("a points-paid sale's refund", () => {
  it('gives the points back in the share refunded when it settles, all of them once the whole is', async () => {
    await stock(t, SERIAL);
    const { member } = await memberWith(1_000);
    const sale = await sell(t, SERIAL, { memberId: member.id, usePoints: true, items: [{ channel: 1, count: 2 }] });
    // ¥25, half of it ¥12.50 by points at most: the 1 000 points pay ¥10.
    expect(sale.body.content).toMatchObject({ amount: 1_500, pointsUsed: 1_000 });
    const earned = sale.body.content.points;
    const order = await orderOf(sale.body.content.orderNumber);
    const refund = (amount: number) =>
      t.ok('refund.create', { params: { id: order.id }, body: { reason: '少出一瓶', amount } }, t.token.tenant1);
    await refund(750);
    // Asked, not settled: nothing comes back yet.
    expect(await pointsOf(member.id)).toBe(earned);
    await settleNow(t, order.id);
    expect(await pointsOf(member.id)).toBe(500 + earned - Math.floor(earned / 2));
    await refund(750);
    await settleNow(t, order.id);
    expect(await pointsOf(member.id)).toBe(1_000);
    const books = await reconcile(t.db, [A()]);
    expect(books.find((c) => c.key === 'member.points')!.differences).toEqual([]);
  });
});

describe('twenty sales with points at once', () => {
  it('never spends more points than the member holds, each sale once', async () => {
    await stock(t, SERIAL);
    const { member } = await memberWith(2_000);
    // ¥12.50 each, 625 points each: the points cover three sales; the rest pay in full.
    const sales = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        sell(t, SERIAL, { saleId: `race-points-${member.id}-${i % 15}`, memberId: member.id, usePoints: true }),
      ),
    );
    expect(sales.every((s) => s.body.code === CODE.ok)).toBe(true);
    const spent = await t.db
      .select({ pointsUsed: orders.pointsUsed, amount: orders.amount })
      .from(orders)
      .where(and(eq(orders.memberId, member.id)));
    expect(spent).toHaveLength(15);
    const used = spent.reduce((s, o) => s + o.pointsUsed, 0);
    expect(used).toBeLessThanOrEqual(2_000 + spent.reduce((s, o) => s + Math.floor(o.amount / 100), 0));
    expect(await pointsOf(member.id)).toBeGreaterThanOrEqual(0);
    const books = await reconcile(t.db, [A()]);
    expect(books.find((c) => c.key === 'member.points')!.differences).toEqual([]);
  });
});
