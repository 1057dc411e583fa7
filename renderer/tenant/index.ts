/** The tenant domain's screens (spec §2 /tenant): the distributor list, a distributor's page and its devices. */
import { defineScreens, preloadable } from '../manifest.js';
import { tenantPorts } from './ports.js';

export { tenantCallbacks, tenantPaymentForm, tenantProducts } from './ports.js';

export const tenantScreens = defineScreens({
  name: 'tenant',
  ports: tenantPorts,
  screens: {
    Distributors: preloadable(() => import('./DistributorsPage.js')),
    DistributorDevices: preloadable(() => import('./DistributorDevicesPage.js')),
    Distributor: preloadable(() => import('./DistributorPage.js')),
  },
});
