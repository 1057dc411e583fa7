/** Root layout, session guards and page titles (spec §2 public routes, page title). */
import { Fragment, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { titleText } from '../i18n/index.js';
import { Navigate, Outlet, useLocation, useMatches, useSearchParams } from 'react-router';
import type { RouteTitle } from '../../shared/routes.js';
import { Notifications } from './notify.js';
import { LOGIN, loginPathFor, REDIRECT_PARAM, safeRedirect } from './paths.js';
import { PageSpinner } from './pages.js';
import { ErrorReporter } from './report.js';
import { UserContext, useFollowPowers, useSession } from './session.js';

export interface RouteHandle {
  title?: RouteTitle;
}

/** Spec: page title = the route's title + ' - ' + the short title; the short title alone without one. */
export function usePageTitle(title: string | undefined) {
  const { t } = useTranslation();
  const short = t('app.shortTitle');
  const text = title ? `${title} - ${short}` : short;
  useEffect(() => {
    document.title = text;
  }, [text]);
}

/** Titles of the routes that carry one in their handle (/login, /404, /auth-redirect). The shell sets its own. */
function HandleTitle({ title }: { title: RouteTitle }) {
  const { t } = useTranslation();
  usePageTitle(titleText(t, title));
  return null;
}

function PageTitle() {
  const matches = useMatches();
  const key = [...matches]
    .reverse()
    .map((m) => (m.handle as RouteHandle | undefined)?.title)
    .find(Boolean);
  return key ? <HandleTitle title={key} /> : null;
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

/**
 * Every path but /login and /auth-redirect needs a session: a visit without
 * one keeps the wanted path in `?redirect=`; a session that ends here (sign
 * out, expired token) goes back to the root, i.e. plain sign-in (spec §4).
 */
export function RequireSession() {
  const { data: user, isPending } = useSession();
  const location = useLocation();
  useFollowPowers(user);
  const hadUser = useRef(false);
  if (user) hadUser.current = true;
  if (isPending) return <PageSpinner />;
  // Keyed by location: a navigation racing this one (sign-out goes to /) must not leave us on a guarded path.
  if (!user)
    return (
      <Navigate
        key={location.key}
        to={hadUser.current ? LOGIN : loginPathFor(location.pathname + location.search)}
        replace
      />
    );
  // Keyed by the session: a page that takes on another user (sessionWatch.ts)
  // mounts its shell afresh, with none of the previous user's tabs and views.
  return (
    <UserContext.Provider value={user}>
      <Fragment key={user.epoch}>
        <Outlet />
      </Fragment>
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
 * /auth-redirect?redirect=…: continues to the given local path (an outside
 * sign-in hands back here); without a session the guard then asks to sign in.
 */
export function AuthRedirect() {
  const [params] = useSearchParams();
  return <Navigate to={safeRedirect(params.get(REDIRECT_PARAM))} replace />;
}
