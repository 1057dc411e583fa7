/** The device domain on the upstream: the device list (the devices issue grows it). */
import { sql } from 'drizzle-orm';
import { PRESENCE } from '../../shared/device/index.js';
import { deviceChecks } from './checks.js';
import { defineServerDomain, envInteger } from '../manifest.js';
import { provide } from '../../shared/ports.js';
import { tenantDevices } from '../tenant/index.js';
import { deviceDemo } from './demo.js';
import { deviceHandlers } from './handlers.js';
import { machineHandlers, sweepOffline } from './machine.js';
import { poolHandlers } from './pool.js';
import { careHandlers } from './care.js';
import { deviceModules } from './modules.js';

export { recordModules } from './modules.js';
import { handOver } from './handover.js';
import { defineHandlers } from '../http/handlers.js';
import { devices } from './schema.js';
import { devicePorts } from './ports.js';
export {
  devicePoint,
  type DevicePoint,
  channelExpiries,
  type ChannelExpiry,
  markdownOffers,
  markdownPushes,
  unknownChannelSale,
  type UnknownChannelSale,
  type OfferedMarkdowns,
  type OfferedPrices,
  type OfferedUpdate,
  pointPlaces,
  priceOffers,
  type PushPlaces,
  type PushSource,
  firmwarePushes,
  pricePushes,
  scenePlaces,
  serviceVisit,
  stockBatches,
  type StockMoved,
  type TakenBatches,
  updateOffer,
} from './ports.js';
export { pushDeviceColumns, targetDevices, type NamedTarget } from './push.js';
import { pushTargets } from './push.js';
import { pushPage } from './pushes.js';
export { pushSelect } from './pushes.js';
export {
  addParts,
  cancelOpenOfDevices,
  cancelOpen,
  failAttempt,
  hasOpenPart,
  offerDue,
  offerParts,
  ofPush,
  OPEN_STEPS,
  pushParts,
  pushSeen,
  reportPart,
  retryFailed,
  silentParts,
  startedSince,
  stepCounts,
  stepTally,
  type RetryPolicy,
} from './push-steps.js';

export { DEMO_DEVICES } from './demo.js';
export { selectDevices, toDeviceItem } from './queries.js';
export {
  devicePoints,
  devices,
  deviceAlerts,
  deviceChannels,
  deviceModels,
  modelModules,
  moduleVersions,
  stockMoves,
  type StockCause,
} from './schema.js';
export { sweepDeviceAlerts, type AlertNow } from './alerts.js';
export { DEFAULT_DEVICE_LIMIT, deviceCaller, demoSecret, ensureDemoSecrets } from './credentials.js';
export { publishDeviceEvent, publishDeviceEvents, publishDeviceNews, type DeviceNews } from './events.js';
export {
  deviceForSale,
  putIntoChannel,
  takeFromChannel,
  takeStock,
  touchDevice,
  UnknownChannels,
  type SaleDevice,
  type SoldLine,
} from './stock.js';
export { applyChannelOutcomes, type ChannelOutcome } from './outcome.js';
export { tenantProducts } from './tenant-products.js';
export { setChannelLocks } from './channels.js';

/**
 * Machines silent for too long go offline: swept by each running upstream
 * (one statement; racing sweeps are harmless). DEVICE_OFFLINE_AFTER_MS
 * shortens the 90 s of silence (the end-to-end suite watches a machine go
 * offline in seconds); the sweep runs at a ninth of it, at most every 10 s.
 */
function presenceFromEnv(env: NodeJS.ProcessEnv) {
  const offlineAfterMs = envInteger(env, 'DEVICE_OFFLINE_AFTER_MS', 1, PRESENCE.offlineAfterMs);
  return { offlineAfterMs, sweepMs: Math.min(10_000, Math.max(250, Math.floor(offlineAfterMs / 9))) };
}

export const deviceServer = defineServerDomain({
  name: 'device',
  ports: devicePorts,
  checks: deviceChecks,
  handlers: {
    ...deviceHandlers,
    ...machineHandlers,
    ...poolHandlers,
    ...careHandlers,
    ...defineHandlers({
      'device.handOver': ({ body }, { db, user, scope }) => handOver(db, user, scope, body),
      'device.modules': ({ params }, { db, scope }) => deviceModules(db, scope, params.id),
      'device.pushTargets': ({ body }, { db, user, scope }) => pushTargets(db, user, scope, body.tenantId),
      'device.pushes': ({ query, body }, { db, scope }) => pushPage(db, scope, query, body),
    }),
  },
  demo: deviceDemo,
  recurring: {
    // At once too: machines that fell silent while no upstream ran are offline from the start.
    'device.sweepOffline': {
      everyMs: () => presenceFromEnv(process.env).sweepMs,
      atStart: true,
      run: ({ db }) => sweepOffline(db, presenceFromEnv(process.env).offlineAfterMs),
    },
  },
  owns: {
    device: {
      id: devices.id,
      tenantId: devices.tenantId,
      labels: [devices.name, devices.serial],
      deviceId: devices.id,
    },
  },
  provides: [
    // A distributor's device count, for the distributor list (tenants are below devices).
    provide(
      tenantDevices,
      (tenantId) => sql<number>`(select count(*)::int from ${devices} where ${devices.tenantId} = ${tenantId})`,
    ),
  ],
});
