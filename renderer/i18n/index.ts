/**
 * i18next set-up for the renderer. The catalogues are assembled in
 * shared/domains.ts and built into one module per language
 * (scripts/ui-tables.ts): the page loads its own language's, and another's
 * when the user switches to it.
 */
import i18next, { type TFunction } from 'i18next';
import type { RouteTitle } from '../../shared/routes/types.js';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANG, LANGS, type Lang } from '../../shared/i18n/define.js';
import type { Catalogue } from '../../shared/domains.js';
import { detectLanguage, LANGUAGE_COOKIE, LANGUAGE_STORAGE_KEY, readCookie } from './detect.js';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: Catalogue };
  }
}

function storedLanguage(): string | null {
  try {
    return localStorage.getItem(LANGUAGE_STORAGE_KEY);
  } catch {
    return null;
  }
}

export const initialLanguage = (): Lang =>
  detectLanguage(readCookie(document.cookie, LANGUAGE_COOKIE), storedLanguage(), navigator.languages ?? [navigator.language]);

const CATALOGUES: Readonly<Record<Lang, () => Promise<{ default: Catalogue }>>> = {
  'zh-CN': () => import('virtual:ui/catalogue/zh-CN'),
  'zh-TW': () => import('virtual:ui/catalogue/zh-TW'),
  en: () => import('virtual:ui/catalogue/en'),
};

export const i18n = i18next.createInstance();

/** Adds `lang`'s catalogue to i18next unless it is there. */
async function load(lang: Lang): Promise<void> {
  if (!i18n.hasResourceBundle(lang, 'translation')) i18n.addResourceBundle(lang, 'translation', (await CATALOGUES[lang]()).default);
}

export async function initI18n(lang: Lang = initialLanguage()): Promise<void> {
  await i18n.use(initReactI18next).init({
    resources: { [lang]: { translation: (await CATALOGUES[lang]()).default } },
    lng: lang,
    // Every language has every key (tests/shared/i18n.test.ts): nothing to fall back on, nothing else to load.
    fallbackLng: false,
    supportedLngs: LANGS,
    interpolation: { escapeValue: false }, // React escapes
    returnNull: false,
  });
  document.documentElement.lang = lang;
}

/** The current language as one of ours. */
export const currentLang = (): Lang => (i18n.resolvedLanguage ?? i18n.language ?? DEFAULT_LANG) as Lang;

/** Switches the language: cookie, local storage, `<html lang>`, re-render. */
export async function setLanguage(lang: Lang): Promise<void> {
  document.cookie = `${LANGUAGE_COOKIE}=${encodeURIComponent(lang)}; path=/; max-age=31536000; samesite=strict`;
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, lang);
  } catch {
    // storage may be disabled; the cookie still holds the choice
  }
  await load(lang);
  document.documentElement.lang = lang;
  await i18n.changeLanguage(lang);
}

/**
 * A route title in the current language. Titles are UI-text keys of every
 * domain (`<domain>.route.*`, common `route.*`), which their type cannot
 * enumerate without depending on the domains that use it;
 * tests/shared/routes.test.ts checks that each has a text in all three
 * languages.
 */
export const titleText = (t: TFunction, title: RouteTitle): string => (t as unknown as (key: string) => string)(title);
