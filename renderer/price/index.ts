/** The price domain's screens (the changes and the history, one change's progress) and its live events. */
import { provide } from '../../shared/ports.js';
import { pricePushPage } from '../device/index.js';
import { defineScreens, preloadable } from '../manifest.js';
import { changePath } from './paths.js';
import { priceLive } from './live.js';

export const priceScreens = defineScreens({
  name: 'price',
  // The fleet's view of pushes opens a price change on its progress page.
  provides: [provide(pricePushPage, changePath)],
  screens: {
    Prices: preloadable(() => import('./PricesPage.js')),
    PriceChange: preloadable(() => import('./PriceChangePage.js')),
  },
  live: { price: priceLive },
});
