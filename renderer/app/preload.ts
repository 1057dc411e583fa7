/**
 * Screen modules loaded ahead, so that a screen draws without waiting for its
 * module (see `preloadable`, and AppMain.tsx's hold of a move until then).
 *
 * - The screen a session lands on (an address opened, a reload, a new window)
 *   starts loading with the shell's chunks, not after the shell has drawn and
 *   matched the address: one wave of requests where there were two
 *   (`npm run bench:browser` times every screen by its address).
 * - The user's other screens load once the session has settled
 *   (IDLE_AFTER_MS), one module per idle moment of the page, so that a move
 *   inside the app needs no request at all. Measured by the browser bench:
 *   moves over the 39 screens took 20 % less in all with it (19.9 s against
 *   24.8 s) before the hold; with it, a move's module is there when the menu
 *   is clicked.
 */
import { allViews, resolvePath, selectRoutes } from '../../shared/routes.js';
import type { SessionUser } from '../../shared/ipc.js';
import { SCREENS } from '../domains.js';
import type { SessionStart } from '../manifest.js';

const screenOf = (name: string | undefined) => (name ? SCREENS[name] : undefined);

/** How long after a session starts the other screens begin loading: the landing screen has drawn and read its rows. */
const IDLE_AFTER_MS = 2_000;

/** A session start: the landing screen's module, beside the shell's. */
export const preloadLanding: SessionStart = (_client, user, to) => {
  const found = resolvePath(selectRoutes(user), to.split(/[?#]/)[0]!);
  if (found.kind === 'view')
    void screenOf(found.route.name)
      ?.preload()
      .catch(() => {});
};

/** The modules of the user's screens not loaded yet. */
const unloaded = (user: SessionUser) =>
  allViews(selectRoutes(user))
    .map((r) => screenOf(r.name))
    .filter((s, i, all) => s !== undefined && !s.loaded() && all.indexOf(s) === i);

/** Runs `fn` when the page is next idle (at once where the browser has no idle callbacks). */
const whenIdle = (fn: () => void) =>
  typeof requestIdleCallback === 'function' ? requestIdleCallback(fn, { timeout: 2_000 }) : setTimeout(fn, 0);

/** A session start: the user's other screens, one at a time, once the page is idle. */
export const preloadScreens: SessionStart = (_client, user) => {
  setTimeout(() => {
    const queue = unloaded(user);
    const next = () => {
      const screen = queue.shift();
      // A module that failed to load is loaded again when its screen is opened (and says so there).
      if (screen) whenIdle(() => void screen.preload().then(next, next));
    };
    next();
  }, IDLE_AFTER_MS);
};
