/** The customer domain (spec §3 Enterprise customer and staff, §7 business service, §2 /costumeMent). */
import { defineDomain } from '../manifest.js';
import { joinApis } from '../api/define.js';
import { customerApi } from './api.js';
import { customerStaffApi } from './staff.js';
import { customerImportApi } from './imports.js';
import { customerErrors } from './errors.js';
import { customerRoutes } from './routes.js';
import { customerTexts } from './texts.js';

export * from './api.js';
export * from './staff.js';
export * from './imports.js';
export { customerErrors } from './errors.js';

export const customer = defineDomain({
  name: 'customer',
  api: joinApis(customerApi, customerStaffApi, customerImportApi),
  errors: customerErrors,
  texts: customerTexts,
  powers: ['8-1', '8-2'],
  routes: customerRoutes,
});
