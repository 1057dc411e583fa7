/** The device domain (spec §3 Device, §2 /deviceList, /devicePool). */
import { joinApis } from '../api/define.js';
import { handOverApi } from './handover.js';
import { defineDomain } from '../manifest.js';
import { channelApi, deviceApi } from './api.js';
import { activationApi, machineApi } from './machine.js';
import { poolApi } from './pool.js';
import { careApi } from './care.js';
import { moduleApi } from './modules.js';
import { pushApi } from './push.js';
import { deviceErrors } from './errors.js';
import { deviceRoutes } from './routes.js';
import { deviceTexts } from './texts.js';

export * from './api.js';
export * from './machine.js';
export * from './events.js';
export * from './pool.js';
export * from './care.js';
export * from './modules.js';
export * from './handover.js';
export { deviceLabel } from './label.js';
export * from './push.js';
export * from './vend.js';
export { deviceErrors } from './errors.js';

export const device = defineDomain({
  name: 'device',
  api: joinApis(deviceApi, channelApi, machineApi, activationApi, poolApi, careApi, handOverApi, moduleApi, pushApi),
  errors: deviceErrors,
  texts: deviceTexts,
  powers: ['2-1'],
  routes: deviceRoutes,
});
