/**
 * Members' top-ups (server/wallet/topups.ts): asked by the member in the mini-program or at the counter, priced
 * by the tiers in force, within the cap with the top-ups still open, paid by the sandbox or at the tenant's own
 * platform (the WeChat Pay double, which checks every signature), credited once however often it is told.
 */
import { createHmac } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { businessDay } from '../../../shared/business-time.js';
import { CODE } from '../../../shared/domains.js';
import { reconcile } from '../../../server/books/index.js';
import {
  moveWallet,
  recordTopUp,
  settleDueTopUps,
  walletMoves,
  wallets,
  walletSettings,
  walletTierSets,
  walletTopUps,
} from '../../../server/wallet/index.js';
import { suiteApp } from '../helpers.js';
import { memberSession } from '../member/support.js';
import { onWechatDouble } from './support.js';

const t = suiteApp(['tenant1', 'tenant2', 'admin']);
const A = () => t.ids.tenant('A');

beforeEach(async () => {
  await t.db.delete(walletSettings);
  await t.db.delete(walletTierSets);
  await t.db
    .insert(walletTierSets)
    .values({ tenantId: A(), fromDay: businessDay(), tiers: [{ pay: 10_000, bonus: 1_000 }] });
});

const held = async (memberId: number) =>
  (
    await t.db
      .select({ principal: wallets.principal, bonus: wallets.bonus })
      .from(wallets)
      .where(eq(wallets.memberId, memberId))
  )[0] ?? { principal: 0, bonus: 0 };
/** Brings a top-up's next look (and, told so, its end) to now, as time passing would. */
const due = (id: number, expired = false) =>
  t.db
    .update(walletTopUps)
    .set({ settleAt: sql`now()`, ...(expired ? { expiresAt: sql`now() - interval '1 second'` } : {}) })
    .where(eq(walletTopUps.id, id));

describe('wallet.myTopUp: in the mini-program, the sandbox paying', () => {
  it('is priced by the tiers in force, paid by the sandbox, credited once, and read back by the member', async () => {
    const { member, token } = await memberSession(t, A());
    const asked = await t.ok('wallet.myTopUp', { body: { amount: 10_000, platform: 'wechat' } }, token);
    expect(asked).toMatchObject({
      state: 'pending',
      amount: 10_000,
      bonus: 1_000,
      number: expect.stringMatching(/^TU\d{16}$/),
      payUrl: expect.stringContaining(asked.number),
      paidAt: null,
    });
    expect(await held(member.id)).toEqual({ principal: 0, bonus: 0 });
    await due(asked.id);
    expect(await settleDueTopUps(t.db)).toBeGreaterThanOrEqual(1);
    const paid = await t.ok('wallet.myTopUpOf', { params: { number: asked.number } }, token);
    expect(paid).toMatchObject({ state: 'paid', payUrl: null, paidAt: expect.any(String) });
    // The platform tells it again: nothing more.
    expect(await recordTopUp(t.db, asked.id, { state: 'paid', amount: 10_000 }, false)).toBe(false);
    expect(await held(member.id)).toEqual({ principal: 10_000, bonus: 1_000 });
    const mine = await t.ok('wallet.mine', { query: {} }, token);
    expect(mine).toMatchObject({ principal: 10_000, bonus: 1_000, spendOrder: 'bonusFirst' });
    expect(mine.moves.list).toEqual([
      expect.objectContaining({ kind: 'topUp', principal: 10_000, bonus: 1_000, orderNumber: null }),
    ]);
    expect(mine.moves.list[0]).not.toHaveProperty('operatorName');
  });

  it('pays in the mini-program itself when asked (the sandbox signs nothing), by WeChat Pay only', async () => {
    const { member, token } = await memberSession(t, A());
    const asked = await t.ok(
      'wallet.myTopUp',
      { body: { amount: 5_000, platform: 'wechat', payIn: 'miniProgram' } },
      token,
    );
    expect(asked).toMatchObject({
      state: 'pending',
      payUrl: null,
      miniProgramPay: { signType: 'SANDBOX', package: `prepay_id=sandbox-${asked.number}` },
    });
    await due(asked.id);
    await settleDueTopUps(t.db);
    expect(await t.ok('wallet.myTopUpOf', { params: { number: asked.number } }, token)).toMatchObject({
      state: 'paid',
      miniProgramPay: null,
    });
    expect(await held(member.id)).toEqual({ principal: 5_000, bonus: 0 });
    const alipay = await t.call(
      'wallet.myTopUp',
      { body: { amount: 5_000, platform: 'alipay', payIn: 'miniProgram' } },
      token,
    );
    expect(alipay.body.code).toBe(CODE.badRequest);
    expect(Object.keys((alipay.body.content as { fields: object }).fields)).toEqual(['payIn']);
  });

  it('counts the top-ups still open against the cap (952), and keeps the amount within ¥1 and the cap at its field', async () => {
    const { member, token } = await memberSession(t, A());
    await t.db.transaction((tx) =>
      moveWallet(
        tx,
        { memberId: member.id, kind: 'import', key: `test:import:${member.id}` },
        { principal: 490_000, bonus: 0 },
      ),
    );
    const ask = (amount: number) => t.call('wallet.myTopUp', { body: { amount, platform: 'alipay' } }, token);
    expect((await ask(10_000)).body.code).toBe(CODE.walletCapReached);
    expect((await ask(9_000)).body.code).toBe(CODE.ok);
    expect((await ask(9_000)).body.code).toBe(CODE.walletCapReached);
    for (const amount of [99, 500_001, 12.5]) {
      const res = await ask(amount);
      expect(res.body.code).toBe(CODE.badRequest);
      expect(Object.keys((res.body.content as { fields: object }).fields)).toEqual(['amount']);
    }
  });

  it('credits a payment told twenty times at once exactly once', async () => {
    const { member, token } = await memberSession(t, A());
    const asked = await t.ok('wallet.myTopUp', { body: { amount: 5_000, platform: 'wechat' } }, token);
    const told = await Promise.all(
      Array.from({ length: 20 }, () => recordTopUp(t.db, asked.id, { state: 'paid', amount: 5_000 }, false)),
    );
    expect(told.filter(Boolean)).toHaveLength(1);
    expect(await held(member.id)).toEqual({ principal: 5_000, bonus: 0 });
    const moves = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(walletMoves)
      .where(and(eq(walletMoves.memberId, member.id), eq(walletMoves.kind, 'topUp')));
    expect(moves[0]!.n).toBe(1);
    const books = await reconcile(t.db, [A()]);
    expect(books.find((c) => c.key === 'wallet.balances')!.differences).toEqual([]);
  });
});

describe('wallet.myTopUpOf', () => {
  it("answers the member's own top-up by its number, and 953 for another member's or none", async () => {
    const { token } = await memberSession(t, A());
    const asked = await t.ok('wallet.myTopUp', { body: { amount: 1_000, platform: 'alipay' } }, token);
    expect(await t.ok('wallet.myTopUpOf', { params: { number: asked.number } }, token)).toMatchObject({
      id: asked.id,
      state: 'pending',
      platform: 'alipay',
    });
    const other = await memberSession(t, A());
    expect(await t.code('wallet.myTopUpOf', { params: { number: asked.number } }, other.token)).toBe(
      CODE.topUpNotFound,
    );
    expect(await t.code('wallet.myTopUpOf', { params: { number: 'TU0' } }, token)).toBe(CODE.topUpNotFound);
  });
});

describe('wallet.mine', () => {
  it('answers a member who never topped up an empty wallet in its tenant’s spend order; no console token reads it', async () => {
    const { token } = await memberSession(t, A());
    expect(await t.ok('wallet.mine', { query: {} }, token)).toMatchObject({
      principal: 0,
      bonus: 0,
      spendOrder: 'bonusFirst',
      moves: { list: [], total: 0 },
    });
    expect(await t.code('wallet.mine', { query: {} }, t.token.tenant1)).not.toBe(CODE.ok);
  });
});

describe('wallet.topUp: at the counter', () => {
  it("is asked by the member's tenant for its member, read back by it and the admin; another tenant gets 707 and 953", async () => {
    const { member } = await memberSession(t, A());
    const asked = await t.ok(
      'wallet.topUp',
      { body: { memberId: member.id, amount: 20_000, platform: 'wechat' } },
      t.token.tenant1,
    );
    expect(asked).toMatchObject({ memberId: member.id, amount: 20_000, bonus: 1_000, state: 'pending' });
    expect((await t.ok('wallet.topUpOf', { params: { id: asked.id } }, t.token.admin)).number).toBe(asked.number);
    expect(
      await t.code(
        'wallet.topUp',
        { body: { memberId: member.id, amount: 20_000, platform: 'wechat' } },
        t.token.tenant2,
      ),
    ).toBe(CODE.programmeMemberNotFound);
    expect(await t.code('wallet.topUpOf', { params: { id: asked.id } }, t.token.tenant2)).toBe(CODE.topUpNotFound);
    const [row] = await t.db.select().from(walletTopUps).where(eq(walletTopUps.id, asked.id));
    expect(row!.createdBy).toBe(t.ids.user('tenant1'));
  });
});

describe('wallet.topUpOf', () => {
  it('reads a top-up as it stands for its tenant and the admin, 953 for another tenant', async () => {
    const { member } = await memberSession(t, A());
    const body = { memberId: member.id, amount: 5_000, platform: 'alipay' as const };
    const asked = await t.ok('wallet.topUp', { body }, t.token.tenant1);
    await due(asked.id);
    await settleDueTopUps(t.db);
    for (const token of [t.token.tenant1, t.token.admin])
      expect(await t.ok('wallet.topUpOf', { params: { id: asked.id } }, token)).toMatchObject({
        state: 'paid',
        payUrl: null,
        bonus: 0,
      });
    expect(await t.code('wallet.topUpOf', { params: { id: asked.id } }, t.token.tenant2)).toBe(CODE.topUpNotFound);
  });
});

describe("a top-up at the tenant's own platform (sandboxes off)", () => {
  const MERCHANT = '1600000031';
  const on = onWechatDouble(t, MERCHANT, 'Wt2026SecretKeyForWechatPayWALLT');

  it("opens a QR payment at the tenant's merchant, credits it once the query finds it paid, and expires an unpaid one", async () => {
    const { wechat, session } = on;
    const { member, token } = session;
    const asked = await t.ok('wallet.myTopUp', { body: { amount: 10_000, platform: 'wechat' } }, token);
    expect(asked).toMatchObject({ state: 'pending', platformCode: null });
    expect(asked.payUrl).toMatch(/^weixin:\/\//);
    expect(wechat.payments.get(asked.number)!.asked).toMatchObject({ mch_id: MERCHANT, total_fee: '10000' });
    await due(asked.id);
    await settleDueTopUps(t.db);
    expect((await t.ok('wallet.myTopUpOf', { params: { number: asked.number } }, token)).state).toBe('pending');
    expect(wechat.payments.get(asked.number)!.asked.notify_url).toBe(
      `https://console.example.com/notify/top-up/wechat-v2/${A()}`,
    );
    wechat.pay(asked.number);
    // Told twice by the platform (and once at another tenant's address, which is not its merchant): credited once.
    const notice = wechat.paymentNotice(asked.number);
    const post = (path: string) =>
      t.app.inject({ method: 'POST', url: path, payload: notice, headers: { 'content-type': 'text/xml' } });
    for (let i = 0; i < 2; i++) expect((await post(`/notify/top-up/wechat-v2/${A()}`)).body).toContain('SUCCESS');
    expect((await post(`/notify/top-up/wechat-v2/${t.ids.tenant('B')}`)).body).toContain('FAIL');
    expect(await t.ok('wallet.myTopUpOf', { params: { number: asked.number } }, token)).toMatchObject({
      state: 'paid',
    });
    // The query after finds it credited and moves nothing again.
    await due(asked.id);
    await settleDueTopUps(t.db);
    expect(await held(member.id)).toEqual({ principal: 10_000, bonus: 1_000 });

    // Paid without a word from the platform: the query finds it.
    const quiet = await t.ok('wallet.myTopUp', { body: { amount: 2_000, platform: 'wechat' } }, token);
    wechat.pay(quiet.number);
    await due(quiet.id);
    await settleDueTopUps(t.db);
    expect(await held(member.id)).toEqual({ principal: 12_000, bonus: 1_000 });

    const unpaid = await t.ok('wallet.myTopUp', { body: { amount: 3_000, platform: 'wechat' } }, token);
    await due(unpaid.id, true);
    await settleDueTopUps(t.db);
    expect((await t.ok('wallet.myTopUpOf', { params: { number: unpaid.number } }, token)).state).toBe('expired');
    expect(await held(member.id)).toEqual({ principal: 12_000, bonus: 1_000 });
    // In the mini-program: JSAPI for the member's openid in the mini-program, the pay parameters signed with
    // the API key over what wx.requestPayment takes; paid and queried as a QR payment is.
    const inApp = await t.ok(
      'wallet.myTopUp',
      { body: { amount: 1_000, platform: 'wechat', payIn: 'miniProgram' } },
      token,
    );
    expect(inApp.payUrl).toBeNull();
    const sent = wechat.payments.get(inApp.number)!.asked;
    expect(sent).toMatchObject({ trade_type: 'JSAPI', appid: 'wx3131313131313132', openid: session.openid });
    const pay = inApp.miniProgramPay!;
    expect(pay).toMatchObject({
      appId: 'wx3131313131313132',
      signType: 'HMAC-SHA256',
      package: expect.stringMatching(/^prepay_id=wx\d+$/),
    });
    const { paySign, ...signed } = pay;
    const text = Object.keys(signed)
      .sort()
      .map((k) => `${k}=${signed[k as keyof typeof signed]}`)
      .join('&');
    const expected = createHmac('sha256', 'Wt2026SecretKeyForWechatPayWALLT')
      .update(`${text}&key=Wt2026SecretKeyForWechatPayWALLT`)
      .digest('hex')
      .toUpperCase();
    expect(paySign).toBe(expected);
    wechat.pay(inApp.number);
    await due(inApp.id);
    await settleDueTopUps(t.db);
    expect(await held(member.id)).toEqual({ principal: 13_000, bonus: 1_000 });
    // No Alipay account: nothing to pay it at (984).
    expect(await t.code('wallet.myTopUp', { body: { amount: 3_000, platform: 'alipay' } }, token)).toBe(
      CODE.paymentNotOpen,
    );
  });
});
