/** The wallet's pure rules (shared/wallet/rules.ts): spends, refunds, give-backs and top-up tiers. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bonusFor, splitGiveBack, splitRefund, splitSpend } from '../../../shared/wallet/index.js';

describe('splitSpend', () => {
  it('draws on the part the tenant names first, then the other; refuses past the balance', () => {
    const held = { principal: 1000, bonus: 300 };
    expect(splitSpend(held, 500, 'bonusFirst')).toEqual({ principal: 200, bonus: 300 });
    expect(splitSpend(held, 500, 'principalFirst')).toEqual({ principal: 500, bonus: 0 });
    expect(splitSpend(held, 1200, 'principalFirst')).toEqual({ principal: 1000, bonus: 200 });
    expect(splitSpend(held, 1300, 'bonusFirst')).toEqual(held);
    expect(splitSpend(held, 1301, 'bonusFirst')).toBeNull();
  });
});

describe('splitRefund', () => {
  it('gives a whole refund back in the parts the sale took', () => {
    expect(splitRefund({ principal: 200, bonus: 300 }, { principal: 0, bonus: 0 }, 500)).toEqual({
      principal: 200,
      bonus: 300,
    });
  });

  it('never gives back more of a part than the sale took, whatever the pieces', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000 }),
        fc.integer({ min: 0, max: 10_000 }),
        fc.array(fc.integer({ min: 1, max: 3_000 }), { maxLength: 8 }),
        (principal, bonus, pieces) => {
          const spent = { principal, bonus };
          const back = { principal: 0, bonus: 0 };
          let left = principal + bonus;
          for (const piece of pieces) {
            const amount = Math.min(piece, left);
            const part = splitRefund(spent, back, amount);
            expect(part.principal + part.bonus).toBe(amount);
            back.principal += part.principal;
            back.bonus += part.bonus;
            left -= amount;
          }
          expect(back.principal).toBeLessThanOrEqual(principal);
          expect(back.bonus).toBeLessThanOrEqual(bonus);
        },
      ),
    );
  });
});

describe('bonusFor', () => {
  it('gives the best tier a top-up reaches', () => {
    const tiers = [
      { pay: 10_000, bonus: 1_000 },
      { pay: 5_000, bonus: 300 },
      { pay: 20_000, bonus: 3_000 },
    ];
    expect(bonusFor(tiers, 4_999)).toBe(0);
    expect(bonusFor(tiers, 5_000)).toBe(300);
    expect(bonusFor(tiers, 19_999)).toBe(1_000);
    expect(bonusFor(tiers, 50_000)).toBe(3_000);
    expect(bonusFor([], 50_000)).toBe(0);
  });
});

describe('splitGiveBack', () => {
  it('sends the principal to the top-ups in the order given (newest first), each within what it has left, the rest by hand', () => {
    const topUps = [
      { id: 3, left: 2_000 },
      { id: 2, left: 0 },
      { id: 1, left: 10_000 },
    ];
    expect(splitGiveBack(5_000, topUps)).toEqual({
      refunds: [
        { topUpId: 3, amount: 2_000 },
        { topUpId: 1, amount: 3_000 },
      ],
      byHand: 0,
    });
    expect(splitGiveBack(15_000, topUps)).toEqual({
      refunds: [
        { topUpId: 3, amount: 2_000 },
        { topUpId: 1, amount: 10_000 },
      ],
      byHand: 3_000,
    });
    expect(splitGiveBack(700, [])).toEqual({ refunds: [], byHand: 700 });
  });

  it('always sends back exactly the principal, never more to a top-up than it has left', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 500_000 }),
        fc.array(fc.nat({ max: 200_000 }), { maxLength: 8 }),
        (principal, lefts) => {
          const topUps = lefts.map((left, id) => ({ id, left }));
          const { refunds, byHand } = splitGiveBack(principal, topUps);
          expect(refunds.reduce((s, r) => s + r.amount, 0) + byHand).toBe(principal);
          expect(byHand).toBeGreaterThanOrEqual(0);
          for (const r of refunds) expect(r.amount).toBeGreaterThan(0);
          for (const r of refunds) expect(r.amount).toBeLessThanOrEqual(topUps[r.topUpId]!.left);
        },
      ),
    );
  });
});
