/** Root layout, session guards and page titles (spec §2 public routes, page title). */
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation, useMatches, useSearchParams } from 'react-router';
import type { Catalogue } from '../../shared/i18n/index.js';
import { Notifications } from './notify.js';
import { loginPathFor, REDIRECT_PARAM, safeRedirect } from './paths.js';
import { NoPermission, PageSpinner } from './pages.js';
import { ErrorReporter } from './report.js';
import { mayOpen, UserContext, useSession, useUser } from './session.js';

export interface RouteHandle { title?: `route.${keyof Catalogue['route']}` }

function PageTitle() {
  const { t } = useTranslation();
  const matches = useMatches();
  const key = [...matches].reverse().map((m) => (m.handle as RouteHandle | undefined)?.title).find(Boolean);
  const short = t('app.shortTitle');
  const title = key ? `${t(key)} - ${short}` : short;
  useEffect(() => {
    document.title = title;
  }, [title]);
  return null;
}

export function Root() {
  return (
    <ErrorReporter>
      <Notifications />
      <PageTitle />
      <Outlet />
    </ErrorReporter>
  );
}

/** Every path but /login needs a session; the wanted path waits in `?redirect=`. */
export function RequireSession() {
  const { data: user, isPending } = useSession();
  const location = useLocation();
  if (isPending) return <PageSpinner />;
  if (!user) return <Navigate to={loginPathFor(location.pathname + location.search)} replace />;
  return (
    <UserContext.Provider value={user}>
      <Outlet />
    </UserContext.Provider>
  );
}

/** /login with a session goes on to the wanted path, or /. */
export function GuestOnly() {
  const { data: user, isPending } = useSession();
  const [params] = useSearchParams();
  if (isPending) return <PageSpinner />;
  if (user) return <Navigate to={safeRedirect(params.get(REDIRECT_PARAM))} replace />;
  return <Outlet />;
}

/**
 * Screens of a permission code (spec §2 route meta `value`): admin and tenants
 * pass, members need the code, anyone else sees the no-permission page
 * instead of calls the upstream would refuse.
 */
export function RequirePower({ code }: { code: string }) {
  return mayOpen(useUser(), code) ? <Outlet /> : <NoPermission />;
}
