/**
 * The main area (spec §2 "Main area caches views by route name and keys them
 * by path"): the current view and the last visited ones kept mounted and
 * hidden (keep-alive), each seeing the address it was left at; the shell's
 * own pages (/redirect, no permission) and the redirects of groups and
 * unknown paths.
 */
import { makeStyles, tokens } from '@fluentui/react-components';
import { Component, memo, Suspense, useEffect, useMemo, useState, type ReactNode } from 'react';
import { Navigate, Route, Routes, useLocation, useNavigate, type Location } from 'react-router';
import { allViews, type AppRoute } from '../../shared/routes.js';
import { ViewPathContext } from '../app/dirty.js';
import { NoPermission, PageSpinner, RouteFailure } from '../app/pages.js';
import { useShell } from './context.js';
import { redirectTarget, type ShellPage } from './page.js';
import { loadScreen, Screen, screenReady } from './screens.js';
import { SETTINGS_BUTTON_WIDTH } from './settings.js';
import type { CachedView } from './viewCache.js';

/** The main content's id: the skip link (Shell.tsx) moves the focus there. */
export const MAIN_ID = 'app-main';

const useStyles = makeStyles({
  main: {
    flexGrow: 1,
    padding: tokens.spacingHorizontalL,
    minWidth: 0,
    position: 'relative',
    // The settings button sits at the right edge (spec: 250 px from the top): it covers no row action.
    paddingRight: `calc(${SETTINGS_BUTTON_WIDTH}px + ${tokens.spacingHorizontalS})`,
  },
});

/** A view that failed to render keeps the frame and says so. */
class ViewBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? <RouteFailure /> : this.props.children;
  }
}

/**
 * One view with its own (frozen while hidden) address: hooks such as useSearchParams read it. Memoised: a move
 * renders the view moved to and the one left, not every cached view again.
 */
const ViewHost = memo(function ViewHost({ route, location }: { route: AppRoute; location: Location }) {
  return (
    <ViewPathContext.Provider value={route.path}>
      <ViewBoundary>
        <Suspense fallback={<PageSpinner />}>
          <Routes location={location}>
            <Route path="*" element={<Screen route={route} />} />
          </Routes>
        </Suspense>
      </ViewBoundary>
    </ViewPathContext.Provider>
  );
});

/** /redirect/{path}: goes on to the path, so that its view mounts afresh (refresh, language change). */
function RedirectView() {
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    void navigate(redirectTarget(location.pathname, location.search, location.hash), { replace: true });
  }, [location, navigate]);
  return null;
}

interface Shown {
  route: AppRoute;
  location: Location;
}

/**
 * The view to show for the address: its own once its screen's module is loaded; until then (a few tens of
 * milliseconds, the module loading) the view shown before it, if any. A view mounted before its module has
 * loaded suspends, shows its spinner, and React then holds the drawn screen back until 300 ms after that spinner
 * appeared (its Suspense fallback throttle): that had been most of every move inside the app.
 */
function useShownView(current: AppRoute | undefined, location: Location): Shown | undefined {
  const [, loaded] = useState(0);
  // A module that failed to load: the view mounts anyway, and its boundary says the screen failed (RouteFailure).
  const [failed, setFailed] = useState<AppRoute>();
  const [before, setBefore] = useState<Shown>();
  const ready = current === undefined || screenReady(current.name) || failed === current;
  useEffect(() => {
    if (ready) return;
    let live = true;
    loadScreen(current.name).then(
      () => live && loaded((n) => n + 1),
      () => live && setFailed(current),
    );
    return () => {
      live = false;
    };
  }, [current, ready]);
  useEffect(() => {
    if (ready && current) setBefore({ route: current, location });
  }, [ready, current, location]);
  if (!current) return undefined;
  // Nothing shown before (an address opened): the view mounts and shows its spinner.
  return ready || !before ? { route: current, location } : before;
}

export function AppMain({ page, cache }: { page: ShellPage; cache: readonly CachedView<Location>[] }) {
  const styles = useStyles();
  const { routes } = useShell();
  const location = useLocation();
  const byPath = useMemo(() => new Map(allViews(routes).map((r) => [r.path, r])), [routes]);
  const shown = useShownView(page.kind === 'view' ? page.route : undefined, location);
  const current = shown?.route;

  const entries: { route: AppRoute; location: Location; active: boolean }[] = [];
  for (const c of cache) {
    const route = byPath.get(c.path);
    // A view whose module is still loading waits until it can be drawn at once (useShownView).
    if (!route || (route !== current && !screenReady(route.name))) continue;
    const active = route === current;
    entries.push({ route, location: active ? shown!.location : c.location, active });
  }
  if (shown && !entries.some((e) => e.active)) entries.push({ ...shown, active: true });

  return (
    <main className={styles.main} id={MAIN_ID} tabIndex={-1} data-testid="app-main">
      {entries.map((e) => (
        // Hidden views are inert too: out of the tab order and of what a screen reader reads, whatever their own styles do.
        <div
          key={e.route.path}
          hidden={!e.active}
          inert={!e.active}
          data-view={e.route.name}
          data-active={e.active ? 'true' : 'false'}
        >
          <ViewHost route={e.route} location={e.location} />
        </div>
      ))}
      {page.kind === 'redirectPage' && <RedirectView />}
      {(page.kind === 'noPermission' || page.kind === 'forbidden') && <NoPermission />}
      {page.kind === 'redirect' && <Navigate to={page.to} replace />}
      {page.kind === 'unknown' && <Navigate to="/404" replace />}
    </main>
  );
}
