/**
 * The Fluent theme of the preferences: the brand ramp of the chosen preset
 * (spec §2 theme presets), light or dark (the OS's unless chosen), the
 * typography scale of the chosen font size.
 */
import { createDarkTheme, createLightTheme, FluentProvider, makeStyles, tokens, type Theme } from '@fluentui/react-components';
import { useEffect, useMemo, type ReactNode } from 'react';
import { brandRamp } from './ramp.js';
import { useIsDark } from './dark.js';
import { usePrefs } from './prefs.js';
import { DEFAULT_THEME, FONT_SCALE, scaleTypography, type FontSize } from './settings.js';

export function buildTheme(color: string, dark: boolean, size: FontSize): Theme {
  let ramp;
  try {
    ramp = brandRamp(color);
  } catch {
    ramp = brandRamp(DEFAULT_THEME);
  }
  const base = dark ? createDarkTheme(ramp) : createLightTheme(ramp);
  // Fluent's dark theme reads brand 100+ for text on dark backgrounds; keep links legible.
  const themed: Theme = dark ? { ...base, colorBrandForeground1: ramp[110], colorBrandForeground2: ramp[120] } : base;
  return scaleTypography(themed as unknown as Record<string, unknown>, FONT_SCALE[size]) as unknown as Theme;
}

export { useIsDark } from './dark.js';

const useStyles = makeStyles({
  root: { minHeight: '100vh', backgroundColor: tokens.colorNeutralBackground2, color: tokens.colorNeutralForeground1 },
});

export function ThemedProvider({ children }: { children: ReactNode }) {
  const { prefs } = usePrefs();
  const dark = useIsDark(prefs.appearance);
  const theme = useMemo(() => buildTheme(prefs.theme, dark, prefs.size), [prefs.theme, dark, prefs.size]);
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
