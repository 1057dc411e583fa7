/** The dashboard (spec §2 Dashboard): each operation, and the feature file that does it. */
import { defineHandlers } from '../http/handlers.js';
import { alertSettingsOf, saveAlertSettings } from './alert-settings.js';
import { dashboardAlerts } from './alerts.js';
import { dashboardFigures, dashboardToday } from './queries.js';

export const dashboardHandlers = defineHandlers({
  'dashboard.figures': ({ body }, { db, scope }) => dashboardFigures(db, scope, body),
  'dashboard.today': (_input, { db, scope }) => dashboardToday(db, scope),
  'dashboard.alerts': (_input, { db, scope }) => dashboardAlerts(db, scope),
  'dashboard.alertSettings': (_input, { db, user }) => alertSettingsOf(db, user),
  'dashboard.saveAlertSettings': ({ body }, { db, user }) => saveAlertSettings(db, user, body.quietHours),
});
