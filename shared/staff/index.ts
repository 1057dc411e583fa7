/** The staff domain (spec §3 Staff member and Role, §7 employee calls, §2 /atManagement): members and roles. */
import { defineDomain } from '../manifest.js';
import { staffApi } from './api.js';
import { staffRoutes } from './routes.js';
import { staffTexts } from './texts.js';

export * from './api.js';

export const staff = defineDomain({
  name: 'staff', api: staffApi, texts: staffTexts, powers: ['4-1', '4-2'], routes: staffRoutes,
});
