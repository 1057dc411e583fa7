/**
 * Paying at the machine from the member's wallet (server/order/sale.ts `payFromWallet`, docs/domains/wallet.md):
 * the receipt's parts in the tenant's spend order, once per sale id, never below zero — also under two hundred
 * sales at once —, and a refund of it back into the wallet at once, whatever the platforms say.
 */
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { CODE } from '../../../shared/domains.js';
import { reconcile } from '../../../server/books/index.js';
import { deviceChannels } from '../../../server/device/schema.js';
import { orders } from '../../../server/order/index.js';
import { refunds, settleDue, settleDueRefunds } from '../../../server/refund/index.js';
import { moveWallet, walletMoves, wallets, walletSettings } from '../../../server/wallet/index.js';
import { suiteApp } from '../helpers.js';
import { memberSession, sell, stock } from '../member/support.js';

// Two hundred sales of one machine at once are past its requests per minute: this file's machines have room.
const t = suiteApp(['tenant1', 'tenant2'], { deviceLimit: { requests: 10_000, windowMs: 60_000 } });
const A = () => t.ids.tenant('A');
const SERIAL = 'VM2026000101';

/** A new member of tenant A holding `principal` and `bonus` (fen). */
async function memberHolding(principal: number, bonus: number) {
  const { member } = await memberSession(t, A());
  await t.db.transaction((tx) =>
    moveWallet(tx, { memberId: member.id, kind: 'topUp', key: `test:topUp:${member.id}` }, { principal, bonus }),
  );
  return member.id;
}
const held = async (memberId: number) =>
  (
    await t.db
      .select({ principal: wallets.principal, bonus: wallets.bonus })
      .from(wallets)
      .where(eq(wallets.memberId, memberId))
  )[0]!;
const orderOf = async (number: string) => (await t.db.select().from(orders).where(eq(orders.number, number)))[0]!;
const stockOf = async () =>
  (
    await t.db
      .select({ stock: deviceChannels.stock })
      .from(deviceChannels)
      .where(and(eq(deviceChannels.deviceId, t.ids.device(SERIAL)), eq(deviceChannels.number, 1)))
  )[0]!.stock;
const payByWallet = (memberId: number, extra: object = {}) =>
  sell(t, SERIAL, { memberId, platform: 'wallet', paymentType: 'program', thirdPartyNumber: undefined, ...extra });

describe('a sale paid from the wallet', () => {
  it('draws bonus first by default, states it on the receipt, and charges a retried sale id once', async () => {
    await stock(t, SERIAL);
    await t.db.delete(walletSettings);
    const memberId = await memberHolding(2_000, 300);
    const saleId = `wallet-${memberId}`;
    const sale = await payByWallet(memberId, { saleId });
    expect(sale.body.code).toBe(CODE.ok);
    const receipt = {
      principal: 950,
      bonus: 300,
      spendOrder: 'bonusFirst',
      balance: { principal: 1_050, bonus: 0 },
    };
    expect(sale.body.content).toMatchObject({ created: true, amount: 1_250, wallet: receipt });
    const retry = await payByWallet(memberId, { saleId });
    expect(retry.body.content).toMatchObject({ created: false, wallet: receipt });
    expect(await held(memberId)).toEqual({ principal: 1_050, bonus: 0 });
    const order = await orderOf(sale.body.content.orderNumber);
    expect(order).toMatchObject({ platform: 'wallet', thirdPartyNumber: null, memberId, receivedAmount: 1_250 });
    const moves = await t.db.select().from(walletMoves).where(eq(walletMoves.memberId, memberId));
    expect(moves.filter((m) => m.kind === 'spend')).toEqual([
      expect.objectContaining({ principal: -950, bonus: -300, orderId: order.id, orderNumber: order.number }),
    ]);
    // A sale paid at a platform states no wallet.
    expect((await sell(t, SERIAL, { memberId })).body.content.wallet).toBeNull();
  });

  it('spends principal first where the tenant says so', async () => {
    await stock(t, SERIAL);
    await t.db.delete(walletSettings);
    await t.db.insert(walletSettings).values({ tenantId: A(), spendOrder: 'principalFirst' });
    try {
      const memberId = await memberHolding(1_000, 500);
      const sale = await payByWallet(memberId);
      expect(sale.body.content.wallet).toEqual({
        principal: 1_000,
        bonus: 250,
        spendOrder: 'principalFirst',
        balance: { principal: 0, bonus: 250 },
      });
    } finally {
      await t.db.delete(walletSettings);
    }
  });

  it('refuses a wallet short of the amount (951): no order, no stock taken, nothing drawn', async () => {
    await stock(t, SERIAL);
    const memberId = await memberHolding(1_000, 200);
    const [before, stockBefore] = [await t.db.select({ n: sql<number>`count(*)::int` }).from(orders), await stockOf()];
    expect((await payByWallet(memberId)).body.code).toBe(CODE.walletShort);
    expect(await t.db.select({ n: sql<number>`count(*)::int` }).from(orders)).toEqual(before);
    expect(await stockOf()).toBe(stockBefore);
    expect(await held(memberId)).toEqual({ principal: 1_000, bonus: 200 });
  });

  it('asks whose wallet (memberId) and, paid at a platform, its number, at the field', async () => {
    await stock(t, SERIAL);
    const fields = async (extra: object) => {
      const res = await sell(t, SERIAL, extra);
      expect(res.body.code).toBe(CODE.badRequest);
      return Object.keys((res.body.content as { fields: object }).fields);
    };
    expect(await fields({ platform: 'wallet', thirdPartyNumber: undefined })).toEqual(['memberId']);
    expect(await fields({ thirdPartyNumber: undefined })).toEqual(['thirdPartyNumber']);
  });
});

describe("a wallet-paid sale's refund", () => {
  it('settles at once back into the wallet in the parts the sale took, even where the sandbox fails refunds', async () => {
    await stock(t, SERIAL);
    await t.db.delete(walletSettings);
    const memberId = await memberHolding(5_000, 500);
    const sale = await payByWallet(memberId, { items: [{ channel: 1, count: 2 }] });
    expect(sale.body.content.wallet).toMatchObject({ principal: 2_000, bonus: 500 });
    const order = await orderOf(sale.body.content.orderNumber);
    const refund = (amount: number) =>
      t.ok('refund.create', { params: { id: order.id }, body: { reason: '少出一瓶', amount } }, t.token.tenant1);
    const previous = process.env.REFUND_SANDBOX;
    process.env.REFUND_SANDBOX = 'fail';
    try {
      await refund(1_250);
      // The sandbox leaves it: it is the wallet's to settle, not a platform's.
      await settleDueRefunds(t.db);
      expect((await orderOf(order.number)).refundState).toBe('pending');
      await settleDue(t.db);
    } finally {
      if (previous === undefined) delete process.env.REFUND_SANDBOX;
      else process.env.REFUND_SANDBOX = previous;
    }
    expect(await held(memberId)).toEqual({ principal: 4_000, bonus: 250 });
    expect(await orderOf(order.number)).toMatchObject({ refundState: 'partial', refundAmount: 1_250 });
    await refund(1_250);
    await settleDue(t.db);
    expect(await held(memberId)).toEqual({ principal: 5_000, bonus: 500 });
    expect(await orderOf(order.number)).toMatchObject({ refundState: 'full' });
    const settled = await t.db.select({ state: refunds.state }).from(refunds).where(eq(refunds.orderId, order.id));
    expect(settled).toEqual([{ state: 'success' }, { state: 'success' }]);
    const books = await reconcile(t.db, [A()]);
    expect(books.find((c) => c.key === 'wallet.balances')!.differences).toEqual([]);
  });
});

describe('two hundred wallet sales by one member at once', () => {
  it('never go below zero, charge each sale id once, and leave the entries equal to the balance', async () => {
    await stock(t, SERIAL);
    await t.db
      .update(deviceChannels)
      .set({ stock: 9_999 })
      .where(and(eq(deviceChannels.deviceId, t.ids.device(SERIAL)), eq(deviceChannels.number, 1)));
    await t.db.delete(walletSettings);
    // Enough for 60 sales of ¥12.50; 150 sale ids, 50 of them sent twice.
    const memberId = await memberHolding(70_000, 5_000);
    const ids = Array.from({ length: 200 }, (_, i) => `race-${memberId}-${i % 150}`);
    const answers = await Promise.all(ids.map((saleId) => payByWallet(memberId, { saleId })));
    const paid = new Set(answers.filter((a) => a.body.code === CODE.ok).map((a) => a.body.content.orderNumber));
    expect(paid.size).toBe(60);
    expect([...new Set(answers.map((a) => a.body.code))].sort()).toEqual([CODE.ok, CODE.walletShort].sort());
    expect(await held(memberId)).toEqual({ principal: 0, bonus: 0 });
    const spends = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(walletMoves)
      .where(and(eq(walletMoves.memberId, memberId), eq(walletMoves.kind, 'spend')));
    expect(spends[0]!.n).toBe(60);
    const books = await reconcile(t.db, [A()]);
    expect(books.find((c) => c.key === 'wallet.balances')!.differences).toEqual([]);
  });
});
