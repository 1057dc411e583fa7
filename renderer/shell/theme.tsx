/**
 * The Fluent theme of the preferences: the brand ramp of the chosen preset
 * (spec §2 theme presets), light or dark (the OS's unless chosen), the
 * typography scale of the chosen font size, the text font of the language (fonts.ts).
 */
import {
  createDarkTheme,
  createLightTheme,
  FluentProvider,
  makeStyles,
  tokens,
  type Theme,
} from '@fluentui/react-components';
import { useEffect, useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LANG, type Lang } from '../../shared/i18n/define.js';
import { fontFamilyFor } from './fonts.js';
import { BRAND_SHADES, brandRamp, type BrandRamp, type BrandShade } from './ramp.js';
import { useIsDark } from './dark.js';
import { usePrefs } from './prefs.js';
import { DEFAULT_THEME, FONT_SCALE, scaleTypography, type FontSize } from './settings.js';
import { PRESETS_DRAWN } from './presets.js';

export { PRESETS_DRAWN } from './presets.js';

export function buildTheme(color: string, dark: boolean, size: FontSize, lang: Lang = DEFAULT_LANG): Theme {
  let drawn = PRESETS_DRAWN[color.toUpperCase()];
  let ramp;
  try {
    ramp = brandRamp(drawn?.[0] ?? color);
  } catch {
    drawn = PRESETS_DRAWN[DEFAULT_THEME]!;
    ramp = brandRamp(drawn[0]);
  }
  const base = dark ? createDarkTheme(ramp) : createLightTheme(ramp);
  const themed: Theme = {
    ...base,
    ...(dark ? darkBrandText(ramp, drawn?.[1] ?? 110) : {}),
    fontFamilyBase: fontFamilyFor(lang),
  };
  return scaleTypography(themed as unknown as Record<string, unknown>, FONT_SCALE[size]) as unknown as Theme;
}

/**
 * Fluent's dark theme writes brand text in shades 100–110, made for its own
 * blue: a dark preset's (#212121) or a darkened one's are then unreadable on
 * the dark backgrounds. The brand's text tokens take `shade` (the first that
 * reads at 4.5:1 on all of them: PRESETS_DRAWN), and the next one up when hovered.
 */
function darkBrandText(ramp: BrandRamp, shade: BrandShade): Partial<Theme> {
  const up = BRAND_SHADES[Math.min(BRAND_SHADES.indexOf(shade) + 1, BRAND_SHADES.length - 1)]!;
  const text = ramp[shade];
  return {
    colorBrandForeground1: text,
    colorBrandForeground2: ramp[up],
    colorBrandForeground2Hover: ramp[up],
    colorBrandForeground2Pressed: text,
    colorBrandForegroundLink: text,
    colorBrandForegroundLinkHover: ramp[up],
    colorBrandForegroundLinkPressed: text,
    colorBrandForegroundLinkSelected: text,
    colorCompoundBrandForeground1: text,
    colorCompoundBrandForeground1Hover: ramp[up],
    colorCompoundBrandForeground1Pressed: text,
    colorNeutralForeground2BrandHover: text,
    colorNeutralForeground2BrandPressed: text,
    colorNeutralForeground2BrandSelected: text,
    colorNeutralForeground3BrandHover: text,
    colorNeutralForeground3BrandPressed: text,
    colorNeutralForeground3BrandSelected: text,
  };
}

export { useIsDark } from './dark.js';

const useStyles = makeStyles({
  root: { minHeight: '100vh', backgroundColor: tokens.colorNeutralBackground2, color: tokens.colorNeutralForeground1 },
});

export function ThemedProvider({ children }: { children: ReactNode }) {
  const { prefs } = usePrefs();
  const dark = useIsDark(prefs.appearance);
  const lang = (useTranslation().i18n.resolvedLanguage ?? DEFAULT_LANG) as Lang;
  const theme = useMemo(() => buildTheme(prefs.theme, dark, prefs.size, lang), [prefs.theme, dark, prefs.size, lang]);
  const styles = useStyles();
  useEffect(() => {
    document.documentElement.style.colorScheme = dark ? 'dark' : 'light';
    document.documentElement.dataset.size = prefs.size;
  }, [dark, prefs.size]);
  return (
    <FluentProvider theme={theme} data-theme={prefs.theme} data-appearance={dark ? 'dark' : 'light'}>
      {/* The page background lives inside: the provider's own classes are copied onto every portal. */}
      <div className={styles.root}>{children}</div>
    </FluentProvider>
  );
}
