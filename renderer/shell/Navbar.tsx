/**
 * The top bar (spec §2): sidebar toggle, breadcrumb, and on the right the
 * route search, shortcuts (account info, payment centre, bill, complaints by
 * the navbar code rules), fullscreen, refresh, font size, language and the
 * profile menu (account, password, sign-out). A narrow bar folds by its own
 * width (navbarLayout.ts), what folds going to a "more" menu.
 */
import { Button, makeStyles, tokens, Tooltip } from '@fluentui/react-components';
import {
  ArrowClockwiseRegular,
  FullScreenMaximizeRegular,
  FullScreenMinimizeRegular,
  TextIndentDecreaseRegular,
  TextIndentIncreaseRegular,
} from '@fluentui/react-icons';
import { Suspense, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { titleText } from '../i18n/index.js';
import { Link } from 'react-router';
import { SLOTS } from '../domains.js';
import { LanguageSwitcher } from '../app/LanguageSwitcher.js';
import { Breadcrumbs } from './Breadcrumbs.js';
import { useShell } from './context.js';
import { FontSizeButton } from './FontSizeMenu.js';
import { useFullscreen } from './fullscreen.js';
import { hasOverflow, NavbarLayoutContext, useNavbarLayout } from './navbarLayout.js';
import { NavbarMore } from './NavbarMore.js';
import { RouteSearch } from './RouteSearch.js';
import { useShortcuts, type ShortcutDef } from './shortcuts.js';

const useStyles = makeStyles({
  bar: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    minHeight: '50px',
    boxSizing: 'border-box',
    paddingInline: tokens.spacingHorizontalS,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  crumbs: { flexGrow: 1, flexShrink: 1, minWidth: 0, overflow: 'hidden' },
  right: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXS, flexShrink: 0 },
  shortcut: {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    width: '32px',
    height: '32px',
    borderRadius: tokens.borderRadiusMedium,
    color: tokens.colorNeutralForeground2,
    fontSize: '20px',
    ':hover': { backgroundColor: tokens.colorSubtleBackgroundHover, color: tokens.colorNeutralForeground1 },
  },
});

function Shortcut({ to, title, icon: Icon, testId }: ShortcutDef) {
  const { t } = useTranslation();
  const styles = useStyles();
  return (
    <Tooltip content={titleText(t, title)} relationship="label">
      <Link to={to} className={styles.shortcut} data-testid={testId}>
        <Icon aria-hidden />
      </Link>
    </Tooltip>
  );
}

/** Spec top-bar shortcuts, under the navbar code rules. */
function Shortcuts() {
  const { t } = useTranslation();
  const styles = useStyles();
  return (
    <nav className={styles.right} aria-label={t('shell.shortcuts')}>
      {useShortcuts().map((s) => (
        <Shortcut key={s.to} {...s} />
      ))}
    </nav>
  );
}

/** Spec: fullscreen toggle; warns when the browser cannot. */
function FullscreenButton() {
  const { full, toggle, label } = useFullscreen();
  return (
    <Tooltip content={label} relationship="label">
      <Button
        appearance="subtle"
        icon={full ? <FullScreenMinimizeRegular /> : <FullScreenMaximizeRegular />}
        onClick={toggle}
        data-testid="fullscreen"
        aria-pressed={full}
      />
    </Tooltip>
  );
}

export function Navbar() {
  const { t } = useTranslation();
  const styles = useStyles();
  const { sidebar, refresh } = useShell();
  const bar = useRef<HTMLDivElement>(null);
  const layout = useNavbarLayout(bar);
  const toggleLabel = sidebar.opened ? t('menu.collapse') : t('menu.expand');
  return (
    <div ref={bar} className={styles.bar} data-testid="navbar">
      <Tooltip content={toggleLabel} relationship="label">
        <Button
          appearance="subtle"
          icon={sidebar.opened ? <TextIndentDecreaseRegular /> : <TextIndentIncreaseRegular />}
          onClick={sidebar.toggle}
          aria-expanded={sidebar.opened}
          {...sidebar.triggerAttributes}
          ref={sidebar.toggleRef}
          data-testid="menu-toggle"
        />
      </Tooltip>
      {/* A narrow bar (no room for labels) shows the page's own title alone: the parts before it are in the menu. */}
      <div className={styles.crumbs}>
        <Breadcrumbs lastOnly={!layout.labels} />
      </div>
      <div className={styles.right}>
        <RouteSearch compact={layout.compactSearch} />
        {layout.shortcuts && <Shortcuts />}
        {layout.tools && <FullscreenButton />}
        <Tooltip content={t('shell.refresh')} relationship="label">
          <Button
            appearance="subtle"
            icon={<ArrowClockwiseRegular />}
            onClick={() => refresh()}
            data-testid="refresh"
          />
        </Tooltip>
        {layout.tools && <FontSizeButton />}
        {hasOverflow(layout) && <NavbarMore layout={layout} />}
        <LanguageSwitcher compact={!layout.labels} onChanged={() => refresh()} />
        <NavbarLayoutContext.Provider value={layout}>
          <Suspense fallback={null}>
            <SLOTS.profileMenu />
          </Suspense>
        </NavbarLayoutContext.Provider>
      </div>
    </div>
  );
}
