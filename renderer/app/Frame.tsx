/**
 * The minimal authenticated frame: top bar (title, user, language, sign-out),
 * a slim side navigation, the route in the main area. The full shell (menu
 * by role, tabs, search, settings) replaces it later.
 */
import { Button, makeStyles, Text, tokens } from '@fluentui/react-components';
import { LocationRegular, SignOutRegular } from '@fluentui/react-icons';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation } from 'react-router';
import { LanguageSwitcher } from './LanguageSwitcher.js';
import { PageSpinner } from './pages.js';
import { HOME } from './paths.js';
import { mayOpen, roleNameKey, useSignOut, useUser } from './session.js';

const SIDEBAR_WIDTH = '210px'; // spec §9

const useStyles = makeStyles({
  frame: { display: 'grid', gridTemplateColumns: `${SIDEBAR_WIDTH} 1fr`, gridTemplateRows: '56px 1fr', minHeight: '100vh' },
  top: {
    gridColumn: '1 / 3', display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM,
    paddingInline: tokens.spacingHorizontalL, borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground1,
  },
  brand: { fontWeight: tokens.fontWeightSemibold, fontSize: tokens.fontSizeBase400, color: tokens.colorNeutralForeground1, textDecorationLine: 'none' },
  spacer: { flexGrow: 1 },
  user: { display: 'flex', flexDirection: 'column', alignItems: 'flex-end', lineHeight: tokens.lineHeightBase200 },
  side: { backgroundColor: tokens.colorNeutralBackground3, paddingBlock: tokens.spacingVerticalM, borderRight: `1px solid ${tokens.colorNeutralStroke2}` },
  group: { paddingInline: tokens.spacingHorizontalL, paddingBlock: tokens.spacingVerticalS, color: tokens.colorNeutralForeground3 },
  link: {
    display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, paddingInline: tokens.spacingHorizontalL,
    paddingBlock: tokens.spacingVerticalS, color: tokens.colorNeutralForeground1, textDecorationLine: 'none',
    ':hover': { backgroundColor: tokens.colorNeutralBackground3Hover },
  },
  active: { color: tokens.colorBrandForeground1, backgroundColor: tokens.colorNeutralBackground1, fontWeight: tokens.fontWeightSemibold },
  main: { padding: tokens.spacingHorizontalL, minWidth: 0, backgroundColor: tokens.colorNeutralBackground2 },
});

function TopBar() {
  const { t } = useTranslation();
  const styles = useStyles();
  const user = useUser();
  const signOut = useSignOut();
  const roleKey = roleNameKey(user.roleName);
  return (
    <header className={styles.top}>
      <Link to="/" className={styles.brand}>{t('app.shortTitle')}</Link>
      <span className={styles.spacer} />
      <div className={styles.user} aria-label={t('frame.account')}>
        <Text weight="semibold" data-testid="user-name">{user.name}</Text>
        <Text size={200} data-testid="user-role">{roleKey ? t(roleKey) : user.roleName}</Text>
      </div>
      <LanguageSwitcher />
      <Button appearance="subtle" icon={<SignOutRegular />} onClick={() => void signOut()} data-testid="sign-out">
        {t('frame.signOut')}
      </Button>
    </header>
  );
}

function SideNav() {
  const { t } = useTranslation();
  const styles = useStyles();
  // The bind screen is a hidden child of the point list: the list stays marked.
  const active = useLocation().pathname.startsWith('/pointMent/');
  const user = useUser();
  const showPoints = mayOpen(user, '3-1');
  return (
    <nav className={styles.side} aria-label={t('frame.navigation')}>
      {showPoints && (
        <>
          <Text as="h2" size={200} block className={styles.group}>{t('route.pointMent')}</Text>
          <Link to={HOME} className={active ? `${styles.link} ${styles.active}` : styles.link} aria-current={active ? 'page' : undefined} data-testid="nav-point-list">
            <LocationRegular /> {t('route.pointList')}
          </Link>
        </>
      )}
    </nav>
  );
}

export default function Frame() {
  const styles = useStyles();
  return (
    <div className={styles.frame}>
      <TopBar />
      <SideNav />
      <main className={styles.main}>
        <Suspense fallback={<PageSpinner />}>
          <Outlet />
        </Suspense>
      </main>
    </div>
  );
}
