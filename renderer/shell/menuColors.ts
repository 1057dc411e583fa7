/**
 * The side menu's text on its background in each state, as theme token
 * names: SideMenu.tsx draws with them, and tests/renderer/theme.test.ts
 * checks that every pair reads at 4.5:1 in every preset, light and dark.
 * Brand text is Fluent's brand foreground 2 (a shade darker than foreground 1
 * in the light theme): foreground 1 on the hovered active item read 3.86:1.
 */
import type { Theme } from '@fluentui/react-components';

type Pair = readonly [text: keyof Theme, background: keyof Theme];

export const MENU_COLORS = {
  rest: ['colorNeutralForeground2', 'colorNeutralBackground3'],
  nested: ['colorNeutralForeground2', 'colorNeutralBackground4'],
  hover: ['colorNeutralForeground1', 'colorNeutralBackground3Hover'],
  active: ['colorBrandForeground2', 'colorBrandBackground2'],
  activeHover: ['colorBrandForeground2', 'colorBrandBackground2Hover'],
  groupActive: ['colorBrandForeground2', 'colorNeutralBackground3'],
  groupActiveNested: ['colorBrandForeground2', 'colorNeutralBackground4'],
  groupActiveHover: ['colorBrandForeground2', 'colorNeutralBackground3Hover'],
} as const satisfies Record<string, Pair>;
