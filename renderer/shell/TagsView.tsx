/**
 * Visited-page tabs (spec §2 "Tabs"): the pinned dashboard first and never
 * closable; a context menu (105 px) with refresh, close, close others, close
 * all and, beyond the spec, open in a new window. The strip scrolls sideways:
 * the active tab is brought into view, and the mouse wheel scrolls it.
 */
import {
  makeStyles,
  Menu,
  MenuItem,
  MenuList,
  MenuPopover,
  mergeClasses,
  tokens,
  type PositioningVirtualElement,
} from '@fluentui/react-components';
import { DismissRegular } from '@fluentui/react-icons';
import { useEffect, useRef, useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { titleText } from '../i18n/index.js';
import { useNavigate } from 'react-router';
import { useOpenWindow } from '../app/windows.js';
import { useShell } from './context.js';
import { TAB_MENU_WIDTH } from './settings.js';
import type { TabView } from './tabs.js';
import { nextScroll, revealDelta, wheelDelta } from './tabScroll.js';

const useStyles = makeStyles({
  bar: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalXS,
    height: '34px',
    boxSizing: 'border-box',
    paddingInline: tokens.spacingHorizontalS,
    overflowX: 'auto',
    overflowY: 'hidden',
    whiteSpace: 'nowrap',
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  tab: {
    display: 'inline-flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalXXS,
    height: '26px',
    boxSizing: 'border-box',
    paddingInline: tokens.spacingHorizontalS,
    border: `1px solid ${tokens.colorNeutralStroke1}`,
    borderRadius: tokens.borderRadiusSmall,
    backgroundColor: tokens.colorNeutralBackground1,
    color: tokens.colorNeutralForeground2,
    fontSize: tokens.fontSizeBase200,
    cursor: 'pointer',
    flexShrink: 0,
    ':hover': { color: tokens.colorNeutralForeground1, backgroundColor: tokens.colorNeutralBackground1Hover },
  },
  active: {
    backgroundColor: tokens.colorBrandBackground,
    color: tokens.colorNeutralForegroundOnBrand,
    border: `1px solid ${tokens.colorBrandBackground}`,
    ':hover': { backgroundColor: tokens.colorBrandBackgroundHover, color: tokens.colorNeutralForegroundOnBrand },
  },
  label: { border: 'none', background: 'none', color: 'inherit', font: 'inherit', padding: 0, cursor: 'pointer' },
  close: {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    width: '16px',
    height: '16px',
    padding: 0,
    border: 'none',
    borderRadius: tokens.borderRadiusCircular,
    background: 'none',
    color: 'inherit',
    cursor: 'pointer',
    ':hover': { backgroundColor: tokens.colorNeutralBackground1Pressed, color: tokens.colorNeutralForeground1 },
  },
  menu: { minWidth: `${TAB_MENU_WIDTH}px` },
});

const pointAt = (x: number, y: number): PositioningVirtualElement => ({
  getBoundingClientRect: () => ({ x, y, top: y, left: x, bottom: y, right: x, width: 0, height: 0 }),
});

export function TagsView() {
  const { t } = useTranslation();
  const styles = useStyles();
  const navigate = useNavigate();
  const openWindow = useOpenWindow();
  const { tabs, resolution, refresh, closeTab, closeOthers, closeAll } = useShell();
  const activePath = resolution.kind === 'view' ? resolution.route.path : undefined;
  const [menu, setMenu] = useState<{ tab: TabView; target: PositioningVirtualElement } | null>(null);
  const bar = useRef<HTMLElement>(null);
  /** The label of the tab the menu opened on. */
  const opener = useRef<HTMLElement | null>(null);

  // The active tab comes into view: opened from the menu, it may lie beyond the strip's edge.
  useEffect(() => {
    const strip = bar.current;
    const tab = strip?.querySelector<HTMLElement>('[data-active="true"]');
    if (!strip || !tab) return;
    const delta = revealDelta(strip.getBoundingClientRect(), tab.getBoundingClientRect());
    if (delta !== 0) strip.scrollBy({ left: delta, behavior: 'smooth' });
  }, [activePath, tabs.length]);

  // A mouse wheel turns vertically: over the strip it scrolls the strip. A
  // native listener, as React's wheel listeners are passive and may not stop
  // the page from scrolling as well.
  useEffect(() => {
    const strip = bar.current;
    if (!strip) return;
    const onWheel = (e: WheelEvent) => {
      const next = nextScroll(strip.scrollLeft, strip.scrollWidth - strip.clientWidth, wheelDelta(e));
      if (next === strip.scrollLeft) return;
      e.preventDefault();
      strip.scrollLeft = next;
    };
    strip.addEventListener('wheel', onWheel, { passive: false });
    return () => strip.removeEventListener('wheel', onWheel);
  }, []);

  // The menu opens at the pointer; from the keyboard (the context-menu key,
  // Shift+F10) Chromium puts that point inside the focused tab.
  const onContextMenu = (tab: TabView) => (e: MouseEvent<HTMLElement>) => {
    e.preventDefault();
    opener.current = e.currentTarget.querySelector<HTMLElement>('[data-testid="tab-label"]');
    setMenu({ tab, target: pointAt(e.clientX, e.clientY) });
  };
  // Closed, the menu gives the focus back to the tab it opened on, or to the
  // active tab when that one was closed: it has no trigger for Fluent to return to.
  // Only when the focus went with it: a click elsewhere keeps the focus it gave.
  const closeMenu = () => {
    setMenu(null);
    requestAnimationFrame(() => {
      const now = document.activeElement;
      if (now && now !== document.body) return;
      const back = opener.current?.isConnected
        ? opener.current
        : bar.current?.querySelector<HTMLElement>('[data-active="true"] [data-testid="tab-label"]');
      back?.focus();
    });
  };
  const act = (fn: (tab: TabView) => void) => () => {
    if (menu) fn(menu.tab);
    closeMenu();
  };

  return (
    <>
      {/* Links to visited pages, not a tablist: each has a close button beside it, which a tablist may not own (axe aria-required-children). */}
      <nav ref={bar} className={styles.bar} aria-label={t('shell.tabs')} data-testid="tabs">
        {tabs.map((tab) => {
          const active = tab.path === activePath;
          const title = titleText(t, tab.title);
          return (
            <span
              key={tab.path}
              className={mergeClasses(styles.tab, active && styles.active)}
              onContextMenu={onContextMenu(tab)}
              onAuxClick={(e) => {
                // Middle click closes, as in a browser.
                if (e.button === 1 && !tab.meta.affix) closeTab(tab);
              }}
              data-testid="tab"
              data-path={tab.path}
              data-active={active ? 'true' : 'false'}
              data-affix={tab.meta.affix ? 'true' : 'false'}
            >
              <button
                type="button"
                aria-current={active ? 'page' : undefined}
                className={styles.label}
                onClick={() => void navigate(tab.fullPath)}
                data-testid="tab-label"
              >
                {title}
              </button>
              {!tab.meta.affix && (
                <button
                  type="button"
                  className={styles.close}
                  aria-label={t('shell.closeTab', { title })}
                  onClick={() => closeTab(tab)}
                  data-testid="tab-close"
                >
                  <DismissRegular fontSize={12} aria-hidden />
                </button>
              )}
            </span>
          );
        })}
      </nav>
      <Menu
        open={menu !== null}
        onOpenChange={(_, d) => !d.open && closeMenu()}
        positioning={{ target: menu?.target ?? null, position: 'below', align: 'start' }}
      >
        <MenuPopover className={styles.menu} data-testid="tab-menu">
          <MenuList>
            <MenuItem onClick={act((tab) => refresh(tab.fullPath))} data-testid="tab-menu-refresh">
              {t('shell.tabRefresh')}
            </MenuItem>
            {!menu?.tab.meta.affix && (
              <MenuItem onClick={act(closeTab)} data-testid="tab-menu-close">
                {t('shell.tabClose')}
              </MenuItem>
            )}
            <MenuItem onClick={act(closeOthers)} data-testid="tab-menu-close-others">
              {t('shell.tabCloseOthers')}
            </MenuItem>
            <MenuItem onClick={act(() => closeAll())} data-testid="tab-menu-close-all">
              {t('shell.tabCloseAll')}
            </MenuItem>
            <MenuItem onClick={act((tab) => openWindow(tab.fullPath))} data-testid="tab-menu-new-window">
              {t('shell.tabNewWindow')}
            </MenuItem>
          </MenuList>
        </MenuPopover>
      </Menu>
    </>
  );
}
