/** The staff domain (spec §3 Staff member and Role, §7 employee calls, §2 /atManagement): members and roles. */
import { defineDomain } from '../manifest.js';
import { joinApis } from '../api/define.js';
import { staffApi } from './api.js';
import { staffErrors } from './errors.js';
import { roleApi } from './roles.js';
import { memberApi } from './members.js';
import { staffRoutes } from './routes.js';
import { staffTexts } from './texts.js';

export * from './api.js';
export * from './roles.js';
export * from './members.js';
export { staffErrors } from './errors.js';

export const staff = defineDomain({
  name: 'staff',
  api: joinApis(staffApi, roleApi, memberApi),
  errors: staffErrors,
  texts: staffTexts,
  powers: ['4-1', '4-2'],
  routes: staffRoutes,
});
