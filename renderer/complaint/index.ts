/** The complaint domain's screens (spec §2 customerService) and its live events. */
import { lazy } from 'react';
import { defineScreens } from '../manifest.js';
import { complaintLive } from './live.js';

export const complaintScreens = defineScreens({
  name: 'complaint',
  screens: {
    CustomerService: lazy(() => import('./ComplaintListPage.js')),
    ComplaintDetail: lazy(() => import('./ComplaintDetailPage.js')),
  },
  live: { complaint: complaintLive },
});
