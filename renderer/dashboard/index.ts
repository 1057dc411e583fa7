/** The dashboard's screen (spec §2 /dashboard), loaded after sign-in with its charts. */
import type { ComponentType } from 'react';
import { DASHBOARD_PATH } from '../../shared/dashboard/path.js';
import { defineScreens, preloadable } from '../manifest.js';
import { mayOpen } from '../app/session.js';
import { dashboardDeviceLive, dashboardLive } from './live.js';
import type * as Reads from './prefetch.js';

const Dashboard = preloadable(() => import('./DashboardPage.js'));

/**
 * The dashboard's chart panel (a chart, its table and its .xlsx) for another
 * domain's page — an activity's results — loaded with that page, never with
 * the shell: a lazy component, so importing this index costs nothing. The
 * page's module asks for it as it loads (`LazyChartPanel.preload()`), and
 * once loaded the panel renders at once: a lazy component suspends on its
 * first render even when its module is there, and React then held the page
 * back 300 ms behind the panel's spinner (`npm run bench:browser`: the
 * activity's page, 424 ms a move).
 */
export const LazyChartPanel = preloadable<object>(() =>
  // Its generic row type cannot pass through the loader: the page that shows it restores it.
  import('./ChartPanel.js').then((m) => ({ default: m.ChartPanel as unknown as ComponentType })),
);
export type { ChartPanelProps } from './ChartPanel.js';
export type { ChartSpec } from './chartSpec.js';

/** Whether a sign-in going to `to` lands on the dashboard (spec §2 `/` → /dashboard). */
const landsHere = (to: string) => to === '/' || to === DASHBOARD_PATH;

/**
 * The reads' module once loaded. Not a static import: the first bundle would carry the range's calendar for it.
 * Held here so that a session start, run inside the console's first render (one task of 200–400 ms: React renders
 * a root's first render without yielding), asks for the reads at once: a `.then` on the import, even of a module
 * loaded long before, ran only after that render had committed (the reads went out ~400 ms after the sign-in).
 */
let reads: typeof Reads | undefined;
const loadReads = () => import('./prefetch.js').then((m) => (reads = m));

/** The page's chunk, and echarts': ChartPanel would start it only once the page's own chunk has arrived and run. */
function loadCode() {
  void Dashboard.preload();
  void import('./EChart.js');
}

export const dashboardScreens = defineScreens({
  name: 'dashboard',
  screens: { Dashboard },
  live: { order: dashboardLive, device: dashboardDeviceLive },
  // Where a user with the dashboard lands: its chunk, echarts' and its three reads load beside the shell, not after
  // the shell has drawn and redirected.
  sessionStart: (client, user, to) => {
    if (!landsHere(to) || !mayOpen(user, '1-1')) return;
    // In this order: the browser fetches six files at a time, and the reads' small module must not queue behind the page's.
    if (reads) reads.prefetchDashboard(client);
    else void loadReads().then((m) => m.prefetchDashboard(client));
    loadCode();
  },
  // A move here (the menu, the logo): the reads go out with the address, not once the page renders.
  moveStart: (client, user, to) => {
    if (!landsHere(to) || !mayOpen(user, '1-1')) return;
    if (reads) reads.prefetchDashboard(client);
    else void loadReads().then((m) => m.prefetchDashboard(client));
  },
  // Most users land here: its code (echarts and the reads' module included) loads while the sign-in is typed, so the
  // session start above asks for the reads the moment the sign-in answers.
  warm: (to) => {
    if (!landsHere(to)) return;
    void loadReads();
    loadCode();
  },
});
