/** Language choice (spec §2 "Language"): pure functions, unit-tested. */
import { LANGS, type Lang } from '../../shared/i18n/define.js';
import { DEFAULT_LANG } from '../../shared/i18n/define.js';

export const LANGUAGE_COOKIE = 'language';
export const LANGUAGE_STORAGE_KEY = 'language';

export const isLang = (v: unknown): v is Lang => typeof v === 'string' && (LANGS as readonly string[]).includes(v);

/**
 * Maps a BCP 47 tag to one of ours by the script the tag means, not by its
 * region: `Intl.Locale#maximize` fills in the likely script (zh-HK and zh-MO
 * are Hant, zh-SG is Hans), and an explicit script wins (zh-Hans-HK is
 * Simplified Chinese in Hong Kong, zh-Hant-CN Traditional). Hant → zh-TW,
 * other zh → zh-CN, en* → en.
 */
export function mapBrowserLanguage(tag: string): Lang | undefined {
  let locale: Intl.Locale;
  try {
    locale = new Intl.Locale(tag.trim().replace(/_/g, '-')).maximize();
  } catch {
    return undefined;
  }
  if (locale.language === 'zh') return locale.script === 'Hant' ? 'zh-TW' : 'zh-CN';
  if (locale.language === 'en') return 'en';
  return undefined;
}

/** The value of a cookie in a `document.cookie` string. */
export function readCookie(cookies: string, name: string): string | undefined {
  for (const part of cookies.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === name) {
      try {
        return decodeURIComponent(part.slice(eq + 1).trim());
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

/**
 * Cookie `language`, else the stored choice (cookies may not persist under a
 * custom protocol), else the first browser language we support, else zh-CN.
 */
export function detectLanguage(
  cookie: string | undefined,
  stored: string | null | undefined,
  browser: readonly string[],
): Lang {
  if (isLang(cookie)) return cookie;
  if (isLang(stored)) return stored;
  for (const tag of browser) {
    const lang = mapBrowserLanguage(tag);
    if (lang) return lang;
  }
  return DEFAULT_LANG;
}
