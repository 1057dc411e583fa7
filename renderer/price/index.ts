/** The price domain's screens (the changes and the history, one change's progress) and its live events. */
import { defineScreens, preloadable } from '../manifest.js';
import { priceLive } from './live.js';

export const priceScreens = defineScreens({
  name: 'price',
  screens: {
    Prices: preloadable(() => import('./PricesPage.js')),
    PriceChange: preloadable(() => import('./PriceChangePage.js')),
  },
  live: { price: priceLive },
});
