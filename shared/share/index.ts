/** The revenue-share domain: location hosts, share rules in monthly versions, monthly statements (beyond the spec; docs/domains/share.md). */
import { defineDomain } from '../manifest.js';
import { shareApi } from './api.js';
import { shareErrors } from './errors.js';
import { shareRoutes } from './routes.js';
import { shareTexts } from './texts.js';

export * from './api.js';
export * from './rules.js';
export * from './terms.js';
export { shareErrors } from './errors.js';
export { shareTexts } from './texts.js';

export const share = defineDomain({
  name: 'share',
  api: shareApi,
  errors: shareErrors,
  texts: shareTexts,
  powers: ['9-1'],
  routes: shareRoutes,
});
