/**
 * The tenant domain's screens (spec §2 /tenant): the distributor list and a
 * distributor's page (devBind, handing devices over, is the device domain's).
 */
import { defineScreens, preloadable } from '../manifest.js';
import { tenantPorts } from './ports.js';

export { tenantCallbacks, tenantDevices, tenantPaymentForm, tenantProducts } from './ports.js';
export { DISTRIBUTORS_PATH, distributorDevicesPath } from './paths.js';

export const tenantScreens = defineScreens({
  name: 'tenant',
  ports: tenantPorts,
  screens: {
    Distributors: preloadable(() => import('./DistributorsPage.js')),
    Distributor: preloadable(() => import('./DistributorPage.js')),
  },
});
