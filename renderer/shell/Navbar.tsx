/**
 * The top bar (spec §2): sidebar toggle, breadcrumb, and on the right the
 * route search, shortcuts (account info, payment centre, bill, complaints by
 * the navbar code rules), fullscreen, refresh, font size, language and the
 * profile menu (account, password, sign-out).
 */
import { Button, makeStyles, tokens, Tooltip } from '@fluentui/react-components';
import {
  ArrowClockwiseRegular, ChatWarningRegular, DocumentRegular, FullScreenMaximizeRegular, FullScreenMinimizeRegular,
  PaymentRegular, PersonRegular, TextIndentDecreaseRegular, TextIndentIncreaseRegular, type FluentIcon,
} from '@fluentui/react-icons';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { NAVBAR_RULES, type RouteTitle } from '../../shared/routes.js';
import { ProfileMenu } from '../account/ProfileMenu.js';
import { LanguageSwitcher } from '../app/LanguageSwitcher.js';
import { useNotify } from '../app/notify.js';
import { Breadcrumbs } from './Breadcrumbs.js';
import { useShell } from './context.js';
import { FontSizeMenu } from './FontSizeMenu.js';
import { Permission } from './Permission.js';
import { RouteSearch } from './RouteSearch.js';

const useStyles = makeStyles({
  bar: {
    display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, minHeight: '50px', boxSizing: 'border-box',
    paddingInline: tokens.spacingHorizontalS, borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  crumbs: { flexGrow: 1, flexShrink: 1, minWidth: 0, overflow: 'hidden' },
  right: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXS, flexShrink: 0 },
  shortcut: {
    display: 'inline-flex', alignItems: 'center', justifyContent: 'center', width: '32px', height: '32px',
    borderRadius: tokens.borderRadiusMedium, color: tokens.colorNeutralForeground2, fontSize: '20px',
    ':hover': { backgroundColor: tokens.colorSubtleBackgroundHover, color: tokens.colorNeutralForeground1 },
  },
});

function Shortcut({ to, title, icon: Icon, testId }: { to: string; title: RouteTitle; icon: FluentIcon; testId: string }) {
  const { t } = useTranslation();
  const styles = useStyles();
  return (
    <Tooltip content={t(title)} relationship="label">
      <Link to={to} className={styles.shortcut} data-testid={testId}><Icon aria-hidden /></Link>
    </Tooltip>
  );
}

/** Spec top-bar shortcuts, under the navbar code rules. */
function Shortcuts() {
  const { t } = useTranslation();
  const styles = useStyles();
  return (
    <nav className={styles.right} aria-label={t('shell.shortcuts')}>
      <Shortcut to="/person" title="route.person" icon={PersonRegular} testId="shortcut-person" />
      <Permission values={NAVBAR_RULES.dashboard}>
        <Shortcut to="/payCenter" title="route.payCenter" icon={PaymentRegular} testId="shortcut-payCenter" />
        <Shortcut to="/bill" title="route.bill" icon={DocumentRegular} testId="shortcut-bill" />
      </Permission>
      <Permission values={NAVBAR_RULES.information}>
        <Shortcut to="/orderManagement/customerService" title="route.customerService" icon={ChatWarningRegular} testId="shortcut-customerService" />
      </Permission>
    </nav>
  );
}

/** Spec: fullscreen toggle; warns when the browser cannot. */
function FullscreenButton() {
  const { t } = useTranslation();
  const notify = useNotify();
  const [full, setFull] = useState(() => Boolean(document.fullscreenElement));
  useEffect(() => {
    const onChange = () => setFull(Boolean(document.fullscreenElement));
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);
  const toggle = () => {
    if (!document.fullscreenEnabled) {
      notify(t('shell.fullscreenUnsupported'), { intent: 'warning' });
      return;
    }
    const done = document.fullscreenElement ? document.exitFullscreen() : document.documentElement.requestFullscreen();
    done.catch(() => notify(t('shell.fullscreenUnsupported'), { intent: 'warning' }));
  };
  const label = full ? t('shell.exitFullscreen') : t('shell.fullscreen');
  return (
    <Tooltip content={label} relationship="label">
      <Button appearance="subtle" icon={full ? <FullScreenMinimizeRegular /> : <FullScreenMaximizeRegular />} onClick={toggle} data-testid="fullscreen" aria-pressed={full} />
    </Tooltip>
  );
}

export function Navbar() {
  const { t } = useTranslation();
  const styles = useStyles();
  const { sidebar, refresh, location } = useShell();
  // On a narrow screen only what fits stays: refresh, language, profile.
  const wide = !sidebar.mobile;
  const fullPath = location.pathname + location.search + location.hash;
  const toggleLabel = sidebar.opened ? t('menu.collapse') : t('menu.expand');
  return (
    <div className={styles.bar} data-testid="navbar">
      <Tooltip content={toggleLabel} relationship="label">
        <Button
          appearance="subtle"
          icon={sidebar.opened ? <TextIndentDecreaseRegular /> : <TextIndentIncreaseRegular />}
          onClick={sidebar.toggle}
          aria-expanded={sidebar.opened}
          data-testid="menu-toggle"
        />
      </Tooltip>
      <div className={styles.crumbs}><Breadcrumbs /></div>
      <div className={styles.right}>
        {wide && <RouteSearch />}
        {wide && <Shortcuts />}
        {wide && <FullscreenButton />}
        <Tooltip content={t('shell.refresh')} relationship="label">
          <Button appearance="subtle" icon={<ArrowClockwiseRegular />} onClick={() => refresh(fullPath)} data-testid="refresh" />
        </Tooltip>
        {wide && <FontSizeMenu />}
        <LanguageSwitcher onChanged={() => refresh(fullPath)} />
        <ProfileMenu />
      </div>
    </div>
  );
}
