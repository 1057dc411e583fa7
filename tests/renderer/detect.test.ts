import { describe, expect, it } from 'vitest';
import { detectLanguage, mapBrowserLanguage, readCookie } from '../../renderer/i18n/detect.js';

describe('language detection (spec §2)', () => {
  it('maps browser languages to ours', () => {
    expect(mapBrowserLanguage('zh-HK')).toBe('zh-TW');
    expect(mapBrowserLanguage('zh-MO')).toBe('zh-TW');
    expect(mapBrowserLanguage('zh-TW')).toBe('zh-TW');
    expect(mapBrowserLanguage('zh-Hant')).toBe('zh-TW');
    expect(mapBrowserLanguage('zh-Hant-CN')).toBe('zh-TW');
    expect(mapBrowserLanguage('zh_hk')).toBe('zh-TW');
    expect(mapBrowserLanguage('zh')).toBe('zh-CN');
    expect(mapBrowserLanguage('zh-CN')).toBe('zh-CN');
    expect(mapBrowserLanguage('zh-SG')).toBe('zh-CN');
    // The script decides, not the region: Simplified Chinese in Hong Kong or Macau is zh-CN.
    expect(mapBrowserLanguage('zh-Hans-HK')).toBe('zh-CN');
    expect(mapBrowserLanguage('zh-Hans-MO')).toBe('zh-CN');
    expect(mapBrowserLanguage('zh-Hant-SG')).toBe('zh-TW');
    expect(mapBrowserLanguage('ZH-hant')).toBe('zh-TW');
    expect(mapBrowserLanguage('')).toBeUndefined();
    expect(mapBrowserLanguage('not a tag!')).toBeUndefined();
    expect(mapBrowserLanguage('en')).toBe('en');
    expect(mapBrowserLanguage('en-GB')).toBe('en');
    expect(mapBrowserLanguage('fr-FR')).toBeUndefined();
    // ISO 639-2's three letters are the same language (CLDR's aliases).
    expect(mapBrowserLanguage('eng')).toBe('en');
    expect(mapBrowserLanguage('zho-HK')).toBe('zh-TW');
  });

  it('prefers the cookie, then the stored choice, then the browser, then zh-CN', () => {
    expect(detectLanguage('en', 'zh-TW', ['zh-CN'])).toBe('en');
    expect(detectLanguage('xx', 'zh-TW', ['en'])).toBe('zh-TW');
    expect(detectLanguage(undefined, null, ['fr', 'en-US'])).toBe('en');
    expect(detectLanguage(undefined, null, ['fr'])).toBe('zh-CN');
    expect(detectLanguage(undefined, undefined, [])).toBe('zh-CN');
  });

  it('reads a cookie by name', () => {
    expect(readCookie('a=1; language=zh-TW; b=2', 'language')).toBe('zh-TW');
    expect(readCookie('xlanguage=en', 'language')).toBeUndefined();
    expect(readCookie('', 'language')).toBeUndefined();
    expect(readCookie('language=%E0%A4%A', 'language')).toBeUndefined();
  });
});
