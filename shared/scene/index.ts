/** The scene domain (spec §2 /sceneadmin: scene linkage; code 2-9; its screens join the device menu group). */
import { defineDomain } from '../manifest.js';
import { sceneApi } from './api.js';
import { sceneErrors } from './errors.js';
import { sceneRoutes } from './routes.js';
import { sceneTexts } from './texts.js';

export * from './api.js';
export { sceneErrors } from './errors.js';

export const scene = defineDomain({
  name: 'scene',
  api: sceneApi,
  errors: sceneErrors,
  texts: sceneTexts,
  powers: ['2-9'],
  routes: sceneRoutes,
});
