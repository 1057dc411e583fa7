/** The customer domain's screens (spec §2 /costumeMent): enterprise accounts, a customer's points and prices, enterprise staff. */
import { lazy } from 'react';
import { defineScreens } from '../manifest.js';

export const customerScreens = defineScreens({
  name: 'customer',
  screens: {
    CustomerAccounts: lazy(() => import('./AccountsPage.js')),
    BindPoints: lazy(() => import('./CustomerPage.js')),
    CustomerStaff: lazy(() => import('./StaffPage.js')),
  },
});
