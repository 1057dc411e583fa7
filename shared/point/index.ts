/** The point domain (spec §3 Point, §5 point rules, §2 /pointMent): points and binding devices to them. */
import { defineDomain } from '../manifest.js';
import { pointApi } from './api.js';
import { pointErrors } from './errors.js';
import { pointRoutes } from './routes.js';
import { pointTexts } from './texts.js';

export * from './api.js';
export { pointErrors } from './errors.js';

export const point = defineDomain({
  name: 'point',
  api: pointApi,
  errors: pointErrors,
  texts: pointTexts,
  powers: ['3-1', '3-2'],
  routes: pointRoutes,
});
