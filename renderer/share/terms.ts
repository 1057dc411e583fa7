/** A rule's terms in a line of words (`5% up to ¥20,000.00, 7% above`), as the rules list and a statement's lines show them. */
import type { TFunction } from 'i18next';
import { formatYuan } from '../../shared/format.js';
import type { ShareKind, ShareTier } from '../../shared/share/index.js';

const rate = (bp: number) => String(bp / 100);

export function termsText(t: TFunction, terms: { kind: ShareKind | null; tiers: readonly ShareTier[]; rent: number }) {
  if (terms.kind === null) return t('share.terms.none');
  const rentText = t('share.terms.rent', { rent: formatYuan(terms.rent) });
  if (terms.kind === 'rent') return rentText;
  const percent =
    terms.tiers.length === 1
      ? t('share.terms.flat', { rate: rate(terms.tiers[0]!.rate) })
      : terms.tiers
          .map((tier) =>
            tier.upTo === null
              ? t('share.terms.above', { rate: rate(tier.rate) })
              : t('share.terms.tier', { rate: rate(tier.rate), upTo: formatYuan(tier.upTo) }),
          )
          .join(t('share.terms.join'));
  return terms.kind === 'percent' ? percent : t('share.terms.greater', { percent, rent: formatYuan(terms.rent) });
}
