import { describe, expect, it } from 'vitest';
import { ERRORS, FAMILIES, errorEntry, knownEntry } from '../../shared/domains.js';
import { LANGS } from '../../shared/i18n/define.js';
import { UNKNOWN } from '../../shared/errors/define.js';

describe('error catalogue (spec §8)', () => {
  it('has a non-empty text in every language for every code and family', () => {
    for (const entry of [...Object.values(ERRORS), ...FAMILIES.map((f) => f.entry), UNKNOWN]) {
      for (const lang of LANGS) expect(entry.texts[lang].trim()).not.toBe('');
    }
  });

  it('keeps families apart and in order', () => {
    for (let i = 1; i < FAMILIES.length; i++) {
      expect(FAMILIES[i]!.from).toBeGreaterThan(FAMILIES[i - 1]!.to);
    }
  });

  it('applies the policies the spec names', () => {
    for (const code of [400, 403, 404, 502, 503]) expect(errorEntry(code).policy).toBe('reset');
    expect(errorEntry(401).policy).toBe('relogin');
    expect(errorEntry(1301).policy).toBe('notify');
    expect(errorEntry(1102).policy).toBe('silent');
    for (const code of [1501, 1502, 1503]) expect(errorEntry(code).policy).toBe('relogin');
  });

  it('falls back from code to family to unknown', () => {
    expect(errorEntry(1411).texts.en).toBe('Cannot delete a point that has devices');
    expect(errorEntry(1459).texts.en).toBe('Device, tenant, point or replenishment error');
    expect(knownEntry(1459)).toBe(FAMILIES.find((f) => f.from === 1401)?.entry);
    expect(knownEntry(9999)).toBeUndefined();
    expect(errorEntry(9999)).toBe(UNKNOWN);
  });

  it('names the codes the spec names', () => {
    expect(errorEntry(902).texts['zh-CN']).toBe('设备离线');
    expect(errorEntry(1514).texts.en).toBe('The old password is wrong');
    expect(errorEntry(3437).texts['zh-TW']).toBe('結束時間不能早於目前時間');
  });
});
