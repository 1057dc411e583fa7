import { describe, expect, it } from 'vitest';
import { errorEntry, NOTIFY_LONG_MS, NOTIFY_MS, UNKNOWN } from '../../shared/errors.js';
import { asCallError, present } from '../../renderer/app/errors.js';

const tryLater = 'TRY LATER';

describe('presenting a failed call (spec §8)', () => {
  it('shows "try again later" for the network, long', () => {
    expect(present({ source: 'network', code: 0, status: 0 }, { lang: 'en', tryLater })).toEqual({ text: tryLater, timeout: NOTIFY_LONG_MS, reset: false });
  });

  it('uses the code text in the current language, and its policy', () => {
    expect(present({ source: 'upstream', code: 1411, status: 200 }, { lang: 'zh-TW', tryLater }))
      .toEqual({ text: errorEntry(1411).texts['zh-TW'], timeout: NOTIFY_MS, reset: false });
    expect(present({ source: 'upstream', code: 401, status: 200, message: 'x' }, { lang: 'en', tryLater }))
      .toEqual({ text: errorEntry(401).texts.en, timeout: NOTIFY_MS, reset: true });
    expect(present({ source: 'upstream', code: 502, status: 200 }, { lang: 'en' }).reset).toBe(true);
  });

  it('keeps permission errors up longer', () => {
    expect(present({ source: 'upstream', code: 403, status: 403 }, { lang: 'en' }).timeout).toBe(NOTIFY_LONG_MS);
  });

  it('falls back to the screen text, then the server message, then try again later', () => {
    expect(present({ source: 'upstream', code: 7777, status: 200, message: 'srv' }, { lang: 'en', tryLater, fallback: 'Binding failed' }).text).toBe('Binding failed');
    const unknown = present({ source: 'upstream', code: 7777, status: 200, message: 'srv' }, { lang: 'en', tryLater });
    expect(unknown).toEqual({ text: 'srv', timeout: NOTIFY_LONG_MS, reset: false });
    expect(present({ source: 'upstream', code: 7777, status: 200, message: '  ' }, { lang: 'en', tryLater }).text).toBe(tryLater);
    expect(present({ source: 'upstream', code: 7777, status: 200 }, { lang: 'en' }).text).toBe(UNKNOWN.texts.en);
  });

  it('says nothing for silent codes', () => {
    expect(present({ source: 'upstream', code: 1102, status: 200 }, { lang: 'en' }).text).toBeUndefined();
  });

  it('never resets on a local refusal, and hands its fields to the form', () => {
    expect(present({ source: 'local', code: 401, status: 0 }, { lang: 'en' }).reset).toBe(false);
    expect(present({ source: 'local', code: 400, status: 0, fields: { name: 'validation.required' } }, { lang: 'en' }))
      .toEqual({ fields: { name: 'validation.required' }, reset: false, timeout: NOTIFY_MS });
  });

  it('reads what was thrown', () => {
    expect(asCallError({ source: 'upstream', code: 1411, status: 200, message: 'm' })).toEqual({ source: 'upstream', code: 1411, status: 200, message: 'm' });
    expect(asCallError(new TypeError('boom'))).toEqual({ source: 'local', code: 0, status: 0 });
  });
});
