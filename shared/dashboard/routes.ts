/**
 * / and its hidden children (spec §2: / redirects to /dashboard, a pinned
 * tab). 1-1 opens the dashboard. The payment centre, cost management and
 * the bill, hidden children of / in the spec, join the group from the
 * billing domain (shared/billing/routes.ts).
 */
import { codes, group, view } from '../routes/define.js';
import { DASHBOARD_PATH } from './path.js';

export const dashboardRoutes = [
  group(
    0,
    '/',
    {},
    [view('dashboard', 'Dashboard', 'route.dashboard', { icon: 'dashboard', affix: true, ...codes('1-1') })],
    { redirect: DASHBOARD_PATH },
  ),
];
