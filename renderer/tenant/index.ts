/** The tenant domain's screens (spec §2 /tenant): the distributor list, a distributor's page and its devices. */
import { lazy } from 'react';
import { defineScreens } from '../manifest.js';

export const tenantScreens = defineScreens({
  name: 'tenant',
  screens: {
    Distributors: lazy(() => import('./DistributorsPage.js')),
    DistributorDevices: lazy(() => import('./DistributorDevicesPage.js')),
    Distributor: lazy(() => import('./DistributorPage.js')),
  },
});
