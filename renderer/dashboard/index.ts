/** The dashboard's screen (spec §2 /dashboard), loaded after sign-in with its charts. */
import { DASHBOARD_PATH } from '../../shared/dashboard/path.js';
import { defineScreens, preloadable } from '../manifest.js';
import { mayOpen } from '../app/session.js';
import { dashboardDeviceLive, dashboardLive } from './live.js';

const Dashboard = preloadable(() => import('./DashboardPage.js'));

export const dashboardScreens = defineScreens({
  name: 'dashboard',
  screens: { Dashboard },
  live: { order: dashboardLive, device: dashboardDeviceLive },
  // Where a user with the dashboard lands (spec §2 `/` → /dashboard): its chunk, echarts' (ChartPanel starts
  // it) and its two reads load beside the shell, not after the shell has drawn and redirected.
  sessionStart: (client, user, to) => {
    if ((to !== '/' && to !== DASHBOARD_PATH) || !mayOpen(user, '1-1')) return;
    // In this order: the browser fetches six files at a time, and the reads' small module must not queue behind the page's.
    // Not a static import: the first bundle would carry the range's calendar for it.
    void import('./prefetch.js').then((m) => m.prefetchDashboard(client));
    void Dashboard.preload();
    // echarts too: ChartPanel would start it only once the page's own chunk has arrived and run.
    void import('./EChart.js');
  },
  // Most users land here: its code (echarts included) loads while the sign-in is typed.
  warm: (to) => {
    if (to !== '/' && to !== DASHBOARD_PATH) return;
    void Dashboard.preload();
    void import('./EChart.js');
  },
});
