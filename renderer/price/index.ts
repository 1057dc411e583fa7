/** The price domain's screens (the changes and the history, one change's progress) and its live events. */
import { lazy } from 'react';
import { defineScreens } from '../manifest.js';
import { priceLive } from './live.js';

export const priceScreens = defineScreens({
  name: 'price',
  screens: {
    Prices: lazy(() => import('./PricesPage.js')),
    PriceChange: lazy(() => import('./PriceChangePage.js')),
  },
  live: { price: priceLive },
});
