/**
 * Updates as data (main.ts applies them with electron-updater): a packaged
 * console whose build named a feed checks it a minute after it starts and
 * then daily, downloads a newer version in the background and offers
 * "restart to update" — never while a window holds unsaved input (the
 * clerk is told to save first and the offer stays). Not restarting is
 * always fine: the update installs when the console quits. Pre-releases and
 * downgrades are never taken; the fuses and the asar integrity check stay
 * as packaging sets them. No Electron at run time.
 */
import { desktopTexts, fill } from '../shared/common/desktopTexts.js';
import type { Lang } from '../shared/i18n/define.js';

/** The first check waits this long after the start: the launch and the sign-in come first. */
export const FIRST_CHECK_MS = 60_000;
/** Then a check a day. */
export const CHECK_EVERY_MS = 24 * 60 * 60_000;

/** electron-updater's settings, each said explicitly (its defaults may move). */
export const UPDATER_SETTINGS = {
  autoDownload: true,
  autoInstallOnAppQuit: true,
  allowPrerelease: false,
  allowDowngrade: false,
  forceDevUpdateConfig: false,
} as const;

/**
 * Whether this console looks for updates: only when packaged (a console run
 * from source is updated by git) and when its build named a feed —
 * electron-builder writes `app-update.yml` beside the app from the
 * `publish` block of electron-builder.yml, which reads the feed's URL from
 * `VEND_UPDATE_URL` at packaging.
 */
export const updatesEnabled = (packaged: boolean, feedConfigured: boolean): boolean => packaged && feedConfigured;

export type RestartDecision = { restart: true } | { restart: false; reason: 'declined' | 'unsaved' };

/** The clerk's answer to the offer, and what the windows hold: a restart only with nothing unsaved anywhere. */
export function restartDecision(accepted: boolean, dirtyWindows: number): RestartDecision {
  if (!accepted) return { restart: false, reason: 'declined' };
  if (dirtyWindows > 0) return { restart: false, reason: 'unsaved' };
  return { restart: true };
}

/** The offer's box: what is ready, and the two answers (restart first, the default; later cancels). */
export function offerOf(version: string, lang: Lang) {
  const t = desktopTexts[lang].update;
  return {
    message: fill(t.ready, { version }),
    detail: t.detail,
    buttons: [t.restart, t.later],
    defaultId: 0,
    cancelId: 1,
  };
}

/** Said when the clerk chose to restart while a window holds unsaved input. */
export const unsavedOf = (lang: Lang) => desktopTexts[lang].update.unsaved;

/**
 * electron-builder's arguments for the update feed (`npm run dist`): the
 * generic feed at `VEND_UPDATE_URL`, https only; none when it is unset (an
 * installer that never looks for updates). A bad URL stops the packaging.
 */
export function feedArgs(url: string | undefined): string[] {
  if (url === undefined || url === '') return [];
  const parsed = new URL(url);
  if (parsed.protocol !== 'https:' || parsed.username || parsed.password)
    throw new Error('VEND_UPDATE_URL must be an https URL without credentials');
  return ['-c.publish.provider=generic', `-c.publish.url=${parsed.toString()}`];
}
