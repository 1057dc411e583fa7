/** The signed-in user as the renderer knows it: one query of `session.current`. */
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { ROLE_NAME, type PowerCode } from '../../shared/roles.js';
import { resolvePath, selectRoutes, type AppRoute } from '../../shared/routes.js';
import type { SessionUser } from '../../shared/ipc.js';
import { callOp, opKey, setSessionEpoch, type OpError } from '../bridge.js';
import type { SessionStart } from '../manifest.js';
import { LOGIN, wantedPath } from './paths.js';

export const SESSION_KEY = opKey('session.current', undefined);

/** Whether this page has run the domains' session starts (at its first session, or at a sign-in). */
let started = false;

/**
 * Asks main for the session and makes it the page's: its epoch goes with
 * every later call. A page that opens on a session already there (a window
 * opened for an order, a reload) starts the domains' first loads for its own
 * address at once, as a sign-in does for where it goes: the order's module
 * and reads load beside the shell instead of after it (the order's
 * window took 2.3 s).
 */
async function fetchSession(client: QueryClient): Promise<SessionUser | null> {
  // Anywhere but the sign-in page a session is likely: the shell's chunks load while main is asked.
  if (!started && !window.location.pathname.startsWith(LOGIN)) shellPreload();
  const user = await callOp('session.current', undefined);
  setSessionEpoch(user?.epoch);
  if (user && !started) runSessionStarts(client, user, `${window.location.pathname}${window.location.search}`);
  return user;
}

export const useSession = () => {
  const client = useQueryClient();
  return useQuery<SessionUser | null, OpError>({
    queryKey: SESSION_KEY,
    queryFn: () => fetchSession(client),
    staleTime: Infinity,
    gcTime: Infinity,
  });
};

/**
 * The user under the session guard, handed down by context rather than read
 * from the query: when the session ends, the guard unmounts the screens
 * before any of them could render without a user.
 */
export const UserContext = createContext<SessionUser | null>(null);

export function useUser(): SessionUser {
  const user = useContext(UserContext);
  if (!user) throw new Error('useUser outside the session guard');
  return user;
}

/** Spec §2 permission check: admin and tenants hold everything, members their codes. */
export function can(user: SessionUser, code: PowerCode): boolean {
  return user.roleKind === 'admin' || user.roleKind === 'tenant' || user.allValue.includes(code);
}

/** Whether a screen of this permission code opens (the enterprise set has none of the main screens). */
export const mayOpen = (user: SessionUser, code: PowerCode) => user.roleKind !== 'enterprise' && can(user, code);

const routesOf = new WeakMap<SessionUser, AppRoute[]>();
/** Whether a screen's address (query and all) is in the user's route set: an action leading elsewhere is not offered. */
export function mayOpenPath(user: SessionUser, path: string): boolean {
  let routes = routesOf.get(user);
  if (!routes) routesOf.set(user, (routes = selectRoutes(user)));
  return resolvePath(routes, path.split('?')[0]!).kind === 'view';
}

/** A first-level (primary) tenant has no parent. */
export const isPrimaryTenant = (user: SessionUser) => user.roleKind === 'tenant' && user.parentTenantId === null;

/** Catalogue key of a backend role name, when it is one of the fixed ones. */
export function roleNameKey(name: string) {
  const entry = Object.entries(ROLE_NAME).find(([, v]) => v === name);
  return entry ? (`account.role.${entry[0] as keyof typeof ROLE_NAME}` as const) : undefined;
}

/** The domains' session starts (renderer/manifest.ts), handed over by the app as it starts (the mechanism imports no domain). */
let sessionStarts: readonly SessionStart[] = [];
export const setSessionStarts = (starts: readonly SessionStart[]) => {
  sessionStarts = starts;
};

/** What the sign-in's submit starts loading: the shell's chunks (renderer/app/router.tsx). */
let shellPreload = () => {};
export const setShellPreload = (preload: () => void) => {
  shellPreload = preload;
};
/** The shell's chunks, loading from now on (the sign-in's submit; the entry, while the user types). */
export const preloadShell = () => shellPreload();

/** After sign-in: the new user, nothing cached from the previous one, and the domains' first loads for where the user goes next. */
export function startSession(client: QueryClient, user: SessionUser) {
  adoptSession(client, user, wantedPath(window.location.search));
}

/**
 * The page's session is `user`, going to `to`: the console mounted by the
 * entry on a session it already asked main for (renderer/main.tsx), or a
 * sign-in here.
 */
export function adoptSession(client: QueryClient, user: SessionUser, to: string) {
  setSessionEpoch(user.epoch);
  client.removeQueries({ predicate: (q) => q.queryKey[0] !== SESSION_KEY[0] });
  client.setQueryData(SESSION_KEY, user);
  runSessionStarts(client, user, to);
}

/** The domains' first loads for the page the user is going to (`to`). */
function runSessionStarts(client: QueryClient, user: SessionUser, to: string) {
  started = true;
  for (const start of sessionStarts) start(client, user, to);
}

/** A session ending in this page right now (the watcher leaves it alone meanwhile). */
let ending = false;
export const isEnding = () => ending;

const notSession = (q: { queryKey: readonly unknown[] }) => q.queryKey[0] !== SESSION_KEY[0];

export interface EndSessionOptions {
  /** Ask main to sign out (revoke and clear the token); false when main already dropped it. */
  revoke?: boolean;
  /** Where to go afterwards; `null` stays where the user is (at sign-in already). */
  to?: string | null;
}

/**
 * Where a session that just ended lands. The session guard takes a
 * signed-out user from a protected page to `/login?redirect=<page>`; an ended
 * session goes to `to` (/) instead, so the next sign-in starts at the root.
 */
let landing: { to: string; until: number } | null = null;
const LANDING_MS = 3000;

/** Lands an ended session (see `landing`); mounted once, inside the router (report.tsx). */
export function useSessionLanding() {
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    if (!landing) return;
    if (Date.now() > landing.until) {
      landing = null;
      return;
    }
    // At sign-in with a remembered page: drop it ('/' without a session is sign-in itself).
    if (location.pathname !== LOGIN || location.search === '') return;
    const { to } = landing;
    landing = null;
    void navigate(to, { replace: true });
  }, [location, navigate]);
}

/**
 * Ends the session in the renderer (spec §4 "Logout clears everything and
 * goes to /"): main signs out (errors ignored: the local session goes either
 * way; on desktop main also closes the other windows), every cached answer is
 * dropped, the session becomes null and the user lands on `to` (/ by default,
 * which without a session shows sign-in).
 */
export function useEndSession() {
  const client = useQueryClient();
  const navigate = useNavigate();
  return useCallback(
    async ({ revoke = true, to = '/' }: EndSessionOptions = {}) => {
      ending = true;
      try {
        // Refused (and ignored) when another page has changed the session
        // since: a page left on a previous user never ends the newer one.
        if (revoke) await callOp('session.signOut', undefined).catch(() => null);
        await client.cancelQueries({ predicate: notSession });
      } finally {
        ending = false;
      }
      setSessionEpoch(undefined);
      landing = to === null ? null : { to, until: Date.now() + LANDING_MS };
      client.setQueryData(SESSION_KEY, null);
      client.removeQueries({ predicate: notSession });
      if (to === null) return;
      // A page the guard does not leave by itself (a public one): go there now.
      await new Promise((resolve) => setTimeout(resolve, 100));
      if (landing?.to === to && window.location.pathname !== LOGIN) await navigate(to, { replace: true });
    },
    [client, navigate],
  );
}

/** Signs out and goes to / (sign-in). */
export function useSignOut() {
  const end = useEndSession();
  return useCallback(() => end({ revoke: true, to: '/' }), [end]);
}

/**
 * A member's powers follow its role while it is signed in: at each
 * navigation main reads its user again (`session.refresh`, the same session),
 * and a changed set of codes becomes the page's — the menu and the screens'
 * guards follow. Other users' powers do not change under them.
 */
export function useFollowPowers(user: SessionUser | null | undefined): void {
  const client = useQueryClient();
  const { pathname } = useLocation();
  const member = user?.roleKind === 'member';
  const codes = user?.allValue.join(',');
  useEffect(() => {
    if (!member) return;
    let live = true;
    callOp('session.refresh', undefined).then(
      (next) => {
        if (live && next && next.allValue.join(',') !== codes) client.setQueryData(SESSION_KEY, next);
      },
      () => {},
    );
    return () => {
      live = false;
    };
    // Asked again when the user goes elsewhere, not when the answer changes what it holds (`codes` is read, not watched).
  }, [pathname, member]);
}
