/** The firmware domain's screens (the packages, one package, one rollout's progress) and its live events. */
import { provide } from '../../shared/ports.js';
import { firmwarePushPage } from '../device/index.js';
import { defineScreens, preloadable } from '../manifest.js';
import { rolloutPath } from './paths.js';
import { firmwareLive } from './live.js';

export const firmwareScreens = defineScreens({
  name: 'firmware',
  // The fleet's view of pushes opens a rollout on its progress page.
  provides: [provide(firmwarePushPage, rolloutPath)],
  screens: {
    Firmware: preloadable(() => import('./FirmwarePage.js')),
    FirmwarePackage: preloadable(() => import('./PackagePage.js')),
    FirmwareRollout: preloadable(() => import('./RolloutPage.js')),
  },
  live: { firmware: firmwareLive },
});
