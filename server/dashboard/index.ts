/** The dashboard domain on the upstream: figures from the sales rollups the order domain keeps (server/order/rollup.ts). */
import { defineServerDomain } from '../manifest.js';
import { defineHandlers } from '../http/handlers.js';
import { dashboardFigures, dashboardToday } from './queries.js';
import { dashboardAlerts } from './alerts.js';

export { coverage } from './queries.js';
export { baselineFigures, type BaselineFigures } from './baseline.js';

export const dashboardServer = defineServerDomain({
  name: 'dashboard',
  handlers: defineHandlers({
    'dashboard.figures': ({ body }, { db, scope }) => dashboardFigures(db, scope, body),
    'dashboard.today': (_input, { db, scope }) => dashboardToday(db, scope),
    'dashboard.alerts': (_input, { db, scope }) => dashboardAlerts(db, scope),
  }),
});
