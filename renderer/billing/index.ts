/** The billing domain's screens (spec §2 payCenter, costManagement, bill: hidden children of /, reached from the top bar). */
import { defineScreens, preloadable } from '../manifest.js';

export const billingScreens = defineScreens({
  name: 'billing',
  screens: {
    PayCenter: preloadable(() => import('./PayCenterPage.js')),
    CostManagement: preloadable(() => import('./CostManagementPage.js')),
    Bill: preloadable(() => import('./BillPage.js')),
  },
});
