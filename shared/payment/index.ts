/** The payment domain (spec §3 Payment settings, §5, §6): each tenant's payment credentials, secrets write-only. It uses tenants, never the other way. */
import { defineDomain } from '../manifest.js';
import { paymentApi } from './api.js';
import { paymentErrors } from './errors.js';
import { paymentTexts } from './texts.js';

export * from './api.js';
export { paymentErrors } from './errors.js';

export const payment = defineDomain({
  name: 'payment',
  api: paymentApi,
  errors: paymentErrors,
  texts: paymentTexts,
  powers: [],
  routes: [],
});
