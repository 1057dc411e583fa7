/** The share of a line (shared/share/rules.ts) against months computed by hand. */
import { describe, expect, it } from 'vitest';
import { daysInMonth, endedMonths, shareOf, shareTerms, type ShareTerms } from '../../../shared/share/rules.js';

const flat = (rate: number): ShareTerms => ({ kind: 'percent', tiers: [{ upTo: null, rate }], rent: 0 });
// 5 % up to ¥20 000 a month, 7 % above.
const tiered: ShareTerms = {
  kind: 'percent',
  tiers: [
    { upTo: 2_000_000, rate: 500 },
    { upTo: null, rate: 700 },
  ],
  rent: 0,
};

describe('shareOf', () => {
  it('a flat percentage of a whole month, rounded once to the fen', () => {
    // 5 % of ¥123.45 is 617.25 fen.
    expect(shareOf(flat(500), 12_345, 30, 30)).toMatchObject({ share: 617, by: 'percent', percentPart: 617.25 });
    // Half a fen goes up, and a half below zero goes down: half away from zero.
    expect(shareOf(flat(500), 10, 30, 30).share).toBe(1);
    expect(shareOf(flat(500), 30, 30, 30).share).toBe(2);
    expect(shareOf(flat(500), -10, 30, 30).share).toBe(-1);
    expect(shareOf(flat(500), 0, 30, 30).share).toBe(0);
  });

  it('tiers: each rate on the part of the net between its bounds', () => {
    // ¥30 000: 5 % of 20 000 and 7 % of 10 000.
    expect(shareOf(tiered, 3_000_000, 30, 30).share).toBe(100_000 + 70_000);
    // Exactly at the bound: the first tier alone.
    expect(shareOf(tiered, 2_000_000, 31, 31).share).toBe(100_000);
    expect(shareOf(tiered, 1_999_999, 31, 31).share).toBe(100_000);
  });

  it('half a month places the bounds at half: 5 % up to ¥10 000 over 15 days of 30', () => {
    expect(shareOf(tiered, 1_500_000, 15, 30).share).toBe(50_000 + 35_000);
  });

  it('a rent pays its days: 10 days of 31 of ¥3 000', () => {
    // 300 000 × 10 / 31 = 96 774.19…
    expect(shareOf({ kind: 'rent', tiers: [], rent: 300_000 }, 5_000_000, 10, 31)).toMatchObject({
      share: 96_774,
      by: 'rent',
      rentPart: 96_774.19,
    });
  });

  it('the greater of the two: the rent is a minimum the percentage may pass', () => {
    const guarantee: ShareTerms = { ...flat(500), kind: 'greater', rent: 100_000 };
    expect(shareOf(guarantee, 1_500_000, 30, 30)).toMatchObject({ share: 100_000, by: 'rent', percentPart: 75_000 });
    expect(shareOf(guarantee, 3_000_000, 30, 30)).toMatchObject({ share: 150_000, by: 'percent' });
    // A month of refunds over sales still pays the minimum.
    expect(shareOf(guarantee, -50_000, 30, 30).share).toBe(100_000);
  });

  it('a net below zero (refunds of earlier months) pays back at the first rate', () => {
    expect(shareOf(tiered, -20_000, 30, 30).share).toBe(-1_000);
  });

  it('lines rounded one by one sum to the total of their rounded shares, never a fen invented', () => {
    // Three thirds of a month each rounded: the statement's total is their sum, by definition; each is within half a fen.
    const parts = [10, 10, 11].map((days) => shareOf({ kind: 'rent', tiers: [], rent: 100_001 }, 0, days, 31));
    for (const p of parts) expect(Math.abs(p.share - p.rentPart)).toBeLessThanOrEqual(0.5);
  });
});

describe('shareTerms', () => {
  it('refuses tiers that do not rise, a closed last tier, and a kind without what it needs', () => {
    const issues = (input: unknown) =>
      shareTerms.safeParse(input).error?.issues.map((i) => `${i.path.join('.')} ${i.message}`) ?? [];
    expect(
      issues({
        kind: 'percent',
        tiers: [
          { upTo: 100, rate: 1 },
          { upTo: 100, rate: 2 },
        ],
      }),
    ).toEqual(['tiers.1.upTo share.validation.lastOpen', 'tiers.1.upTo share.validation.tiersRise']);
    expect(issues({ kind: 'percent', tiers: [] })).toEqual(['tiers validation.required']);
    expect(issues({ kind: 'greater', tiers: [{ upTo: null, rate: 500 }] })).toEqual(['rent validation.required']);
    expect(issues({ kind: 'rent', rent: 100 })).toEqual([]);
    expect(issues({ kind: 'percent', tiers: [{ upTo: null, rate: 10_001 }] })).toEqual(['tiers.0.rate validation.max']);
  });

  it('lists the months that have ended, across a new year', () => {
    expect(endedMonths('2026-02-01', 3)).toEqual(['2026-01', '2025-12', '2025-11']);
  });

  it('knows the days of a month', () => {
    expect([daysInMonth('2026-02'), daysInMonth('2028-02'), daysInMonth('2026-11'), daysInMonth('2026-12')]).toEqual([
      28, 29, 30, 31,
    ]);
  });
});
