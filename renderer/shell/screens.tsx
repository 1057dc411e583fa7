/**
 * The screen of each route name. Routes without a screen yet show the shared
 * placeholder ("not available in this version"); each later issue adds its
 * screens here, until none is left.
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { AppRoute } from '../../shared/routes.js';
import { Placeholder } from './Placeholder.js';

const SCREENS: Readonly<Record<string, LazyExoticComponent<ComponentType>>> = {
  PointList: lazy(() => import('../point/PointListPage.js')),
  BindDevice: lazy(() => import('../point/BindDevicePage.js')),
};

/** Whether a route has its real screen (the rest are placeholders). */
export const hasScreen = (name: string | undefined): boolean => name !== undefined && Object.hasOwn(SCREENS, name);

export function Screen({ route }: { route: AppRoute }) {
  const Component = route.name !== undefined && hasScreen(route.name) ? SCREENS[route.name] : undefined;
  if (Component) return <Component />;
  return <Placeholder title={route.meta.title} />;
}
