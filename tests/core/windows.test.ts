/**
 * windows.open and sign-out closing windows (the §2 tab menu's "open in new window", desktop beyond the
 * spec): the core hands both to the shell's window host with the calling
 * window; browser mode has no window host and answers `opened: false`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCore, type CallContext, type WindowHost } from '../../electron/core/core.js';
import { memoryVault } from '../../electron/core/vault.js';
import { memoryPrefs } from '../../electron/core/prefs.js';
import { DEMO_PASSWORD, startUpstream, type Upstream } from './support.js';

let upstream: Upstream;
beforeAll(async () => {
  upstream = await startUpstream();
});
afterAll(async () => {
  await upstream.close();
});

/** A window host that records what the core asked of it. */
function recordingHost(answer = true) {
  const opened: { path: string; from: CallContext }[] = [];
  const signedOut: CallContext[] = [];
  const host: WindowHost = {
    open: (path, from) => {
      opened.push({ path, from });
      return answer;
    },
    signedOut: (from) => {
      signedOut.push(from);
    },
  };
  return { host, opened, signedOut };
}

const coreWith = (windows?: WindowHost) =>
  createCore({
    upstreamUrl: upstream.url,
    vault: memoryVault(),
    prefs: memoryPrefs(),
    mode: windows ? 'desktop' : 'browser',
    version: '1',
    ...(windows ? { windows } : {}),
  });

describe('windows.open', () => {
  it('browser mode: no window host, so opened is false and the renderer opens the window', async () => {
    const core = coreWith();
    expect(await core.call('windows.open', { path: '/orderManagement/orderList' })).toEqual({
      ok: true,
      content: { opened: false },
    });
  });

  it('desktop: the window host opens the path for the calling window', async () => {
    const rec = recordingHost();
    const core = coreWith(rec.host);
    expect(await core.call('windows.open', { path: '/pointMent/pointList?x=1#y' }, { window: 3 })).toEqual({
      ok: true,
      content: { opened: true },
    });
    expect(rec.opened).toEqual([{ path: '/pointMent/pointList?x=1#y', from: { window: 3 } }]);
  });

  it('passes on a window the host could not open', async () => {
    const rec = recordingHost(false);
    expect(await coreWith(rec.host).call('windows.open', { path: '/' })).toEqual({
      ok: true,
      content: { opened: false },
    });
    expect(rec.opened).toEqual([{ path: '/', from: {} }]);
  });

  it('refuses anything but a local path, before any window host sees it', async () => {
    const rec = recordingHost();
    const core = coreWith(rec.host);
    for (const path of [
      'https://evil.example/',
      '//evil.example/x',
      '/\\evil.example',
      'person',
      '',
      'javascript:alert(1)',
      `/${'a'.repeat(2048)}`,
    ]) {
      expect(await core.call('windows.open', { path }), path).toMatchObject({
        ok: false,
        error: { source: 'local', code: 400, fields: { path: expect.any(String) } },
      });
    }
    expect(await core.call('windows.open', {})).toMatchObject({
      ok: false,
      error: { source: 'local', code: 400, fields: { path: 'validation.required' } },
    });
    expect(rec.opened).toEqual([]);
  });

  it('needs no session: a route opened while signed out shows sign-in there', async () => {
    const rec = recordingHost();
    expect(await coreWith(rec.host).call('windows.open', { path: '/login' })).toEqual({
      ok: true,
      content: { opened: true },
    });
  });
});

describe('sign-out closes every window', () => {
  it('tells the window host which window signed out, after the session is gone', async () => {
    const rec = recordingHost();
    const core = coreWith(rec.host);
    expect(
      (await core.call('session.signIn', { username: 'tenant1', password: DEMO_PASSWORD }, { window: 1 })).ok,
    ).toBe(true);
    expect(rec.signedOut).toEqual([]);
    expect(await core.call('session.signOut', {}, { window: 2 })).toEqual({ ok: true, content: null });
    expect(rec.signedOut).toEqual([{ window: 2 }]);
    expect(core.session.user()).toBeNull();
  });

  it('browser mode signs out without any window host', async () => {
    const core = coreWith();
    expect((await core.call('session.signIn', { username: 'tenant1', password: DEMO_PASSWORD })).ok).toBe(true);
    expect(await core.call('session.signOut', {})).toEqual({ ok: true, content: null });
  });
});

describe('unsaved input by window (app.dirty)', () => {
  it('counts the windows holding unsaved input, until they say otherwise or close', async () => {
    const core = coreWith(recordingHost().host);
    expect(core.dirtyWindows()).toBe(0);
    await core.call('app.dirty', { dirty: true }, { window: 1 });
    await core.call('app.dirty', { dirty: true }, { window: 2 });
    await core.call('app.dirty', { dirty: true }, { window: 2 });
    expect(core.dirtyWindows()).toBe(2);
    await core.call('app.dirty', { dirty: false }, { window: 1 });
    expect(core.dirtyWindows()).toBe(1);
    core.forgetWindow(2);
    expect(core.dirtyWindows()).toBe(0);
    expect(await core.call('app.dirty', { dirty: 'yes' }, { window: 1 })).toMatchObject({ ok: false });
  });
});
