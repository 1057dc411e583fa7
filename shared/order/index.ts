/** The order domain (spec §3 Order, §2 /orderManagement): the sales machines report, the order lists and an order's detail. */
import { joinApis } from '../api/define.js';
import { defineDomain } from '../manifest.js';
import { orderApi } from './api.js';
import { orderListApi } from './list.js';
import { exportApi } from './exports.js';
import { orderErrors } from './errors.js';
import { orderRoutes } from './routes.js';
import { orderTexts } from './texts.js';

export * from './states.js';
export * from './api.js';
export * from './list.js';
export * from './events.js';
export * from './exports.js';
export * from './sheet.js';
export { orderErrors } from './errors.js';
export { orderTexts } from './texts.js';

export const order = defineDomain({
  name: 'order',
  api: joinApis(orderApi, orderListApi, exportApi),
  errors: orderErrors,
  texts: orderTexts,
  powers: ['6-1', '6-3'],
  routes: orderRoutes,
});
