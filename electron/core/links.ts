/**
 * What a deep link (shared/links.ts) may open, decided against the route
 * table and the signed-in user's route set — the same judgement the
 * renderer's router makes, made before any window moves. A link to a screen
 * the user may not open, a group, or no screen at all is refused; an order
 * or a complaint opens in its own window (as "open in new window" does);
 * every other screen opens in the console's main window. A link that
 * arrives while nobody is signed in waits for the sign-in (createLinks).
 */
import { readLink } from '../../shared/links.js';
import { resolvePath, selectRoutes, type RouteUser } from '../../shared/routes.js';

/** Views a link opens in a window of their own: one record each, beside the list the clerk works in. */
export const OWN_WINDOW_VIEWS: ReadonlySet<string> = new Set(['OrderDetail', 'ComplaintDetail']);

export type LinkTarget = { path: string; window: boolean };
export type LinkDecision = { ok: true; target: LinkTarget } | { ok: false; reason: string };

/** A link judged for `user`: its target, or why it is refused. */
export function judgeLink(raw: string, user: RouteUser): LinkDecision {
  const read = readLink(raw);
  if (!read.ok) return read;
  const resolved = resolvePath(selectRoutes(user), read.path);
  if (resolved.kind !== 'view') return { ok: false, reason: `route ${resolved.kind}` };
  const window = OWN_WINDOW_VIEWS.has(resolved.route.name ?? '');
  // A record's own window needs the record's id; without one it would open on a problem.
  if (window && !/^[1-9][0-9]{0,15}$/.test(new URLSearchParams(read.search).get('id') ?? ''))
    return { ok: false, reason: 'no record id' };
  return { ok: true, target: { path: `${resolved.route.path}${read.search}`, window } };
}

export type LinkOutcome =
  { kind: 'opened'; target: LinkTarget } | { kind: 'pending' } | { kind: 'refused'; reason: string };

export interface LinkDeps {
  /** The signed-in user (rebuilt from the stored token at a first launch), or null. */
  user: () => Promise<RouteUser | null>;
  /** Opens a record's own window on `path`; false when it could not. */
  openWindow: (path: string) => Promise<boolean> | boolean;
  /** Brings the main window forward and tells it a screen is waiting (it calls `links.take`). */
  showMain: () => void;
  /** A refused link, for the log: the reason only (the link may carry what a clerk pasted). */
  refused: (reason: string) => void;
}

/**
 * The links the OS hands over. One arriving signed out is kept — only the
 * last, as the OS focuses one window — and judged at the next sign-in for
 * whoever signed in; sign-out forgets it. A screen for the main window waits
 * here until the main window takes it (`take`): told now, it could be lost
 * while the window is still between the sign-in page and the console.
 */
export function createLinks(deps: LinkDeps) {
  let pending: string | null = null;
  let screen: string | null = null;

  async function act(raw: string, user: RouteUser): Promise<LinkOutcome> {
    const decision = judgeLink(raw, user);
    if (!decision.ok) {
      deps.refused(decision.reason);
      return { kind: 'refused', reason: decision.reason };
    }
    const { target } = decision;
    if (target.window) {
      if (!(await deps.openWindow(target.path))) return { kind: 'refused', reason: 'no window' };
    } else {
      screen = target.path;
      deps.showMain();
    }
    return { kind: 'opened', target };
  }

  return {
    async arrive(raw: string): Promise<LinkOutcome> {
      const read = readLink(raw);
      if (!read.ok) {
        deps.refused(read.reason);
        return { kind: 'refused', reason: read.reason };
      }
      const user = await deps.user();
      if (user) return act(raw, user);
      pending = raw;
      deps.showMain();
      return { kind: 'pending' };
    },
    /** Someone signed in: the link that waited, judged for them. */
    async signedIn(user: RouteUser): Promise<LinkOutcome | null> {
      const raw = pending;
      pending = null;
      return raw === null ? null : act(raw, user);
    },
    /** The screen waiting for the main window, once. */
    take(): string | null {
      const path = screen;
      screen = null;
      return path;
    },
    signedOut(): void {
      pending = null;
      screen = null;
    },
  };
}
