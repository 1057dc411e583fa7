/** The price domain: new prices sent to machines, what each machine did with them, and the history (beyond the spec). */
import { defineDomain } from '../manifest.js';
import { priceApi } from './api.js';
import { priceErrors } from './errors.js';
import { priceRoutes } from './routes.js';
import { priceTexts } from './texts.js';

export * from './api.js';
export * from './rules.js';
export { priceErrors } from './errors.js';

export const price = defineDomain({
  name: 'price',
  api: priceApi,
  errors: priceErrors,
  texts: priceTexts,
  powers: [],
  routes: priceRoutes,
});
