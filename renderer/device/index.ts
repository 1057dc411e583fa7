/** The device domain's screens (spec §2 /deviceList, /devicePool) and its live events. */
import { defineScreens, preloadable } from '../manifest.js';
import { deviceLive } from './live.js';

/** Shared with the screens that move devices (a point's binding, a distributor's devices). */
export { DeviceTable, type DeviceTableProps } from './DeviceTable.js';
export { devSetPath } from './paths.js';

export const deviceScreens = defineScreens({
  name: 'device',
  screens: {
    DeviceList: preloadable(() => import('./DeviceListPage.js')),
    DeviceSettings: preloadable(() => import('./DeviceSettingsPage.js')),
    DevicePool: preloadable(() => import('./DevicePoolPage.js')),
  },
  live: { device: deviceLive },
});
