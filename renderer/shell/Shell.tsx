/**
 * The authenticated layout (spec §2 "Authenticated layout", "Shell
 * behaviour"): side menu from the user's route set, top bar, visited-page
 * tabs, the main area with its cached views, the settings panel. Every path
 * under a session but /404 lands here and is resolved against the user's
 * routes: a view, a group or / that goes on, a screen the user may not open
 * (no-permission page) or nothing (/404).
 */
import { makeStyles, mergeClasses, tokens, useFocusFinders, useModalAttributes } from '@fluentui/react-components';
import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { titleText } from '../i18n/index.js';
import { useLocation, useNavigate, type Location } from 'react-router';
import { affixViews, selectRoutes, titleAt, type AppRoute, type Resolution } from '../../shared/routes.js';
import { hasDirtyForms } from '../app/dirty.js';
import { usePageTitle } from '../app/routing.js';
import { ConfirmDialog } from '../kit/ConfirmDialog.js';
import { SESSION_KEY, useUser } from '../app/session.js';
import { useQueryClient } from '@tanstack/react-query';
import { AppMain, MAIN_ID } from './AppMain.js';
import { ShellContext, type ShellState } from './context.js';
import { Navbar } from './Navbar.js';
import { pageOf, redirectPathFor } from './page.js';
import { usePrefs } from './prefs.js';
import { LiveEvents } from './LiveEvents.js';
import { DeepLinks } from './DeepLinks.js';
import { MenuCommands } from './MenuCommands.js';
import { SettingsPanel } from './SettingsPanel.js';
import { DRAWER_MIN_WIDTH, isMobileWidth, SIDEBAR_COLLAPSED_WIDTH, SIDEBAR_WIDTH, VIEW_CACHE_MAX } from './settings.js';
import { SideMenu } from './SideMenu.js';
import { afterClose, queryOf, tabsReducer, type TabView } from './tabs.js';
import { TagsView } from './TagsView.js';
import { dropViews, keepViews, touchView, type CachedView } from './viewCache.js';

const useStyles = makeStyles({
  wrapper: { position: 'relative', minHeight: '100vh', width: '100%' },
  // The first stop of the keyboard: out of sight until focused, then over the top bar's corner.
  skip: {
    position: 'absolute',
    left: '8px',
    top: '-48px',
    zIndex: 2000,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    backgroundColor: tokens.colorNeutralBackground1,
    color: tokens.colorBrandForeground1,
    borderRadius: tokens.borderRadiusMedium,
    // The shadow only while shown: parked above the window, its blur reached down into the top bar of every screen.
    ':focus': { top: '8px', boxShadow: tokens.shadow16 },
  },
  sidebar: {
    position: 'fixed',
    top: 0,
    bottom: 0,
    left: 0,
    zIndex: 1001,
    width: `${SIDEBAR_WIDTH}px`,
    overflow: 'hidden',
    transitionProperty: 'width, transform',
    transitionDuration: '0.28s',
  },
  sidebarCollapsed: { width: `${SIDEBAR_COLLAPSED_WIDTH}px` },
  sidebarMobile: { width: `${Math.max(SIDEBAR_WIDTH, DRAWER_MIN_WIDTH)}px`, minWidth: `${DRAWER_MIN_WIDTH}px` },
  sidebarMobileClosed: { transform: 'translate3d(-100%, 0, 0)', pointerEvents: 'none' },
  noAnimation: { transitionDuration: '0s' },
  backdrop: { position: 'fixed', inset: 0, zIndex: 1000, backgroundColor: 'rgba(0, 0, 0, 0.3)' },
  main: {
    marginLeft: `${SIDEBAR_WIDTH}px`,
    minHeight: '100vh',
    display: 'flex',
    flexDirection: 'column',
    minWidth: 0,
    transitionProperty: 'margin-left',
    transitionDuration: '0.28s',
  },
  mainCollapsed: { marginLeft: `${SIDEBAR_COLLAPSED_WIDTH}px` },
  mainMobile: { marginLeft: 0 },
  header: { backgroundColor: tokens.colorNeutralBackground1, boxShadow: tokens.shadow2 },
  fixedHeader: { position: 'sticky', top: 0, zIndex: 9 },
});

function toTab(route: AppRoute, location: Pick<Location, 'pathname' | 'search'>): TabView {
  return {
    path: route.path,
    fullPath: route.path + location.search,
    name: route.name ?? route.path,
    meta: route.meta,
    query: queryOf(location.search),
    title: titleAt(route, location.search) ?? 'route.dashboard',
  };
}

const bodyWidth = () => document.body.getBoundingClientRect().width;

/** Sidebar state (spec: open/closed stored; mobile below 992 px as a drawer). */
function useSidebar(pathname: string) {
  const { prefs, setPrefs } = usePrefs();
  const [mobile, setMobile] = useState(() => isMobileWidth(bodyWidth()));
  const wasMobile = useRef(mobile);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [withoutAnimation, setWithoutAnimation] = useState(false);

  const close = useCallback((noAnimation: boolean) => {
    setWithoutAnimation(noAnimation);
    setDrawerOpen(false);
  }, []);

  // Narrowed into the drawer's width, the drawer starts closed. A resize within that width leaves an open drawer
  // open: a window dragged narrower, or a resize event the browser delivers late, would otherwise shut it under
  // the clerk's hand.
  useEffect(() => {
    const onResize = () => {
      if (document.hidden) return;
      const next = isMobileWidth(bodyWidth());
      if (next && !wasMobile.current) close(true);
      wasMobile.current = next;
      setMobile(next);
    };
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, [close]);

  // Spec: on mobile the drawer closes on navigation — a navigation after it opened. The address changes before
  // React draws the new screen (a transition, which gives way to a click): a drawer opened while the landing screen
  // was still being drawn saw that navigation arrive after it, and snapped shut on a busy machine.
  const openedAt = useRef<string>(undefined);
  useEffect(() => {
    if (pathname !== openedAt.current) close(true);
  }, [pathname, close]);

  const opened = mobile ? drawerOpen : prefs.sidebar === 1;
  const toggle = useCallback(() => {
    setWithoutAnimation(false);
    if (mobile) {
      if (!drawerOpen) openedAt.current = window.location.pathname;
      setDrawerOpen(!drawerOpen);
    } else setPrefs({ sidebar: prefs.sidebar === 1 ? 0 : 1 });
  }, [mobile, drawerOpen, prefs.sidebar, setPrefs]);
  // The open drawer holds the focus (Tab goes round inside it) and gives it back to its button when it closes.
  const { modalAttributes, triggerAttributes } = useModalAttributes({ trapFocus: true, legacyTrapFocus: true });
  const toggleRef = useRef<HTMLButtonElement>(null);

  return { opened, mobile, withoutAnimation, toggle, close, modalAttributes, triggerAttributes, toggleRef };
}

export default function Shell() {
  const { t } = useTranslation();
  const styles = useStyles();
  const user = useUser();
  const location = useLocation();
  const navigate = useNavigate();
  const { prefs } = usePrefs();
  const routes = useMemo(() => selectRoutes(user), [user]);
  const page = useMemo(() => pageOf(routes, location.pathname), [routes, location.pathname]);
  const resolution: Resolution =
    page.kind === 'redirectPage' || page.kind === 'noPermission' ? { kind: 'forbidden' } : page;
  const view = page.kind === 'view' ? page.route : undefined;

  const [tabs, dispatch] = useReducer(tabsReducer, routes, (r) =>
    affixViews(r).map((v) => toTab(v, { pathname: v.path, search: '' })),
  );
  const [cache, setCache] = useState<CachedView<Location>[]>([]);
  const sidebar = useSidebar(location.pathname);
  const drawer = useRef<HTMLElement>(null);
  const { findFirstFocusable } = useFocusFinders();
  // The narrow window's drawer, once open, takes the focus: its first link.
  const drawerOpen = sidebar.mobile && sidebar.opened;
  // Closed with the focus inside it (Escape, a link, the backdrop), it gives the focus back to its button. Fluent's
  // restorer does so only when it notices the focus lost, and a drawer made inert does not always tell it: it
  // had noticed through an unrelated change of the page made at the same moment.
  const wasOpen = useRef(drawerOpen);
  useEffect(() => {
    if (drawerOpen && drawer.current) findFirstFocusable(drawer.current)?.focus();
    const focus = document.activeElement;
    if (wasOpen.current && !drawerOpen && (focus === document.body || drawer.current?.contains(focus)))
      sidebar.toggleRef.current?.focus();
    wasOpen.current = drawerOpen;
  }, [drawerOpen, findFirstFocusable, sidebar.toggleRef]);

  // The tabs and the cache follow the address.
  useEffect(() => {
    if (!view) return;
    dispatch({ type: 'visit', view: toTab(view, location) });
    if (!view.meta.noCache && view.name) {
      setCache((c) =>
        touchView(c, { path: view.path, name: view.name!, location }, VIEW_CACHE_MAX, (path) => hasDirtyForms([path])),
      );
    }
  }, [view, location]);

  // Page title: the route's title and the short title (the no-permission page's own).
  const titleKey =
    (view && titleAt(view, location.search)) ??
    (page.kind === 'noPermission' || page.kind === 'forbidden' ? 'route.noPermission' : undefined);
  usePageTitle(titleKey ? titleText(t, titleKey) : undefined);

  const tabsRef = useRef(tabs);
  tabsRef.current = tabs;
  const activePath = view?.path ?? location.pathname;

  // The current view's refresh reads the address when clicked, not as of the last render: the router renders a
  // navigation as a transition, so a click just after a tab switch would otherwise reload the tab just left.
  // A refresh reads again whatever the view shows, however fresh: its reads are marked invalid (none asked here),
  // so the view made again asks them on mount (an answer younger than a second would not be, renderer/bridge.ts).
  const client = useQueryClient();
  const readAgain = useCallback(
    () => void client.invalidateQueries({ predicate: (q) => q.queryKey[0] !== SESSION_KEY[0], refetchType: 'none' }),
    [client],
  );
  const refresh = useCallback(
    (fullPath: string = addressNow()) => {
      const path = fullPath.split(/[?#]/)[0] ?? fullPath;
      readAgain();
      setCache((c) => dropViews(c, [path]));
      void navigate(redirectPathFor(fullPath), { replace: true });
    },
    [navigate, readAgain],
  );

  const refreshAll = useCallback(() => {
    readAgain();
    setCache([]);
    void navigate(redirectPathFor(addressNow()), { replace: true });
  }, [navigate, readAgain]);

  // Closing a tab whose view holds unsaved input asks first (×, the tab menu, Ctrl+W): the close waits for "Discard".
  const [closing, setClosing] = useState<(() => void) | null>(null);
  const guarded = useCallback((paths: readonly string[], close: () => void) => {
    if (hasDirtyForms(paths)) setClosing(() => close);
    else close();
  }, []);

  const closeTab = useCallback(
    (tab: TabView) => {
      if (tab.meta.affix) return;
      guarded([tab.path], () => {
        const next = tabsReducer(tabsRef.current, { type: 'close', path: tab.path });
        dispatch({ type: 'reset', views: next });
        setCache((c) => dropViews(c, [tab.path]));
        const to = afterClose(next, pathNow());
        if (to) void navigate(to);
      });
    },
    [guarded, navigate],
  );

  const leaveView = useCallback(
    (to: string) => {
      const next = tabsReducer(tabsRef.current, { type: 'close', path: activePath });
      dispatch({ type: 'reset', views: next });
      setCache((c) => dropViews(c, [activePath]));
      void navigate(to);
    },
    [activePath, navigate],
  );

  const closeOthers = useCallback(
    (tab: TabView) => {
      guarded(dropped(tabsRef.current, tab.path), () => {
        const next = tabsReducer(tabsRef.current, { type: 'closeOthers', path: tab.path });
        dispatch({ type: 'reset', views: next });
        setCache((c) =>
          keepViews(
            c,
            next.map((v) => v.path),
          ),
        );
        if (tab.path !== pathNow()) void navigate(tab.fullPath);
      });
    },
    [guarded, navigate],
  );

  const closeAll = useCallback(() => {
    guarded(dropped(tabsRef.current, null), () => {
      const next = tabsReducer(tabsRef.current, { type: 'closeAll' });
      dispatch({ type: 'reset', views: next });
      setCache((c) =>
        keepViews(
          c,
          next.map((v) => v.path),
        ),
      );
      const to = afterClose(next, pathNow());
      if (to) void navigate(to);
    });
  }, [guarded, navigate]);

  const state: ShellState = {
    routes,
    resolution,
    location,
    tabs,
    refresh,
    refreshAll,
    closeTab,
    leaveView,
    closeOthers,
    closeAll,
    sidebar,
  };

  const { opened, mobile, withoutAnimation } = sidebar;
  return (
    <ShellContext.Provider value={state}>
      <div
        className={styles.wrapper}
        data-testid="shell"
        data-mobile={mobile ? 'true' : 'false'}
        data-sidebar={opened ? 'open' : 'closed'}
      >
        {/* A link, not a hash: the router owns the address; the main content takes the focus, and Tab goes on from there. */}
        <a
          href={`#${MAIN_ID}`}
          className={styles.skip}
          data-testid="skip-to-main"
          onClick={(e) => {
            e.preventDefault();
            document.getElementById(MAIN_ID)?.focus();
          }}
        >
          {t('shell.skipToMain')}
        </a>
        {mobile && opened && (
          <div className={styles.backdrop} onClick={() => sidebar.close(true)} data-testid="drawer-backdrop" />
        )}
        <aside
          className={mergeClasses(
            styles.sidebar,
            !mobile && !opened && styles.sidebarCollapsed,
            mobile && styles.sidebarMobile,
            mobile && !opened && styles.sidebarMobileClosed,
            withoutAnimation && styles.noAnimation,
          )}
          // Closed, the drawer is out of sight: inert takes its links out of the tab order as well
          // (aria-hidden alone left them focusable, axe-core's aria-hidden-focus).
          inert={mobile && !opened}
          {...(mobile && opened
            ? { ...sidebar.modalAttributes, role: 'dialog', 'aria-modal': true, 'aria-label': t('menu.navigation') }
            : {})}
          ref={drawer}
          onKeyDown={(e) => {
            if (e.key === 'Escape' && mobile && opened) sidebar.close(false);
          }}
          data-testid="drawer"
        >
          <SideMenu collapsed={!mobile && !opened} />
        </aside>
        <div
          className={mergeClasses(styles.main, !mobile && !opened && styles.mainCollapsed, mobile && styles.mainMobile)}
        >
          <header
            className={mergeClasses(styles.header, prefs.fixedHeader && styles.fixedHeader)}
            data-testid="shell-header"
          >
            <Navbar />
            {prefs.tagsView && <TagsView />}
          </header>
          <AppMain page={page} cache={cache} />
        </div>
        <SettingsPanel />
        <LiveEvents />
        <DeepLinks />
        <MenuCommands />
        <ConfirmDialog
          open={closing !== null}
          title={t('common.discardTitle')}
          text={t('shell.closeDirtyTab')}
          confirmLabel={t('common.discard')}
          cancelLabel={t('common.keepEditing')}
          danger
          onCancel={() => setClosing(null)}
          onConfirm={() => {
            const close = closing;
            setClosing(null);
            close?.();
          }}
        />
      </div>
    </ShellContext.Provider>
  );
}

/** The views closing the others (or all) drops: every tab not pinned and not `keep`. */
const dropped = (tabs: readonly TabView[], keep: string | null) =>
  tabs.filter((v) => !v.meta.affix && v.path !== keep).map((v) => v.path);

/** The address shown now (the shell's router is a browser router). */
const addressNow = () => window.location.pathname + window.location.search + window.location.hash;
/** The address's path alone: what a tab is keyed by. */
const pathNow = () => window.location.pathname;
