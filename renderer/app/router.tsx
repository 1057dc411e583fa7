/** The route table of this stage (spec §2); screens load per route. */
import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { NoPermission, NotFound, PageSpinner, RouteFailure } from './pages.js';
import { HOME } from './paths.js';
import { GuestOnly, RequirePower, RequireSession, Root, type RouteHandle } from './routing.js';

type Module = { default: ComponentType };
const lazyPage = (load: () => Promise<Module>) => async () => ({ Component: (await load()).default });

/** A screen route: its own chunk, its title, a failure that keeps the frame. */
const screen = (path: string, title: RouteHandle['title'], load: () => Promise<Module>): RouteObject => ({
  path,
  lazy: lazyPage(load),
  handle: { title } satisfies RouteHandle,
  errorElement: <RouteFailure />,
});

export const routes: RouteObject[] = [
  {
    path: '/',
    Component: Root,
    HydrateFallback: PageSpinner,
    errorElement: <RouteFailure />,
    children: [
      {
        Component: GuestOnly,
        children: [screen('login', 'route.login', () => import('../account/LoginPage.js'))],
      },
      {
        Component: RequireSession,
        children: [
          {
            lazy: lazyPage(() => import('./Frame.js')),
            children: [
              // The dashboard is a later issue: / opens the point list for now.
              { index: true, element: <Navigate to={HOME} replace /> },
              // A desktop shell that loads index.html by name lands on the home route.
              { path: 'index.html', element: <Navigate to="/" replace /> },
              {
                path: 'pointMent',
                element: <RequirePower code="3-1" />,
                children: [
                  { index: true, element: <Navigate to="pointList" replace /> },
                  screen('pointList', 'route.pointList', () => import('../point/PointListPage.js')),
                  screen('bindDevice', 'route.bindDevice', () => import('../point/BindDevicePage.js')),
                ],
              },
              { path: '401', Component: NoPermission, handle: { title: 'route.noPermission' } satisfies RouteHandle },
            ],
          },
          { path: '404', Component: NotFound, handle: { title: 'route.notFound' } satisfies RouteHandle },
          { path: '*', Component: NotFound, handle: { title: 'route.notFound' } satisfies RouteHandle },
        ],
      },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
