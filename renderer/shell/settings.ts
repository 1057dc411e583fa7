/**
 * Shell constants (spec §2, §9) and the stored shell preferences as pure
 * functions: what is kept, its defaults, and how a stored value is read back.
 */
import { prefs as prefsSchema, type FONT_SIZES, type Prefs } from '../../shared/ipc.js';
import { DEFAULT_THEME } from './presets.js';

/** Spec §9 layout figures. */
export const SIDEBAR_WIDTH = 210;
export const SIDEBAR_COLLAPSED_WIDTH = 54;
export const DRAWER_MIN_WIDTH = 300;
export const MOBILE_BREAKPOINT = 992;
export const TAB_MENU_WIDTH = 105;
export const SETTINGS_BUTTON_TOP = 250;
/** The settings button's width: the main area keeps that much free at its right, so the button covers no content. */
export const SETTINGS_BUTTON_WIDTH = 36;
/** Views kept alive at once (keep-alive's `max`); older ones are unmounted. */
export const VIEW_CACHE_MAX = 10;

/** Spec §2 theme presets, the first the default: presets.ts, which the sign-in page reads too. */
export { DEFAULT_THEME, THEME_PRESETS } from './presets.js';

/** Spec: mobile when the body width minus 1 is below 992 px. */
export const isMobileWidth = (bodyWidth: number): boolean => bodyWidth - 1 < MOBILE_BREAKPOINT;

export type FontSize = (typeof FONT_SIZES)[number];
export type Appearance = 'system' | 'light' | 'dark';

/** Everything the shell keeps between runs. */
export interface ShellPrefs {
  sidebar: 0 | 1;
  size: FontSize;
  theme: string;
  appearance: Appearance;
  fixedHeader: boolean;
  tagsView: boolean;
  sidebarLogo: boolean;
  showSettings: boolean;
}

export const DEFAULT_PREFS: ShellPrefs = {
  sidebar: 1,
  size: 'medium',
  theme: DEFAULT_THEME,
  appearance: 'system',
  fixedHeader: false,
  tagsView: true,
  sidebarLogo: true,
  showSettings: false,
};

/** The keys of `ShellPrefs` (the language is kept by the i18n module). */
export const SHELL_PREF_KEYS = Object.keys(DEFAULT_PREFS) as (keyof ShellPrefs)[];

/**
 * Stored preferences (local storage JSON or the desktop `prefs.get` answer)
 * as valid shell preferences: each key checked on its own against the shared
 * schema, so one bad value does not lose the others.
 */
export function readShellPrefs(stored: unknown, base: ShellPrefs = DEFAULT_PREFS): ShellPrefs {
  const source = stored !== null && typeof stored === 'object' ? (stored as Record<string, unknown>) : {};
  const out: ShellPrefs = { ...base };
  for (const key of SHELL_PREF_KEYS) {
    const field = prefsSchema.shape[key];
    if (source[key] === undefined) continue;
    const parsed = field.safeParse(source[key]);
    if (parsed.success && parsed.data !== undefined) (out as unknown as Record<string, unknown>)[key] = parsed.data;
  }
  return out;
}

/** Parses the local-storage text; anything unreadable gives the defaults. */
export function parseStoredPrefs(text: string | null | undefined): ShellPrefs {
  if (!text) return { ...DEFAULT_PREFS };
  try {
    return readShellPrefs(JSON.parse(text));
  } catch {
    return { ...DEFAULT_PREFS };
  }
}

/** The desktop patch of a change (the shared `prefs.set` input). */
export const toPrefsPatch = (patch: Partial<ShellPrefs>): Partial<Prefs> => ({ ...patch });

/** Typography scale per font size: Fluent's ramp is the medium one (14 px body). */
export const FONT_SCALE: Readonly<Record<FontSize, number>> = {
  default: 15 / 14,
  medium: 1,
  small: 13 / 14,
  mini: 12 / 14,
};

/** Scales every `fontSize*` and `lineHeight*` px token of a theme; the rest is kept. */
export function scaleTypography<T extends Record<string, unknown>>(theme: T, factor: number): T {
  if (factor === 1) return theme;
  const out: Record<string, unknown> = { ...theme };
  for (const [key, value] of Object.entries(theme)) {
    if (!/^(fontSize|lineHeight)/.test(key) || typeof value !== 'string') continue;
    const m = /^(\d+(?:\.\d+)?)px$/.exec(value);
    if (m) out[key] = `${Math.round(Number(m[1]) * factor * 2) / 2}px`;
  }
  return out as T;
}
