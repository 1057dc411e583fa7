/**
 * Giving back what is left (server/wallet/giveBacks.ts, giveBackRefunds.ts): the principal refunded to the
 * member's paid top-ups newest first, the bonus forfeited, what no top-up paid in by hand; once however often
 * it is asked; a refund the platform refuses back into the wallet.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { CODE } from '../../../shared/domains.js';
import { reconcile } from '../../../server/books/index.js';
import {
  giveBackRefundNumber,
  moveWallet,
  settleDueGiveBacks,
  spendWallet,
  walletGiveBackRefunds,
  wallets,
  walletSettings,
  walletTierSets,
  walletTopUps,
} from '../../../server/wallet/index.js';
import { suiteApp } from '../helpers.js';
import { memberSession } from '../member/support.js';
import { onWechatDouble, settleAll as settleWalletAll } from './support.js';

const t = suiteApp(['tenant1', 'tenant2', 'admin']);
const A = () => t.ids.tenant('A');

beforeEach(async () => {
  await t.db.delete(walletSettings);
  await t.db.delete(walletTierSets);
});

const held = async (memberId: number) =>
  (
    await t.db
      .select({ principal: wallets.principal, bonus: wallets.bonus })
      .from(wallets)
      .where(eq(wallets.memberId, memberId))
  )[0] ?? { principal: 0, bonus: 0 };

const settleAll = () => settleWalletAll(t.db);

/** A member of tenant A topped up by the sandbox: each amount a paid top-up, oldest first. */
async function toppedUp(amounts: number[], bonus = 0) {
  const session = await memberSession(t, A());
  if (bonus)
    await t.db.insert(walletTierSets).values({ tenantId: A(), fromDay: '2020-01-01', tiers: [{ pay: 100, bonus }] });
  for (const amount of amounts) {
    await t.ok('wallet.myTopUp', { body: { amount, platform: 'wechat' } }, session.token);
    await settleAll();
  }
  return session;
}

const booksClean = async () => {
  const books = await reconcile(t.db, [A()]);
  for (const key of ['wallet.balances', 'wallet.liability'])
    expect(books.find((c) => c.key === key)!.differences).toEqual([]);
};

describe('wallet.myGiveBack', () => {
  it('refunds the principal to the top-ups newest first, forfeits the bonus, and settles once the sandbox pays', async () => {
    const { member, token } = await toppedUp([10_000, 5_000], 300);
    await t.db.transaction((tx) => spendWallet(tx, { memberId: member.id, key: `spend:test:${member.id}` }, 400));
    expect(await held(member.id)).toEqual({ principal: 15_000, bonus: 200 });

    const asked = await t.ok('wallet.myGiveBack', { body: { reason: '搬家' } }, token);
    expect(asked).toMatchObject({
      number: expect.stringMatching(/^GB\d{16}$/),
      principal: 15_000,
      bonus: 200,
      state: 'pending',
      reason: '搬家',
    });
    expect(asked.refunds.map((r) => [r.amount, r.state, r.platform])).toEqual([
      [5_000, 'pending', 'wechat'],
      [10_000, 'pending', 'wechat'],
    ]);
    // Out of the wallet at once: nothing left to spend meanwhile.
    expect(await held(member.id)).toEqual({ principal: 0, bonus: 0 });
    await settleAll();
    const settled = await t.ok('wallet.myGiveBackOf', { params: { number: asked.number } }, token);
    expect(settled.state).toBe('done');
    expect(settled.refunds.every((r) => r.state === 'paid' && r.settledAt)).toBe(true);
    expect(await held(member.id)).toEqual({ principal: 0, bonus: 0 });
    const mine = await t.ok('wallet.mine', { query: {} }, token);
    expect(mine.moves.list.slice(0, 2).map((m) => [m.kind, m.principal, m.bonus])).toEqual([
      ['forfeit', 0, -200],
      ['giveBack', -15_000, 0],
    ]);
    expect(await t.code('wallet.myGiveBack', { body: {} }, token)).toBe(CODE.nothingToGiveBack);
    await booksClean();
  });

  it('gives back once when asked ten times at once', async () => {
    const { member, token } = await toppedUp([2_000]);
    const codes = await Promise.all(Array.from({ length: 10 }, () => t.code('wallet.myGiveBack', { body: {} }, token)));
    expect(codes.filter((c) => c === CODE.ok)).toHaveLength(1);
    expect(codes.filter((c) => c === CODE.nothingToGiveBack)).toHaveLength(9);
    await settleAll();
    expect(await held(member.id)).toEqual({ principal: 0, bonus: 0 });
    const refunded = await t.db
      .select({ amount: walletGiveBackRefunds.amount })
      .from(walletGiveBackRefunds)
      .innerJoin(walletTopUps, eq(walletTopUps.id, walletGiveBackRefunds.topUpId))
      .where(eq(walletTopUps.memberId, member.id));
    expect(refunded).toEqual([{ amount: 2_000 }]);
    await booksClean();
  });

  it('gives a second give-back only what the first did not send back to a top-up', async () => {
    const { member, token } = await toppedUp([3_000]);
    await t.ok('wallet.myGiveBack', { body: {} }, token);
    await t.ok('wallet.myTopUp', { body: { amount: 1_000, platform: 'wechat' } }, token);
    await settleAll();
    const second = await t.ok('wallet.myGiveBack', { body: {} }, token);
    expect(second.refunds.map((r) => r.amount)).toEqual([1_000]);
    await settleAll();
    expect(await held(member.id)).toEqual({ principal: 0, bonus: 0 });
  });
});

describe('wallet.giveBack: at the counter', () => {
  it('pays what no top-up paid in by hand and is done at once; the reason is required; another tenant gets 707', async () => {
    const { member } = await memberSession(t, A());
    await t.db.transaction((tx) =>
      moveWallet(
        tx,
        { memberId: member.id, kind: 'import', key: `import:test:${member.id}` },
        { principal: 4_000, bonus: 500 },
      ),
    );
    const blank = await t.call('wallet.giveBack', { body: { memberId: member.id, reason: ' ' } }, t.token.tenant1);
    expect(blank.body.code).toBe(CODE.badRequest);
    expect(Object.keys((blank.body.content as { fields: object }).fields)).toEqual(['reason']);
    expect(await t.code('wallet.giveBack', { body: { memberId: member.id, reason: '退卡' } }, t.token.tenant2)).toBe(
      CODE.programmeMemberNotFound,
    );
    const given = await t.ok('wallet.giveBack', { body: { memberId: member.id, reason: '退卡' } }, t.token.tenant1);
    expect(given).toMatchObject({ principal: 4_000, bonus: 500, state: 'done' });
    expect(given.refunds).toEqual([
      expect.objectContaining({ topUpNumber: null, platform: null, amount: 4_000, state: 'byHand' }),
    ]);
    const info = await t.ok('wallet.info', { params: { id: member.id }, query: {} }, t.token.tenant1);
    expect(info.moves.list[1]).toMatchObject({
      kind: 'giveBack',
      reason: given.number,
      operatorName: expect.any(String),
    });
    await booksClean();
  });
});

describe('wallet.giveBackOf', () => {
  it('reads a give-back for its tenant and the admin, 955 for another tenant', async () => {
    const { member } = await toppedUp([1_000]);
    const given = await t.ok('wallet.giveBack', { body: { memberId: member.id, reason: '退卡' } }, t.token.tenant1);
    for (const token of [t.token.tenant1, t.token.admin])
      expect((await t.ok('wallet.giveBackOf', { params: { id: given.id } }, token)).number).toBe(given.number);
    expect(await t.code('wallet.giveBackOf', { params: { id: given.id } }, t.token.tenant2)).toBe(
      CODE.giveBackNotFound,
    );
  });
});

describe('wallet.myGiveBackOf', () => {
  it("answers the member's own give-back by its number, 955 for another member's", async () => {
    const { token } = await toppedUp([1_000]);
    const given = await t.ok('wallet.myGiveBack', { body: {} }, token);
    const other = await memberSession(t, A());
    expect(await t.code('wallet.myGiveBackOf', { params: { number: given.number } }, other.token)).toBe(
      CODE.giveBackNotFound,
    );
  });
});

describe("a give-back at the tenant's own platform (sandboxes off)", () => {
  const on = onWechatDouble(t, '1600000032', 'Wt2026SecretKeyForWechatPayGIVEB');

  /** A top-up of the session's member paid at the double, found by the query. */
  async function paidTopUp(amount: number) {
    const asked = await t.ok('wallet.myTopUp', { body: { amount, platform: 'wechat' } }, on.session.token);
    on.wechat.pay(asked.number);
    await settleAll();
    return asked;
  }

  it('sends each refund once by its number, pays back what the platform pays, and puts back what it refuses', async () => {
    const { member, token } = on.session;
    await t.db
      .insert(walletTierSets)
      .values({ tenantId: A(), fromDay: '2020-01-01', tiers: [{ pay: 100, bonus: 100 }] });
    await paidTopUp(6_000);
    await paidTopUp(2_000);
    expect(await held(member.id)).toEqual({ principal: 8_000, bonus: 200 });

    const asked = await t.ok('wallet.myGiveBack', { body: {} }, token);
    await settleDueGiveBacks(t.db);
    const [toSecond, toFirst] = asked.refunds.map((r) => on.wechat.refunds.get(giveBackRefundNumber(r.id))!);
    expect(toSecond).toMatchObject({ refund_fee: '2000', total_fee: '2000' });
    expect(toFirst).toMatchObject({ refund_fee: '6000', total_fee: '6000' });
    // The platform pays the newer back and refuses the older; each is queried, never sent again.
    on.wechat.settle(toSecond!.out_refund_no, 'SUCCESS');
    on.wechat.settle(toFirst!.out_refund_no, 'CHANGE');
    await settleAll();
    expect([...on.wechat.asked.entries()].filter(([k]) => k.startsWith('WB')).map(([, n]) => n)).toEqual([1, 1]);
    const ended = await t.ok('wallet.myGiveBackOf', { params: { number: asked.number } }, token);
    expect(ended.state).toBe('partial');
    expect(ended.refunds.map((r) => [r.state, r.platformCode])).toEqual([
      ['paid', null],
      ['failed', expect.any(String)],
    ]);
    // The refused ¥60 is the member's again; the bonus stays forfeited, for a part went back.
    expect(await held(member.id)).toEqual({ principal: 6_000, bonus: 0 });

    // The platform refused that top-up once: the next give-back pays it by hand.
    const again = await t.ok('wallet.myGiveBack', { body: {} }, token);
    expect(again.refunds.map((r) => [r.state, r.amount])).toEqual([['byHand', 6_000]]);
    await booksClean();
  });

  it('puts the principal and the bonus back when every refund is refused', async () => {
    const { member, token } = on.session;
    await t.db
      .insert(walletTierSets)
      .values({ tenantId: A(), fromDay: '2020-01-01', tiers: [{ pay: 100, bonus: 50 }] });
    await paidTopUp(1_000);
    const before = await held(member.id);
    const asked = await t.ok('wallet.myGiveBack', { body: {} }, token);
    await settleDueGiveBacks(t.db);
    on.wechat.settle(giveBackRefundNumber(asked.refunds[0]!.id), 'REFUNDCLOSE');
    await settleAll();
    expect((await t.ok('wallet.myGiveBackOf', { params: { number: asked.number } }, token)).state).toBe('failed');
    expect(await held(member.id)).toEqual(before);
    await booksClean();
  });
});
