/**
 * Revenue shares (beyond the spec; docs/domains/share.md): what a location
 * host or a second-level tenant is owed each business month, by a rule in
 * force that month.
 *
 * A rule is a percentage of the net (sales less refunds settled that
 * month), in tiers if wanted (5 % up to ¥20 000, 7 % above), a fixed
 * monthly rent, or the greater of the two (a minimum guarantee). A line of
 * a statement covers the days a party held what it is paid for; a part of a
 * month pays the rent and places the tiers' bounds by its share of the
 * month's days (15 of 30 days: half the rent, 5 % up to ¥10 000). The one
 * rounding is the line's: half away from zero to the fen, so a statement's
 * lines sum to its total exactly. Computed in integers (BigInt): no fraction
 * of a fen is lost or invented on the way.
 */
import { z } from 'zod';

export const SHARE_KINDS = ['percent', 'rent', 'greater'] as const;
export type ShareKind = (typeof SHARE_KINDS)[number];

/** What a rule is set on: a point (whoever hosts it is paid), a host (its points without a rule of their own), a second-level tenant. */
export const SHARE_SUBJECTS = ['point', 'host', 'tenant'] as const;
export type ShareSubject = (typeof SHARE_SUBJECTS)[number];

/** Who a statement pays: a location host, or a second-level tenant of the tenant that pays. */
export const SHARE_PARTIES = ['host', 'tenant'] as const;
export type ShareParty = (typeof SHARE_PARTIES)[number];

/** Draft until issued; an issued statement is final (a correction is an adjustment in a later month); the party confirms it; then it is paid. */
export const SHARE_STATES = ['draft', 'issued', 'confirmed', 'paid'] as const;
export type ShareState = (typeof SHARE_STATES)[number];

/** A bank account number as hosts' bank details take it: 8 to 30 digits. */
export const ACCOUNT_NUMBER = /^\d{8,30}$/;

export const SHARE_LIMITS = {
  tiers: 5,
  /** Basis points: 10 000 is 100 %. */
  rate: 10_000,
  money: 99_999_999,
  reason: 200,
} as const;

/** A tier: its rate (basis points, 500 = 5 %) on the net up to `upTo` fen a month; the last has no bound. */
export interface ShareTier {
  upTo: number | null;
  rate: number;
}

export interface ShareTerms {
  kind: ShareKind;
  /** With `percent` and `greater`: ascending bounds, the last one open. */
  tiers: ShareTier[];
  /** With `rent` and `greater`: fen a whole month. */
  rent: number;
}

const fen = (min: number) =>
  z
    .number({ error: 'validation.invalid' })
    .int({ message: 'validation.invalid' })
    .min(min, { message: 'validation.min' })
    .max(SHARE_LIMITS.money, { message: 'validation.max' });

export const shareTier = z.object({
  upTo: fen(1).nullable(),
  rate: z
    .number({ error: 'validation.invalid' })
    .int({ message: 'validation.invalid' })
    .min(0, { message: 'validation.min' })
    .max(SHARE_LIMITS.rate, { message: 'validation.max' }),
});

/** A rule's terms as typed: the tiers rise, the last is open; what a kind needs is there. */
export const shareTerms = z
  .object({
    kind: z.enum(SHARE_KINDS),
    tiers: z.array(shareTier).max(SHARE_LIMITS.tiers, { message: 'validation.max' }).default([]),
    rent: fen(0).default(0),
  })
  .superRefine((terms, ctx) => {
    const percent = terms.kind !== 'rent';
    if (percent && terms.tiers.length === 0)
      ctx.addIssue({ code: 'custom', message: 'validation.required', path: ['tiers'] });
    if (terms.kind !== 'percent' && terms.rent === 0)
      ctx.addIssue({ code: 'custom', message: 'validation.required', path: ['rent'] });
    if (!percent) return;
    terms.tiers.forEach((tier, i) => {
      const last = i === terms.tiers.length - 1;
      if (last !== (tier.upTo === null))
        ctx.addIssue({ code: 'custom', message: 'share.validation.lastOpen', path: ['tiers', i, 'upTo'] });
      const before = terms.tiers[i - 1]?.upTo;
      if (tier.upTo !== null && before !== null && before !== undefined && tier.upTo <= before)
        ctx.addIssue({ code: 'custom', message: 'share.validation.tiersRise', path: ['tiers', i, 'upTo'] });
    });
  });
export type ShareTermsInput = z.input<typeof shareTerms>;

/** `YYYY-MM`: a business month. */
export const shareMonth = z
  .string({ error: 'validation.invalid' })
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, { message: 'validation.invalid' });

/** Business months around today's (`YYYY-MM-DD`), `back` before its month to `ahead` after it, in order (`YYYY-MM`). */
export function monthsAround(today: string, back: number, ahead: number): string[] {
  const [y, m] = today.split('-').map(Number) as [number, number];
  const now = y * 12 + (m - 1);
  return Array.from({ length: back + ahead + 1 }, (_, i) => {
    const k = now - back + i;
    return `${Math.floor(k / 12)}-${String((k % 12) + 1).padStart(2, '0')}`;
  });
}

/** The `n` business months before today's, latest first: the months that may be closed. */
export const endedMonths = (today: string, n: number): string[] => monthsAround(today, n, 0).slice(0, n).reverse();

/** How many days the month `YYYY-MM` has. */
export function daysInMonth(month: string): number {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 0)).getUTCDate();
}

/** `n / d` rounded half away from zero, in integers. */
function roundHalfAway(n: bigint, d: bigint): bigint {
  const negative = n < 0n;
  const a = negative ? -n : n;
  const q = (2n * a + d) / (2n * d);
  return negative ? -q : q;
}

export interface ShareResult {
  /** Fen, rounded once. */
  share: number;
  /** Which part decided a `greater` rule. */
  by: 'percent' | 'rent';
  /** The percentage part and the rent part before rounding, in fen with two decimals (for the line's explanation). */
  percentPart: number;
  rentPart: number;
}

/**
 * What a line pays: `net` fen over `days` of a month of `monthDays`. The
 * percentage part is, tier by tier, the net between the tier's bounds
 * (scaled by days / monthDays) times its rate; a negative net (refunds of
 * earlier months over this one's sales) pays back at the first tier's rate.
 */
export function shareOf(terms: ShareTerms, net: number, days: number, monthDays: number): ShareResult {
  const D = BigInt(monthDays);
  const d = BigInt(days);
  // Everything in units of 1 / (monthDays × 10 000) fen.
  const scale = D * 10_000n;
  const netScaled = BigInt(net) * D;
  let percent = 0n;
  if (terms.kind !== 'rent' && terms.tiers.length > 0) {
    if (netScaled < 0n) percent = netScaled * BigInt(terms.tiers[0]!.rate);
    else {
      let below = 0n;
      for (const tier of terms.tiers) {
        const bound = tier.upTo === null ? null : BigInt(tier.upTo) * d;
        const top = bound === null || netScaled < bound ? netScaled : bound;
        if (top > below) percent += (top - below) * BigInt(tier.rate);
        if (bound === null || netScaled <= bound) break;
        below = bound;
      }
    }
  }
  const rent = terms.kind === 'percent' ? 0n : BigInt(terms.rent) * d * 10_000n;
  const byRent = terms.kind === 'rent' || (terms.kind === 'greater' && rent > percent);
  const chosen = byRent ? rent : percent;
  const cents = (v: bigint) => Number(roundHalfAway(v * 100n, scale)) / 100;
  return {
    share: Number(roundHalfAway(chosen, scale)),
    by: byRent ? 'rent' : 'percent',
    percentPart: cents(percent),
    rentPart: cents(rent),
  };
}
