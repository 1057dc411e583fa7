/** The firmware domain's screens (the packages, one package, one rollout's progress) and its live events. */
import { lazy } from 'react';
import { defineScreens } from '../manifest.js';
import { firmwareLive } from './live.js';

export { targetNamed, targetOf, type TargetValues } from './target.js';

export const firmwareScreens = defineScreens({
  name: 'firmware',
  screens: {
    Firmware: lazy(() => import('./FirmwarePage.js')),
    FirmwarePackage: lazy(() => import('./PackagePage.js')),
    FirmwareRollout: lazy(() => import('./RolloutPage.js')),
  },
  live: { firmware: firmwareLive },
});
