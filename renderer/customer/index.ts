/** The customer domain's screens (spec §2 /costumeMent): enterprise accounts, a customer's points and prices, enterprise staff. */
import { defineScreens, preloadable } from '../manifest.js';

export const customerScreens = defineScreens({
  name: 'customer',
  screens: {
    CustomerAccounts: preloadable(() => import('./AccountsPage.js')),
    BindPoints: preloadable(() => import('./CustomerPage.js')),
    CustomerStaff: preloadable(() => import('./StaffPage.js')),
  },
});
