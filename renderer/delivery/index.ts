/** The delivery domain's screens: the review list of failed vends (in the order menu). */
import { lazy } from 'react';
import { defineScreens } from '../manifest.js';
import { deliveryLive } from './live.js';

export const deliveryScreens = defineScreens({
  name: 'delivery',
  screens: {
    DeliveryReview: lazy(() => import('./ReviewPage.js')),
  },
  live: { order: deliveryLive },
});
