/**
 * The side menu (spec §2): title "backend management system" and the logo
 * linking to /, the user's menu with nested groups; the item of the current
 * view is active (a hidden view marks its `activeMenu`). Collapsed, it shows
 * icons, and a group's items open from its icon.
 */
import {
  makeStyles,
  Menu,
  MenuItem,
  MenuList,
  MenuPopover,
  MenuTrigger,
  mergeClasses,
  tokens,
  Tooltip,
} from '@fluentui/react-components';
import { ChevronDownRegular, ChevronRightRegular } from '@fluentui/react-icons';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { titleText } from '../i18n/index.js';
import { Link, useNavigate } from 'react-router';
import { activeMenuPath, menuEntries, type MenuEntry } from '../../shared/routes.js';
import { useUser } from '../app/session.js';
import { useShell } from './context.js';
import { RouteIcon } from './icons.js';
import { MENU_COLORS } from './menuColors.js';
import { usePrefs } from './prefs.js';

const useStyles = makeStyles({
  root: {
    height: '100%',
    display: 'flex',
    flexDirection: 'column',
    backgroundColor: tokens[MENU_COLORS.rest[1]],
    borderRight: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  logo: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    height: '50px',
    flexShrink: 0,
    paddingInline: tokens.spacingHorizontalM,
    textDecorationLine: 'none',
    color: tokens.colorNeutralForeground1,
    overflow: 'hidden',
    whiteSpace: 'nowrap',
  },
  logoCollapsed: { justifyContent: 'center', paddingInline: 0 },
  logoImg: { width: '28px', height: '28px', flexShrink: 0 },
  logoTitle: {
    fontWeight: tokens.fontWeightSemibold,
    fontSize: tokens.fontSizeBase300,
    overflow: 'hidden',
    textOverflow: 'ellipsis',
  },
  scroll: { flexGrow: 1, overflowY: 'auto', overflowX: 'hidden', paddingBlock: tokens.spacingVerticalXS },
  list: { listStyleType: 'none', margin: 0, padding: 0 },
  item: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    minHeight: '44px',
    boxSizing: 'border-box',
    paddingInline: tokens.spacingHorizontalL,
    color: tokens[MENU_COLORS.rest[0]],
    textDecorationLine: 'none',
    width: '100%',
    border: 'none',
    backgroundColor: 'transparent',
    cursor: 'pointer',
    textAlign: 'start',
    fontSize: tokens.fontSizeBase300,
    fontFamily: 'inherit',
    whiteSpace: 'nowrap',
    overflow: 'hidden',
    ':hover': { backgroundColor: tokens[MENU_COLORS.hover[1]], color: tokens[MENU_COLORS.hover[0]] },
    ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}`, outlineOffset: '-2px' },
  },
  nested: { paddingInlineStart: '40px', backgroundColor: tokens[MENU_COLORS.nested[1]] },
  active: {
    color: tokens[MENU_COLORS.active[0]],
    backgroundColor: tokens[MENU_COLORS.active[1]],
    fontWeight: tokens.fontWeightSemibold,
    ':hover': { color: tokens[MENU_COLORS.activeHover[0]], backgroundColor: tokens[MENU_COLORS.activeHover[1]] },
  },
  groupActive: {
    color: tokens[MENU_COLORS.groupActive[0]],
    ':hover': { color: tokens[MENU_COLORS.groupActiveHover[0]] },
  },
  icon: { fontSize: '18px', flexShrink: 0 },
  label: { flexGrow: 1, overflow: 'hidden', textOverflow: 'ellipsis' },
  collapsedItem: { justifyContent: 'center', paddingInline: 0 },
});

const contains = (entry: MenuEntry, path: string | undefined): boolean =>
  path !== undefined && (entry.kind === 'item' ? entry.path === path : entry.children.some((c) => contains(c, path)));

function Logo({ collapsed }: { collapsed: boolean }) {
  const { t } = useTranslation();
  const styles = useStyles();
  return (
    <Link
      to="/"
      className={mergeClasses(styles.logo, collapsed && styles.logoCollapsed)}
      aria-label={collapsed ? t('menu.home') : t('menu.homeWith', { title: t('app.menuTitle') })}
      data-testid="sidebar-logo"
    >
      <img src="/logo.svg" alt="" className={styles.logoImg} />
      {!collapsed && (
        <span className={styles.logoTitle} data-testid="menu-title">
          {t('app.menuTitle')}
        </span>
      )}
    </Link>
  );
}

function Item({
  entry,
  active,
  nested,
  collapsed,
}: {
  entry: MenuEntry & { kind: 'item' };
  active: boolean;
  nested: boolean;
  collapsed: boolean;
}) {
  const { t } = useTranslation();
  const styles = useStyles();
  const title = entry.title ? titleText(t, entry.title) : entry.path;
  const link = (
    <Link
      to={entry.path}
      className={mergeClasses(
        styles.item,
        nested && !collapsed && styles.nested,
        active && styles.active,
        collapsed && styles.collapsedItem,
      )}
      aria-current={active ? 'page' : undefined}
      aria-label={collapsed ? title : undefined}
      data-testid="menu-item"
      data-path={entry.path}
    >
      {(entry.icon || collapsed) && <RouteIcon name={entry.icon} className={styles.icon} />}
      {!collapsed && <span className={styles.label}>{title}</span>}
    </Link>
  );
  return collapsed ? (
    <Tooltip content={title} relationship="description" positioning="after">
      {link}
    </Tooltip>
  ) : (
    link
  );
}

function CollapsedGroup({
  entry,
  activePath,
}: {
  entry: MenuEntry & { kind: 'group' };
  activePath: string | undefined;
}) {
  const { t } = useTranslation();
  const styles = useStyles();
  const navigate = useNavigate();
  const leaves = (e: MenuEntry): (MenuEntry & { kind: 'item' })[] =>
    e.kind === 'item' ? [e] : e.children.flatMap(leaves);
  const title = entry.title ? titleText(t, entry.title) : entry.path;
  return (
    <Menu positioning="after-top">
      <MenuTrigger disableButtonEnhancement>
        <button
          type="button"
          className={mergeClasses(styles.item, styles.collapsedItem, contains(entry, activePath) && styles.groupActive)}
          aria-label={title}
          data-testid="menu-group"
          data-path={entry.path}
        >
          <RouteIcon name={entry.icon} className={styles.icon} />
        </button>
      </MenuTrigger>
      <MenuPopover>
        <MenuList>
          {leaves(entry).map((leaf) => (
            <MenuItem
              key={leaf.path}
              onClick={() => void navigate(leaf.path)}
              data-testid="menu-item"
              data-path={leaf.path}
            >
              {leaf.title ? titleText(t, leaf.title) : leaf.path}
            </MenuItem>
          ))}
        </MenuList>
      </MenuPopover>
    </Menu>
  );
}

function Group({
  entry,
  activePath,
  depth,
}: {
  entry: MenuEntry & { kind: 'group' };
  activePath: string | undefined;
  depth: number;
}) {
  const { t } = useTranslation();
  const styles = useStyles();
  const holdsActive = contains(entry, activePath);
  const [open, setOpen] = useState(holdsActive);
  // Opening a screen opens its group.
  useEffect(() => {
    if (holdsActive) setOpen(true);
  }, [holdsActive]);
  const listId = `menu-group-${entry.path.replace(/[^\w]/g, '_')}`;
  return (
    <li>
      <button
        type="button"
        className={mergeClasses(styles.item, depth > 0 && styles.nested, holdsActive && styles.groupActive)}
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((o) => !o)}
        data-testid="menu-group"
        data-path={entry.path}
      >
        <RouteIcon name={entry.icon} className={styles.icon} />
        <span className={styles.label}>{entry.title ? titleText(t, entry.title) : entry.path}</span>
        {open ? <ChevronDownRegular aria-hidden /> : <ChevronRightRegular aria-hidden />}
      </button>
      <ul className={styles.list} id={listId} hidden={!open}>
        {entry.children.map((child) => (
          <Entry key={child.path} entry={child} activePath={activePath} depth={depth + 1} collapsed={false} />
        ))}
      </ul>
    </li>
  );
}

function Entry({
  entry,
  activePath,
  depth,
  collapsed,
}: {
  entry: MenuEntry;
  activePath: string | undefined;
  depth: number;
  collapsed: boolean;
}) {
  if (entry.kind === 'item') {
    return (
      <li>
        <Item entry={entry} active={entry.path === activePath} nested={depth > 0} collapsed={collapsed} />
      </li>
    );
  }
  if (collapsed)
    return (
      <li>
        <CollapsedGroup entry={entry} activePath={activePath} />
      </li>
    );
  return <Group entry={entry} activePath={activePath} depth={depth} />;
}

export function SideMenu({ collapsed }: { collapsed: boolean }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const user = useUser();
  const { prefs } = usePrefs();
  const { routes, resolution } = useShell();
  const entries = useMemo(() => menuEntries(routes, user), [routes, user]);
  const activePath = resolution.kind === 'view' ? activeMenuPath(resolution.route) : undefined;
  return (
    <div className={styles.root}>
      {prefs.sidebarLogo && <Logo collapsed={collapsed} />}
      <nav className={styles.scroll} aria-label={t('menu.navigation')} data-testid="side-menu">
        <ul className={styles.list}>
          {entries.map((entry) => (
            <Entry key={entry.path} entry={entry} activePath={activePath} depth={0} collapsed={collapsed} />
          ))}
        </ul>
      </nav>
    </div>
  );
}
