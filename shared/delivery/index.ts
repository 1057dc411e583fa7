/** The delivery domain (spec §4 delivery status and end, per-product states): vend outcomes, automatic refunds of failed vends, the review list. It uses orders, refunds and devices, never the other way. */
import { defineDomain } from '../manifest.js';
import { deliveryApi } from './api.js';
import { deliveryErrors } from './errors.js';
import { deliveryRoutes } from './routes.js';
import { deliveryTexts } from './texts.js';

export * from './api.js';
export { deliveryErrors } from './errors.js';

export const delivery = defineDomain({
  name: 'delivery',
  api: deliveryApi,
  errors: deliveryErrors,
  texts: deliveryTexts,
  powers: [],
  routes: deliveryRoutes,
});
