/**
 * The theme presets, as chosen and as drawn, and where the shell keeps its
 * preferences: in a module of their own, as the sign-in page reads them
 * without Fluent or zod.
 */
import type { BrandShade } from './ramp.js';

/** Spec §2 theme presets; the first is the default. */
export const THEME_PRESETS = [
  '#409EFF',
  '#1890ff',
  '#304156',
  '#212121',
  '#11a983',
  '#13c2c2',
  '#6959CD',
  '#f5222d',
] as const;
export const DEFAULT_THEME = THEME_PRESETS[0];

/** The local-storage key of the shell's preferences (renderer/shell/prefs.tsx). */
export const PREFS_STORAGE_KEY = 'vend.shell';

/**
 * Each preset as the theme draws it: its shade 80, darkened where white text
 * on it or it as text fell below 4.5:1 (ramp.ts `accessibleBrand`), and the
 * dark theme's brand text shade (`textShadeOn` over the dark backgrounds).
 * Worked out ahead, so that the sign-in page does not carry the search;
 * tests/renderer/theme.test.ts works them out again. A colour that is no
 * preset (only a hand-edited preference holds one) is drawn as given.
 */
export const PRESETS_DRAWN: Readonly<Record<string, readonly [base: string, darkText: BrandShade]>> = {
  '#409EFF': ['#0070CD', 110],
  '#1890FF': ['#006DD9', 100],
  '#304156': ['#304156', 120],
  '#212121': ['#212121', 130],
  '#11A983': ['#007E5A', 110],
  '#13C2C2': ['#007B7D', 110],
  '#6959CD': ['#6959CD', 110],
  '#F5222D': ['#DF0016', 110],
};
