/** What an address under a session is to the shell (pure, unit-tested). */
import { appPath } from '../../shared/ipc.js';
import { resolvePath, type AppRoute, type Resolution } from '../../shared/routes.js';

/** The redirect route's prefix (spec /redirect/{path}: re-renders the path; refresh, language change). */
export const REDIRECT_PREFIX = '/redirect';
export const redirectPathFor = (fullPath: string) =>
  `${REDIRECT_PREFIX}${fullPath.startsWith('/') ? fullPath : `/${fullPath}`}`;
/** The address /redirect/{path} stands for. */
export const redirectTarget = (pathname: string, search = '', hash = '') =>
  `${pathname.slice(REDIRECT_PREFIX.length) || '/'}${search}${hash}`;

/** The shell's own paths, which are not screens: /redirect/*, /401, /index.html. */
export type ShellPage = Resolution | { kind: 'redirectPage' } | { kind: 'noPermission' };

export function pageOf(routes: readonly AppRoute[], pathname: string): ShellPage {
  if (pathname === REDIRECT_PREFIX || pathname.startsWith(`${REDIRECT_PREFIX}/`)) {
    // /redirect//evil.com stands for no page of ours (a browser reads `//host` as another site).
    return appPath.safeParse(redirectTarget(pathname)).success ? { kind: 'redirectPage' } : { kind: 'unknown' };
  }
  if (pathname === '/401') return { kind: 'noPermission' };
  // A desktop shell that loads index.html by name lands on the home route.
  if (pathname === '/index.html') return { kind: 'redirect', to: '/' };
  return resolvePath(routes, pathname);
}
