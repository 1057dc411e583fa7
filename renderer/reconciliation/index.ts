/** The platforms' daily bills matched to the orders (docs/domains/reconciliation.md). */
import { defineScreens, preloadable } from '../manifest.js';

export { RECONCILIATION_PATH } from './paths.js';

export const reconciliationScreens = defineScreens({
  name: 'reconciliation',
  screens: {
    Reconciliation: preloadable(() => import('./ReconciliationPage.js')),
  },
});
