/**
 * The ledger is the balance (ARCHITECTURE §6b): over random sequences of
 * earns, spends, operator adjustments both ways, refunds (partial and
 * whole, of orders whose points were already spent: owed points), the
 * settling of what is owed by later earns, and expiry, after every step a
 * member's entries sum to its points less what it owes, and their `owed`
 * to what it owes. Before, an earn that paid a debt off counted it a second
 * time (the sum ran 20 under the balance in the example).
 */
import fc from 'fast-check';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  addPoints,
  balanceOf,
  expireDue,
  members,
  pointEntries,
  reverseEarned,
  spendPoints,
} from '../../../server/member/index.js';
import { pointLots } from '../../../server/member/schema.js';
import { suiteApp } from '../helpers.js';
import { memberSession } from './support.js';

const t = suiteApp([]);
const MONTH = 30 * 86_400_000;

type Step =
  | { kind: 'earn'; points: number }
  | { kind: 'spend'; share: number }
  | { kind: 'adjust'; points: number }
  | { kind: 'refund'; order: number; share: number }
  | { kind: 'time'; months: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('earn' as const), points: fc.integer({ min: 1, max: 60 }) }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('spend' as const), share: fc.integer({ min: 1, max: 110 }) }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('adjust' as const),
      points: fc.integer({ min: -30, max: 40 }).filter((n) => n !== 0),
    }),
  },
  // Refunds often, so that points already spent are taken back (owed) and later earns settle them.
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('refund' as const),
      order: fc.nat(),
      share: fc.integer({ min: 1, max: 100 }),
    }),
  },
  // Tenant A's points live twelve months: now and then a lot runs out.
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('time' as const), months: fc.integer({ min: 1, max: 13 }) }) },
);

/** The member's entries, lots and debt as they stand. */
async function books(memberId: number) {
  const [e] = await t.db
    .select({
      points: sql<number>`coalesce(sum(${pointEntries.points}), 0)::int`,
      owed: sql<number>`coalesce(sum(${pointEntries.owed}), 0)::int`,
    })
    .from(pointEntries)
    .where(eq(pointEntries.memberId, memberId));
  // Every lot's points left, a lot past its expiry too until its member's next change writes its `expire` entry.
  const [l] = await t.db
    .select({ left: sql<number>`coalesce(sum(${pointLots.left}), 0)::int` })
    .from(pointLots)
    .where(eq(pointLots.memberId, memberId));
  const [m] = await t.db.select({ owed: members.owed }).from(members).where(eq(members.id, memberId));
  return { entries: e!.points, entriesOwed: e!.owed, lots: l!.left, owed: m!.owed };
}

describe('the points ledger', () => {
  it("the issue's case: earn 30, adjust −20, the sale refunded, earn 50 — entries sum to the balance", async () => {
    const { member } = await memberSession(t, t.ids.tenant('A'));
    const at = new Date();
    const c = { memberId: member.id, reason: '测试' };
    await t.db.transaction((tx) => addPoints(tx, 'earn', 30, { ...c, key: 'earn:1', orderId: -1 }, at));
    await t.db.transaction((tx) => spendPoints(tx, 'adjust', 20, c, at));
    await t.db.transaction((tx) =>
      reverseEarned(tx, { ...c, key: 'reverse:1', orderId: -1, refunded: 3000, received: 3000 }, at),
    );
    expect(await books(member.id)).toEqual({ entries: -20, entriesOwed: 20, lots: 0, owed: 20 });
    expect(await t.db.transaction((tx) => addPoints(tx, 'earn', 50, { ...c, key: 'earn:2', orderId: -2 }, at))).toBe(
      30,
    );
    expect(await books(member.id)).toEqual({ entries: 30, entriesOwed: 0, lots: 30, owed: 0 });
  });

  it('after every step of random sequences, the entries sum to the points less what is owed', async () => {
    let runs = 0;
    let owing = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 25 }), async (steps) => {
        const { member } = await memberSession(t, t.ids.tenant('A'));
        let at = Date.now();
        /** The orders that earned, and how much of each (in fen of a 100-fen point) was refunded so far. */
        const earned: { id: number; received: number; refunded: number }[] = [];
        const run = ++runs;
        for (const [i, s] of steps.entries()) {
          const now = new Date(at);
          const c = { memberId: member.id, reason: '测试' };
          if (s.kind === 'earn') {
            const order = { id: -(run * 100 + i), received: s.points * 100, refunded: 0 };
            earned.push(order);
            await t.db.transaction((tx) =>
              addPoints(tx, 'earn', s.points, { ...c, key: `earn:${order.id}`, orderId: order.id }, now),
            );
          } else if (s.kind === 'spend' || (s.kind === 'adjust' && s.points < 0)) {
            // A spend of a share of what is live (past it, at 110 %, refused with 950: nothing changes).
            const live = await balanceOf(t.db, member.id, now);
            const points = s.kind === 'spend' ? Math.max(1, Math.ceil((live * s.share) / 100)) : -s.points;
            await t.db.transaction((tx) => spendPoints(tx, s.kind, points, c, now)).catch(() => undefined);
          } else if (s.kind === 'adjust') {
            await t.db.transaction((tx) => addPoints(tx, 'adjust', s.points, c, now));
          } else if (s.kind === 'refund' && earned.length) {
            const order = earned[s.order % earned.length]!;
            if (order.refunded >= order.received) continue;
            order.refunded = Math.min(order.received, order.refunded + Math.ceil((order.received * s.share) / 100));
            await t.db.transaction((tx) =>
              reverseEarned(tx, { ...c, key: `reverse:${order.id}:${i}`, orderId: order.id, ...order }, now),
            );
          } else if (s.kind === 'time') {
            at += s.months * MONTH;
          }
          const b = await books(member.id);
          expect(b.entries, JSON.stringify({ steps: steps.slice(0, i + 1), b })).toBe(b.lots - b.owed);
          expect(b.entriesOwed).toBe(b.owed);
          expect(b.owed).toBeGreaterThanOrEqual(0);
          if (b.owed > 0) owing++;
        }
      }),
      { numRuns: 60, seed: 77 },
    );
    // The sequences did reach the case that broke: points owed, then settled.
    expect(owing).toBeGreaterThanOrEqual(5);
  });

  it('the hourly write-off gives a lot past its expiry its entry, so the history sums to the live balance', async () => {
    const { member } = await memberSession(t, t.ids.tenant('A'));
    const c = { memberId: member.id, reason: '测试' };
    const now = new Date();
    await t.db.transaction((tx) => addPoints(tx, 'earn', 40, { ...c, key: 'earn:x', orderId: -9 }, now));
    // Thirteen months on, tenant A's lot (twelve months) is dead; nobody has touched the member since.
    const later = new Date(now.getTime() + 13 * MONTH);
    expect(await balanceOf(t.db, member.id, later)).toBe(0);
    expect((await books(member.id)).entries).toBe(40);
    expect(await expireDue(t.db, later)).toBeGreaterThanOrEqual(1);
    expect(await books(member.id)).toEqual({ entries: 0, entriesOwed: 0, lots: 0, owed: 0 });
    // Run again (another instance's hour): nothing more is written.
    await expireDue(t.db, later);
    expect((await books(member.id)).entries).toBe(0);
  });
});
