/** The account domain (spec §4 login, §7 authentication service, §2 /person): sign-in, user info, passwords. */
import { defineDomain } from '../manifest.js';
import { accountApi } from './api.js';
import { accountErrors } from './errors.js';
import { accountRoutes } from './routes.js';
import { accountTexts } from './texts.js';

export * from './api.js';
export * from './password.js';
export * from './sign-in.js';
export * from './name.js';
export * from './password-rule.js';
export { accountErrors } from './errors.js';

export const account = defineDomain({
  name: 'account',
  api: accountApi,
  errors: accountErrors,
  texts: accountTexts,
  powers: [],
  routes: accountRoutes,
});
