/**
 * The error-catalogue mechanism (spec §8): how a domain declares its codes —
 * code, texts in the three languages, the client policy and the HTTP status
 * the upstream answers with — and how the catalogues of all domains become
 * one. The codes themselves live with their domains (shared/<domain>/errors.ts)
 * and, for codes no domain owns yet, in shared/common/errors.ts.
 */
import { LANGS, type Lang } from '../i18n/define.js';

/**
 * What the console does with a body code (spec §8 "Response handling"):
 * - `reset`: notify, then after RESET_DELAY_MS clear the token and go to the root;
 * - `relogin`: the re-login message, then the same reset;
 * - `notify`: a notification only;
 * - `silent`: nothing.
 */
export type Policy = 'reset' | 'relogin' | 'notify' | 'silent';

export type ErrorTexts = Readonly<Record<Lang, string>>;

export interface ErrorEntry {
  texts: ErrorTexts;
  policy: Policy;
  /**
   * The HTTP status the upstream answers this code with. The console reads
   * the body code (spec §8); the status is for proxies, logs and generic
   * clients: 400 the request is wrong, 401 no usable credentials, 403 not
   * allowed, 404 not found or out of scope (indistinguishably), 409 a rule
   * refuses the change in the current state, 429 too many attempts, 500 a bug.
   */
  status: number;
}

/** A code with its own text. */
export interface ErrorDef extends ErrorEntry {
  code: number;
}

/** A §8 family: a code of the range without a text of its own shows the family's. */
export interface ErrorFamily {
  from: number;
  to: number;
  entry: ErrorEntry;
}

/** A business refusal is a conflict with the current state unless its entry says otherwise. */
export const CONFLICT = 409;

export const texts = (zhCN: string, zhTW: string, en: string): ErrorTexts => ({ 'zh-CN': zhCN, 'zh-TW': zhTW, en });

/** `err(code, status, zh-CN, zh-TW, en, policy = 'notify')`. */
export const err = (
  code: number,
  status: number,
  zhCN: string,
  zhTW: string,
  en: string,
  policy: Policy = 'notify',
): ErrorDef => ({ code, status, policy, texts: texts(zhCN, zhTW, en) });

export const family = (from: number, to: number, zhCN: string, zhTW: string, en: string): ErrorFamily => ({
  from,
  to,
  entry: { status: CONFLICT, policy: 'notify', texts: texts(zhCN, zhTW, en) },
});

/** One domain's (or the common) catalogue: named codes, and the families it owns. */
export interface ErrorTable<N extends string = string> {
  /** Name → code, so that code never writes a bare number. */
  readonly code: Readonly<Record<N, number>>;
  readonly defs: readonly ErrorDef[];
  readonly families: readonly ErrorFamily[];
}

export function defineErrors<const T extends Record<string, ErrorDef>>(
  named: T,
  families: readonly ErrorFamily[] = [],
): ErrorTable<keyof T & string> {
  const code = Object.fromEntries(Object.entries(named).map(([name, def]) => [name, def.code])) as Record<
    keyof T & string,
    number
  >;
  return { code, defs: Object.values(named), families };
}

/** Spec §8 "unknown: try again later". */
export const UNKNOWN: ErrorEntry = {
  status: 500,
  policy: 'notify',
  texts: texts('请稍后再试', '請稍後再試', 'Please try again later'),
};

export interface ErrorCatalogue<C> {
  /** Every named code of every table. */
  readonly CODE: C;
  /** Codes with a text of their own. */
  readonly ERRORS: Readonly<Record<number, ErrorEntry>>;
  /** Every family, ordered by range. */
  readonly FAMILIES: readonly ErrorFamily[];
  /** The entry of a code with a text of its own or of its family. */
  knownEntry(code: number): ErrorEntry | undefined;
  /** The entry for a body code: its own, else its family's, else unknown. */
  errorEntry(code: number): ErrorEntry;
  /** The HTTP status a body code is answered with. */
  statusOf(code: number): number;
}

type Intersect<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void ? I : never;
type CodesOf<T extends readonly ErrorTable[]> = Intersect<T[number]['code']>;

/** The codes with a text of their own and the families, as data: what the renderer's bundle carries of the catalogue. */
export interface ErrorEntries {
  errors: Readonly<Record<number, ErrorEntry>>;
  /** Ordered by range. */
  families: readonly ErrorFamily[];
}

/** The entry of a code with a text of its own or of its family. */
export const entryLookup =
  ({ errors, families }: ErrorEntries) =>
  (code: number): ErrorEntry | undefined =>
    errors[code] ?? families.find((f) => code >= f.from && code <= f.to)?.entry;

/**
 * Joins the tables. A code, a code name or a family range defined twice stops
 * the start: with a spread the second would silently win.
 */
export function assembleErrors<const T extends readonly ErrorTable[]>(...tables: T): ErrorCatalogue<CodesOf<T>> {
  const CODE: Record<string, number> = {};
  const ERRORS: Record<number, ErrorEntry> = {};
  const families: ErrorFamily[] = [];
  for (const table of tables) {
    for (const [name, code] of Object.entries(table.code)) {
      if (Object.hasOwn(CODE, name)) throw new Error(`error catalogue: the code name "${name}" is defined twice`);
      CODE[name] = code;
    }
    for (const { code, ...entry } of table.defs) {
      if (Object.hasOwn(ERRORS, code)) throw new Error(`error catalogue: the code ${code} is defined twice`);
      for (const lang of LANGS)
        if (!entry.texts[lang]?.trim()) throw new Error(`error catalogue: ${code} has no ${lang} text`);
      ERRORS[code] = entry;
    }
    families.push(...table.families);
  }
  families.sort((a, b) => a.from - b.from);
  for (let i = 1; i < families.length; i++) {
    if (families[i]!.from <= families[i - 1]!.to)
      throw new Error(`error catalogue: the families from ${families[i - 1]!.from} and ${families[i]!.from} overlap`);
  }
  const knownEntry = entryLookup({ errors: ERRORS, families });
  return {
    CODE: CODE as CodesOf<T>,
    ERRORS,
    FAMILIES: families,
    knownEntry,
    errorEntry: (code) => knownEntry(code) ?? UNKNOWN,
    statusOf: (code) => ERRORS[code]?.status ?? CONFLICT,
  };
}
