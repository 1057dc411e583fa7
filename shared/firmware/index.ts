/** The firmware domain: device models' modules, firmware packages, the versions devices report (spec §8 1701–1714, 1801–1829). */
import { joinApis } from '../api/define.js';
import { defineDomain } from '../manifest.js';
import { firmwareApi } from './api.js';
import { firmwareMachineApi } from './machine.js';
import { rolloutApi } from './rollouts.js';
import { firmwareErrors } from './errors.js';
import { firmwareRoutes } from './routes.js';
import { firmwareTexts } from './texts.js';

export * from './api.js';
export * from './machine.js';
export * from './rollouts.js';
export * from './rules.js';
export { firmwareErrors } from './errors.js';

export const firmware = defineDomain({
  name: 'firmware',
  api: joinApis(firmwareApi, firmwareMachineApi, rolloutApi),
  errors: firmwareErrors,
  texts: firmwareTexts,
  powers: [],
  routes: firmwareRoutes,
});
