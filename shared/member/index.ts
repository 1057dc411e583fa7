/** The member domain (spec §2 member centre, §3 Member, §8 701–708): the people who buy through a tenant's mini-program, and their points. */
import { defineDomain } from '../manifest.js';
import { joinApis } from '../api/define.js';
import { memberApi } from './api.js';
import { memberAppApi } from './app.js';
import { gradeApi } from './grades.js';
import { memberErrors } from './errors.js';
import { memberRoutes } from './routes.js';
import { memberTexts } from './texts.js';

export * from './api.js';
export * from './app.js';
export * from './grades.js';
export { memberErrors } from './errors.js';

export const member = defineDomain({
  name: 'member',
  api: joinApis(memberApi, gradeApi, memberAppApi),
  errors: memberErrors,
  texts: memberTexts,
  powers: [],
  routes: memberRoutes,
});
