/** The tenant domain's screens (spec §2 /tenant): the distributor list, a distributor's page and its devices. */
import { defineScreens, preloadable } from '../manifest.js';

export const tenantScreens = defineScreens({
  name: 'tenant',
  screens: {
    Distributors: preloadable(() => import('./DistributorsPage.js')),
    DistributorDevices: preloadable(() => import('./DistributorDevicesPage.js')),
    Distributor: preloadable(() => import('./DistributorPage.js')),
  },
});
