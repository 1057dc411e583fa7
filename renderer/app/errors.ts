/**
 * What the user sees of a failed call (spec §8), as pure data: the decision
 * of the one policy table (shared/errors.ts `decide`) with its texts put in
 * the current language. report.tsx executes it.
 */
import entries from 'virtual:ui/errors';
import { entryLookup, UNKNOWN, type ErrorEntries } from '../../shared/errors/define.js';
import {
  createPolicy,
  type CallError,
  type Decision,
  type FailureContext,
  type Message,
  type RuleName,
} from '../../shared/errors/policy.js';
import { type Lang } from '../../shared/i18n/define.js';
import { currentLang, loadWithLanguage } from '../i18n/index.js';

// The catalogue's policies as data built into the bundle (scripts/ui-tables.ts), not shared/domains.ts with every API
// table; the policy reads no text, so the entries come without theirs.
const knownEntry = entryLookup(entries as unknown as ErrorEntries);
const { decide } = createPolicy(knownEntry);

type TextTable = { codes: Readonly<Record<number, string>>; families: readonly (readonly [number, number, string])[] };
type Part = () => Promise<{ default: TextTable }>;
const TEXTS: Readonly<Record<Lang, Part>> = {
  'zh-CN': () => import('virtual:ui/errors/zh-CN'),
  'zh-TW': () => import('virtual:ui/errors/zh-TW'),
  en: () => import('virtual:ui/errors/en'),
};
const SCREEN_TEXTS: Readonly<Record<Lang, Part>> = {
  'zh-CN': () => import('virtual:ui/errors/zh-CN/screens'),
  'zh-TW': () => import('virtual:ui/errors/zh-TW/screens'),
  en: () => import('virtual:ui/errors/en/screens'),
};
const loaded: Partial<Record<Lang, TextTable>> = {};

/**
 * One language's error texts, loaded with that language's catalogue
 * (renderer/i18n), so the shown language always has them: the sign-in
 * page's codes and every family's, then, once the screens' texts are
 * wanted, the screens' domains' codes (scripts/ui-tables.ts).
 */
export async function loadErrorTexts(lang: Lang, screens = false): Promise<void> {
  loaded[lang] ??= (await TEXTS[lang]()).default;
  if (screens && !withScreens.has(lang)) {
    const more = (await SCREEN_TEXTS[lang]()).default;
    loaded[lang] = { ...loaded[lang], codes: { ...loaded[lang].codes, ...more.codes } };
    withScreens.add(lang);
  }
}
const withScreens = new Set<Lang>();
loadWithLanguage(loadErrorTexts);

/** A code's text in `lang`: its own, its family's, else "try again later". */
function codeText(code: number, lang: Lang): string {
  const table = loaded[lang];
  if (!table) {
    void loadErrorTexts(lang);
    return UNKNOWN.texts[lang];
  }
  return (
    table.codes[code] ?? table.families.find(([from, to]) => code >= from && code <= to)?.[2] ?? UNKNOWN.texts[lang]
  );
}

export interface ShownNotice {
  text: string;
  timeout: number;
}

export interface Presentation {
  rule: RuleName;
  /** Error notifications, in order; none for silent codes and field issues. */
  notices: ShownNotice[];
  /** End the session after RESET_DELAY_MS and be at the root (sign-in). */
  reset: boolean;
  /** With `reset`: ask main to sign out (false when main already dropped the session). */
  revoke: boolean;
  /** Go back one page. */
  back: boolean;
  /** Field issues to show on the form (path → i18n key), for a local refusal. */
  fields?: Record<string, string>;
}

type UiKey = Extract<Message, { kind: 'key' }>['key'];

export interface PresentOptions {
  lang: Lang;
  /** UI catalogue texts ('try again later', 'Error', …); `t` in the app. */
  uiText?: (key: UiKey) => string;
  /** The screen's own failure text ('binding failed'): used when the code has no text of its own. */
  fallback?: string;
  context?: FailureContext;
}

/** The text of one resolved message in `lang`. */
export function messageText(message: Message, lang: Lang, uiText: (key: UiKey) => string, fallback?: string): string {
  switch (message.kind) {
    case 'code':
      return codeText(message.code, lang);
    case 'server':
      return message.text;
    case 'fallback':
      return fallback ?? uiText('common.tryLater');
    case 'key':
      return uiText(message.key);
  }
}

export function present(error: CallError, { lang, uiText, fallback, context = 'call' }: PresentOptions): Presentation {
  const text = uiText ?? ((key: UiKey) => (key === 'common.tryLater' ? UNKNOWN.texts[lang] : key));
  const decision: Decision = decide(error, { context, hasFallback: fallback !== undefined });
  return {
    rule: decision.rule,
    notices: decision.notices.map((n) => ({ text: messageText(n.message, lang, text, fallback), timeout: n.timeout })),
    reset: decision.reset,
    revoke: decision.revoke,
    back: decision.back,
    ...(decision.fields ? { fields: decision.fields } : {}),
  };
}

/** Whether the policy ends the session over this failure (a refused or revoked token). */
const endsSession = (error: unknown): boolean => decide(asCallError(error)).reset;

/**
 * Whether the query cache hands a failed read to the common error path. A
 * `silent` read says its failure itself. One started ahead of its screen
 * (renderer/bridge.ts readAhead, 'unobserved') that failed before the screen
 * mounted is said by the screen's own read on mount, unless it ended the
 * session: no later read would be answered as it was.
 */
export function reportsQueryFailure(
  error: unknown,
  query: { meta?: { silent?: boolean | 'unobserved' } | undefined; getObserversCount(): number },
): boolean {
  const silent = query.meta?.silent;
  if (!silent) return true;
  return silent === 'unobserved' && (query.getObserversCount() > 0 || endsSession(error));
}

/** Anything thrown: a `CallError`-shaped object, or an unexpected exception (shown as unknown). */
export function asCallError(error: unknown): CallError {
  if (error && typeof error === 'object' && 'source' in error && 'code' in error) {
    const e = error as CallError & { serverMessage?: string };
    const out: CallError = { source: e.source, code: e.code, status: e.status ?? 0 };
    const message =
      e.serverMessage ?? (typeof e.message === 'string' && e.constructor === Object ? e.message : undefined);
    if (message) out.message = message;
    if (e.fields) out.fields = e.fields;
    if (typeof e.retryAfter === 'number') out.retryAfter = e.retryAfter;
    if (e.httpOnly) out.httpOnly = true;
    return out;
  }
  // A bug of ours: shown as the unknown error, never with its internals.
  return { source: 'local', code: 0, status: 0 };
}

/** A code's text in the shown language: a refusal said at its field, or a screen's "not found" in place of its content. */
export const codeMessage = (code: number): string => codeText(code, currentLang());

/** Whether a thrown error is the upstream's refusal with `code` (a screen refreshes on "not found", for one). */
export function refusedWith(error: unknown, code: number): boolean {
  const e = asCallError(error);
  return e.source === 'upstream' && e.code === code;
}
