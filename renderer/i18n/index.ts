/** i18next set-up for the renderer; catalogues come from shared/i18n. */
import i18next, { type TFunction } from 'i18next';
import type { RouteTitle } from '../../shared/routes/types.js';
import { initReactI18next } from 'react-i18next';
import type { Lang } from '../../shared/i18n/define.js';
import { catalogues, type Catalogue } from '../../shared/domains.js';
import { DEFAULT_LANG } from '../../shared/i18n/define.js';
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

const resources = Object.fromEntries(Object.entries(catalogues).map(([lng, c]) => [lng, { translation: c }]));

export const i18n = i18next.createInstance();

export async function initI18n(lang: Lang = initialLanguage()): Promise<void> {
  await i18n.use(initReactI18next).init({
    resources,
    lng: lang,
    fallbackLng: DEFAULT_LANG,
    supportedLngs: Object.keys(catalogues),
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
