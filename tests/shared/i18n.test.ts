/**
 * The UI catalogues (shared/i18n): the three languages have the same keys,
 * no empty text, the same interpolation variables; every key the renderer and
 * the shared schemas use exists.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LANGS } from '../../shared/i18n/define.js';
import { catalogues } from '../../shared/domains.js';
import { DEFAULT_LANG } from '../../shared/i18n/define.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** key path → text, for every leaf. */
function flatten(node: unknown, prefix = '', out = new Map<string, unknown>()): Map<string, unknown> {
  if (node !== null && typeof node === 'object') {
    for (const [k, v] of Object.entries(node)) flatten(v, prefix ? `${prefix}.${k}` : k, out);
  } else {
    out.set(prefix, node);
  }
  return out;
}

const variables = (text: string) => [...text.matchAll(/\{\{\s*([\w.]+)\s*\}\}/g)].map((m) => m[1]).sort();

function sources(dir: string, ext: RegExp): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && ext.test(e.name))
    .map((e) => path.join(e.parentPath, e.name));
}

const reference = flatten(catalogues[DEFAULT_LANG]);

describe('UI catalogues', () => {
  it('has zh-CN, zh-TW and en', () => {
    expect(Object.keys(catalogues).sort()).toEqual([...LANGS].sort());
  });

  for (const lang of LANGS) {
    describe(lang, () => {
      const flat = flatten(catalogues[lang]);

      it('has exactly the keys of zh-CN, besides singulars of counted texts', () => {
        const singulars = [...flat.keys()].filter((k) => k.endsWith('_one'));
        for (const key of singulars) expect(reference.get(key.slice(0, -'_one'.length)), key).toMatch(/\{\{count\}\}/);
        expect([...flat.keys()].filter((k) => !singulars.includes(k)).sort()).toEqual([...reference.keys()].sort());
      });

      it('has no empty text', () => {
        for (const [key, text] of flat) {
          expect(typeof text, key).toBe('string');
          expect((text as string).trim(), key).not.toBe('');
        }
      });

      it('uses the same interpolation variables as zh-CN (a singular, some of them)', () => {
        for (const [key, text] of flat) {
          if (key.endsWith('_one'))
            expect(variables(reference.get(key.slice(0, -4)) as string), key).toEqual(
              expect.arrayContaining(variables(text as string)),
            );
          else expect(variables(text as string), key).toEqual(variables(reference.get(key) as string));
        }
      });

      it('labels each language in its own language', () => {
        expect(catalogues[lang].language['zh-CN']).toBe('简体中文');
        expect(catalogues[lang].language['zh-TW']).toBe('繁體中文');
        expect(catalogues[lang].language.en).toBe('English');
      });
    });
  }

  it('gives English a singular wherever a count is followed by a plural noun', () => {
    const missing = [...flatten(catalogues.en)].filter(
      ([key, text]) => /\{\{count\}\} (\w+ )?\w+s\b/.test(text as string) && !flatten(catalogues.en).has(`${key}_one`),
    );
    expect(missing.map(([key]) => key)).toEqual([]);
  });

  it('has every key the renderer names literally', () => {
    const missing: string[] = [];
    for (const file of sources(path.join(root, 'renderer'), /\.tsx?$/)) {
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(/\bt\(\s*'([\w.-]+)'/g))
        if (!reference.has(m[1]!)) missing.push(`${path.relative(root, file)}: ${m[1]}`);
      for (const m of text.matchAll(/\bt\([^)]*?\?\s*'([\w.-]+)'\s*:\s*'([\w.-]+)'/g)) {
        for (const key of [m[1]!, m[2]!]) if (!reference.has(key)) missing.push(`${path.relative(root, file)}: ${key}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('has every validation key the shared schemas use', () => {
    const missing: string[] = [];
    for (const file of sources(path.join(root, 'shared'), /\.ts$/)) {
      for (const m of readFileSync(file, 'utf8').matchAll(/'(validation\.\w+)'/g))
        if (!reference.has(m[1]!)) missing.push(`${path.relative(root, file)}: ${m[1]}`);
    }
    expect(missing).toEqual([]);
  });

  it('writes the Chinese catalogues in Chinese: no English words outside interpolations and the language names', () => {
    for (const lang of ['zh-CN', 'zh-TW'] as const) {
      for (const [key, text] of flatten(catalogues[lang])) {
        if (key === 'language.en') continue;
        expect((text as string).replace(/\{\{\s*[\w.]+\s*\}\}/g, ''), `${lang} ${key}`).not.toMatch(/[A-Za-z]{2,}/);
      }
    }
  });

  it('keeps user-visible Chinese out of the renderer source', () => {
    const offenders = sources(path.join(root, 'renderer'), /\.(tsx?|html)$/)
      .filter((file) => /[\u3400-\u9fff]/.test(readFileSync(file, 'utf8')))
      .map((file) => path.relative(root, file));
    expect(offenders).toEqual([]);
  });
});

describe('titles', () => {
  it("name the payment boxes' orders the same in the tab and on the page, in every language", () => {
    for (const lang of LANGS)
      expect(catalogues[lang].route.paymentBoxOrders, lang).toBe(catalogues[lang].order.list.paymentBoxTitle);
  });
});

describe('counted texts', () => {
  it('read in the singular in English for one, in the plural otherwise, and the same in Chinese', async () => {
    const i18next = (await import('i18next')).default;
    const i18n = i18next.createInstance();
    await i18n.init({
      resources: Object.fromEntries(LANGS.map((l) => [l, { translation: catalogues[l] }])),
      lng: 'en',
      fallbackLng: false,
      interpolation: { escapeValue: false },
    });
    expect(i18n.t('device.list.changed', { count: 1 })).toBe('Updated 1 device');
    expect(i18n.t('device.list.changed', { count: 2 })).toBe('Updated 2 devices');
    expect(i18n.t('device.list.changed', { count: 0 })).toBe('Updated 0 devices');
    expect(i18n.t('device.list.changed', { count: 1, lng: 'zh-CN' })).toBe(
      catalogues['zh-CN'].device.list.changed.replace('{{count}}', '1'),
    );
  });

  it("in a device event's notification too (main has no i18next)", async () => {
    const { describeDeviceEvent } = await import('../../shared/device/events.js');
    const event = {
      kind: 'salesNotice',
      deviceId: 1,
      serial: 'VM1',
      name: '虹桥站饮料机 1 号',
      at: new Date().toISOString(),
      notify: true,
    } as const;
    expect(describeDeviceEvent({ ...event, count: 1 }, 'en')).toBe('虹桥站饮料机 1 号 made 1 sale today');
    expect(describeDeviceEvent({ ...event, count: 5 }, 'en')).toBe('虹桥站饮料机 1 号 made 5 sales today');
    expect(describeDeviceEvent({ ...event, count: 1 }, 'zh-CN')).toBe('虹桥站饮料机 1 号 今日已售 1 单');
  });
});
