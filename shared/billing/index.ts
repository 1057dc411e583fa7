/** The billing domain (spec §2 payCenter, costManagement, bill; §3 Bill): service-fee renewal and the bills it leaves. It uses devices, never the other way. */
import { defineDomain } from '../manifest.js';
import { billingApi } from './api.js';
import { billingErrors } from './errors.js';
import { billingRoutes } from './routes.js';
import { billingTexts } from './texts.js';

export * from './api.js';
export { billingErrors } from './errors.js';

export const billing = defineDomain({ name: 'billing', api: billingApi, errors: billingErrors, texts: billingTexts, powers: [], routes: billingRoutes });
