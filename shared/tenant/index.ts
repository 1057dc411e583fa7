/** The tenant domain (spec §3 Tenant, §7 tenant service, §2 /tenant): distributors. */
import { defineDomain } from '../manifest.js';
import { joinApis } from '../api/define.js';
import { tenantApi } from './api.js';
import { peopleApi } from './people.js';
import { tenantErrors } from './errors.js';
import { tenantRoutes } from './routes.js';
import { tenantTexts } from './texts.js';

export * from './api.js';
export * from './people.js';
export { tenantErrors } from './errors.js';

export const tenant = defineDomain({
  name: 'tenant',
  api: joinApis(tenantApi, peopleApi),
  errors: tenantErrors,
  texts: tenantTexts,
  powers: ['7-1', '7-3'],
  routes: tenantRoutes,
});
