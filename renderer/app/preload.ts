/**
 * The screen a session lands on (an address opened, a reload, a new window)
 * starts loading with the shell's chunks, not after the shell has drawn and
 * matched the address — one wave of requests where there were two
 * (`npm run bench:browser` times every screen by its address). Once loaded it
 * renders without suspending (see `preloadable`).
 *
 * Loading every other screen of the user's while the page is idle was
 * measured too: moves inside the app took 20 % less in all (19.9 s against
 * 24.8 s over 39 screens), but each move still spent 250–900 ms rendering
 * (docs/shell.md), and ~40 chunks parsed in the background of every page was
 * a cost left for when the render is cured.
 */
import { resolvePath, selectRoutes } from '../../shared/routes.js';
import { SCREENS } from '../domains.js';
import type { SessionStart } from '../manifest.js';

const screenOf = (name: string | undefined) => (name ? SCREENS[name] : undefined);

/** A session start: the landing screen's module, beside the shell's. */
export const preloadLanding: SessionStart = (_client, user, to) => {
  const found = resolvePath(selectRoutes(user), to.split(/[?#]/)[0]!);
  if (found.kind === 'view')
    void screenOf(found.route.name)
      ?.preload()
      .catch(() => {});
};
