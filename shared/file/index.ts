/** The file domain: uploaded images, stored by content, served within scope. */
import { defineDomain } from '../manifest.js';
import { fileApi } from './api.js';
import { fileErrors } from './errors.js';
import { fileTexts } from './texts.js';

export * from './api.js';
export { fileErrors } from './errors.js';

export const file = defineDomain({
  name: 'file',
  api: fileApi,
  errors: fileErrors,
  texts: fileTexts,
  powers: [],
  routes: [],
});
