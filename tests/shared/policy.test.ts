/**
 * The response-handling policy of spec §8 (and the sign-in rules of §4):
 * `decide(error, context)` row by row, and exhaustively over every catalogue
 * code, family, HTTP status, source and context.
 */
import { describe, expect, it } from 'vitest';
import { CODE, decide, ERRORS, FAMILIES, ruleOf } from '../../shared/domains.js';
import {
  LOCAL,
  NO_SESSION,
  NOTIFY_LONG_MS,
  NOTIFY_MS,
  RESET_DELAY_MS,
  RULES,
  type CallError,
  type Decision,
  type FailureContext,
} from '../../shared/errors/policy.js';

const body = (code: number, status = 200, message?: string): CallError => ({
  source: 'upstream',
  code,
  status,
  ...(message ? { message } : {}),
});
const http = (status: number, message?: string): CallError => ({
  source: 'upstream',
  code: status,
  status,
  httpOnly: true,
  ...(message ? { message } : {}),
});
const local = (code: number, message?: string, fields?: Record<string, string>): CallError => ({
  source: 'local',
  code,
  status: 0,
  ...(message ? { message } : {}),
  ...(fields ? { fields } : {}),
});
const network: CallError = { source: 'network', code: 0, status: 0, message: 'timeout' };

const CONTEXTS: readonly FailureContext[] = ['call', 'signIn'];

/** Every code the catalogue names, every family's bounds and middle, and codes it does not know. */
const ALL_CODES = [
  ...Object.keys(ERRORS).map(Number),
  ...FAMILIES.flatMap((f) => [f.from, Math.floor((f.from + f.to) / 2), f.to]),
  0,
  1,
  200,
  402,
  405,
  409,
  429,
  500,
  504,
  999,
  1100,
  1112,
  1300,
  1303,
  9999,
];
const HTTP_STATUSES = [400, 401, 402, 403, 404, 405, 409, 429, 500, 502, 503, 504];

describe('the spec constants', () => {
  it('are 2000 / 5000 / 1000 ms', () => {
    expect([NOTIFY_MS, NOTIFY_LONG_MS, RESET_DELAY_MS]).toEqual([2000, 5000, 1000]);
  });

  it('every rule is described and only uses the two durations', () => {
    for (const [name, rule] of Object.entries(RULES)) {
      expect(rule.spec.length, name).toBeGreaterThan(10);
      for (const n of rule.notices) expect([NOTIFY_MS, NOTIFY_LONG_MS], name).toContain(n.timeout);
      if (rule.revoke) expect(rule.reset, name).toBe(true);
      expect(rule.reset && rule.back, name).toBe(false);
    }
  });
});

describe('body codes (checked even on HTTP 200/202)', () => {
  for (const status of [200, 202]) {
    for (const code of [400, 403, 404, 502, 503]) {
      it(`body ${code} on HTTP ${status}: localised message, then reset after 1 s (token revoked)`, () => {
        const d = decide(body(code, status, 'server words'));
        expect(d).toMatchObject({ reset: true, revoke: true, back: false });
        expect(d.notices).toEqual([
          { message: { kind: 'code', code }, timeout: code === 403 ? NOTIFY_LONG_MS : NOTIFY_MS },
        ]);
      });
    }
  }

  it('401: the re-login message, same reset', () => {
    expect(decide(body(401, 200, 'x'))).toEqual<Decision>({
      rule: 'bodyRelogin',
      notices: [{ message: { kind: 'code', code: 401 }, timeout: NOTIFY_MS }],
      reset: true,
      revoke: true,
      back: false,
    });
  });

  it('token codes 1501-1503 are re-login too, with their own text (whatever the HTTP status)', () => {
    for (const code of [1501, 1502, 1503]) {
      for (const status of [200, 401]) {
        const d = decide(body(code, status));
        expect(d.rule).toBe('bodyRelogin');
        expect(d.notices).toEqual([{ message: { kind: 'code', code }, timeout: NOTIFY_MS }]);
        expect(d.reset).toBe(true);
      }
    }
  });

  it('1301: a notification only', () => {
    expect(decide(body(1301, 200, 'srv'))).toEqual<Decision>({
      rule: 'bodyNotify',
      notices: [{ message: { kind: 'code', code: 1301 }, timeout: NOTIFY_MS }],
      reset: false,
      revoke: false,
      back: false,
    });
  });

  it('1102: silent', () => {
    expect(decide(body(1102))).toEqual<Decision>({
      rule: 'bodySilent',
      notices: [],
      reset: false,
      revoke: false,
      back: false,
    });
  });

  it('other codes with a text (own or family): that text, 2 s, no reset', () => {
    for (const code of [902, 1411, 1514, 3437, 1450, 705]) {
      const d = decide(body(code, 409, 'server words'));
      expect(d.rule).toBe('bodyNotify');
      expect(d.notices).toEqual([{ message: { kind: 'code', code }, timeout: NOTIFY_MS }]);
      expect(d.reset || d.back).toBe(false);
    }
  });

  it('a code without a text: the screen text, else the server message, else "try again later"; 5 s (unknown)', () => {
    expect(decide(body(7777, 409, 'srv'), { hasFallback: true }).notices).toEqual([
      { message: { kind: 'fallback' }, timeout: NOTIFY_LONG_MS },
    ]);
    expect(decide(body(7777, 409, 'srv')).notices).toEqual([
      { message: { kind: 'server', text: 'srv' }, timeout: NOTIFY_LONG_MS },
    ]);
    expect(decide(body(7777, 409, '   ')).notices).toEqual([
      { message: { kind: 'key', key: 'common.tryLater' }, timeout: NOTIFY_LONG_MS },
    ]);
    expect(decide(body(7777)).rule).toBe('bodyUnknown');
  });

  it('a screen text never replaces a code text', () => {
    expect(decide(body(1411), { hasFallback: true }).notices[0]!.message).toEqual({ kind: 'code', code: 1411 });
  });
});

describe('HTTP status (no body code)', () => {
  it('403: insufficient permission for 5 s and back one page', () => {
    expect(decide(http(403))).toEqual<Decision>({
      rule: 'httpForbidden',
      notices: [{ message: { kind: 'key', key: 'errorsUi.noPermission' }, timeout: NOTIFY_LONG_MS }],
      reset: false,
      revoke: false,
      back: true,
    });
  });

  it('an HTTP 403 whose body says 403 too is the same HTTP refusal (spec §6: insufficient permission)', () => {
    expect(decide(body(403, 403, 'Forbidden')).rule).toBe('httpForbidden');
    // …but a body 403 on HTTP 200 keeps the body rule.
    expect(decide(body(403, 200)).rule).toBe('bodyForbidden');
  });

  it('401: re-login and reset', () => {
    expect(decide(http(401))).toEqual<Decision>({
      rule: 'httpUnauthorized',
      notices: [{ message: { kind: 'code', code: 401 }, timeout: NOTIFY_MS }],
      reset: true,
      revoke: true,
      back: false,
    });
  });

  it('every other HTTP error: "try again later", 5 s, nothing else', () => {
    for (const status of HTTP_STATUSES.filter((s) => s !== 401 && s !== 403)) {
      expect(decide(http(status, 'gateway words'))).toEqual<Decision>({
        rule: 'httpOther',
        notices: [{ message: { kind: 'key', key: 'common.tryLater' }, timeout: NOTIFY_LONG_MS }],
        reset: false,
        revoke: false,
        back: false,
      });
    }
  });
});

describe('HTTP 503: the upstream briefly unavailable (its database restarting)', () => {
  it('is "try again later" in calls whatever the body code, and never ends the session', () => {
    for (const code of ALL_CODES) {
      for (const e of [body(code, 503, 'The database is unavailable'), body(code, 503)]) {
        expect(decide(e), String(code)).toEqual<Decision>({
          rule: 'httpOther',
          notices: [{ message: { kind: 'key', key: 'common.tryLater' }, timeout: NOTIFY_LONG_MS }],
          reset: false,
          revoke: false,
          back: false,
        });
      }
    }
    expect(decide(http(503)).rule).toBe('httpOther');
  });

  it('is the unavailable row at sign-in whatever the body code (main has already dropped the token)', () => {
    for (const code of [CODE.databaseUnavailable, CODE.unavailable, 400, 1501, 7777]) {
      expect(decide(body(code, 503, 'down'), { context: 'signIn' })).toMatchObject({
        rule: 'signInUnavailable',
        reset: true,
        revoke: false,
      });
    }
  });

  it('its own code, databaseUnavailable, is a notification even where no HTTP status is read', () => {
    expect(CODE.databaseUnavailable).toBe(1302);
    expect(ERRORS[CODE.databaseUnavailable]).toMatchObject({ status: 503, policy: 'notify' });
    expect(decide(body(CODE.databaseUnavailable, 200))).toMatchObject({
      rule: 'bodyNotify',
      reset: false,
      revoke: false,
    });
  });
});

describe('network', () => {
  it('"try again later", 5 s, never a reset, in both contexts', () => {
    for (const context of CONTEXTS) {
      expect(decide(network, { context })).toEqual<Decision>({
        rule: 'network',
        notices: [{ message: { kind: 'key', key: 'common.tryLater' }, timeout: NOTIFY_LONG_MS }],
        reset: false,
        revoke: false,
        back: false,
      });
    }
  });
});

describe('sign-in client', () => {
  const signIn = (e: CallError) => decide(e, { context: 'signIn' });

  it('body 400: check password or account, and reset (main already dropped the token: no revoke)', () => {
    expect(signIn(body(400, 400, 'Wrong username or password'))).toEqual<Decision>({
      rule: 'signInBadCredentials',
      notices: [{ message: { kind: 'key', key: 'errorsUi.badCredentials' }, timeout: NOTIFY_MS }],
      reset: true,
      revoke: false,
      back: false,
    });
  });

  it('body 403, 404, 502, 503, 1301: the server message (else the code text), and reset', () => {
    for (const code of [403, 404, 502, 503, 1301]) {
      for (const status of [200, 403, 404, 500]) {
        const d = signIn(body(code, status, 'server words'));
        expect(d.rule).toBe('signInServer');
        expect(d.notices).toEqual([{ message: { kind: 'server', text: 'server words' }, timeout: NOTIFY_MS }]);
        expect(d).toMatchObject({ reset: true, revoke: false, back: false });
        expect(signIn(body(code, status)).notices[0]!.message).toEqual({ kind: 'code', code });
      }
    }
  });

  it('HTTP 503: also "profile retrieval failed", and the stored login cleared', () => {
    for (const e of [http(503), body(503, 503, 'down')]) {
      const d = signIn(e);
      expect(d.rule).toBe('signInUnavailable');
      expect(d.notices.map((n) => n.message)).toEqual([
        e.httpOnly ? { kind: 'code', code: 503 } : { kind: 'server', text: 'down' },
        { kind: 'key', key: 'errorsUi.profileFailed' },
      ]);
      expect(d).toMatchObject({ reset: true, revoke: false });
    }
  });

  it('no roles and no powers: insufficient permission (error, 5 s), token reset after 1 s', () => {
    expect(signIn(local(403, LOCAL.noPermission))).toEqual<Decision>({
      rule: 'signInNoPermission',
      notices: [{ message: { kind: 'key', key: 'errorsUi.noPermission' }, timeout: NOTIFY_LONG_MS }],
      reset: true,
      revoke: false,
      back: false,
    });
  });

  it('platform type other than 0: login failed, token cleared', () => {
    expect(signIn(local(1301, LOCAL.loginFailed))).toMatchObject({
      rule: 'signInFailed',
      notices: [{ message: { kind: 'key', key: 'errorsUi.loginFailed' } }],
      reset: true,
      revoke: false,
    });
  });

  it('other sign-in answers follow the general rules', () => {
    expect(signIn(body(1505, 429)).rule).toBe('bodyNotify');
    expect(signIn(body(1504, 403)).rule).toBe('bodyNotify');
    expect(signIn(body(1506, 401)).rule).toBe('bodyNotify');
    expect(signIn(http(500)).rule).toBe('httpOther');
    expect(signIn(local(400, LOCAL.invalidInput, { username: 'validation.username' })).rule).toBe('localFields');
  });

  it('the sign-in rows never apply to other calls', () => {
    expect(decide(body(400, 400)).rule).toBe('bodyReset');
    expect(decide(local(403, LOCAL.noPermission)).rule).toBe('localOther');
    expect(decide(local(1301, LOCAL.loginFailed)).rule).toBe('localOther');
  });
});

describe('field issues judged by the upstream', () => {
  it('go to the form and keep the session (a body 400 without fields still resets, as §8 says)', () => {
    const refused: CallError = { ...body(400, 400), fields: { warningValue: 'device.validation.warningCapacity' } };
    expect(decide(refused)).toEqual<Decision>({
      rule: 'upstreamFields',
      notices: [],
      reset: false,
      revoke: false,
      back: false,
      fields: { warningValue: 'device.validation.warningCapacity' },
    });
    expect(decide(body(400, 400)).rule).toBe('bodyReset');
    expect(decide({ ...body(1105, 409), fields: { number: 'x' } }).rule).not.toBe('upstreamFields');
  });
});

describe('local refusals never reset by code', () => {
  it('field issues go to the form, with nothing else', () => {
    expect(decide(local(400, LOCAL.invalidInput, { name: 'validation.required' }))).toEqual<Decision>({
      rule: 'localFields',
      notices: [],
      reset: false,
      revoke: false,
      back: false,
      fields: { name: 'validation.required' },
    });
  });

  it('every code, as a local refusal, is a notification without reset or back', () => {
    for (const code of ALL_CODES) {
      const d = decide(local(code, 'whatever'));
      expect(d.rule, String(code)).toBe('localOther');
      expect(d.reset || d.back, String(code)).toBe(false);
    }
  });

  it('their text: the code text, else the screen text, else "try again later"', () => {
    expect(decide(local(1411)).notices[0]!.message).toEqual({ kind: 'code', code: 1411 });
    expect(decide(local(0), { hasFallback: true }).notices[0]!.message).toEqual({ kind: 'fallback' });
    expect(decide(local(0, 'internal error')).notices[0]!.message).toEqual({ kind: 'key', key: 'common.tryLater' });
  });

  it('no session in main (ended elsewhere): re-login message and back to sign-in, without asking main to sign out', () => {
    expect(decide(local(NO_SESSION, LOCAL.noSession))).toEqual<Decision>({
      rule: 'localNoSession',
      notices: [{ message: { kind: 'code', code: CODE.unauthorized }, timeout: NOTIFY_MS }],
      reset: true,
      revoke: false,
      back: false,
    });
  });
});

describe('exhaustively', () => {
  const resetInCall = new Set([400, 401, 403, 404, 502, 503, 1501, 1502, 1503]);

  it('in calls, exactly the spec codes reset (body on HTTP 200)', () => {
    for (const code of ALL_CODES) {
      const d = decide(body(code));
      expect(d.reset, String(code)).toBe(resetInCall.has(code));
      expect(d.back, String(code)).toBe(false);
    }
  });

  it('every decision is well-formed in every context, source and status', () => {
    const errors: CallError[] = [
      network,
      ...ALL_CODES.flatMap((c) => [
        body(c),
        body(c, 409, 'm'),
        body(c, 400),
        body(c, 401),
        body(c, 403),
        body(c, 503),
        local(c),
        local(c, LOCAL.noPermission),
      ]),
      ...HTTP_STATUSES.map((s) => http(s)),
      { ...body(400, 400), fields: { name: 'validation.required' } },
    ];
    for (const context of CONTEXTS) {
      for (const e of errors) {
        for (const hasFallback of [false, true]) {
          const d = decide(e, { context, hasFallback });
          const rule = RULES[d.rule];
          const where = `${context} ${JSON.stringify(e)}`;
          expect(ruleOf(e, context), where).toBe(d.rule);
          expect(d.notices.length, where).toBe(rule.notices.length);
          expect({ reset: d.reset, revoke: d.revoke, back: d.back }, where).toEqual({
            reset: rule.reset,
            revoke: rule.revoke,
            back: rule.back,
          });
          for (const n of d.notices) {
            expect([NOTIFY_MS, NOTIFY_LONG_MS], where).toContain(n.timeout);
            if (n.message.kind === 'code')
              expect(
                ERRORS[n.message.code] ??
                  FAMILIES.find((f) => n.message.kind === 'code' && n.message.code >= f.from && n.message.code <= f.to),
                where,
              ).toBeDefined();
            if (n.message.kind === 'fallback') expect(hasFallback, where).toBe(true);
            if (n.message.kind === 'server') expect(e.source, where).toBe('upstream');
          }
          // A local refusal resets only by a session rule, never by its code.
          if (e.source === 'local' && d.reset)
            expect(['signInNoPermission', 'signInFailed', 'localNoSession'], where).toContain(d.rule);
          // A sign-in rule is only ever chosen at sign-in.
          if (d.rule.startsWith('signIn')) expect(context, where).toBe('signIn');
        }
      }
    }
  });

  it('every rule of the table is reachable', () => {
    const seen = new Set<string>();
    const samples: [CallError, FailureContext][] = [
      [network, 'call'],
      [body(400), 'call'],
      [body(403), 'call'],
      [body(401), 'call'],
      [body(1301), 'call'],
      [body(7777), 'call'],
      [body(1102), 'call'],
      [http(403), 'call'],
      [http(401), 'call'],
      [http(500), 'call'],
      [body(400, 400), 'signIn'],
      [body(404, 404), 'signIn'],
      [http(503), 'signIn'],
      [local(403, LOCAL.noPermission), 'signIn'],
      [local(1301, LOCAL.loginFailed), 'signIn'],
      [local(400, LOCAL.invalidInput, { a: 'validation.required' }), 'call'],
      [{ ...body(400, 400), fields: { a: 'validation.required' } }, 'call'],
      [local(NO_SESSION, LOCAL.noSession), 'call'],
      [local(NO_SESSION, LOCAL.sessionChanged), 'call'],
      [local(0), 'call'],
    ];
    for (const [e, context] of samples) seen.add(decide(e, { context }).rule);
    expect([...seen].sort()).toEqual(Object.keys(RULES).sort());
  });
});
