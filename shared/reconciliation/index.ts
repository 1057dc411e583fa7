/** The platforms' daily bills matched to the orders (docs/domains/reconciliation.md). */
import { defineDomain } from '../manifest.js';
import { reconciliationApi } from './api.js';
import { reconciliationErrors } from './errors.js';
import { reconciliationRoutes } from './routes.js';
import { reconciliationTexts } from './texts.js';

export * from './api.js';
export { reconciliationTexts } from './texts.js';

export const reconciliation = defineDomain({
  name: 'reconciliation',
  api: reconciliationApi,
  errors: reconciliationErrors,
  texts: reconciliationTexts,
  powers: [],
  routes: reconciliationRoutes,
});
