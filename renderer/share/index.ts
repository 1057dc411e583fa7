/** The revenue-share screens: statements by month and one statement's page, location hosts, share rules. */
import { defineScreens, preloadable } from '../manifest.js';

export { statementPath } from './paths.js';

export const shareScreens = defineScreens({
  name: 'share',
  screens: {
    ShareStatements: preloadable(() => import('./StatementsPage.js')),
    ShareStatement: preloadable(() => import('./StatementPage.js')),
    ShareHosts: preloadable(() => import('./HostsPage.js')),
    ShareRules: preloadable(() => import('./RulesPage.js')),
  },
});
