/** The group domain (spec §2 /marketing/group, §3 Group, §4 group-member states, §5 group rules): customer groups and the claim flow. */
import { defineDomain } from '../manifest.js';
import { groupApi } from './api.js';
import { groupImportApi } from './imports.js';
import { groupBehaviourApi } from './behaviour.js';
import { groupErrors } from './errors.js';
import { groupTexts } from './texts.js';
import { groupRoutes } from './routes.js';

export * from './api.js';
export * from './imports.js';
export * from './behaviour.js';
export { groupErrors } from './errors.js';

export const group = defineDomain({
  name: 'group',
  api: { ...groupApi, ...groupImportApi, ...groupBehaviourApi },
  errors: groupErrors,
  texts: groupTexts,
  powers: [],
  routes: groupRoutes,
});
