/** The dashboard domain on the upstream: figures from the sales rollups the order domain keeps (server/order/rollup.ts). */
import { eq } from 'drizzle-orm';
import { defineServerDomain, periodic } from '../manifest.js';
import { defineHandlers } from '../http/handlers.js';
import { dashboardFigures, dashboardToday } from './queries.js';
import { dashboardAlerts } from './alerts.js';
import { alertSettings } from './schema.js';
import { alertSweepMs, sweepAlerts } from './sweep.js';

export { coverage } from './queries.js';
export { baselineFigures, type BaselineFigures } from './baseline.js';
export { sweepAlerts } from './sweep.js';

export const dashboardServer = defineServerDomain({
  name: 'dashboard',
  handlers: defineHandlers({
    'dashboard.figures': ({ body }, { db, scope }) => dashboardFigures(db, scope, body),
    'dashboard.today': (_input, { db, scope }) => dashboardToday(db, scope),
    'dashboard.alerts': (_input, { db, scope }) => dashboardAlerts(db, scope),
    // The caller's own tenant (a member's, its tenant's): the setting is not inherited.
    'dashboard.alertSettings': async (_input, { db, user }) => {
      const [row] =
        user.tenantId === null
          ? []
          : await db
              .select({ quietHours: alertSettings.quietHours })
              .from(alertSettings)
              .where(eq(alertSettings.tenantId, user.tenantId));
      return { quietHours: row?.quietHours ?? null };
    },
    'dashboard.saveAlertSettings': async ({ body }, { db, user }) => {
      const tenantId = user.tenantId!;
      await db
        .insert(alertSettings)
        .values({ tenantId, quietHours: body.quietHours })
        .onConflictDoUpdate({ target: alertSettings.tenantId, set: { quietHours: body.quietHours } });
      return { quietHours: body.quietHours };
    },
  }),
  // Quiet and running-out episodes, raised once each (server/device/alerts.ts); at once too, so a restart does not wait a minute.
  background: (db) => periodic(() => sweepAlerts(db), alertSweepMs(process.env), { immediately: true }),
});
