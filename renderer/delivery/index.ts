/** The delivery domain's screens: the review list of failed vends (in the order menu). */
import { defineScreens, preloadable } from '../manifest.js';
import { deliveryLive } from './live.js';

export const deliveryScreens = defineScreens({
  name: 'delivery',
  screens: {
    DeliveryReview: preloadable(() => import('./ReviewPage.js')),
  },
  live: { order: deliveryLive },
});
