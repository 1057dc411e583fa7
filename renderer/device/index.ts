/** The device domain's screens (spec §2 /deviceList, /devicePool) and its live events. */
import { lazy } from 'react';
import { defineScreens } from '../manifest.js';
import { deviceLive } from './live.js';

/** Shared with the screens that move devices (a point's binding, a distributor's devices). */
export { DeviceTable, type DeviceTableProps } from './DeviceTable.js';
export { devSetPath } from './paths.js';

export const deviceScreens = defineScreens({
  name: 'device',
  screens: {
    DeviceList: lazy(() => import('./DeviceListPage.js')),
    DeviceSettings: lazy(() => import('./DeviceSettingsPage.js')),
    DevicePool: lazy(() => import('./DevicePoolPage.js')),
  },
  live: { device: deviceLive },
});
