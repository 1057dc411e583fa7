/**
 * What the console does about a failed call (spec §8, §4 login, §9
 * durations): ONE table, ONE pure decision function. The renderer only
 * executes the decision (renderer/app/report.tsx). The codes and their texts
 * are data (shared/errors/define.ts, assembled in shared/domains.ts); this
 * module knows only the codes §8 names in its rules.
 */
import { COMMON_CODE } from '../common/errors.js';
import type { ErrorEntry } from './define.js';

/** Spec §9 constants. */
export const NOTIFY_MS = 2000;
export const NOTIFY_LONG_MS = 5000;
export const RESET_DELAY_MS = 1000;

/** The token-missing code of spec §8 (1501), also the console's own "no session". */
export const NO_SESSION = 1501;

const CODE = COMMON_CODE;

/** The shape every failed call takes on its way to the renderer. */
export interface CallError {
  /**
   * Where the refusal came from: the upstream's answer (apply the §8 policy),
   * the console itself (its own input check or session rule; never resets the
   * session by code), or the network (unreachable, time-out: "try again later").
   */
  source: 'upstream' | 'local' | 'network';
  code: number;
  message?: string;
  /** HTTP status of the upstream answer; 0 when none came. */
  status: number;
  /** Field issues of a refused input: path → i18n key. */
  fields?: Record<string, string>;
  /** Seconds until trying again makes sense (the sign-in limits' 1505), when the upstream said. */
  retryAfter?: number;
  /**
   * An upstream answer without a body code: `code` repeats the HTTP status,
   * and the HTTP-status rules of §8 apply instead of the body-code rules.
   */
  httpOnly?: true;
}

/**
 * Messages of the console's own refusals (`source: 'local'`). The renderer
 * localises by code and rule, never by these texts; the session rules of the
 * policy below recognise sign-in refusals by them.
 */
export const LOCAL = {
  unknownOp: 'unknown operation',
  invalidInput: 'invalid input',
  notCallable: 'operation not callable',
  noSession: 'not signed in',
  /** The call was made for a session that is no longer the current one (another window signed in or out). */
  sessionChanged: 'session changed',
  loginFailed: 'login failed',
  noPermission: 'insufficient permission',
  invalidOutput: 'invalid output',
  internal: 'internal error',
} as const;

/**
 * An HTTP 503 from the upstream: it answered, but cannot serve for a moment
 * (its database restarts or dropped its connections). Whatever the body code,
 * the console tries again later and keeps the session (see `ruleOf`, and the
 * core's session, which keeps a stored token through it).
 */
export const upstreamUnavailable = (error: CallError): boolean =>
  error.source === 'upstream' && error.status === CODE.unavailable;

/** Where a failure happened: any call, or the sign-in (spec §8 "Sign-in client"). */
export type FailureContext = 'call' | 'signIn';

/**
 * Where a notification's text comes from, tried in order until one applies:
 * - `code`: the catalogue text of the body code (its own or its family's);
 * - `relogin`: the re-login text (the code's own when it is a token code, else 401's);
 * - `server`: the upstream's own non-blank message;
 * - `fallback`: the screen's own failure text ('binding failed'), when it gave one;
 * - `error`: the UI text 'Error' (errorsUi.error);
 * - `tryLater`: the UI text 'try again later' (common.tryLater);
 * - a UI catalogue key (always applies).
 */
export type TextSource = 'code' | 'relogin' | 'server' | 'fallback' | 'error' | 'tryLater' | UiMessageKey;
export type UiMessageKey =
  'errorsUi.noPermission' | 'errorsUi.profileFailed' | 'errorsUi.badCredentials' | 'errorsUi.loginFailed';

export interface NoticeRule {
  text: readonly TextSource[];
  timeout: number;
}

export interface Rule {
  /** The row of spec §8 / §4 it implements (for the reader and the tests). */
  spec: string;
  /** Notifications, in order (error intent); none for silent rows. */
  notices: readonly NoticeRule[];
  /** After RESET_DELAY_MS the session ends and the user is at the root (= sign-in). */
  reset: boolean;
  /**
   * With `reset`: the console asks main to sign out (revoke and clear the
   * token). False where main has already dropped the session (a failed
   * sign-in, no session at all), so a newer sign-in is never ended by it.
   */
  revoke: boolean;
  /** Go back one page. */
  back: boolean;
}

const row = (
  spec: string,
  notices: readonly NoticeRule[],
  flags: Partial<Pick<Rule, 'reset' | 'revoke' | 'back'>> = {},
): Rule => ({
  spec,
  notices,
  reset: flags.reset ?? false,
  revoke: flags.revoke ?? flags.reset ?? false,
  back: flags.back ?? false,
});
const notice = (text: readonly TextSource[], timeout: number = NOTIFY_MS): NoticeRule => ({ text, timeout });

/**
 * The policy table. Precedence (see `decide`): network, then local refusals,
 * then HTTP 503, then the sign-in rows (sign-in only), then HTTP-status rows
 * (answers with no body code, and HTTP 403 whose body says 403 too), then
 * body-code rows.
 */
export const RULES = {
  // --- no answer ---
  network: row('network failure or time-out: "try again later"', [notice(['tryLater'], NOTIFY_LONG_MS)]),

  // --- body code (checked even on HTTP 200/202) ---
  bodyReset: row(
    'body 400/403/404/502/503: localised, else server message, else "Error"; after 1 s clear the token and go to the root',
    [notice(['code', 'server', 'error'])],
    { reset: true },
  ),
  bodyForbidden: row(
    'body 403 (same as bodyReset, shown 5 s: a permission error)',
    [notice(['code', 'server', 'error'], NOTIFY_LONG_MS)],
    { reset: true },
  ),
  bodyRelogin: row('body 401 (and token codes 1501-1503): re-login message, same reset', [notice(['relogin'])], {
    reset: true,
  }),
  bodyNotify: row('body 1301 and every other code with a text: notification only', [notice(['code'])]),
  bodyUnknown: row(
    'a code without a text: the screen\'s text, else server message, else "try again later" (5 s: unknown)',
    [notice(['fallback', 'server', 'tryLater'], NOTIFY_LONG_MS)],
  ),
  bodySilent: row('body 1102: silent', []),

  // --- HTTP status without a body code ---
  httpForbidden: row(
    'HTTP 403: insufficient permission for 5 s, back one page',
    [notice(['errorsUi.noPermission'], NOTIFY_LONG_MS)],
    { back: true },
  ),
  httpUnauthorized: row('HTTP 401: re-login message and reset', [notice(['relogin'])], { reset: true }),
  httpOther: row(
    'other HTTP errors, HTTP 503 whatever its body code among them (the upstream is briefly unavailable, e.g. its database restarts): "try again later"; the session stays',
    [notice(['tryLater'], NOTIFY_LONG_MS)],
  ),

  // --- sign-in client (main has already cleared the token) ---
  signInBadCredentials: row(
    'sign-in, body 400: check password or account; reset',
    [notice(['errorsUi.badCredentials'])],
    { reset: true, revoke: false },
  ),
  signInServer: row(
    'sign-in, body 403/404/502/503/1301: server message; reset',
    [notice(['server', 'code', 'error'])],
    { reset: true, revoke: false },
  ),
  signInUnavailable: row(
    'sign-in, HTTP 503 (whatever its body code): server message, profile retrieval failed, stored login cleared',
    [notice(['server', 'code', 'tryLater']), notice(['errorsUi.profileFailed'])],
    { reset: true, revoke: false },
  ),
  signInNoPermission: row(
    'sign-in, no roles and no powers: insufficient permission (error, 5 s); token reset after 1 s',
    [notice(['errorsUi.noPermission'], NOTIFY_LONG_MS)],
    { reset: true, revoke: false },
  ),
  signInFailed: row(
    'sign-in refused by the console (platformType not 0): login failed; token cleared',
    [notice(['errorsUi.loginFailed'])],
    { reset: true, revoke: false },
  ),

  // --- the console's own refusals: never a reset by code ---
  localFields: row('local input refusal: field issues on the form, no notification', []),
  upstreamFields: row(
    "body 400 with field issues the upstream alone can judge (a value against its category's rules, a warning against the capacity): on the form, no notification, the session kept",
    [],
  ),
  localSessionChanged: row(
    "the page's session changed in another window (a stale epoch): nothing here; the session watcher reloads the page as the current user",
    [],
  ),
  localNoSession: row(
    'no session in main (ended elsewhere): re-login message, back to sign-in',
    [notice(['relogin'])],
    { reset: true, revoke: false },
  ),
  localOther: row('other local refusal: its code text, else the screen\'s, else "try again later"', [
    notice(['code', 'fallback', 'tryLater'], NOTIFY_LONG_MS),
  ]),
} as const satisfies Record<string, Rule>;

export type RuleName = keyof typeof RULES;

/** A resolved text: a catalogue code, the server's words, the screen's fallback, or a UI key. */
export type Message =
  | { kind: 'code'; code: number }
  | { kind: 'server'; text: string }
  | { kind: 'fallback' }
  | { kind: 'key'; key: UiMessageKey | 'errorsUi.error' | 'common.tryLater' };

export interface Notice {
  message: Message;
  timeout: number;
}

/** What the console does about one failure. */
export interface Decision {
  rule: RuleName;
  notices: Notice[];
  reset: boolean;
  revoke: boolean;
  back: boolean;
  /** Field issues for the form (path → i18n key): a local input refusal. */
  fields?: Record<string, string>;
}

/** Body codes the sign-in client answers with the server's message (spec §8). */
const SIGN_IN_SERVER_CODES: ReadonlySet<number> = new Set([
  CODE.forbidden,
  CODE.notFound,
  CODE.serverError,
  CODE.unavailable,
  CODE.operationFailed,
]);

export interface DecideOptions {
  context?: FailureContext;
  /** The screen has its own failure text for codes without one. */
  hasFallback?: boolean;
}

/** The catalogue lookup the policy reads codes with (shared/domains.ts passes the assembled one). */
export type KnownEntry = (code: number) => ErrorEntry | undefined;

export interface ErrorPolicy {
  /** Which row of the table applies. */
  ruleOf(error: CallError, context?: FailureContext): RuleName;
  /** Spec §8: what to show, for how long, and whether to reset or go back. Pure. */
  decide(error: CallError, options?: DecideOptions): Decision;
}

/** The decision functions over a catalogue. */
export function createPolicy(known: KnownEntry): ErrorPolicy {
  /** Which row of the table applies. */
  function ruleOf(error: CallError, context: FailureContext = 'call'): RuleName {
    if (error.source === 'network') return 'network';

    if (error.source === 'local') {
      if (error.fields && Object.keys(error.fields).length > 0) return 'localFields';
      if (context === 'signIn' && error.message === LOCAL.noPermission) return 'signInNoPermission';
      if (context === 'signIn' && error.message === LOCAL.loginFailed) return 'signInFailed';
      if (error.message === LOCAL.sessionChanged) return 'localSessionChanged';
      if (error.code === NO_SESSION && error.message === LOCAL.noSession) return 'localNoSession';
      return 'localOther';
    }

    // The upstream is there but cannot serve for a moment (its database
    // restarts): whatever the body code says, that is "try again later" and
    // never the end of a session. At sign-in, §8 names HTTP 503 itself.
    if (upstreamUnavailable(error)) return context === 'signIn' ? 'signInUnavailable' : 'httpOther';

    const body = !error.httpOnly;
    // Bad input the upstream judged field by field is the user's to mend, not the end of the session (docs/departures.md).
    if (
      body &&
      error.code === CODE.badRequest &&
      error.fields &&
      Object.keys(error.fields).length > 0 &&
      context !== 'signIn'
    )
      return 'upstreamFields';
    if (context === 'signIn') {
      if (body && error.code === CODE.badRequest) return 'signInBadCredentials';
      if (body && SIGN_IN_SERVER_CODES.has(error.code)) return 'signInServer';
    }

    // An HTTP 403 whose body says 403 as well is an HTTP-level refusal: the
    // user lacks a right, which §6 answers with the insufficient-permission
    // message, not with the end of the session.
    if (!body || (error.status === CODE.forbidden && error.code === CODE.forbidden)) {
      if (error.status === CODE.forbidden) return 'httpForbidden';
      if (error.status === CODE.unauthorized) return 'httpUnauthorized';
      return 'httpOther';
    }

    const entry = known(error.code);
    switch (entry?.policy) {
      case 'reset':
        return error.code === CODE.forbidden ? 'bodyForbidden' : 'bodyReset';
      case 'relogin':
        return 'bodyRelogin';
      case 'silent':
        return 'bodySilent';
      case 'notify':
        return 'bodyNotify';
      default:
        return 'bodyUnknown';
    }
  }

  const blank = (s: string | undefined): s is undefined => s === undefined || s.trim() === '';

  /** The first source of a notice that applies to this failure. */
  function resolveText(sources: readonly TextSource[], error: CallError, hasFallback: boolean): Message {
    for (const source of sources) {
      switch (source) {
        case 'code':
          if (known(error.code)) return { kind: 'code', code: error.code };
          break;
        case 'relogin':
          return {
            kind: 'code',
            code:
              known(error.code)?.policy === 'relogin' && error.source === 'upstream' ? error.code : CODE.unauthorized,
          };
        case 'server':
          if (error.source === 'upstream' && !blank(error.message)) return { kind: 'server', text: error.message };
          break;
        case 'fallback':
          if (hasFallback) return { kind: 'fallback' };
          break;
        case 'error':
          return { kind: 'key', key: 'errorsUi.error' };
        case 'tryLater':
          return { kind: 'key', key: 'common.tryLater' };
        default:
          return { kind: 'key', key: source };
      }
    }
    return { kind: 'key', key: 'common.tryLater' };
  }

  /** Spec §8: what to show, for how long, and whether to reset or go back. Pure. */
  function decide(error: CallError, { context = 'call', hasFallback = false }: DecideOptions = {}): Decision {
    const name = ruleOf(error, context);
    const rule: Rule = RULES[name];
    const decision: Decision = {
      rule: name,
      notices: rule.notices.map((n) => ({ message: resolveText(n.text, error, hasFallback), timeout: n.timeout })),
      reset: rule.reset,
      revoke: rule.revoke,
      back: rule.back,
    };
    if ((name === 'localFields' || name === 'upstreamFields') && error.fields) decision.fields = error.fields;
    return decision;
  }

  return { ruleOf, decide };
}
