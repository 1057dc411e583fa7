/**
 * The renderer's UI catalogues and error table as build-time modules (a Vite
 * plugin, used by vite.config.ts and vitest.config.ts):
 *
 * - `virtual:ui/catalogue/<lang>`: one language's catalogue;
 * - `virtual:ui/languages`: each language's name in its own language (the
 *   switcher lists them before their catalogues are loaded);
 * - `virtual:ui/errors`: the error codes' entries and families.
 *
 * Why: the catalogues and the error table are assembled in
 * shared/domains.ts, beside every domain's API table. Importing them from
 * there put all the API schemas and all three languages into the sign-in
 * page's JavaScript; as data built here, the page loads its own language's
 * texts and no API table (bench/bundle.ts measures it).
 */
import type { Plugin } from 'vite';
import { catalogues, ERRORS, FAMILIES } from '../shared/domains.js';
import { LANGS, type Lang } from '../shared/i18n/define.js';

const PREFIX = 'virtual:ui/';

function source(name: string): string | undefined {
  if (name === 'languages') return JSON.stringify(Object.fromEntries(LANGS.map((l) => [l, catalogues[l].language[l]])));
  if (name === 'errors') return JSON.stringify({ errors: ERRORS, families: FAMILIES });
  const lang = name.startsWith('catalogue/') ? name.slice('catalogue/'.length) : '';
  return (LANGS as readonly string[]).includes(lang) ? JSON.stringify(catalogues[lang as Lang]) : undefined;
}

export function uiTables(): Plugin {
  return {
    name: 'vend-ui-tables',
    resolveId: (id) => (id.startsWith(PREFIX) && source(id.slice(PREFIX.length)) !== undefined ? `\0${id}` : undefined),
    load(id) {
      if (!id.startsWith(`\0${PREFIX}`)) return undefined;
      return `export default ${source(id.slice(PREFIX.length + 1))};`;
    },
  };
}
