/**
 * A rule's terms in a line of words (`5% up to ¥20,000.00, 7% above`): the
 * rules list, a statement's lines and the month's sheet say them alike.
 * `say` is the catalogue's `share.terms.*` with its values filled in (the
 * renderer's `t`, the server's catalogue of the sheet's language).
 */
import { formatYuan } from '../format.js';
import type { ShareKind, ShareTier } from './rules.js';

export type SayTerms = (
  key: 'flat' | 'tier' | 'above' | 'rent' | 'greater' | 'none' | 'join' | 'corrects',
  values?: Record<string, string>,
) => string;

const rate = (bp: number) => String(bp / 100);

export function termsText(
  say: SayTerms,
  terms: { kind: ShareKind | null; tiers: readonly ShareTier[]; rent: number },
): string {
  if (terms.kind === null) return say('none');
  if (terms.kind === 'rent') return say('rent', { rent: formatYuan(terms.rent) });
  const percent =
    terms.tiers.length === 1
      ? say('flat', { rate: rate(terms.tiers[0]!.rate) })
      : terms.tiers
          .map((tier) =>
            tier.upTo === null
              ? say('above', { rate: rate(tier.rate) })
              : say('tier', { rate: rate(tier.rate), upTo: formatYuan(tier.upTo) }),
          )
          .join(say('join'));
  return terms.kind === 'percent' ? percent : say('greater', { percent, rent: formatYuan(terms.rent) });
}

/** A line's name: a correction line says whose issued month's sales its refunds were of. */
export const lineName = (say: SayTerms, line: { label: string; corrects: { month: string } | null }): string =>
  line.corrects ? say('corrects', { label: line.label, month: line.corrects.month }) : line.label;
