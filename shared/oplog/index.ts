/** The operation log (beyond the spec; docs/domains/oplog.md): who changed what, when, from where, and what it was before. */
import { defineDomain } from '../manifest.js';
import { oplogApi } from './api.js';
import { oplogRoutes } from './routes.js';
import { oplogTexts } from './texts.js';

export * from './api.js';
export { oplogTexts } from './texts.js';

export const oplog = defineDomain({
  name: 'oplog',
  api: oplogApi,
  texts: oplogTexts,
  powers: ['10-1'],
  routes: oplogRoutes,
});
