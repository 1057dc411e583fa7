/**
 * The screen of each route name, from the domains' manifests
 * (renderer/domains.ts). Routes without a screen yet show the shared
 * placeholder ("not available in this version") until their domain builds it.
 */
import type { AppRoute } from '../../shared/routes.js';
import { SCREENS } from '../domains.js';
import { Placeholder } from './Placeholder.js';

/** Whether a route has its real screen (the rest are placeholders). */
export const hasScreen = (name: string | undefined): boolean => name !== undefined && Object.hasOwn(SCREENS, name);

/**
 * Whether a route's screen renders at once (its module loaded, or a placeholder); otherwise `loadScreen` loads it.
 * The main area holds a move until then (AppMain.tsx).
 */
export const screenReady = (name: string | undefined): boolean => !hasScreen(name) || SCREENS[name!]!.loaded();
export const loadScreen = (name: string | undefined): Promise<unknown> =>
  hasScreen(name) ? SCREENS[name!]!.preload() : Promise.resolve();

export function Screen({ route }: { route: AppRoute }) {
  const Component = route.name !== undefined && hasScreen(route.name) ? SCREENS[route.name] : undefined;
  if (Component) return <Component />;
  return <Placeholder title={route.meta.title} />;
}
