/**
 * The theme's text contrast (WCAG AA, 4.5:1) for every preset of the spec, light
 * and dark: white on the brand (primary buttons, the active tab), the brand as
 * text on the page's surfaces (links, the selected menu item). axe-core's
 * color-contrast found the spec's default #409EFF at 2.8:1 on every screen.
 */
import { describe, expect, it } from 'vitest';
import { createDarkTheme } from '@fluentui/react-components';
import { accessibleBrand, AA_TEXT, brandRamp, contrast, textShadeOn } from '../../renderer/shell/ramp.js';
import { THEME_PRESETS } from '../../renderer/shell/settings.js';
import { buildTheme, PRESETS_DRAWN } from '../../renderer/shell/theme.js';
import { MENU_COLORS } from '../../renderer/shell/menuColors.js';

describe('theme contrast', () => {
  it.each(
    THEME_PRESETS.flatMap(
      (c) =>
        [
          [c, 'light'],
          [c, 'dark'],
        ] as const,
    ),
  )('%s (%s) carries text at 4.5:1', (color, mode) => {
    const th = buildTheme(color, mode === 'dark', 'medium');
    const pairs: Array<[string, string, string]> = [
      ['on brand', th.colorNeutralForegroundOnBrand, th.colorBrandBackground],
      ['on brand, hovered', th.colorNeutralForegroundOnBrand, th.colorBrandBackgroundHover],
      ['brand text on background 1', th.colorBrandForeground1, th.colorNeutralBackground1],
      ['brand text on background 2', th.colorBrandForeground1, th.colorNeutralBackground2],
      ['brand text on background 3', th.colorBrandForeground1, th.colorNeutralBackground3],
      ['brand text on its tint', th.colorBrandForeground1, th.colorBrandBackground2],
      ['link', th.colorBrandForegroundLink, th.colorNeutralBackground1],
    ];
    for (const [what, fg, bg] of pairs)
      expect(contrast(fg, bg), `${what}: ${fg} on ${bg}`).toBeGreaterThanOrEqual(AA_TEXT);
  });

  it.each(
    THEME_PRESETS.flatMap(
      (c) =>
        [
          [c, 'light'],
          [c, 'dark'],
        ] as const,
    ),
  )('%s (%s): the side menu reads at 4.5:1 in every state, hovered included', (color, mode) => {
    const th = buildTheme(color, mode === 'dark', 'medium');
    for (const [state, [text, background]] of Object.entries(MENU_COLORS)) {
      expect(contrast(th[text], th[background]), `${state}: ${text} on ${background}`).toBeGreaterThanOrEqual(AA_TEXT);
    }
  });

  it('draws each preset as ramp.ts works it out (the table is that search, done ahead)', () => {
    expect(Object.keys(PRESETS_DRAWN)).toEqual(THEME_PRESETS.map((p) => p.toUpperCase()));
    for (const preset of THEME_PRESETS) {
      const base = accessibleBrand(preset);
      const ramp = brandRamp(base);
      const dark = createDarkTheme(ramp);
      const surfaces = [
        dark.colorNeutralBackground1,
        dark.colorNeutralBackground2,
        dark.colorNeutralBackground3,
        dark.colorBrandBackground2,
      ];
      expect(PRESETS_DRAWN[preset.toUpperCase()], preset).toEqual([base, textShadeOn(ramp, surfaces, 100)]);
    }
  });

  it('keeps a preset that already passes, and darkens one that does not only as far as needed', () => {
    expect(accessibleBrand('#304156')).toBe('#304156');
    expect(accessibleBrand('#212121')).toBe('#212121');
    const blue = accessibleBrand('#409EFF');
    expect(contrast('#409EFF', '#FFFFFF')).toBeLessThan(AA_TEXT);
    expect(contrast(blue, '#F5F5F5')).toBeGreaterThanOrEqual(AA_TEXT);
    expect(contrast(blue, '#F5F5F5')).toBeLessThan(5.2);
  });
});

describe('theme font', () => {
  it.each([
    ['zh-CN', 'Noto Sans CJK SC'],
    ['en', 'Noto Sans CJK SC'],
    ['zh-TW', 'Noto Sans CJK TC'],
  ] as const)('%s names its Chinese fonts after the Latin ones and before the generic family', (lang, han) => {
    const families = buildTheme('#1890ff', false, 'medium', lang)
      .fontFamilyBase.split(',')
      .map((f) => f.trim());
    expect(families.indexOf("'Segoe UI'")).toBe(0);
    expect(families.indexOf(`'${han}'`)).toBeGreaterThan(families.indexOf('Arial'));
    expect(families.at(-1)).toBe('sans-serif');
  });
});
