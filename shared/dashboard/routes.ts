/**
 * / and its hidden children (spec §2: / redirects to /dashboard, a pinned
 * tab). 1-1 opens the dashboard. The payment centre, cost management and
 * the bill are hidden children of / in the spec; they stay on the "not
 * available" page until their domain (billing) is built and moves them.
 */
import { codes, group, view } from '../routes/define.js';
import { DASHBOARD_PATH } from './path.js';

export const dashboardRoutes = [
  group(0, '/', {}, [
    view('dashboard', 'Dashboard', 'route.dashboard', { icon: 'dashboard', affix: true, ...codes('1-1') }),
    view('payCenter', 'PayCenter', 'route.payCenter', {}, true),
    view('costManagement', 'CostManagement', 'route.costManagement', {}, true),
    view('bill', 'Bill', 'route.bill', { noCache: true }, true),
  ], { redirect: DASHBOARD_PATH }),
];
