/**
 * A member's wallet (server/wallet/ledger.ts, docs/domains/wallet.md): moves
 * once per key, spends in the tenant's order and never below zero — also
 * under two hundred at once —, refunds back in the parts a sale took, the
 * cap, and the console's read of it.
 */
import { and, asc, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { addDays, businessDay } from '../../../shared/business-time.js';
import { CODE } from '../../../shared/domains.js';
import { reconcile } from '../../../server/books/index.js';
import { members } from '../../../server/member/index.js';
import {
  moveWallet,
  refundToWallet,
  settingsOf,
  spendWallet,
  tiersOn,
  walletMoves,
  walletTierSets,
  wallets,
  walletSettings,
} from '../../../server/wallet/index.js';
import { suiteApp } from '../helpers.js';

const t = suiteApp(['tenant1', 'tenant2', 'admin']);

/** A demo member of tenant A with an empty wallet, and its tenant's settings as the defaults. */
let memberId: number;
beforeEach(async () => {
  const [m] = await t.db
    .select({ id: members.id })
    .from(members)
    .where(eq(members.tenantId, t.ids.tenant('A')))
    .orderBy(asc(members.id))
    .limit(1);
  memberId = m!.id;
  await t.db.delete(walletMoves);
  await t.db.delete(wallets);
  await t.db.delete(walletSettings);
  await t.db.delete(walletTierSets);
});

const codeOf = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: { code?: number }) => e.code ?? e,
  );
const held = async () => {
  const [w] = await t.db
    .select({ principal: wallets.principal, bonus: wallets.bonus })
    .from(wallets)
    .where(eq(wallets.memberId, memberId));
  return w ?? { principal: 0, bonus: 0 };
};
const topUp = (key: string, principal: number, bonus = 0) =>
  t.db.transaction((tx) => moveWallet(tx, { memberId, kind: 'topUp', key }, { principal, bonus }));
const spend = (key: string, amount: number, orderId?: number) =>
  t.db.transaction((tx) =>
    spendWallet(tx, { memberId, key, orderId, orderNumber: orderId ? `W${orderId}` : null }, amount),
  );
const refund = (key: string, orderId: number, amount: number) =>
  t.db.transaction((tx) => refundToWallet(tx, { memberId, key, orderId }, amount));

describe('the wallet ledger', () => {
  it('credits a top-up once, however often its payment is told', async () => {
    const first = await topUp('topUp:payment:1', 10_000, 1_000);
    const again = await topUp('topUp:payment:1', 10_000, 1_000);
    expect(first.repeated).toBe(false);
    const { after: _, ...recordedMove } = first;
    expect(first.after).toEqual({ principal: 10_000, bonus: 1_000 });
    expect(again).toEqual({ ...recordedMove, repeated: true });
    expect(await held()).toEqual({ principal: 10_000, bonus: 1_000 });
  });

  it('spends bonus first by default, principal first when the tenant says so; refuses past the wallet (951) and moves nothing', async () => {
    await topUp('topUp:payment:2', 1_000, 300);
    expect(await spend('spend:order:1', 500)).toMatchObject({ principal: -200, bonus: -300 });
    await t.db.insert(walletSettings).values({ tenantId: t.ids.tenant('A'), spendOrder: 'principalFirst' });
    await topUp('topUp:payment:3', 0, 100);
    expect(await spend('spend:order:2', 500)).toMatchObject({ principal: -500, bonus: 0 });
    expect(await codeOf(spend('spend:order:3', 401))).toBe(CODE.walletShort);
    expect(await held()).toEqual({ principal: 300, bonus: 100 });
    // A repeated sale is charged once.
    expect(await spend('spend:order:2', 500)).toMatchObject({ repeated: true, principal: -500 });
    expect(await held()).toEqual({ principal: 300, bonus: 100 });
  });

  it('gives a refund back in the parts the sale took, never more than it took', async () => {
    await topUp('topUp:payment:4', 1_000, 300);
    await spend('spend:order:10', 600, 10); // bonus first: 300 principal, 300 bonus
    expect(await refund('refund:refund:1', 10, 200)).toMatchObject({ principal: 100, bonus: 100 });
    expect(await refund('refund:refund:1', 10, 200)).toMatchObject({ repeated: true });
    expect(await refund('refund:refund:2', 10, 400)).toMatchObject({ principal: 200, bonus: 200 });
    expect(await codeOf(refund('refund:refund:3', 10, 1))).toBe(CODE.walletShort);
    expect(await held()).toEqual({ principal: 1_000, bonus: 300 });
  });

  it("refuses a credit past the tenant's cap (952); a second-level tenant without settings takes its parent's", async () => {
    await topUp('topUp:payment:5', 400_000);
    expect(await codeOf(topUp('topUp:payment:6', 100_001))).toBe(CODE.walletCapReached);
    await t.db.insert(walletSettings).values({ tenantId: t.ids.tenant('A'), capFen: 450_000 });
    expect(await codeOf(topUp('topUp:payment:7', 50_001))).toBe(CODE.walletCapReached);
    expect(await topUp('topUp:payment:8', 50_000)).toMatchObject({ principal: 50_000 });
    expect(await held()).toEqual({ principal: 450_000, bonus: 0 });
    expect(await settingsOf(t.db, t.ids.tenant('A1'))).toMatchObject({ spendOrder: 'bonusFirst', capFen: 450_000 });
    expect(await settingsOf(t.db, t.ids.tenant('B'))).toEqual({
      spendOrder: 'bonusFirst',
      capFen: 500_000,
      pointsPerYuan: null,
      pointsMaxPercent: 50,
    });
  });

  it('charges each of 200 payments at once once, never below zero, its moves summing to the wallet', async () => {
    await topUp('topUp:payment:9', 10_000, 500);
    // 200 sales of ¥1 against ¥105 (each twice: a sale's retry is the same key), all at once.
    const answers = await Promise.all(
      Array.from({ length: 400 }, (_, i) => codeOf(spend(`spend:order:race:${i % 200}`, 100))),
    );
    expect(answers.filter((a) => a === null)).toHaveLength(400 - 2 * 95);
    expect(answers.filter((a) => a !== null && a !== CODE.walletShort)).toEqual([]);
    expect(await held()).toEqual({ principal: 0, bonus: 0 });
    const spends = await t.db
      .select({ key: walletMoves.key })
      .from(walletMoves)
      .where(and(eq(walletMoves.memberId, memberId), eq(walletMoves.kind, 'spend')));
    expect(spends).toHaveLength(105);
    const books = await reconcile(t.db, [t.ids.tenant('A')]);
    expect(books.find((c) => c.key === 'wallet.balances')!.differences).toEqual([]);
  });
});

describe("the books' wallet checks", () => {
  it("find a tenant whose liability is not its members' wallets, which the per-member check cannot see", async () => {
    await topUp('topUp:payment:30', 2_000, 100);
    const A = t.ids.tenant('A');
    const B = t.ids.tenant('B');
    const differences = async (key: string) => (await reconcile(t.db, [A, B])).find((c) => c.key === key)!.differences;
    expect(await differences('wallet.liability')).toEqual([]);
    // A move written for the wrong tenant: every member's moves still sum to its wallet.
    await t.db.update(walletMoves).set({ tenantId: B }).where(eq(walletMoves.key, 'topUp:payment:30'));
    try {
      expect(await differences('wallet.balances')).toEqual([]);
      expect((await differences('wallet.liability')).map((d) => [d.tenantId, d.expected, d.actual])).toEqual([
        [A, 2_100, 0],
        [B, 0, 2_100],
      ]);
    } finally {
      await t.db.update(walletMoves).set({ tenantId: A }).where(eq(walletMoves.key, 'topUp:payment:30'));
    }
  });
});

describe('wallet.info', () => {
  it("reads a member's parts and moves, newest first, for its tenant and the admin; another tenant's member is 707", async () => {
    await topUp('topUp:payment:10', 5_000, 500);
    await spend('spend:order:20', 800, 20);
    const info = await t.ok('wallet.info', { params: { id: memberId }, query: {} }, t.token.tenant1);
    expect(info).toMatchObject({ principal: 4_700, bonus: 0, spendOrder: 'bonusFirst' });
    expect(info.moves.list.map((m) => [m.kind, m.principal, m.bonus, m.orderNumber])).toEqual([
      ['spend', -300, -500, 'W20'],
      ['topUp', 5_000, 500, null],
    ]);
    expect((await t.ok('wallet.info', { params: { id: memberId }, query: {} }, t.token.admin)).principal).toBe(4_700);
    expect(await t.code('wallet.info', { params: { id: memberId }, query: {} }, t.token.tenant2)).toBe(
      CODE.programmeMemberNotFound,
    );
  });
});

describe('wallet.settings', () => {
  it("answers the defaults, then the parent's for a second-level tenant without its own", async () => {
    expect(await t.ok('wallet.settings', { body: {} }, t.token.tenant1)).toEqual({
      tenantId: t.ids.tenant('A'),
      spendOrder: 'bonusFirst',
      capFen: 500_000,
      pointsPerYuan: null,
      pointsMaxPercent: 50,
      inherited: true,
      tierSets: [],
      tiersInherited: false,
    });
    await t.ok('wallet.saveSettings', { body: { spendOrder: 'principalFirst', capFen: 300_000 } }, t.token.tenant1);
    const child = await t.ok('wallet.settings', { body: { tenantId: t.ids.tenant('A1') } }, t.token.tenant1);
    expect(child).toMatchObject({ spendOrder: 'principalFirst', capFen: 300_000, inherited: true });
    expect(await t.code('wallet.settings', { body: { tenantId: t.ids.tenant('B') } }, t.token.tenant1)).toBe(
      CODE.tenantNotFound,
    );
  });
});

describe('wallet.saveSettings', () => {
  it('keeps the cap within a named prepaid card’s ¥5,000, at the field', async () => {
    const res = await t.call(
      'wallet.saveSettings',
      { body: { spendOrder: 'bonusFirst', capFen: 500_001 } },
      t.token.tenant1,
    );
    expect(res.body.code).toBe(CODE.badRequest);
    expect(
      await t.ok('wallet.saveSettings', { body: { spendOrder: 'bonusFirst', capFen: 0 } }, t.token.tenant1),
    ).toMatchObject({ capFen: 0, inherited: false });
  });
});

describe('wallet.setTiers', () => {
  const today = businessDay();
  const tomorrow = addDays(today, 1);

  it('prices a top-up by the set in force on its day, a set to come by its own, and never changes one in force', async () => {
    await t.db.delete(walletTierSets);
    const set = (fromDay: string, tiers: { pay: number; bonus: number }[]) =>
      t.call('wallet.setTiers', { body: { fromDay, tiers } }, t.token.tenant1);
    expect(
      (
        await set(today, [
          { pay: 10_000, bonus: 1_000 },
          { pay: 5_000, bonus: 300 },
        ])
      ).body.code,
    ).toBe(CODE.ok);
    expect((await set(tomorrow, [{ pay: 10_000, bonus: 1_500 }])).body.code).toBe(CODE.ok);
    const A = t.ids.tenant('A');
    expect(await tiersOn(t.db, A, today)).toEqual([
      { pay: 5_000, bonus: 300 },
      { pay: 10_000, bonus: 1_000 },
    ]);
    expect(await tiersOn(t.db, A, tomorrow)).toEqual([{ pay: 10_000, bonus: 1_500 }]);
    // Its second-level tenant takes them; a set to come is replaced; one in force or past is refused at its field.
    expect(await tiersOn(t.db, t.ids.tenant('A1'), today)).toHaveLength(2);
    expect((await set(tomorrow, [{ pay: 10_000, bonus: 2_000 }])).body.code).toBe(CODE.ok);
    expect(await tiersOn(t.db, A, tomorrow)).toEqual([{ pay: 10_000, bonus: 2_000 }]);
    const inForce = await set(today, []);
    expect(inForce.body).toMatchObject({
      code: CODE.badRequest,
      content: { fields: { fromDay: 'wallet.validation.inForce' } },
    });
    const past = await set(addDays(today, -1), []);
    expect(past.body).toMatchObject({
      code: CODE.badRequest,
      content: { fields: { fromDay: 'wallet.validation.pastDay' } },
    });
    expect(await tiersOn(t.db, A, today)).toHaveLength(2);
    const info = await t.ok('wallet.settings', { body: {} }, t.token.tenant1);
    expect(info.tierSets.map((s) => s.fromDay)).toEqual([today, tomorrow]);
  });

  it('refuses a bonus over its top-up and two tiers of one amount, at the field', async () => {
    const over = await t.call(
      'wallet.setTiers',
      { body: { fromDay: tomorrow, tiers: [{ pay: 1_000, bonus: 1_001 }] } },
      t.token.tenant1,
    );
    expect(over.body.code).toBe(CODE.badRequest);
    const same = await t.call(
      'wallet.setTiers',
      {
        body: {
          fromDay: tomorrow,
          tiers: [
            { pay: 1_000, bonus: 10 },
            { pay: 1_000, bonus: 20 },
          ],
        },
      },
      t.token.tenant1,
    );
    expect(same.body.code).toBe(CODE.badRequest);
  });
});

describe('wallet.liability', () => {
  it("states each tenant's month: opening, the month's moves by kind, closing", async () => {
    const at = (when: string) => new Date(when);
    const moved = async (
      key: string,
      kind: 'topUp' | 'spend' | 'refund',
      principal: number,
      bonus: number,
      when: string,
    ) => {
      const r =
        kind === 'topUp'
          ? await topUp(key, principal, bonus)
          : kind === 'spend'
            ? await spend(key, -(principal + bonus), 30)
            : await refund(key, 30, principal + bonus);
      await t.db
        .update(walletMoves)
        .set({ createdAt: at(when) })
        .where(eq(walletMoves.id, r.id));
    };
    // October (China time): a top-up of ¥100 + ¥10. November: a spend of ¥30 (bonus first), a refund of ¥6 of it.
    await moved('topUp:payment:20', 'topUp', 10_000, 1_000, '2026-10-31T15:59:59Z');
    await moved('spend:order:30', 'spend', -2_000, -1_000, '2026-10-31T16:00:00Z');
    await moved('refund:refund:30', 'refund', 400, 200, '2026-11-30T15:59:59Z');
    const [november] = await t.ok('wallet.liability', { body: { month: '2026-11' } }, t.token.tenant1);
    expect(november).toMatchObject({
      tenantId: t.ids.tenant('A'),
      opening: { principal: 10_000, bonus: 1_000 },
      closing: { principal: 8_000 + 400, bonus: 200 },
    });
    expect(november!.moves.spend).toEqual({ principal: -2_000, bonus: -1_000 });
    expect(november!.moves.refund.principal + november!.moves.refund.bonus).toBe(600);
    const o = november!;
    for (const part of ['principal', 'bonus'] as const)
      expect(o.opening[part] + Object.values(o.moves).reduce((n, x) => n + x[part], 0)).toBe(o.closing[part]);
    const [october] = await t.ok('wallet.liability', { body: { month: '2026-10' } }, t.token.tenant1);
    expect(october).toMatchObject({
      opening: { principal: 0, bonus: 0 },
      closing: { principal: 10_000, bonus: 1_000 },
    });
    expect(await t.ok('wallet.liability', { body: { month: '2026-11' } }, t.token.tenant2)).toEqual([]);
    expect((await t.call('wallet.liability', { body: { month: '2026-13' } }, t.token.tenant1)).body.code).toBe(
      CODE.badRequest,
    );
  });
});
