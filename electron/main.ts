/**
 * The Electron shell (ARCHITECTURE §1, §6): one window on a custom `app://`
 * protocol, locked down, and one IPC handler that hands every call to the
 * core. Every decision lives in the core and in shell-policy.ts (the security
 * settings as data); this file only adapts Electron.
 * Type-checked against Electron's own types; it needs an Electron binary to run.
 */
import path from 'node:path';
import { existsSync } from 'node:fs';
import { readFile, rename, stat, writeFile } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import {
  app,
  BrowserWindow,
  dialog,
  ipcMain,
  Menu,
  nativeImage,
  net,
  Notification,
  protocol,
  screen,
  session,
  shell,
} from 'electron';
import electronUpdater from 'electron-updater';
import { CODE } from '../shared/domains.js';
import { epochOf, PICK_KINDS, type CallResult, type PickKind, type Prefs } from '../shared/ipc.js';
import { FILE_CACHE_CONTROL, IMAGE_MAX_BYTES } from '../shared/file/index.js';
import { DEFAULT_LANG, LANGS, type Lang } from '../shared/i18n/define.js';
import { LINK_SCHEME } from '../shared/links.js';
import type { PrefsStore } from './core/prefs.js';
import { HASHED_ASSET_CACHE_CONTROL, isHashedAsset, resolveAsset } from './core/assets.js';
import { createCore, type CallContext, type Core, type WindowHost } from './core/core.js';
import { badgeOf, noticeOf } from './core/notify.js';
import { SECURITY_HEADERS } from './core/security.js';
import { upstreamFromEnv } from './core/upstream.js';
import { electronStorePrefs, electronStoreWindows, type WindowStore } from './prefs-store.js';
import { placeWindow, windowKindOf, type WindowKind } from './window-state.js';
import { menuTemplate, toMenuOptions } from './app-menu.js';
import {
  CHECK_EVERY_MS,
  FIRST_CHECK_MS,
  offerOf,
  restartDecision,
  unsavedOf,
  UPDATER_SETTINGS,
  updatesEnabled,
} from './updates.js';
import { desktopTexts, fill } from '../shared/common/desktopTexts.js';
import { safeStorageVault } from './vault-safe-storage.js';
import {
  APP_HOST,
  APP_ORIGIN,
  APP_SCHEME,
  appUrlOf,
  CALL_CHANNEL,
  EVENT_CHANNEL,
  externalHostsOf,
  linkInArgv,
  navigationAllowed,
  permissionAllowed,
  SCHEME,
  trustedSender,
  windowOpenDecision,
  windowOptions,
} from './shell-policy.js';

const appRoot = () => app.getAppPath();
const rendererDir = () => path.join(appRoot(), 'dist', 'renderer');
const preloadFile = () => path.join(appRoot(), 'dist-electron', 'preload.cjs');

// Both must run before `ready`: the console's own secure scheme, and Chromium's
// sandbox for every renderer whatever its webPreferences say.
protocol.registerSchemesAsPrivileged([APP_SCHEME]);
app.enableSandbox();

/** The path of a file's bytes on the console's origin (`<img src="/files/<id>">`), as the browser-mode host serves it. */
const FILES_PREFIX = '/files/';

/**
 * Serves dist/renderer on app://console/ with the SPA fallback and the
 * security headers, and /files/<id> from the upstream through the core (the
 * token stays in main).
 */
function serveApp(core: Core): void {
  protocol.handle(SCHEME, async (request) => {
    const url = new URL(request.url);
    if (url.host === APP_HOST && url.pathname.startsWith(FILES_PREFIX)) {
      const result = await core.file(url.pathname.slice(FILES_PREFIX.length));
      if (!result.ok)
        return new Response('Not found', {
          status: 404,
          headers: { 'Content-Type': 'text/plain; charset=utf-8', ...SECURITY_HEADERS },
        });
      return new Response(Buffer.from(result.content.bytes), {
        status: 200,
        headers: { 'Content-Type': result.content.mime, 'Cache-Control': FILE_CACHE_CONTROL, ...SECURITY_HEADERS },
      });
    }
    const answer = url.host === APP_HOST ? await resolveAsset(rendererDir(), url.pathname) : { kind: 'none' as const };
    if (answer.kind === 'none') {
      return new Response('Not found', {
        status: 404,
        headers: { 'Content-Type': 'text/plain; charset=utf-8', ...SECURITY_HEADERS },
      });
    }
    const file = await net.fetch(pathToFileURL(answer.file).toString());
    const headers = new Headers(file.headers);
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) headers.set(name, value);
    if (answer.kind === 'index') headers.set('Cache-Control', 'no-store');
    else if (isHashedAsset(answer.file)) headers.set('Cache-Control', HASHED_ASSET_CACHE_CONTROL);
    return new Response(file.body, { status: file.status, headers });
  });
}

/**
 * The native open dialog for one image (the renderer never gets the path):
 * the extensions of spec §5, a size checked before the file is read, the
 * content judged by the upstream.
 */
async function pickImage(label: string): Promise<{ name: string; bytes: Buffer } | null> {
  const owner = BrowserWindow.getFocusedWindow();
  const options = {
    properties: ['openFile' as const],
    filters: [{ name: label, extensions: ['jpg', 'jpeg', 'gif', 'png', 'bmp'] }],
  };
  const chosen = owner ? await dialog.showOpenDialog(owner, options) : await dialog.showOpenDialog(options);
  const file = chosen.canceled ? undefined : chosen.filePaths[0];
  if (!file) return null;
  const { size } = await stat(file);
  // Past the limit: a stand-in of that length, refused by the core without reading the file.
  const bytes = size > IMAGE_MAX_BYTES ? Buffer.alloc(IMAGE_MAX_BYTES + 1) : await readFile(file);
  return { name: path.basename(file), bytes };
}

/** The native open dialog for one file of a kind (a p12, a sheet): read only when within the kind's size. */
async function pickFile(kind: PickKind, label: string): Promise<{ name: string; bytes: Buffer | null } | null> {
  const owner = BrowserWindow.getFocusedWindow();
  const options = {
    properties: ['openFile' as const],
    filters: [{ name: label, extensions: [...PICK_KINDS[kind].extensions] }],
  };
  const chosen = owner ? await dialog.showOpenDialog(owner, options) : await dialog.showOpenDialog(options);
  const file = chosen.canceled ? undefined : chosen.filePaths[0];
  if (!file) return null;
  const { size } = await stat(file);
  return { name: path.basename(file), bytes: size > PICK_KINDS[kind].maxBytes ? null : await readFile(file) };
}

/** The native save dialog; the file is written under a temporary name and renamed once complete, so a failure leaves no half file. */
async function saveFile(name: string, bytes: Buffer): Promise<boolean> {
  const owner = BrowserWindow.getFocusedWindow();
  const options = { defaultPath: name };
  const chosen = owner ? await dialog.showSaveDialog(owner, options) : await dialog.showSaveDialog(options);
  if (chosen.canceled || !chosen.filePath) return false;
  const partial = `${chosen.filePath}.part`;
  await writeFile(partial, bytes);
  await rename(partial, chosen.filePath);
  return true;
}

/**
 * A window's page as a PDF (a statement), saved through the native save
 * dialog: Chromium's printToPDF with the page's print styles, on A4, the
 * system's fonts; the bytes go through `saveFile` (a temporary name, renamed).
 */
async function savePdf(name: string, windowId: number | undefined): Promise<boolean> {
  const target = windowId === undefined ? null : BrowserWindow.fromId(windowId);
  if (!target) return false;
  const bytes = await target.webContents.printToPDF({ pageSize: 'A4', printBackground: true, preferCSSPageSize: true });
  return saveFile(name, bytes);
}

/** The native save dialog for a file main writes itself (an export): the path, or null when cancelled. */
async function choosePath(name: string): Promise<string | null> {
  const owner = BrowserWindow.getFocusedWindow();
  const options = { defaultPath: name, filters: [{ name: 'Excel', extensions: ['xlsx'] }] };
  const chosen = owner ? await dialog.showSaveDialog(owner, options) : await dialog.showSaveDialog(options);
  return chosen.canceled || !chosen.filePath ? null : chosen.filePath;
}

/** The one IPC handler; `sessionCalled` hears each session operation (the menu shows who is signed in). */
function registerBridge(core: Core, sessionCalled: () => void): void {
  ipcMain.handle(
    CALL_CHANNEL,
    async (event, op: unknown, input: unknown, meta: unknown): Promise<CallResult<unknown>> => {
      if (!trustedSender(event.senderFrame)) {
        return { ok: false, error: { source: 'local', code: CODE.forbidden, status: 0, message: 'untrusted sender' } };
      }
      // The calling window, for windows.open and for closing the others at
      // sign-out; the session its page believes current (a window left on a
      // previous user is refused, as a browser tab is).
      const caller = BrowserWindow.fromWebContents(event.sender);
      const epoch = epochOf(meta);
      const from: CallContext = { ...(caller ? { window: caller.id } : {}), ...(epoch === undefined ? {} : { epoch }) };
      const result = await core.call(typeof op === 'string' ? op : '', input, from);
      if (typeof op === 'string' && op.startsWith('session.')) sessionCalled();
      return result;
    },
  );
}

/** The console's language as the preferences hold it (main's own texts follow it). */
async function langOf(prefs: PrefsStore): Promise<Lang> {
  return langIn(await prefs.get());
}

/** The language preferences already read hold. */
const langIn = (p: Prefs): Lang => (LANGS.includes(p.language as Lang) ? (p.language as Lang) : DEFAULT_LANG);

/**
 * The session's live events to every console window, and an OS notification
 * where the device's switch for the event is on (spec §3), in the user's
 * language (core/notify.ts); a click follows the notice's deep link, judged
 * for whoever is signed in then. Windows of a previous session ignore events
 * by their epoch.
 */
function forwardEvents(core: Core, prefs: PrefsStore): void {
  // Shown notifications stay referenced until they go: one collected early loses its click.
  const shown = new Set<Notification>();
  core.subscribe((event) => {
    for (const win of BrowserWindow.getAllWindows()) {
      if (!win.isDestroyed()) win.webContents.send(EVENT_CHANNEL, event);
    }
    // What the signed-in user just did is no news to them.
    if (event.actor !== undefined && event.actor === core.session.user()?.userId) return;
    if (!Notification.isSupported()) return;
    void langOf(prefs).then((lang) => {
      const notice = noticeOf(event, lang);
      if (!notice) return;
      const note = new Notification({ title: notice.title, body: notice.body });
      shown.add(note);
      note.on('click', () => void core.link(notice.link));
      note.on('close', () => shown.delete(note));
      note.show();
    });
  });
}

/** A 16-px red dot for the Windows taskbar's overlay (Windows shows no number on a taskbar button). */
function overlayDot(): Electron.NativeImage {
  const size = 16;
  const pixels = Buffer.alloc(size * size * 4);
  for (let y = 0; y < size; y++)
    for (let x = 0; x < size; x++) {
      if ((x - 7.5) ** 2 + (y - 7.5) ** 2 > 56) continue;
      // BGRA: #C4314B, the console's danger red.
      pixels.set([0x4b, 0x31, 0xc4, 0xff], (y * size + x) * 4);
    }
  return nativeImage.createFromBitmap(pixels, { width: size, height: size });
}

/** The open complaints on the dock or launcher (a number) and the Windows taskbar (a dot, the count in its description). */
function showComplaints(prefs: PrefsStore, main: () => BrowserWindow | null) {
  const dot = process.platform === 'win32' ? overlayDot() : null;
  return (open: number | null) =>
    void langOf(prefs).then((lang) => {
      const badge = badgeOf(open, lang);
      app.setBadgeCount(badge.count);
      const win = main();
      if (dot && win && !win.isDestroyed()) win.setOverlayIcon(badge.overlay ? dot : null, badge.overlay ?? '');
    });
}

/**
 * Locks every web contents: no new windows (allow-listed https links go to
 * the OS browser), no navigation or redirect away from the console, no webviews.
 */
function lockWebContents(externalHosts: ReadonlySet<string>): void {
  app.on('web-contents-created', (_event, contents) => {
    contents.setWindowOpenHandler(({ url }) => {
      const decision = windowOpenDecision(url, externalHosts);
      if (decision.external) void shell.openExternal(decision.external);
      return { action: decision.action };
    });
    contents.on('will-navigate', (event) => {
      if (!navigationAllowed(event.url)) event.preventDefault();
    });
    contents.on('will-frame-navigate', (event) => {
      if (!navigationAllowed(event.url)) event.preventDefault();
    });
    contents.on('will-redirect', (event) => {
      if (!navigationAllowed(event.url)) event.preventDefault();
    });
    contents.on('will-attach-webview', (event) => event.preventDefault());
  });
}

function lockPermissions(): void {
  const ses = session.defaultSession;
  ses.setPermissionRequestHandler((contents, permission, callback) =>
    callback(permissionAllowed(permission, contents.getURL())),
  );
  ses.setPermissionCheckHandler((_contents, permission, requestingOrigin) =>
    permissionAllowed(permission, requestingOrigin),
  );
}

/** The kind each open window is remembered as (window-state.ts). */
const kinds = new Map<number, WindowKind>();

/**
 * A console window: every window has the same locked-down settings
 * (shell-policy.ts) and the same preload, and all of them share the one core
 * (one session). It opens where its kind was last, on a display there is now
 * (window-state.ts), and says where it was when it closes.
 */
function createWindow(places: WindowStore, route = '/', kind: WindowKind = windowKindOf(route)): BrowserWindow {
  const options = windowOptions(preloadFile());
  const open = [...kinds.values()].filter((k) => k === kind).length;
  const place = placeWindow(
    places.get(kind),
    screen.getAllDisplays().map((d) => d.workArea),
    {
      width: options.width ?? 1280,
      height: options.height ?? 800,
      minWidth: options.minWidth ?? 900,
      minHeight: options.minHeight ?? 600,
    },
    open,
  );
  const { maximized, ...bounds } = place;
  const win = new BrowserWindow({ ...options, ...bounds });
  // Read now: a closed window's properties throw.
  const id = win.id;
  kinds.set(id, kind);
  win.once('ready-to-show', () => {
    if (maximized) win.maximize();
    win.show();
  });
  win.on('close', () => places.set(kind, { ...win.getNormalBounds(), maximized: win.isMaximized() }));
  win.on('closed', () => kinds.delete(id));
  void win.loadURL(appUrlOf(route) ?? `${APP_ORIGIN}/`);
  return win;
}

/** Brings a window forward, restored from the dock or taskbar. */
function bringForward(target: BrowserWindow): void {
  if (target.isMinimized()) target.restore();
  target.show();
  target.focus();
}

/**
 * windows.open and sign-out for the core (the §2 tab menu's new window; §4 logout): a route in a new window
 * on the same session; at sign-out every window but the caller's closes (the
 * caller goes to sign-in itself). A deep link's screen: the main window comes
 * forward and is told one waits (it asks the core, `links.take`).
 */
function windowHost(places: WindowStore, main: () => BrowserWindow | null, epoch: () => string): WindowHost {
  return {
    open(route) {
      const url = appUrlOf(route);
      if (!url) return false;
      createWindow(places, route);
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
    showMain() {
      const target = main();
      if (!target) return;
      bringForward(target);
      target.webContents.send(EVENT_CHANNEL, { topic: 'link', data: {}, epoch: epoch() });
    },
  };
}

/** Logs a refused deep link: the reason, not the link (it may carry what was pasted into it). */
const refusedLink = (reason: string) => console.warn(`deep link refused: ${reason}`);

/** The update downloaded and waiting (updates.ts): its version, and the offer to restart into it. */
interface UpdateOffer {
  ready(): string | null;
  offer(): Promise<void>;
}

/**
 * Updates (updates.ts): when packaged with a feed, a check a minute after
 * the start and then daily, the download in the background, and the offer to
 * restart — refused while a window holds unsaved input, and kept in the
 * menu until taken. Declined, the update installs when the console quits.
 */
function startUpdates(core: Core, prefs: PrefsStore, changed: () => void): UpdateOffer {
  let ready: string | null = null;
  // electron-updater is CommonJS (its exports come through the default one), and makes its updater when first
  // asked: only a console that looks for updates asks.
  const updater = () => electronUpdater.autoUpdater;
  const offer = async () => {
    if (ready === null) return;
    const lang = await langOf(prefs);
    const box = offerOf(ready, lang);
    const { response } = await dialog.showMessageBox(box);
    const decision = restartDecision(response === box.defaultId, core.dirtyWindows());
    if (decision.restart) updater().quitAndInstall();
    else if (decision.reason === 'unsaved') await dialog.showMessageBox({ message: unsavedOf(lang) });
  };
  // electron-builder writes the feed's settings beside the packaged app (resourcesPath exists only there).
  const feed = app.isPackaged && existsSync(path.join(process.resourcesPath, 'app-update.yml'));
  if (!updatesEnabled(app.isPackaged, feed)) return { ready: () => null, offer };
  const autoUpdater = updater();
  Object.assign(autoUpdater, UPDATER_SETTINGS);
  autoUpdater.on('error', (error) => console.warn(`update: ${error.message}`));
  autoUpdater.on('update-downloaded', (info) => {
    ready = info.version;
    changed();
    void offer();
  });
  const check = () => void autoUpdater.checkForUpdates().catch(() => {});
  setTimeout(check, FIRST_CHECK_MS);
  setInterval(check, CHECK_EVERY_MS);
  return { ready: () => ready, offer };
}

/**
 * The application menu (app-menu.ts), built again a moment after anything it
 * shows changes: the language or font size, a window opening, closing,
 * gaining focus or changing its title, a sign-in or sign-out. A console
 * command goes to the focused window (topic `menu`), which does it as its
 * own button would.
 */
function appMenu(core: Core, prefs: PrefsStore, updates: UpdateOffer): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const build = async () => {
    timer = undefined;
    const p = await prefs.get();
    const lang = langIn(p);
    const focused = BrowserWindow.getFocusedWindow();
    const template = menuTemplate({
      platform: process.platform,
      lang,
      size: p.size,
      signedIn: core.session.user() !== null,
      update: updates.ready(),
      windows: BrowserWindow.getAllWindows()
        .filter((w) => !w.isDestroyed())
        .sort((a, b) => a.id - b.id)
        .map((w) => ({ id: w.id, title: w.getTitle(), focused: w === focused })),
    });
    Menu.setApplicationMenu(
      Menu.buildFromTemplate(
        toMenuOptions(template, {
          command: (command) => {
            (BrowserWindow.getFocusedWindow() ?? BrowserWindow.getAllWindows()[0])?.webContents.send(EVENT_CHANNEL, {
              topic: 'menu',
              data: { command },
              epoch: core.session.epoch(),
            });
            // A radio Electron ticked at the click shows the preference again if the window declined it.
            soon();
          },
          focusWindow: (id) => {
            const win = BrowserWindow.fromId(id);
            if (win) bringForward(win);
          },
          about: () => {
            const t = desktopTexts[lang].menu;
            void dialog.showMessageBox({ message: t.app, detail: fill(t.version, { version: app.getVersion() }) });
          },
          restartToUpdate: () => void updates.offer(),
        }),
      ),
    );
  };
  const soon = () => {
    timer ??= setTimeout(() => void build(), 50);
  };
  return soon;
}

/** A PrefsStore that says when it was written (the menu follows the language and font size). */
function watchedPrefs(store: PrefsStore, changed: () => void): PrefsStore {
  return {
    get: () => store.get(),
    set: async (patch) => {
      const next = await store.set(patch);
      changed();
      return next;
    },
  };
}

function start(): void {
  if (!app.requestSingleInstanceLock()) {
    app.quit();
    return;
  }
  // Plain http only on this machine unless explicitly allowed (core/upstream.ts).
  const upstream = upstreamFromEnv(process.env);
  if (!upstream.ok) {
    console.error(upstream.refusal);
    app.exit(1);
    return;
  }
  let win: BrowserWindow | null = null;
  let core: Core | null = null;
  lockWebContents(externalHostsOf(upstream.url));

  // The installers register the scheme; a console run from source registers itself with its script.
  if (app.isPackaged) app.setAsDefaultProtocolClient(LINK_SCHEME);
  else if (process.argv[1])
    app.setAsDefaultProtocolClient(LINK_SCHEME, process.execPath, [path.resolve(process.argv[1])]);
  // Links before the core is ready (the one that launched the console; macOS's open-url at launch) wait for it.
  const early: string[] = [];
  const link = (raw: string | null) => {
    if (raw === null) return;
    if (core) void core.link(raw);
    else early.push(raw);
  };
  link(linkInArgv(process.argv));
  app.on('open-url', (event, url) => {
    event.preventDefault();
    link(url);
  });

  const mainWindow = () => win ?? BrowserWindow.getAllWindows()[0] ?? null;
  app.on('second-instance', (_event, argv) => {
    // The first window, or any console window still open (it may have been closed by a sign-out elsewhere).
    const target = mainWindow();
    if (target) bringForward(target);
    link(linkInArgv(argv));
  });

  void app.whenReady().then(() => {
    let menuSoon = () => {};
    const prefs = watchedPrefs(electronStorePrefs(), () => menuSoon());
    const places = electronStoreWindows();
    const ready = createCore({
      upstreamUrl: upstream.url,
      vault: safeStorageVault(),
      prefs,
      mode: 'desktop',
      version: app.getVersion(),
      windows: windowHost(places, mainWindow, () => ready.session.epoch()),
      onRefusedLink: refusedLink,
      onOpenComplaints: showComplaints(prefs, mainWindow),
      pickImage,
      pickFile,
      saveFile,
      savePdf,
      choosePath,
    });
    lockPermissions();
    serveApp(ready);
    registerBridge(ready, () => menuSoon());
    forwardEvents(ready, prefs);
    app.on('before-quit', () => ready.close());
    win = createWindow(places, '/', 'main');
    win.on('closed', () => {
      win = null;
    });
    core = ready;
    const updates = startUpdates(ready, prefs, () => menuSoon());
    menuSoon = appMenu(ready, prefs, updates);
    menuSoon();
    app.on('browser-window-created', (_event, created) => {
      menuSoon();
      created.on('focus', menuSoon);
      const id = created.id;
      created.on('closed', () => {
        ready.forgetWindow(id);
        menuSoon();
      });
      created.on('page-title-updated', menuSoon);
    });
    for (const raw of early.splice(0)) void ready.link(raw);

    app.on('activate', () => {
      if (BrowserWindow.getAllWindows().length === 0) {
        win = createWindow(places, '/', 'main');
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
