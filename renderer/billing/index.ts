/** The billing domain's screens (spec §2 payCenter, costManagement, bill: hidden children of /, reached from the top bar). */
import { lazy } from 'react';
import { defineScreens } from '../manifest.js';

export const billingScreens = defineScreens({
  name: 'billing',
  screens: {
    PayCenter: lazy(() => import('./PayCenterPage.js')),
    CostManagement: lazy(() => import('./CostManagementPage.js')),
    Bill: lazy(() => import('./BillPage.js')),
  },
});
