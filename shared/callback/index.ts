/** The callback domain (docs/domains/callback.md): a tenant's own systems hear its machines, signed and retried. It uses tenants, never the other way. */
import { defineDomain } from '../manifest.js';
import { callbackApi } from './api.js';
import { callbackErrors } from './errors.js';
import { callbackTexts } from './texts.js';

export * from './api.js';
export { callbackErrors } from './errors.js';

export const callback = defineDomain({
  name: 'callback',
  api: callbackApi,
  errors: callbackErrors,
  texts: callbackTexts,
  powers: [],
  routes: [],
});
