/**
 * The Electron shell (ARCHITECTURE §1, §6): one window on a custom `app://`
 * protocol, locked down, and one IPC handler that hands every call to the
 * core. Every decision lives in the core; this file only adapts Electron.
 * Type-checked against Electron's own types; it needs an Electron binary to run.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { app, BrowserWindow, ipcMain, net, protocol, session, shell, type IpcMainInvokeEvent } from 'electron';
import { CODE } from '../shared/domains.js';
import { epochOf, type CallResult } from '../shared/ipc.js';
import { resolveAsset } from './core/assets.js';
import { createCore, type CallContext, type Core, type WindowHost } from './core/core.js';
import { SECURITY_HEADERS } from './core/security.js';
import { electronStorePrefs } from './prefs-store.js';
import { safeStorageVault } from './vault-safe-storage.js';

const SCHEME = 'app';
const APP_HOST = 'console';
const APP_ORIGIN = `${SCHEME}://${APP_HOST}`;
/** Must equal CALL_CHANNEL in preload.ts. */
const CALL_CHANNEL = 'vend:call';
const DEFAULT_UPSTREAM = 'http://127.0.0.1:8090';

/** Permissions a console page may have; everything else is denied. */
const ALLOWED_PERMISSIONS: ReadonlySet<string> = new Set(['fullscreen', 'clipboard-sanitized-write']);

const appRoot = () => app.getAppPath();
const rendererDir = () => path.join(appRoot(), 'dist', 'renderer');
const preloadFile = () => path.join(appRoot(), 'dist-electron', 'preload.cjs');

/** Privileged like https: a standard, secure origin with fetch; must run before `ready`. */
protocol.registerSchemesAsPrivileged([
  { scheme: SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true } },
]);

const isAppUrl = (raw: string): boolean => {
  try {
    const url = new URL(raw);
    return url.protocol === `${SCHEME}:` && url.host === APP_HOST;
  } catch {
    return false;
  }
};

/** Serves dist/renderer on app://console/ with the SPA fallback and the security headers. */
function serveApp(): void {
  protocol.handle(SCHEME, async (request) => {
    const url = new URL(request.url);
    const answer = url.host === APP_HOST ? await resolveAsset(rendererDir(), url.pathname) : { kind: 'none' as const };
    if (answer.kind === 'none') {
      return new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8', ...SECURITY_HEADERS } });
    }
    const file = await net.fetch(pathToFileURL(answer.file).toString());
    const headers = new Headers(file.headers);
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) headers.set(name, value);
    if (answer.kind === 'index') headers.set('Cache-Control', 'no-store');
    return new Response(file.body, { status: file.status, headers });
  });
}

/** Sender check: only the console's own top frame, loaded from app://console/, may call. */
function trustedSender(event: IpcMainInvokeEvent): boolean {
  const frame = event.senderFrame;
  return frame !== null && frame.parent === null && isAppUrl(frame.url);
}

function registerBridge(core: Core): void {
  ipcMain.handle(CALL_CHANNEL, async (event, op: unknown, input: unknown, meta: unknown): Promise<CallResult<unknown>> => {
    if (!trustedSender(event)) {
      return { ok: false, error: { source: 'local', code: CODE.forbidden, status: 0, message: 'untrusted sender' } };
    }
    // The calling window, for windows.open and for closing the others at
    // sign-out; the session its page believes current (a window left on a
    // previous user is refused, as a browser tab is).
    const caller = BrowserWindow.fromWebContents(event.sender);
    const epoch = epochOf(meta);
    const from: CallContext = { ...(caller ? { window: caller.id } : {}), ...(epoch === undefined ? {} : { epoch }) };
    return core.call(typeof op === 'string' ? op : '', input, from);
  });
}

/** Locks every web contents: no new windows, no navigation away, no webviews. */
function lockWebContents(): void {
  app.on('web-contents-created', (_event, contents) => {
    contents.setWindowOpenHandler(({ url }) => {
      // Links leave the app only for https, and only to the OS browser.
      if (url.startsWith('https://')) void shell.openExternal(url);
      return { action: 'deny' };
    });
    contents.on('will-navigate', (event) => {
      if (!isAppUrl(event.url)) event.preventDefault();
    });
    contents.on('will-attach-webview', (event) => event.preventDefault());
  });
}

function lockPermissions(): void {
  const ses = session.defaultSession;
  ses.setPermissionRequestHandler((contents, permission, callback) => {
    callback(ALLOWED_PERMISSIONS.has(permission) && isAppUrl(contents.getURL()));
  });
  ses.setPermissionCheckHandler((_contents, permission, requestingOrigin) => {
    return ALLOWED_PERMISSIONS.has(permission) && isAppUrl(requestingOrigin);
  });
}

/** The app URL of a console route; the core has checked `route` is a local path (shared/ipc.ts appPath). */
function appUrlOf(route: string): string | null {
  const url = new URL(route, `${APP_ORIGIN}/`).toString();
  return isAppUrl(url) ? url : null;
}

/**
 * A console window: every window has the same locked-down settings and the
 * same preload, and all of them share the one core (one session).
 */
function createWindow(route = '/'): BrowserWindow {
  const win = new BrowserWindow({
    width: 1280,
    height: 800,
    minWidth: 900,
    minHeight: 600,
    show: false,
    title: 'Vend Console',
    webPreferences: {
      preload: preloadFile(),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      spellcheck: false,
    },
  });
  win.once('ready-to-show', () => win.show());
  void win.loadURL(appUrlOf(route) ?? `${APP_ORIGIN}/`);
  return win;
}

/**
 * windows.open and sign-out for the core (the §2 tab menu's new window; §4 logout): a route in a new window
 * on the same session; at sign-out every window but the caller's closes (the
 * caller goes to sign-in itself).
 */
function windowHost(): WindowHost {
  return {
    open(route) {
      const url = appUrlOf(route);
      if (!url) return false;
      createWindow(route);
      return true;
    },
    signedOut(from) {
      const keep = from.window !== undefined ? BrowserWindow.fromId(from.window) : BrowserWindow.getFocusedWindow();
      // Without a known caller nothing closes: the last window must not quit the app.
      if (!keep) return;
      for (const win of BrowserWindow.getAllWindows()) {
        if (win !== keep && !win.isDestroyed()) win.close();
      }
    },
  };
}

function start(): void {
  if (!app.requestSingleInstanceLock()) {
    app.quit();
    return;
  }
  let win: BrowserWindow | null = null;
  lockWebContents();

  app.on('second-instance', () => {
    // The first window, or any console window still open (it may have been closed by a sign-out elsewhere).
    const target = win ?? BrowserWindow.getAllWindows()[0];
    if (!target) return;
    if (target.isMinimized()) target.restore();
    target.focus();
  });

  void app.whenReady().then(() => {
    const core = createCore({
      upstreamUrl: process.env.VEND_UPSTREAM || DEFAULT_UPSTREAM,
      vault: safeStorageVault(),
      prefs: electronStorePrefs(),
      mode: 'desktop',
      version: app.getVersion(),
      windows: windowHost(),
    });
    lockPermissions();
    serveApp();
    registerBridge(core);
    win = createWindow();
    win.on('closed', () => {
      win = null;
    });

    app.on('activate', () => {
      if (BrowserWindow.getAllWindows().length === 0) {
        win = createWindow();
        win.on('closed', () => {
          win = null;
        });
      }
    });
  });

  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
}

start();
