/**
 * What the user sees of a failed call (spec §8), as pure data. The full
 * policy table (e.g. 403 going back one page) extends `present()` only.
 */
import { knownEntry, NOTIFY_LONG_MS, NOTIFY_MS, UNKNOWN, type CallError, type Lang, type Policy } from '../../shared/errors.js';

export interface Presentation {
  /** The notification text; `undefined` when nothing is shown (silent codes, field errors). */
  text?: string;
  /** How long the notification stays. */
  timeout: number;
  /** Sign out and go to /login after RESET_DELAY_MS. */
  reset: boolean;
  /** Field issues to show on the form (path → i18n key), for a local refusal. */
  fields?: Record<string, string>;
}

const RESETTING: readonly Policy[] = ['reset', 'relogin'];
const isPermission = (e: CallError) => e.code === 403 || e.status === 403;
const serverMessage = (e: CallError) => (e.message && e.message.trim() ? e.message : undefined);

export interface PresentOptions {
  lang: Lang;
  /** The UI catalogue's "try again later"; the error catalogue's unknown entry otherwise. */
  tryLater?: string;
  /** The screen's own failure text ('binding failed'): used when the code has no text of its own. */
  fallback?: string;
}

export function present(error: CallError, { lang, tryLater = UNKNOWN.texts[lang], fallback }: PresentOptions): Presentation {
  if (error.source === 'network') return { text: tryLater, timeout: NOTIFY_LONG_MS, reset: false };

  const entry = knownEntry(error.code);
  const text = entry?.texts[lang] ?? fallback ?? serverMessage(error) ?? tryLater;
  const timeout = !entry || isPermission(error) ? NOTIFY_LONG_MS : NOTIFY_MS;
  if (error.source === 'local') {
    if (error.fields && Object.keys(error.fields).length > 0) return { fields: error.fields, timeout, reset: false };
    // The console's own refusals never reset the session by code.
    return { text, timeout, reset: false };
  }

  const policy = entry?.policy ?? 'notify';
  if (policy === 'silent') return { timeout, reset: false };
  return { text, timeout, reset: RESETTING.includes(policy) };
}

/** Anything thrown: a `CallError`-shaped object, or an unexpected exception (shown as unknown). */
export function asCallError(error: unknown): CallError {
  if (error && typeof error === 'object' && 'source' in error && 'code' in error) {
    const e = error as CallError & { serverMessage?: string };
    const out: CallError = { source: e.source, code: e.code, status: e.status ?? 0 };
    const message = e.serverMessage ?? (typeof e.message === 'string' && e.constructor === Object ? e.message : undefined);
    if (message) out.message = message;
    if (e.fields) out.fields = e.fields;
    return out;
  }
  // A bug of ours: shown as the unknown error, never with its internals.
  return { source: 'local', code: 0, status: 0 };
}
