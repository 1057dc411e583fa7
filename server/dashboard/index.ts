/** The dashboard domain on the upstream: figures from the sales rollups the order domain keeps (server/order/rollup.ts). */
import { defineServerDomain } from '../manifest.js';
import { alertSweepMs, sweepAlerts } from './sweep.js';
import { dashboardHandlers } from './handlers.js';

export { coverage } from './queries.js';
export { baselineFigures, type BaselineFigures } from './baseline.js';
export { sweepAlerts } from './sweep.js';

export const dashboardServer = defineServerDomain({
  name: 'dashboard',
  handlers: dashboardHandlers,
  // Quiet and running-out episodes, raised once each (server/device/alerts.ts); at once too, so a restart does not wait a minute.
  recurring: {
    'dashboard.sweepAlerts': {
      everyMs: () => alertSweepMs(process.env),
      atStart: true,
      run: ({ db }) => sweepAlerts(db),
    },
  },
});
