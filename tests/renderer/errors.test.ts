/** The renderer's reading of the policy decision: texts in the current language. */
import { beforeAll, describe, expect, it } from 'vitest';
import { errorEntry } from '../../shared/domains.js';
import { NOTIFY_LONG_MS, NOTIFY_MS } from '../../shared/errors/policy.js';
import { UNKNOWN } from '../../shared/errors/define.js';
import { catalogues } from '../../shared/domains.js';
import { asCallError, loadErrorTexts, messageText, present, reportsQueryFailure } from '../../renderer/app/errors.js';

// The page loads a language's error texts with its catalogue (renderer/i18n), the screens' codes with the shell; here all
// three languages, whole, once.
beforeAll(() => Promise.all((['zh-CN', 'zh-TW', 'en'] as const).map((lang) => loadErrorTexts(lang, true))));

const en = catalogues.en;
const uiText = (key: string) => {
  const [group, name] = key.split('.') as [string, string];
  return (en as unknown as Record<string, Record<string, string>>)[group]![name]!;
};

describe('presenting a failed call (spec §8)', () => {
  it('shows "try again later" for the network, long', () => {
    expect(present({ source: 'network', code: 0, status: 0 }, { lang: 'en', uiText })).toMatchObject({
      rule: 'network',
      notices: [{ text: en.common.tryLater, timeout: NOTIFY_LONG_MS }],
      reset: false,
      back: false,
    });
  });

  it('uses the code text in the current language, and its policy', () => {
    expect(present({ source: 'upstream', code: 1411, status: 409 }, { lang: 'zh-TW', uiText })).toMatchObject({
      notices: [{ text: errorEntry(1411).texts['zh-TW'], timeout: NOTIFY_MS }],
      reset: false,
    });
    expect(present({ source: 'upstream', code: 401, status: 200, message: 'x' }, { lang: 'en', uiText })).toMatchObject(
      { notices: [{ text: errorEntry(401).texts.en, timeout: NOTIFY_MS }], reset: true, revoke: true },
    );
    expect(present({ source: 'upstream', code: 502, status: 200 }, { lang: 'en' }).reset).toBe(true);
  });

  it('HTTP 403: insufficient permission, 5 s, back one page', () => {
    expect(present({ source: 'upstream', code: 403, status: 403 }, { lang: 'en', uiText })).toMatchObject({
      notices: [{ text: en.errorsUi.noPermission, timeout: NOTIFY_LONG_MS }],
      back: true,
      reset: false,
    });
  });

  it('falls back to the screen text, then the server message, then try again later', () => {
    expect(
      present(
        { source: 'upstream', code: 7777, status: 200, message: 'srv' },
        { lang: 'en', uiText, fallback: 'Binding failed' },
      ).notices[0]!.text,
    ).toBe('Binding failed');
    expect(
      present({ source: 'upstream', code: 7777, status: 200, message: 'srv' }, { lang: 'en', uiText }).notices,
    ).toEqual([{ text: 'srv', timeout: NOTIFY_LONG_MS }]);
    expect(
      present({ source: 'upstream', code: 7777, status: 200, message: '  ' }, { lang: 'en', uiText }).notices[0]!.text,
    ).toBe(en.common.tryLater);
    // Without UI texts (tests, early start) "try again later" is the catalogue's.
    expect(present({ source: 'upstream', code: 7777, status: 200 }, { lang: 'en' }).notices[0]!.text).toBe(
      UNKNOWN.texts.en,
    );
  });

  it('says nothing for silent codes', () => {
    expect(present({ source: 'upstream', code: 1102, status: 200 }, { lang: 'en' }).notices).toEqual([]);
  });

  it('never resets on a local refusal, and hands its fields to the form', () => {
    expect(present({ source: 'local', code: 401, status: 0 }, { lang: 'en' }).reset).toBe(false);
    expect(
      present({ source: 'local', code: 400, status: 0, fields: { name: 'validation.required' } }, { lang: 'en' }),
    ).toEqual({
      rule: 'localFields',
      fields: { name: 'validation.required' },
      notices: [],
      reset: false,
      revoke: false,
      back: false,
    });
  });

  it('sign-in: a bad password says check account or password; HTTP 503 adds the profile failure', () => {
    expect(
      present(
        { source: 'upstream', code: 400, status: 400, message: 'Wrong username or password' },
        { lang: 'en', uiText, context: 'signIn' },
      ).notices,
    ).toEqual([{ text: en.errorsUi.badCredentials, timeout: NOTIFY_MS }]);
    expect(
      present(
        { source: 'upstream', code: 503, status: 503, httpOnly: true },
        { lang: 'en', uiText, context: 'signIn' },
      ).notices.map((n) => n.text),
    ).toEqual([errorEntry(503).texts.en, en.errorsUi.profileFailed]);
  });

  it('resolves every kind of message', () => {
    expect(messageText({ kind: 'code', code: 1514 }, 'zh-CN', uiText)).toBe('原密码错误');
    expect(messageText({ kind: 'server', text: 'srv' }, 'en', uiText)).toBe('srv');
    expect(messageText({ kind: 'fallback' }, 'en', uiText, 'Save failed')).toBe('Save failed');
    expect(messageText({ kind: 'fallback' }, 'en', uiText)).toBe(en.common.tryLater);
    expect(messageText({ kind: 'key', key: 'errorsUi.error' }, 'en', uiText)).toBe('Error');
  });

  it('reads what was thrown', () => {
    expect(asCallError({ source: 'upstream', code: 1411, status: 200, message: 'm' })).toEqual({
      source: 'upstream',
      code: 1411,
      status: 200,
      message: 'm',
    });
    expect(asCallError({ source: 'upstream', code: 503, status: 503, httpOnly: true })).toEqual({
      source: 'upstream',
      code: 503,
      status: 503,
      httpOnly: true,
    });
    expect(asCallError(new TypeError('boom'))).toEqual({ source: 'local', code: 0, status: 0 });
  });
});

describe('which failed reads the query cache reports (a read started ahead of its screen)', () => {
  const revoked = { source: 'upstream', code: 1503, status: 200 } as const;
  const refused = { source: 'upstream', code: 1411, status: 409 } as const;
  const query = (silent: boolean | 'unobserved' | undefined, observers: number) => ({
    meta: silent === undefined ? undefined : { silent },
    getObserversCount: () => observers,
  });

  it('reports an ordinary read, never a silent one', () => {
    expect(reportsQueryFailure(refused, query(undefined, 0))).toBe(true);
    expect(reportsQueryFailure(revoked, query(true, 1))).toBe(false);
  });

  it('leaves an unwatched read ahead to the screen that mounts, but not a refusal that ends the session', () => {
    expect(reportsQueryFailure(refused, query('unobserved', 0))).toBe(false);
    expect(reportsQueryFailure(refused, query('unobserved', 1))).toBe(true);
    // The revoked token: no later read would say 1503, the page would say "session ended elsewhere".
    expect(reportsQueryFailure(revoked, query('unobserved', 0))).toBe(true);
  });
});
