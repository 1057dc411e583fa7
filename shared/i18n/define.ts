/**
 * The UI-text mechanism: the three languages of spec §2/§9, and how a domain
 * declares its texts. Each domain has one namespace (its name, a top-level
 * key); the common texts of the shell and forms sit beside them. zh-CN is
 * the reference shape: zh-TW and en must have exactly its keys, which the
 * type checks here and tests/shared/i18n.test.ts checks again at run time.
 * Interpolation uses i18next's `{{name}}`.
 */
export type Lang = 'zh-CN' | 'zh-TW' | 'en';
export const LANGS: readonly Lang[] = ['zh-CN', 'zh-TW', 'en'];
/** Spec §2: the language defaults to zh-CN. */
export const DEFAULT_LANG: Lang = 'zh-CN';

/**
 * The reference shape with string leaves (what another language must match).
 * A language whose plurals differ from Chinese (English) may add to any text
 * `x` its singular `x_one`: i18next picks it when `count` is 1 and `x` for
 * any other count (Chinese has one form).
 */
export type Shape<T> = { readonly [K in keyof T]: T[K] extends string ? string : Shape<T[K]> } & {
  readonly [K in keyof T as T[K] extends string ? `${K & string}_one` : never]?: string;
};

/** A set of texts in the three languages. */
export type LangTexts<T> = { readonly 'zh-CN': T; readonly 'zh-TW': Shape<T>; readonly en: Shape<T> };

/** Declares texts: zh-CN as written, the other two checked against its shape. */
export const defineTexts = <T extends object>(zhCN: T, others: { 'zh-TW': Shape<T>; en: Shape<T> }): LangTexts<T> => ({
  'zh-CN': zhCN,
  ...others,
});

/**
 * One catalogue per language: the common texts' groups at the top level, each
 * domain's texts under its name. A domain named like a common group, or two
 * common sets with the same group, stop the start (a spread would let the
 * second silently win).
 */
export function assembleTexts(
  common: readonly LangTexts<object>[],
  domains: Readonly<Record<string, LangTexts<object>>>,
): Record<Lang, Record<string, unknown>> {
  const out = {} as Record<Lang, Record<string, unknown>>;
  for (const lang of LANGS) {
    const catalogue: Record<string, unknown> = {};
    const add = (key: string, value: unknown) => {
      if (Object.hasOwn(catalogue, key)) throw new Error(`UI texts: the group "${key}" is defined twice`);
      catalogue[key] = value;
    };
    for (const texts of common) for (const [key, value] of Object.entries(texts[lang])) add(key, value);
    for (const [name, texts] of Object.entries(domains)) add(name, texts[lang]);
    out[lang] = catalogue;
  }
  return out;
}
