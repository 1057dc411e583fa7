/** The revenue-share screens: statements by month and one statement's page, location hosts, share rules. */
import { lazy } from 'react';
import { defineScreens } from '../manifest.js';

export { statementPath } from './paths.js';

export const shareScreens = defineScreens({
  name: 'share',
  screens: {
    ShareStatements: lazy(() => import('./StatementsPage.js')),
    ShareStatement: lazy(() => import('./StatementPage.js')),
    ShareHosts: lazy(() => import('./HostsPage.js')),
    ShareRules: lazy(() => import('./RulesPage.js')),
  },
});
