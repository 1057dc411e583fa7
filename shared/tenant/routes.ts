/** Distribution screens (spec §2 /tenant). Codes: 7-1 the distributor list, 7-3 a distributor's devices. */
import { codes, detail, group, view } from '../routes/define.js';

export const tenantRoutes = [
  group(
    90,
    '/tenant',
    { title: 'tenant.route.distribution', icon: 'tenant' },
    [
      view('people', 'Distributors', 'tenant.route.distributors', codes('7-1')),
      // Beyond the spec: one page per distributor with its settings in tabs (docs/domains/tenant.md).
      detail('distributor', 'Distributor', 'tenant.route.distributor', '/tenant/people', codes('7-1')),
      // productInformation (a distributor's products) and devBind (handing devices over) are the product and device
      // domains' screens, joined here (shared/product/routes.ts, shared/device/routes.ts).
    ],
    { alwaysShow: true },
  ),
];
