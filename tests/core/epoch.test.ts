/**
 * The session epoch: one session serves every tab (browser mode) and window
 * (desktop), so a page left on a previous user must be refused rather than
 * read or write the new user's data. Against the real upstream, through a
 * recording proxy (a refused call must send nothing), and over the host's
 * HTTP bridge.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../electron/core/core.js';
import { memoryVault } from '../../electron/core/vault.js';
import { memoryPrefs } from '../../electron/core/prefs.js';
import { EPOCH_HEADER, startHost } from '../../electron/host/index.js';
import { launchCookie } from './launch.js';
import { epochOf, isSessionChanged, SESSION_CHANGED, type CallResult, type SessionUser } from '../../shared/ipc.js';
import { DEMO_PASSWORD, upstreamBehindProxy } from './support.js';

const env = upstreamBehindProxy();

const makeCore = () =>
  createCore({ upstreamUrl: env.proxy.url, vault: memoryVault(), prefs: memoryPrefs(), mode: 'browser', version: '0' });
const REFUSED = {
  ok: false,
  error: { source: 'local', code: SESSION_CHANGED.code, status: 0, message: SESSION_CHANGED.message },
};
const POINTS = { query: { pageNum: 1, pageSize: 5 }, body: {} };

async function signedIn(core: Core, username: string): Promise<SessionUser> {
  const res = await core.call('session.signIn', { username, password: DEMO_PASSWORD });
  if (!res.ok) throw new Error(`${username} could not sign in: ${JSON.stringify(res.error)}`);
  return res.content as SessionUser;
}

const userOf = (res: CallResult<unknown>) => (res.ok ? (res.content as SessionUser | null) : undefined);

describe('the epoch of a session', () => {
  it("comes with the user from signIn and current, and is the core's current one", async () => {
    const core = makeCore();
    const user = await signedIn(core, 'tenant1');
    expect(user.epoch).toEqual(expect.any(String));
    expect(user.epoch).toBe(core.session.epoch());
    expect(userOf(await core.call('session.current', {}, { epoch: 'anything' }))?.epoch).toBe(user.epoch);
  });

  it('changes at every sign-in, sign-out and refused token, and differs between runs', async () => {
    const core = makeCore();
    const seen = new Set<string>([core.session.epoch()]);
    const a = await signedIn(core, 'tenant1');
    const b = await signedIn(core, 'tenant1');
    expect(a.epoch).not.toBe(b.epoch);
    seen.add(a.epoch).add(b.epoch);
    await core.call('session.signOut', {});
    seen.add(core.session.epoch());
    expect(seen.size).toBe(4);
    // A host restarted with a fresh core never takes an old page's epoch for its own.
    expect(makeCore().session.epoch()).not.toBe(makeCore().session.epoch());
  });
});

describe('a page of a previous session', () => {
  it('tab A (tenant1) is refused once tab B signs in as tenant2, and nothing reaches the upstream', async () => {
    const core = makeCore();
    const a = await signedIn(core, 'tenant1');
    expect(await core.call('point.page', POINTS, { epoch: a.epoch })).toMatchObject({ ok: true });

    const b = await signedIn(core, 'tenant2');
    const before = env.proxy.seen.length;
    for (const [op, input] of [
      ['point.page', POINTS],
      ['point.create', { body: { name: 'X', areaCode: '310112', address: 'Z' } }],
      ['session.signOut', {}],
    ] as const) {
      expect(await core.call(op, input, { epoch: a.epoch }), op).toEqual(REFUSED);
    }
    expect(env.proxy.seen.length).toBe(before);
    // Tab B's session is untouched, even by tab A's sign-out.
    expect(core.session.user()?.username).toBe('tenant2');
    expect(await core.call('point.page', POINTS, { epoch: b.epoch })).toMatchObject({ ok: true });
    // Tab A learns the new session and goes on as tenant2.
    const now = userOf(await core.call('session.current', {}, { epoch: a.epoch }));
    expect(now).toMatchObject({ username: 'tenant2', epoch: b.epoch });
  });

  it('is refused after a sign-out elsewhere, and then learns there is no session', async () => {
    const core = makeCore();
    const a = await signedIn(core, 'tenant1');
    await core.call('session.signOut', {}, { epoch: a.epoch });
    expect(await core.call('point.page', POINTS, { epoch: a.epoch })).toEqual(REFUSED);
    expect(await core.call('session.current', {}, { epoch: a.epoch })).toEqual({ ok: true, content: null });
  });

  it("may still call what is not a session's: app info, preferences, sign-in", async () => {
    const core = makeCore();
    const stale = (await signedIn(core, 'tenant1')).epoch;
    await signedIn(core, 'tenant2');
    expect(await core.call('app.info', {}, { epoch: stale })).toMatchObject({ ok: true });
    expect(await core.call('prefs.set', { size: 'small' }, { epoch: stale })).toMatchObject({
      ok: true,
      content: { size: 'small' },
    });
    expect(await core.call('prefs.get', {}, { epoch: stale })).toMatchObject({ ok: true });
    expect(
      userOf(await core.call('session.signIn', { username: 'tenant11', password: DEMO_PASSWORD }, { epoch: stale }))
        ?.username,
    ).toBe('tenant11');
  });

  it('a call without an epoch (a page that knows no session yet, the desktop before this change) is not checked', async () => {
    const core = makeCore();
    await signedIn(core, 'tenant1');
    await signedIn(core, 'tenant2');
    expect(await core.call('point.page', POINTS)).toMatchObject({ ok: true });
  });

  it("a sign-in that lands while a stale page's call reads the token is caught before the upstream", async () => {
    const vault = memoryVault();
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let held = false;
    const slowVault = {
      ...vault,
      // The first read after arming waits for the test (a slow keychain).
      get: async () => {
        if (held) {
          held = false;
          await gate;
        }
        return vault.get();
      },
    };
    const core = createCore({
      upstreamUrl: env.proxy.url,
      vault: slowVault,
      prefs: memoryPrefs(),
      mode: 'browser',
      version: '0',
    });
    const a = await signedIn(core, 'tenant1');
    held = true;
    const call = core.call('point.page', POINTS, { epoch: a.epoch });
    const other = signedIn(core, 'tenant2');
    release();
    await other;
    const before = env.proxy.seen.filter((s) => s.url.startsWith('/point/page')).length;
    expect(await call).toEqual(REFUSED);
    expect(env.proxy.seen.filter((s) => s.url.startsWith('/point/page')).length).toBe(before);
  });

  it("the revoked token of the page's own session still answers with the spec's 1503, not a change of session", async () => {
    const vault = memoryVault();
    const core = createCore({ upstreamUrl: env.proxy.url, vault, prefs: memoryPrefs(), mode: 'browser', version: '0' });
    const a = await signedIn(core, 'tenant1');
    const token = (await vault.get())!;
    await fetch(`${env.upstream.url}/user/exit?token=${encodeURIComponent(token)}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(await core.call('point.page', POINTS, { epoch: a.epoch })).toMatchObject({
      ok: false,
      error: { source: 'upstream', code: 1503 },
    });
    // The session ended with it: the next call of that page is refused as stale.
    expect(core.session.epoch()).not.toBe(a.epoch);
    expect(await core.call('point.page', POINTS, { epoch: a.epoch })).toEqual(REFUSED);
  });
});

describe('the bridges carry the epoch', () => {
  it('epochOf takes a plausible string from the untrusted meta argument only', () => {
    expect(epochOf({ epoch: 'abc.1' })).toBe('abc.1');
    for (const meta of [
      undefined,
      null,
      'abc',
      3,
      {},
      { epoch: 3 },
      { epoch: '' },
      { epoch: 'x'.repeat(129) },
      { epoch: ['a'] },
    ])
      expect(epochOf(meta)).toBeUndefined();
  });

  it("isSessionChanged recognises the core's refusal only", () => {
    expect(isSessionChanged(REFUSED.error as never)).toBe(true);
    expect(isSessionChanged({ source: 'upstream', message: SESSION_CHANGED.message })).toBe(false);
    expect(isSessionChanged({ source: 'local', message: 'not signed in' })).toBe(false);
  });

  it('browser mode: the host reads the x-vend-epoch header', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'vend-epoch-'));
    await writeFile(path.join(dir, 'index.html'), '<!doctype html><html><head></head><body></body></html>');
    const core = makeCore();
    const host = await startHost({ port: 0, core, rendererDir: dir });
    const cookie = await launchCookie(host);
    const bridge = async (op: string, input: unknown, epoch?: string) => {
      const res = await fetch(`${host.url}/bridge/${op}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          cookie,
          ...(epoch === undefined ? {} : { [EPOCH_HEADER]: epoch }),
        },
        body: JSON.stringify(input),
      });
      expect(res.status).toBe(200);
      return (await res.json()) as CallResult<unknown>;
    };
    try {
      const a = userOf(await bridge('session.signIn', { username: 'tenant1', password: DEMO_PASSWORD }))!;
      expect(await bridge('point.page', POINTS, a.epoch)).toMatchObject({ ok: true });
      await signedIn(core, 'tenant2');
      expect(await bridge('point.page', POINTS, a.epoch)).toEqual(REFUSED);
      expect(await bridge('point.page', POINTS)).toMatchObject({ ok: true });
    } finally {
      await host.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
