/** The billing domain (spec §2 payCenter, costManagement, bill; §3 Bill): service-fee renewal and the bills it leaves. It uses devices, never the other way. */
import { defineDomain } from '../manifest.js';
import { joinApis } from '../api/define.js';
import { billingApi } from './api.js';
import { invoiceApi } from './invoice.js';
import { billingErrors } from './errors.js';
import { billingRoutes } from './routes.js';
import { billingTexts } from './texts.js';

export * from './api.js';
export * from './invoice.js';
export { billingErrors } from './errors.js';
export { billingTexts } from './texts.js';

export const billing = defineDomain({
  name: 'billing',
  api: joinApis(billingApi, invoiceApi),
  errors: billingErrors,
  texts: billingTexts,
  powers: [],
  routes: billingRoutes,
});
