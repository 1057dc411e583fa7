/** A rule's terms in the console's language (shared/share/terms.ts). */
import type { TFunction } from 'i18next';
import { lineName as name, termsText as say, type ShareKind, type ShareTier } from '../../shared/share/index.js';

// The keys are built from the term's name: i18next's key types cannot follow a template, so `t` is taken plain.
const sayIn = (t: TFunction) => (key: string, values?: Record<string, string>) =>
  (t as unknown as (key: string, values?: Record<string, string>) => string)(`share.terms.${key}`, values);

export function termsText(t: TFunction, terms: { kind: ShareKind | null; tiers: readonly ShareTier[]; rent: number }) {
  return say(sayIn(t), terms);
}

/** A statement line's name, a correction line's with the issued month it corrects. */
export const lineName = (t: TFunction, line: { label: string; corrects: { month: string } | null }) =>
  name(sayIn(t), line);
