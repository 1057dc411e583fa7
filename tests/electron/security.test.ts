/**
 * The Electron security checklist (https://www.electronjs.org/docs/latest/tutorial/security),
 * item by item, against the shell's settings as data (electron/shell-policy.ts)
 * and against electron/main.ts itself, started on a recording fake of
 * Electron (fakeElectron.ts): what main really passes to BrowserWindow, which
 * handlers it really registers, and what they decide.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CSP, SECURITY_HEADERS } from '../../electron/core/security.js';
import {
  APP_ORIGIN,
  APP_SCHEME,
  CALL_CHANNEL,
  externalAllowed,
  externalHostsOf,
  navigationAllowed,
  permissionAllowed,
  trustedSender,
  webPreferences,
  windowOpenDecision,
  windowOptions,
} from '../../electron/shell-policy.js';
import { fakeContents, recorded, resetRecorded, type Recorded } from './fakeElectron.js';

vi.mock('electron', () => import('./fakeElectron.js'));
// electron-store and safeStorage need a real Electron: the core gets memory stores instead.
vi.mock('../../electron/prefs-store.js', async () => {
  const { memoryPrefs } = await import('../../electron/core/prefs.js');
  const places = new Map();
  return {
    electronStorePrefs: () => memoryPrefs(),
    electronStoreWindows: () => ({ get: (kind: string) => places.get(kind), set: places.set.bind(places) }),
  };
});
vi.mock('../../electron/vault-safe-storage.js', async () => {
  const { memoryVault } = await import('../../electron/core/vault.js');
  return { safeStorageVault: () => memoryVault() };
});

const root = join(import.meta.dirname, '..', '..');
const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

/** Starts main.ts afresh under `env` and answers what it registered. */
async function startMain(env: Record<string, string | undefined>): Promise<Recorded> {
  const saved = { ...process.env };
  Object.assign(process.env, env);
  for (const [k, v] of Object.entries(env)) if (v === undefined) delete process.env[k];
  vi.resetModules();
  resetRecorded();
  try {
    await import('../../electron/main.js');
    await tick();
  } finally {
    process.env = saved;
  }
  return recorded();
}

let shell: Recorded;
let prefs: Record<string, unknown>;
beforeAll(async () => {
  shell = await startMain({ VEND_UPSTREAM: undefined, VEND_ALLOW_INSECURE_UPSTREAM: undefined });
  prefs = (shell.windows[0]?.options.webPreferences ?? {}) as Record<string, unknown>;
});
afterAll(() => resetRecorded());

/** A web contents as Electron hands it to main's `web-contents-created` listener. */
function lockedContents(from: Recorded) {
  const contents = fakeContents();
  for (const listener of from.appListeners.get('web-contents-created') ?? [])
    (listener as (e: unknown, c: unknown) => void)({}, contents);
  return contents;
}

/** Fires a navigation event; true when the shell prevented it. */
function prevented(contents: ReturnType<typeof fakeContents>, event: string, url: string): boolean {
  let stopped = false;
  (contents.listeners.get(event) as ((e: unknown) => void) | undefined)?.({
    url,
    preventDefault: () => void (stopped = true),
  });
  return stopped;
}

/** electron-builder.yml's `electronFuses:` block (flat `key: true|false` lines). */
function fuses(): Record<string, boolean> {
  const lines = readFileSync(join(root, 'electron-builder.yml'), 'utf8').split('\n');
  const start = lines.findIndex((l) => l.trim() === 'electronFuses:');
  const out: Record<string, boolean> = {};
  for (const line of lines.slice(start + 1)) {
    const m = /^\s+(\w+):\s*(true|false)\s*$/.exec(line);
    if (!m) break;
    out[m[1]!] = m[2] === 'true';
  }
  return out;
}

const call = (frame: unknown, op: string) =>
  (shell.ipcHandlers.get(CALL_CHANNEL) as (e: unknown, op: string, input: unknown, meta: unknown) => Promise<unknown>)(
    { senderFrame: frame, sender: {} },
    op,
    {},
    undefined,
  );

describe('Electron security checklist', () => {
  it("main starts one window with the policy's options (the rest of this file reads what main really did)", () => {
    expect(shell.exitCodes).toEqual([]);
    expect(shell.windows).toHaveLength(1);
    const { webPreferences: used, ...rest } = shell.windows[0]!.options as { webPreferences: { preload: string } };
    expect(used).toEqual(webPreferences(used.preload));
    expect(used.preload).toMatch(/dist-electron[/\\]preload\.cjs$/);
    const { webPreferences: _p, ...expected } = windowOptions(used.preload);
    expect(rest).toEqual(expected);
  });

  it('1. only loads secure content: its own secure scheme, and nothing remote in the CSP', () => {
    expect(shell.windows[0]!.loaded).toEqual([`${APP_ORIGIN}/`]);
    expect(APP_SCHEME.privileges).toMatchObject({ standard: true, secure: true });
    expect(CSP).not.toMatch(/https?:|\*|ws:/);
  });

  it('2. no Node.js integration for remote content (page, frames, workers)', () => {
    expect(prefs).toMatchObject({
      nodeIntegration: false,
      nodeIntegrationInSubFrames: false,
      nodeIntegrationInWorker: false,
    });
  });

  it('3. context isolation', () => {
    expect(prefs.contextIsolation).toBe(true);
  });

  it('4. sandbox: in the window, and for every renderer (app.enableSandbox)', () => {
    expect(prefs.sandbox).toBe(true);
    expect(shell.sandboxEnabled).toBe(true);
  });

  it('5. session permission handlers: deny by default, two harmless permissions for the console only', () => {
    const ask = (permission: string, url: string) => {
      let answer: boolean | undefined;
      (shell.permissionRequest as (c: unknown, p: string, cb: (ok: boolean) => void) => void)(
        { getURL: () => url },
        permission,
        (ok) => (answer = ok),
      );
      return answer;
    };
    const check = (permission: string, origin: string) =>
      (shell.permissionCheck as (c: unknown, p: string, o: string) => boolean)(null, permission, origin);
    expect(ask('fullscreen', `${APP_ORIGIN}/pointMent/pointList`)).toBe(true);
    expect(check('clipboard-sanitized-write', APP_ORIGIN)).toBe(true);
    for (const p of [
      'media',
      'geolocation',
      'notifications',
      'openExternal',
      'clipboard-read',
      'midiSysex',
      'hid',
      'serial',
      'usb',
    ]) {
      expect(ask(p, `${APP_ORIGIN}/`), p).toBe(false);
      expect(check(p, APP_ORIGIN), p).toBe(false);
    }
    expect(ask('fullscreen', 'https://evil.example/')).toBe(false);
    expect(check('fullscreen', 'file://')).toBe(false);
    expect(permissionAllowed('fullscreen', 'app://other/')).toBe(false);
  });

  it('6. webSecurity is not disabled', () => {
    expect(prefs.webSecurity).toBe(true);
  });

  it('7. a content security policy on every answer of the app protocol, with form-action', async () => {
    for (const directive of [
      "default-src 'self'",
      "script-src 'self'",
      "object-src 'none'",
      "base-uri 'none'",
      "frame-ancestors 'none'",
      "form-action 'none'",
    ]) {
      expect(CSP.split('; '), directive).toContain(directive);
    }
    expect(CSP).not.toMatch(/script-src[^;]*(unsafe|data:|blob:)/);
    const answer = await shell.protocolHandlers.get('app')!(new Request('app://elsewhere/x.js'));
    expect(answer.status).toBe(404);
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) expect(answer.headers.get(name)).toBe(value);
  });

  it('8. allowRunningInsecureContent is off', () => {
    expect(prefs.allowRunningInsecureContent).toBe(false);
  });

  it('9. no experimental features', () => {
    expect(prefs.experimentalFeatures).toBe(false);
  });

  it('10. no enableBlinkFeatures', () => {
    expect('enableBlinkFeatures' in prefs).toBe(false);
  });

  it('11. <webview> is off, and attaching one is prevented', () => {
    expect(prefs.webviewTag).toBe(false);
    expect(prevented(lockedContents(shell), 'will-attach-webview', 'https://evil.example/')).toBe(true);
  });

  it('12. navigation is limited to the console (navigate, frame navigate, redirect)', () => {
    const contents = lockedContents(shell);
    for (const event of ['will-navigate', 'will-frame-navigate', 'will-redirect']) {
      for (const url of [
        'https://evil.example/',
        'http://127.0.0.1:8090/',
        'file:///etc/passwd',
        'app://other/',
        'javascript:alert(1)',
      ]) {
        expect(prevented(contents, event, url), `${event} ${url}`).toBe(true);
      }
      expect(prevented(contents, event, `${APP_ORIGIN}/login`), event).toBe(false);
    }
    expect(navigationAllowed(`${APP_ORIGIN}/a?b#c`)).toBe(true);
  });

  it('13. new windows are limited: a page never opens an Electron window itself', () => {
    const contents = lockedContents(shell);
    for (const url of [`${APP_ORIGIN}/login`, 'https://evil.example/', 'about:blank', 'file:///etc/passwd']) {
      expect(contents.openWindow(url), url).toEqual({ action: 'deny' });
    }
    // The default upstream is plain http on loopback: no external host is allowed at all.
    expect(shell.openedExternally).toEqual([]);
  });

  it('14. shell.openExternal only for https URLs of allow-listed hosts', async () => {
    const hosts = new Set(['cloud.example.com']);
    expect(externalAllowed('https://cloud.example.com/files/a.pdf', hosts)).toBe(true);
    for (const url of [
      'http://cloud.example.com/',
      'https://evil.example/',
      'https://cloud.example.com.evil.example/',
      'https://sub.cloud.example.com/',
      'https://cloud.example.com@evil.example/',
      'https://user:pw@cloud.example.com/',
      'file://cloud.example.com/x',
      'smb://cloud.example.com/x',
      'javascript:alert(1)',
      'not a url',
    ]) {
      expect(externalAllowed(url, hosts), url).toBe(false);
    }
    expect(externalAllowed('https://CLOUD.example.com/', hosts)).toBe(true);
    expect([...externalHostsOf('https://cloud.example.com:8443/api')]).toEqual(['cloud.example.com']);
    expect([...externalHostsOf('http://127.0.0.1:8090')]).toEqual([]);
    expect(windowOpenDecision('https://cloud.example.com/a', hosts)).toEqual({
      action: 'deny',
      external: 'https://cloud.example.com/a',
    });
    // Through main, on an https upstream: its host opens in the OS browser, nothing else does.
    const onHttps = await startMain({ VEND_UPSTREAM: 'https://cloud.example.com/api' });
    const contents = lockedContents(onHttps);
    expect(contents.openWindow('https://cloud.example.com/download/1')).toEqual({ action: 'deny' });
    expect(contents.openWindow('https://evil.example/')).toEqual({ action: 'deny' });
    expect(onHttps.openedExternally).toEqual(['https://cloud.example.com/download/1']);
  });

  it('15. a current Electron: the installed one is the declared major, and not older than 45', () => {
    const declared = (
      JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { devDependencies: Record<string, string> }
    ).devDependencies.electron!;
    const installed = (
      JSON.parse(readFileSync(join(root, 'node_modules', 'electron', 'package.json'), 'utf8')) as { version: string }
    ).version;
    const major = (v: string) => Number(/(\d+)/.exec(v)![1]);
    expect(declared).toMatch(/^\^/);
    expect(major(installed)).toBe(major(declared));
    expect(major(installed)).toBeGreaterThanOrEqual(45);
  });

  it("16. IPC senders are validated: only the console's own top frame", async () => {
    expect(await call({ url: `${APP_ORIGIN}/login`, parent: null }, 'app.info')).toMatchObject({
      ok: true,
      content: { mode: 'desktop' },
    });
    for (const frame of [
      null,
      undefined,
      { url: 'https://evil.example/', parent: null },
      { url: `${APP_ORIGIN}/`, parent: {} },
      { url: 'app://other/', parent: null },
      { url: 'file:///app/index.html', parent: null },
    ]) {
      expect(await call(frame, 'app.info'), JSON.stringify(frame)).toMatchObject({
        ok: false,
        error: { code: 403, message: 'untrusted sender' },
      });
      expect(trustedSender(frame as never)).toBe(false);
    }
    // The preload calls on the same channel main listens on.
    expect(readFileSync(join(root, 'electron', 'preload.ts'), 'utf8')).toContain(`'${CALL_CHANNEL}'`);
  });

  it('17. a custom protocol instead of file://', () => {
    expect(shell.schemes).toEqual([APP_SCHEME]);
    expect([...shell.protocolHandlers.keys()]).toEqual([APP_SCHEME.scheme]);
    expect(shell.windows.flatMap((w) => w.loaded).every((url) => url.startsWith(`${APP_ORIGIN}/`))).toBe(true);
    expect(fuses().grantFileProtocolExtraPrivileges).toBe(false);
  });

  it('18. fuses flipped at packaging (electron-builder.yml electronFuses)', () => {
    expect(fuses()).toEqual({
      runAsNode: false,
      enableCookieEncryption: true,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
      grantFileProtocolExtraPrivileges: false,
    });
  });
});

describe('main refuses a plain-http upstream on another host', () => {
  it('prints one line and exits before any window, unless explicitly allowed', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const refused = await startMain({ VEND_UPSTREAM: 'http://10.0.0.5:8090' });
      expect(refused.exitCodes).toEqual([1]);
      expect(refused.windows).toEqual([]);
      expect(errors).toHaveBeenCalledTimes(1);
      expect(String(errors.mock.calls[0]![0])).toMatch(
        /^Refusing plain-http upstream http:\/\/10\.0\.0\.5:8090: use https, or set VEND_ALLOW_INSECURE_UPSTREAM=1/,
      );
      const allowed = await startMain({ VEND_UPSTREAM: 'http://10.0.0.5:8090', VEND_ALLOW_INSECURE_UPSTREAM: '1' });
      expect(allowed.exitCodes).toEqual([]);
      expect(allowed.windows).toHaveLength(1);
    } finally {
      errors.mockRestore();
    }
  });
});
