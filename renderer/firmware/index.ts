/** The firmware domain's screens (the packages, one package, one rollout's progress) and its live events. */
import { defineScreens, preloadable } from '../manifest.js';
import { firmwareLive } from './live.js';

export const firmwareScreens = defineScreens({
  name: 'firmware',
  screens: {
    Firmware: preloadable(() => import('./FirmwarePage.js')),
    FirmwarePackage: preloadable(() => import('./PackagePage.js')),
    FirmwareRollout: preloadable(() => import('./RolloutPage.js')),
  },
  live: { firmware: firmwareLive },
});
