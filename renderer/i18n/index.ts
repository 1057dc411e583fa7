/**
 * i18next set-up for the renderer. The catalogues are assembled in
 * shared/domains.ts and built into two modules per language
 * (scripts/ui-tables.ts): what the pages before the shell say, and the
 * screens' namespaces, which the shell loads as it loads itself
 * (`loadScreenTexts`). The page loads its own language's, and another's when
 * the user switches to it.
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
  detectLanguage(
    readCookie(document.cookie, LANGUAGE_COOKIE),
    storedLanguage(),
    navigator.languages ?? [navigator.language],
  );

type Part = () => Promise<{ default: Partial<Catalogue> }>;
const CATALOGUES: Readonly<Record<Lang, Part>> = {
  'zh-CN': () => import('virtual:ui/catalogue/zh-CN'),
  'zh-TW': () => import('virtual:ui/catalogue/zh-TW'),
  en: () => import('virtual:ui/catalogue/en'),
};
const SCREENS: Readonly<Record<Lang, Part>> = {
  'zh-CN': () => import('virtual:ui/catalogue/zh-CN/screens'),
  'zh-TW': () => import('virtual:ui/catalogue/zh-TW/screens'),
  en: () => import('virtual:ui/catalogue/en/screens'),
};

export const i18n = i18next.createInstance();

/**
 * Language data other modules keep beside the catalogue (the error texts,
 * renderer/app/errors.ts): loaded with it, with its screens' part once the
 * screens' texts are wanted.
 */
const companions: ((lang: Lang, screens: boolean) => Promise<void>)[] = [];
export function loadWithLanguage(load: (lang: Lang, screens: boolean) => Promise<void>): void {
  companions.push(load);
}

/** Set once the shell asks for the screens' texts: from then on every language is loaded whole. */
let screensWanted = false;
const screensLoaded = new Set<Lang>();

/** Adds `lang`'s catalogue to i18next unless it is there (with the screens' part once the shell wants it). */
async function load(lang: Lang): Promise<void> {
  if (!i18n.hasResourceBundle(lang, 'translation'))
    i18n.addResourceBundle(lang, 'translation', (await CATALOGUES[lang]()).default);
  await Promise.all(companions.map((c) => c(lang, screensWanted)));
  if (screensWanted && !screensLoaded.has(lang)) {
    i18n.addResourceBundle(lang, 'translation', (await SCREENS[lang]()).default, true, true);
    screensLoaded.add(lang);
  }
}

/** The screens' namespaces in the current language: the shell's lazy load waits for them. */
export async function loadScreenTexts(): Promise<void> {
  screensWanted = true;
  await load(currentLang());
}

export async function initI18n(lang: Lang = initialLanguage()): Promise<void> {
  await Promise.all(companions.map((c) => c(lang, screensWanted)));
  await i18n.use(initReactI18next).init({
    resources: { [lang]: { translation: (await CATALOGUES[lang]()).default as Catalogue } },
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
