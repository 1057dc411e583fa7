/** The firmware domain's screens: the packages (/deviceList/firmware) and one package. */
import { lazy } from 'react';
import { defineScreens } from '../manifest.js';

export const firmwareScreens = defineScreens({
  name: 'firmware',
  screens: {
    Firmware: lazy(() => import('./FirmwarePage.js')),
    FirmwarePackage: lazy(() => import('./PackagePage.js')),
  },
});
