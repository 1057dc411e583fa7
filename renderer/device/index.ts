/** The device domain's screens (spec §2 /deviceList, /devicePool, /tenant/devBind) and its live events. */
import { lazy } from 'react';
import { provide } from '../../shared/ports.js';
import { defineScreens, preloadable } from '../manifest.js';
import { tenantDevices } from '../tenant/index.js';
import { deviceLive } from './live.js';
import { prefetchOp } from '../bridge.js';
import { idOfQuery } from '../app/paths.js';
import { DEV_SET_PATH } from './paths.js';
import { deviceCardReads } from './reads.js';
import type { OpInput } from '../../shared/ipc.js';
import { devicePorts } from './ports.js';

/** Shared with the screens that move devices (a point's binding, a distributor's devices). */
export { DeviceTable, useDeviceColumns, type DeviceTableProps } from './DeviceTable.js';
export { devSetPath } from './paths.js';
export {
  emptyTarget,
  namesItsFormTarget,
  ownerOf,
  targetField,
  targetFormShape,
  targetNamed,
  targetOf,
  type TargetValues,
} from './target.js';
/** A push's target fields and the devices it leaves out (the rollout and price-change wizards, lazy themselves). */
export { PushLeftOut, PushTargetFields } from './PushTargetFields.js';
export { firmwarePushPage, markdownPushPage, pricePushPage, refillBatches, type RefillBatchesProps } from './ports.js';

/** A distributor's devices: the distributor page's tab (loaded with it, not with this manifest). */
const TenantDevices = lazy(() => import('./TenantDevices.js'));

export const deviceScreens = defineScreens({
  name: 'device',
  ports: devicePorts,
  // A distributor's page shows its devices (the tenant domain, below devices, declares the port).
  provides: [provide(tenantDevices, TenantDevices)],
  screens: {
    DeviceList: preloadable(() => import('./DeviceListPage.js')),
    DeviceSettings: preloadable(() => import('./DeviceSettingsPage.js')),
    DevicePool: preloadable(() => import('./DevicePoolPage.js')),
    DevicePushes: preloadable(() => import('./PushesPage.js')),
    // The distribution menu's route (shared/device/routes.ts): handing devices to a second-level distributor.
    DistributorDevices: preloadable(() => import('./HandoverPage.js')),
  },
  live: { device: deviceLive },
  // A move to a device's page: its record and its cards' reads go out with the address (a refusal is said by the
  // page, which asks again).
  moveStart: (client, _user, to) => {
    const id = to.startsWith(DEV_SET_PATH) ? idOfQuery(new URLSearchParams(to.split('?')[1]).get('id')) : undefined;
    if (id === undefined) return;
    for (const [op, input] of [['device.info', { params: { id } }] as const, ...deviceCardReads(id)])
      void prefetchOp(client, op, input as OpInput<typeof op>, { silent: true });
  },
});
