/** The dashboard domain (spec §2 dashboard): the sales figures every user lands on, from the sales rollups. */
import { defineDomain } from '../manifest.js';
import { dashboardApi } from './api.js';
import { dashboardRoutes } from './routes.js';
import { dashboardTexts } from './texts.js';

export * from './api.js';

export const dashboard = defineDomain({
  name: 'dashboard',
  api: dashboardApi,
  texts: dashboardTexts,
  powers: ['1-1'],
  routes: dashboardRoutes,
});
