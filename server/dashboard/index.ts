/** The dashboard domain on the upstream: figures from the sales rollups the order domain keeps (server/order/rollup.ts). */
import { defineServerDomain, periodic } from '../manifest.js';
import { alertSweepMs, sweepAlerts } from './sweep.js';
import { dashboardHandlers } from './handlers.js';

export { coverage } from './queries.js';
export { baselineFigures, type BaselineFigures } from './baseline.js';
export { sweepAlerts } from './sweep.js';

export const dashboardServer = defineServerDomain({
  name: 'dashboard',
  handlers: dashboardHandlers,
  // Quiet and running-out episodes, raised once each (server/device/alerts.ts); at once too, so a restart does not wait a minute.
  background: (db) => periodic(() => sweepAlerts(db), alertSweepMs(process.env), { immediately: true }),
});
