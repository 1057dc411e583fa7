/** Fixed paths and the sign-in redirect (pure, unit-tested). */
export const HOME = '/pointMent/pointList';
export const LOGIN = '/login';
/** Query parameter keeping the wanted path while signing in. */
export const REDIRECT_PARAM = 'redirect';

/** Only a local path may be a redirect target (never `//host`, a URL or /login itself). */
export function safeRedirect(target: string | null | undefined): string {
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return '/';
  if (target === LOGIN || target.startsWith(`${LOGIN}?`) || target.startsWith(`${LOGIN}/`)) return '/';
  return target;
}

/** The local path a sign-in continues to: the address's `?redirect=`, if it is a safe one, else /. */
export const wantedPath = (search: string): string => safeRedirect(new URLSearchParams(search).get(REDIRECT_PARAM));

/** Where a visitor without a session is sent, remembering the wanted path. */
export function loginPathFor(wanted: string): string {
  const target = safeRedirect(wanted);
  return target === '/' ? LOGIN : `${LOGIN}?${REDIRECT_PARAM}=${encodeURIComponent(target)}`;
}

/** The id a detail screen's query string names (`?id=12`), when it is one. */
export function idOfQuery(raw: string | null): number | undefined {
  if (!raw || !/^\d+$/.test(raw)) return undefined;
  const id = Number(raw);
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
}
