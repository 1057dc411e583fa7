/**
 * The alert sweep: every minute (ALERT_SWEEP_MS), the platform's quiet
 * devices and running-out channels, read as the dashboard reads them, become
 * the devices' alert episodes (server/device/alerts.ts), which announce
 * themselves once each. Offline devices need no sweep of their own: going
 * offline is announced already (server/device/machine.ts).
 */
import type { Db, Queryable } from '../db/index.js';
import { sweepDeviceAlerts, type AlertNow } from '../device/index.js';
import { envInteger } from '../manifest.js';
import { platformScope } from '../scope.js';
import { dashboardAlerts, HOUR_MS } from './alerts.js';
export const ALERT_SWEEP_MS = 60_000;

export async function readAlerts(db: Queryable, now: number): Promise<AlertNow[]> {
  const alerts = await dashboardAlerts(db, platformScope, now, null);
  return [
    ...alerts.quiet.map((q): AlertNow => ({
      deviceId: q.deviceId,
      kind: 'quiet',
      channel: 0,
      hours: Math.round(((now - Date.parse(q.lastSaleAt)) / HOUR_MS) * 10) / 10,
    })),
    ...alerts.stockOut.map((s): AlertNow => ({
      deviceId: s.deviceId,
      kind: 'runningOut',
      channel: s.channel,
      hours: s.hoursLeft,
      stock: s.stock,
    })),
  ];
}

export const sweepAlerts = (db: Db, now: () => number = Date.now) =>
  sweepDeviceAlerts(db, (tx) => readAlerts(tx, now()));

/** ALERT_SWEEP_MS shortens the minute (the end-to-end suite). */
export const alertSweepMs = (env: NodeJS.ProcessEnv): number => envInteger(env, 'ALERT_SWEEP_MS', 250, ALERT_SWEEP_MS);
