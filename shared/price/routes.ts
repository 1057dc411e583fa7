/**
 * Price-change screens: beyond spec §2's route list (docs/departures.md).
 * In the device menu group after firmware, opened by the device list's code
 * (2-1): the changes and the price history at /deviceList/prices, one
 * change's progress hidden beneath it.
 */
import { codes, detail, into, view } from '../routes/define.js';

export const priceRoutes = [
  into(
    '/deviceList',
    [
      view('prices', 'Prices', 'price.route.prices', codes('2-1')),
      detail('prices/change', 'PriceChange', 'price.route.change', '/deviceList/prices', codes('2-1')),
    ],
    'FirmwareRollout',
  ),
];
