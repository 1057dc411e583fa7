/**
 * The renderer's UI catalogues and error table as build-time modules (a Vite
 * plugin, used by vite.config.ts and vitest.config.ts):
 *
 * - `virtual:ui/catalogue/<lang>`: one language's catalogue for the pages
 *   before the shell (sign-in, the frame, the common groups, the account's
 *   texts); `virtual:ui/catalogue/<lang>/screens`: the other domains'
 *   namespaces, loaded with the shell (renderer/i18n/index.ts);
 * - `virtual:ui/languages`: each language's name in its own language (the
 *   switcher lists them before their catalogues are loaded);
 * - `virtual:ui/errors`: the error codes' and families' policies;
 *   `virtual:ui/errors/<lang>`: the texts, in one language, of the codes the
 *   pages before the shell can meet (the common ones and the account's) and
 *   of every family, loaded with that language's catalogue;
 *   `virtual:ui/errors/<lang>/screens`: the other domains' codes' texts,
 *   loaded with the screens' part (a code met before is told by its family).
 *
 * Why: the catalogues and the error table are assembled in
 * shared/domains.ts, beside every domain's API table. Importing them from
 * there put all the API schemas and all three languages into the sign-in
 * page's JavaScript; as data built here, the page loads its own language's
 * texts and no API table (bench/bundle.ts measures it).
 */
import type { Plugin } from 'vite';
import { catalogues, DOMAINS, ERRORS, FAMILIES } from '../shared/domains.js';
import { KIT_NAMESPACES } from '../shared/common/kitTexts.js';
import { SHELL_NAMESPACES } from '../shared/common/shellTexts.js';
import { SCREEN_COMMON_NAMESPACES } from '../shared/common/texts.js';
import { LANGS } from '../shared/i18n/define.js';

const PREFIX = 'virtual:ui/';

/**
 * The namespaces only the screens behind the shell use: every domain's but
 * the account's (the sign-in page's), the kit's (its tables and date
 * fields are on screens only) and the shell's (side menu, top bar, tabs,
 * settings: the shell loads with this part, renderer/app/router.tsx), and
 * the common groups only screens use (pager, region picker). The
 * sign-in page does not carry them (about 10 KB gzip of a language's 13:
 * bench/bundle.ts).
 */
export const SCREEN_NAMESPACES: ReadonlySet<string> = new Set([
  ...DOMAINS.map((d) => d.name).filter((name) => name !== 'account'),
  ...KIT_NAMESPACES,
  ...SHELL_NAMESPACES,
  ...SCREEN_COMMON_NAMESPACES,
]);

const part = (lang: (typeof LANGS)[number], screens: boolean) =>
  Object.fromEntries(
    Object.entries(catalogues[lang]).filter(([namespace]) => SCREEN_NAMESPACES.has(namespace) === screens),
  );

/** The codes the screens' domains own: their texts come with the screens (about 4 KB gzip of the sign-in page's). */
const SCREEN_CODES: ReadonlySet<number> = new Set(
  DOMAINS.filter((d) => SCREEN_NAMESPACES.has(d.name)).flatMap((d) =>
    'errors' in d && d.errors ? Object.values<number>(d.errors.code) : [],
  ),
);
const errorTexts = (lang: (typeof LANGS)[number], screens: boolean) =>
  Object.fromEntries(
    Object.entries(ERRORS)
      .filter(([code]) => SCREEN_CODES.has(Number(code)) === screens)
      .map(([code, e]) => [code, e.texts[lang]]),
  );

/** Each module's data by its name after the prefix, made when the module is loaded. */
const MODULES: ReadonlyMap<string, () => unknown> = new Map<string, () => unknown>([
  ['languages', () => Object.fromEntries(LANGS.map((l) => [l, catalogues[l].language[l]]))],
  // The policies of every code for every page; their texts one language at a time, loaded with that language's catalogue (renderer/app/errors.ts).
  [
    'errors',
    () => ({
      errors: Object.fromEntries(
        Object.entries(ERRORS).map(([code, e]) => [code, { policy: e.policy, status: e.status }]),
      ),
      families: FAMILIES.map((f) => ({
        from: f.from,
        to: f.to,
        entry: { policy: f.entry.policy, status: f.entry.status },
      })),
    }),
  ],
  ...LANGS.flatMap((lang): [string, () => unknown][] => [
    [
      `errors/${lang}`,
      () => ({ codes: errorTexts(lang, false), families: FAMILIES.map((f) => [f.from, f.to, f.entry.texts[lang]]) }),
    ],
    [`errors/${lang}/screens`, () => ({ codes: errorTexts(lang, true), families: [] })],
  ]),
  ...LANGS.flatMap((lang): [string, () => unknown][] => [
    [`catalogue/${lang}`, () => part(lang, false)],
    [`catalogue/${lang}/screens`, () => part(lang, true)],
  ]),
]);

export function uiTables(): Plugin {
  return {
    name: 'vend-ui-tables',
    resolveId: (id) => (id.startsWith(PREFIX) && MODULES.has(id.slice(PREFIX.length)) ? `\0${id}` : undefined),
    load(id) {
      const data = id.startsWith(`\0${PREFIX}`) ? MODULES.get(id.slice(PREFIX.length + 1)) : undefined;
      return data && `export default ${JSON.stringify(data())};`;
    },
  };
}
