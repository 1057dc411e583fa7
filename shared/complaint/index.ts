/** The complaint domain (spec §2 customerService, §3 Complaint, §4 complaint states). It uses orders and refunds, never the other way. */
import { defineDomain } from '../manifest.js';
import { complaintApi } from './api.js';
import { complaintErrors } from './errors.js';
import { complaintRoutes } from './routes.js';
import { complaintTexts } from './texts.js';

export * from './api.js';
export * from './events.js';
export { complaintErrors } from './errors.js';

export const complaint = defineDomain({
  name: 'complaint',
  api: complaintApi,
  errors: complaintErrors,
  texts: complaintTexts,
  powers: [],
  routes: complaintRoutes,
});
