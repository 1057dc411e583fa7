/**
 * The desktop shell's security settings as data and pure decisions
 * (ARCHITECTURE §6, the Electron security checklist). main.ts only wires
 * them to Electron; keeping them here lets tests/electron/security.test.ts
 * read every setting and try every decision without an Electron binary.
 * Electron is imported for its types only (erased at build), so importing
 * this module needs no Electron at run time.
 */
import type { BrowserWindowConstructorOptions, CustomScheme, WebPreferences } from 'electron';
import { LINK_SCHEME } from '../shared/links.js';

export const SCHEME = 'app';
export const APP_HOST = 'console';
export const APP_ORIGIN = `${SCHEME}://${APP_HOST}`;
/** Must equal CALL_CHANNEL and EVENT_CHANNEL in preload.ts (which cannot import this file: it would bundle more than electron). */
export const CALL_CHANNEL = 'vend:call';
/** Main → every window: the session's live events (core/events.ts). */
export const EVENT_CHANNEL = 'vend:event';

/**
 * The console's own scheme instead of file:// (checklist: custom protocol):
 * a standard, secure origin of its own, so same-origin rules, the CSP's
 * 'self' and secure-context APIs behave as on https, and no page ever gets
 * file:// reach. Registered before `ready`.
 */
export const APP_SCHEME: CustomScheme = {
  scheme: SCHEME,
  privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true },
};

export const isAppUrl = (raw: string): boolean => {
  try {
    const url = new URL(raw);
    return url.protocol === `${SCHEME}:` && url.host === APP_HOST;
  } catch {
    return false;
  }
};

/** The app URL of a console route, or null when `route` would leave the console's origin. */
export function appUrlOf(route: string): string | null {
  try {
    const url = new URL(route, `${APP_ORIGIN}/`).toString();
    return isAppUrl(url) ? url : null;
  } catch {
    return null;
  }
}

/**
 * Every console window's webPreferences. Each line is a checklist item, set
 * explicitly even where it is Electron's default, so that a default changing
 * (or a well-meant edit) shows up in a test rather than in the field.
 */
export function webPreferences(preload: string): WebPreferences {
  return {
    preload,
    // Isolation: the preload's world and the page's never share objects.
    contextIsolation: true,
    // The renderer runs in Chromium's sandbox; the preload sees only a few Electron modules.
    sandbox: true,
    // No Node in the page, its frames or its workers.
    nodeIntegration: false,
    nodeIntegrationInSubFrames: false,
    nodeIntegrationInWorker: false,
    // Same-origin policy and mixed-content blocking stay on.
    webSecurity: true,
    allowRunningInsecureContent: false,
    // No experimental Chromium features, no extra Blink features (enableBlinkFeatures stays unset).
    experimentalFeatures: false,
    // No <webview>: it would embed content outside these settings.
    webviewTag: false,
    // A file dropped on the window must not navigate it away from the console.
    navigateOnDragDrop: false,
    // A page cannot trap the user in a loop of alert() dialogs.
    safeDialogs: true,
    spellcheck: false,
  };
}

/** A console window: every window, first or opened later, gets the same settings. */
export function windowOptions(preload: string): BrowserWindowConstructorOptions {
  return {
    width: 1280,
    height: 800,
    minWidth: 900,
    minHeight: 600,
    show: false,
    title: 'Vend Console',
    webPreferences: webPreferences(preload),
  };
}

/** Permissions a console page may have; everything else is denied. */
export const ALLOWED_PERMISSIONS: ReadonlySet<string> = new Set(['fullscreen', 'clipboard-sanitized-write']);

/** The session's permission handlers: only the listed permissions, only for the console's own pages. */
export const permissionAllowed = (permission: string, url: string): boolean =>
  ALLOWED_PERMISSIONS.has(permission) && isAppUrl(url);

/** will-navigate / will-redirect / will-frame-navigate: a console window stays on the console. */
export const navigationAllowed = (url: string): boolean => isAppUrl(url);

/**
 * Hosts the OS browser may be asked to open (shell.openExternal with content
 * a page chose). None today: the console links nowhere outside itself. Add a
 * host here when it does; the upstream's own https host is allowed besides
 * (its download and documentation links), see externalHostsOf.
 */
export const EXTERNAL_HOSTS: readonly string[] = [];

/** The allow-list for a given upstream: EXTERNAL_HOSTS, plus the upstream's host when it speaks https. */
export function externalHostsOf(upstreamUrl: string): ReadonlySet<string> {
  const hosts = new Set(EXTERNAL_HOSTS.map((h) => h.toLowerCase()));
  try {
    const upstream = new URL(upstreamUrl);
    if (upstream.protocol === 'https:') hosts.add(upstream.hostname);
  } catch {
    // No upstream host: the fixed list alone.
  }
  return hosts;
}

/**
 * Whether shell.openExternal may open `raw`: https only (never file:, smb:,
 * a custom handler or a script), no credentials in it, and a host of the
 * allow-list exactly (the URL parser decides the host, so
 * `https://allowed@evil.example` is evil.example).
 */
export function externalAllowed(raw: string, hosts: ReadonlySet<string>): boolean {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return false;
  }
  return url.protocol === 'https:' && !url.username && !url.password && hosts.has(url.hostname);
}

/**
 * setWindowOpenHandler: a page never opens an Electron window itself (the
 * console's own windows come from windows.open, through the core). A link to
 * an allowed https host goes to the OS browser instead.
 */
export function windowOpenDecision(url: string, hosts: ReadonlySet<string>): { action: 'deny'; external?: string } {
  return externalAllowed(url, hosts) ? { action: 'deny', external: new URL(url).toString() } : { action: 'deny' };
}

/** The frame an IPC call came from, as much of it as the sender check needs. */
export interface SenderFrame {
  url: string;
  parent: unknown;
}

/** IPC sender check: only a console page's top frame, loaded from app://console/, may call. */
export const trustedSender = (frame: SenderFrame | null | undefined): boolean =>
  frame !== null && frame !== undefined && frame.parent === null && isAppUrl(frame.url);

/**
 * The deep link among a process's arguments (Windows and Linux hand a
 * clicked `vend-console://` link to the console, or to a second instance, as
 * an argument): the first argument of our scheme, or null. Chromium's own
 * switches come before it; nothing else is read from the command line.
 */
export function linkInArgv(argv: readonly string[]): string | null {
  return argv.find((arg) => arg.toLowerCase().startsWith(`${LINK_SCHEME}:`)) ?? null;
}
