/**
 * The console's text font: Fluent's own Latin fonts, then the Chinese fonts each system ships, for the language —
 * simplified forms for zh-CN and for English (whose data is Chinese: names, places, products), traditional for
 * zh-TW. Fluent names Latin fonts alone, so every Chinese character was left to the browser's fallback, looked up
 * per character: a new table's Chinese headers took 4–12 ms to measure where named fonts take 0.3–0.6 ms (Linux
 * Chromium, the header widths of renderer/kit/columnMeasure.ts), and the shapes were whatever fallback found.
 */
import type { Lang } from '../../shared/i18n/define.js';

/**
 * Fluent's `fontFamilyBase` before its generic family, then Arial: on Linux the generic family is Liberation Sans
 * (Arial's metrics), which Arial names too, so Latin text keeps its width and line height there instead of taking
 * the Chinese font's (4 % wider, a quarter taller).
 */
const LATIN = `'Segoe UI', 'Segoe UI Web (West European)', -apple-system, BlinkMacSystemFont, Roboto, 'Helvetica Neue', Arial`;

/** macOS, Windows, then Linux (Noto, the same fonts as Adobe's Source Han). */
const HAN_SIMPLIFIED = `'PingFang SC', 'Microsoft YaHei', 'Noto Sans CJK SC', 'Source Han Sans SC'`;
const HAN: Record<Lang, string> = {
  'zh-CN': HAN_SIMPLIFIED,
  'zh-TW': `'PingFang TC', 'Microsoft JhengHei', 'Noto Sans CJK TC', 'Source Han Sans TC'`,
  en: HAN_SIMPLIFIED,
};

/** The text font for `lang`, as a CSS font-family. */
export const fontFamilyFor = (lang: Lang): string => `${LATIN}, ${HAN[lang]}, sans-serif`;
