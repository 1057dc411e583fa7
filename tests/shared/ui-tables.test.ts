/** The catalogue's two parts per language (scripts/ui-tables.ts): the sign-in page carries no screen's namespace, and the parts together are the whole. */
import { describe, expect, it } from 'vitest';
import { catalogues, CODE, ERRORS, FAMILIES } from '../../shared/domains.js';
import { LANGS } from '../../shared/i18n/define.js';
import { SCREEN_NAMESPACES, uiTables } from '../../scripts/ui-tables.js';

const plugin = uiTables();
const loadModule = (name: string): Record<string, unknown> => {
  const hook = plugin.resolveId as (id: string) => string | undefined;
  const load = plugin.load as (id: string) => string | undefined;
  const id = hook(`virtual:ui/${name}`);
  if (!id) throw new Error(`no module ${name}`);
  return JSON.parse(
    load(id)!
      .replace(/^export default /, '')
      .replace(/;$/, ''),
  ) as Record<string, unknown>;
};

describe('the UI catalogue modules', () => {
  it("leave the screens' namespaces out of the part before sign-in and give the whole catalogue together", () => {
    expect(SCREEN_NAMESPACES.has('device')).toBe(true);
    expect(SCREEN_NAMESPACES.has('account')).toBe(false);
    expect(SCREEN_NAMESPACES.has('dateField')).toBe(true);
    expect(SCREEN_NAMESPACES.has('settings')).toBe(true);
    for (const lang of LANGS) {
      const early = loadModule(`catalogue/${lang}`);
      const screens = loadModule(`catalogue/${lang}/screens`);
      expect(Object.keys(early).filter((k) => SCREEN_NAMESPACES.has(k))).toEqual([]);
      expect(Object.keys(early)).toEqual(expect.arrayContaining(['account', 'common', 'validation']));
      expect(Object.keys(screens).every((k) => SCREEN_NAMESPACES.has(k))).toBe(true);
      expect({ ...early, ...screens }).toEqual(catalogues[lang]);
    }
  });

  it("give the sign-in page the account's and the common codes' texts and every family's, the screens the rest", () => {
    for (const lang of LANGS) {
      const early = loadModule(`errors/${lang}`) as { codes: Record<string, string>; families: unknown[] };
      const screens = loadModule(`errors/${lang}/screens`) as { codes: Record<string, string>; families: unknown[] };
      expect(early.codes[CODE.accountDisabled]).toBe(ERRORS[CODE.accountDisabled]!.texts[lang]);
      expect(early.codes[CODE.databaseUnavailable]).toBeDefined();
      expect(early.codes[CODE.groupNotFound]).toBeUndefined();
      expect(screens.codes[CODE.groupNotFound]).toBe(ERRORS[CODE.groupNotFound]!.texts[lang]);
      expect(screens.codes[CODE.accountDisabled]).toBeUndefined();
      expect(early.families).toHaveLength(FAMILIES.length);
      expect(Object.keys({ ...early.codes, ...screens.codes }).sort()).toEqual(Object.keys(ERRORS).sort());
    }
  });
});
