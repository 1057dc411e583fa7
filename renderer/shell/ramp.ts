/**
 * A Fluent brand ramp (the 16 shades 10…160 that `createLightTheme` and
 * `createDarkTheme` take) from one colour. Fluent UI 9 ships no runtime ramp
 * generator (its theme designer is a web tool, not a package), and the spec's
 * presets are single colours, so the ramp is generated here: the preset is
 * shade 80 (the light theme's primary), darker shades mix it towards black
 * and lighter ones towards white in OKLab, which keeps the hue steady where
 * mixing in sRGB would drift it. Pure; unit-tested.
 */
export type BrandShade = 10 | 20 | 30 | 40 | 50 | 60 | 70 | 80 | 90 | 100 | 110 | 120 | 130 | 140 | 150 | 160;
export type BrandRamp = Record<BrandShade, string>;

export const BRAND_SHADES: readonly BrandShade[] = [
  10, 20, 30, 40, 50, 60, 70, 80, 90, 100, 110, 120, 130, 140, 150, 160,
];
const BASE_SHADE = 80;
/** How far the end shades go: 10 is 86 % of the way to black, 160 is 92 % of the way to white. */
const DARKEST = 0.86;
const LIGHTEST = 0.92;

type Rgb = [number, number, number];
type Lab = [number, number, number];

export function parseHex(hex: string): Rgb {
  const m = /^#?([0-9a-f]{6})$/i.exec(hex.trim());
  if (!m) throw new Error(`not a #rrggbb colour: ${hex}`);
  const n = parseInt(m[1]!, 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

export const toHex = ([r, g, b]: Rgb): string =>
  `#${[r, g, b]
    .map((c) =>
      Math.round(Math.min(255, Math.max(0, c)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')
    .toUpperCase()}`;

const toLinear = (c: number) => {
  const s = c / 255;
  return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
};
const fromLinear = (l: number) => 255 * (l <= 0.0031308 ? 12.92 * l : 1.055 * Math.max(0, l) ** (1 / 2.4) - 0.055);

function rgbToOklab([r, g, b]: Rgb): Lab {
  const [lr, lg, lb] = [toLinear(r), toLinear(g), toLinear(b)];
  const l = Math.cbrt(0.4122214708 * lr + 0.5363325363 * lg + 0.0514459929 * lb);
  const m = Math.cbrt(0.2119034982 * lr + 0.6806995451 * lg + 0.1073969566 * lb);
  const s = Math.cbrt(0.0883024619 * lr + 0.2817188376 * lg + 0.6299787005 * lb);
  return [
    0.2104542553 * l + 0.793617785 * m - 0.0040720468 * s,
    1.9779984951 * l - 2.428592205 * m + 0.4505937099 * s,
    0.0259040371 * l + 0.7827717662 * m - 0.808675766 * s,
  ];
}

function oklabToRgb([L, a, b]: Lab): Rgb {
  const l = (L + 0.3963377774 * a + 0.2158037573 * b) ** 3;
  const m = (L - 0.1055613458 * a - 0.0638541728 * b) ** 3;
  const s = (L - 0.0894841775 * a - 1.291485548 * b) ** 3;
  return [
    fromLinear(4.0767416621 * l - 3.3077115913 * m + 0.2309699292 * s),
    fromLinear(-1.2684380046 * l + 2.6097574011 * m - 0.3413193965 * s),
    fromLinear(-0.0041960863 * l - 0.7034186147 * m + 1.707614701 * s),
  ];
}

const mix = (from: Lab, to: Lab, t: number): Lab => [
  from[0] + (to[0] - from[0]) * t,
  from[1] + (to[1] - from[1]) * t,
  from[2] + (to[2] - from[2]) * t,
];
const BLACK: Lab = [0, 0, 0];
const WHITE: Lab = [1, 0, 0];

/** The 16-shade ramp with `hex` as shade 80. */
export function brandRamp(hex: string): BrandRamp {
  const base = rgbToOklab(parseHex(hex));
  const ramp = {} as BrandRamp;
  for (const shade of BRAND_SHADES) {
    if (shade === BASE_SHADE) ramp[shade] = toHex(parseHex(hex));
    else if (shade < BASE_SHADE)
      ramp[shade] = toHex(oklabToRgb(mix(base, BLACK, ((BASE_SHADE - shade) / 70) * DARKEST)));
    else ramp[shade] = toHex(oklabToRgb(mix(base, WHITE, ((shade - BASE_SHADE) / 80) * LIGHTEST)));
  }
  return ramp;
}

/** Relative luminance (WCAG), for tests and contrast checks. */
export function luminance(hex: string): number {
  const [r, g, b] = parseHex(hex).map(toLinear) as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio of two colours (1 to 21). */
export function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** WCAG AA for normal text. */
export const AA_TEXT = 4.5;
/**
 * The lightest surface the brand colour carries text on, or is text on: the
 * light theme's grey backgrounds (Fluent's colorNeutralBackground3); white
 * text on the brand then passes as well. The brand's own pale tint (shade
 * 160, the selected menu item's background) is checked apart: for some
 * presets it is darker.
 */
export const LIGHTEST_TEXT_SURFACE = '#F5F5F5';

/**
 * The preset as the theme uses it: unchanged when white text on it and it as
 * text on the console's light surfaces meet WCAG AA (4.5:1), else darkened in
 * OKLab lightness only (hue and chroma kept) just far enough that they do.
 * The spec's default #409EFF gives 2.8:1 with white: buttons, the active tab
 * and the selected menu item read poorly on it (axe-core's color-contrast).
 */
export function accessibleBrand(hex: string): string {
  const lab = rgbToOklab(parseHex(hex));
  let out = toHex(parseHex(hex));
  const passes = (c: string) =>
    contrast(c, LIGHTEST_TEXT_SURFACE) >= AA_TEXT && contrast(c, brandRamp(c)[160]) >= AA_TEXT;
  for (let L = lab[0]; !passes(out) && L > 0; L -= 0.005) {
    out = toHex(oklabToRgb([L, lab[1], lab[2]]));
  }
  return out;
}

/**
 * The lightest shade from `from` up that reads at 4.5:1 as text on every one
 * of `surfaces` (the dark theme's backgrounds), or 160 when none does.
 */
export function textShadeOn(ramp: BrandRamp, surfaces: readonly string[], from: BrandShade): BrandShade {
  return BRAND_SHADES.find((s) => s >= from && surfaces.every((bg) => contrast(ramp[s], bg) >= AA_TEXT)) ?? 160;
}
