/** The dashboard's screen (spec §2 /dashboard), loaded after sign-in with its charts. */
import { lazy } from 'react';
import { defineScreens } from '../manifest.js';
import { dashboardDeviceLive, dashboardLive } from './live.js';

export const dashboardScreens = defineScreens({
  name: 'dashboard',
  screens: { Dashboard: lazy(() => import('./DashboardPage.js')) },
  live: { order: dashboardLive, device: dashboardDeviceLive },
});
