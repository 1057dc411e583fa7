/** The complaint domain's screens (spec §2 customerService) and its live events. */
import { defineScreens, preloadable } from '../manifest.js';
import { complaintLive } from './live.js';

export const complaintScreens = defineScreens({
  name: 'complaint',
  screens: {
    CustomerService: preloadable(() => import('./ComplaintListPage.js')),
    ComplaintDetail: preloadable(() => import('./ComplaintDetailPage.js')),
  },
  live: { complaint: complaintLive },
});
