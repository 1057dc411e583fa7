/**
 * The router (spec §2 public routes). Public: /login (signed-out only) and
 * /auth-redirect. Under a session: /404, and every other path in the shell,
 * which resolves it against the user's route set (shared/routes.ts): its
 * views, /redirect/*, the no-permission page (/401 and screens of other
 * roles), and /404 for the rest.
 */
import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { SLOTS } from '../domains.js';
import { loadScreenTexts } from '../i18n/index.js';
import { NotFound, PageSpinner, RouteFailure } from './pages.js';
import { setShellPreload } from './session.js';
import { AuthRedirect, GuestOnly, RequireSession, Root, type RouteHandle } from './routing.js';

type Module = { default: ComponentType };
const lazyPage = (load: () => Promise<Module>) => async () => ({ Component: (await load()).default });
/**
 * The shell: one splat route for `/` and every other path. The root has no
 * path of its own, so that `/` reaches the splat too: an index route there
 * would be a parent without a trailing `*` for the shell's own <Routes>
 * (React Router warns of descendant routes that could never match). The
 * screens' texts load beside it (renderer/i18n/index.ts).
 */
let shellLoaded: { Component: ComponentType } | undefined;
const loadShell = async () => {
  const route = await lazyPage(async () => (await Promise.all([import('../shell/Shell.js'), loadScreenTexts()]))[0])();
  shellLoaded = route;
  return route;
};
/**
 * The shell's chunks, for every signed-in user, loaded from the sign-in's
 * submit (SignInPage: session.ts `preloadShell`), and by the entry while the user types (renderer/main.tsx): while the upstream hashes the password (a third of a
 * second) instead of after it. Nothing of any screen: those wait for the
 * user and their permissions (the domains' session starts).
 */
setShellPreload(() => void loadShell().catch(() => {}));

/** The routes, the shell's as it stands now (loaded or not). */
export const routesNow = (): RouteObject[] => [
  {
    Component: Root,
    HydrateFallback: PageSpinner,
    errorElement: <RouteFailure />,
    children: [
      {
        Component: GuestOnly,
        children: [
          {
            path: 'login',
            lazy: lazyPage(SLOTS.signIn),
            handle: { title: 'route.login' } satisfies RouteHandle,
            errorElement: <RouteFailure />,
          },
        ],
      },
      { path: 'auth-redirect', Component: AuthRedirect },
      {
        Component: RequireSession,
        children: [
          { path: '404', Component: NotFound, handle: { title: 'route.notFound' } satisfies RouteHandle },
          // Loaded already (the sign-in preloads it): the router starts on it, and the console's first render is
          // the signed-in shell itself. As a lazy route it first drew a spinner, then drew the shell as a transition
          // that gave way every 5 ms (answer → shell 405 → 193 ms back to back: bench/dashboard-browser.ts).
          shellLoaded
            ? { path: '*', Component: shellLoaded.Component, errorElement: <RouteFailure /> }
            : { path: '*', lazy: loadShell, errorElement: <RouteFailure /> },
        ],
      },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routesNow());
