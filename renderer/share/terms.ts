/** A rule's terms in the console's language (shared/share/terms.ts). */
import type { TFunction } from 'i18next';
import { termsText as say, type ShareKind, type ShareTier } from '../../shared/share/index.js';

export function termsText(t: TFunction, terms: { kind: ShareKind | null; tiers: readonly ShareTier[]; rent: number }) {
  // The keys are built from the term's name: i18next's key types cannot follow a template, so `t` is taken plain.
  const plain = t as unknown as (key: string, values?: Record<string, string>) => string;
  return say((key, values) => plain(`share.terms.${key}`, values), terms);
}
