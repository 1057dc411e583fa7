/** Firmware on the upstream: device models' modules, packages and the versions devices report. */
import { defineServerDomain } from '../manifest.js';
import { firmwareDemo } from './demo.js';
import { firmwareHandlers } from './handlers.js';

export const firmwareServer = defineServerDomain({
  name: 'firmware',
  handlers: firmwareHandlers,
  demo: firmwareDemo,
  routeConfig: (settings) => ({
    'firmware.create': { storage: settings.storage },
    'firmware.delete': { storage: settings.storage },
    'firmware.download': { storage: settings.storage },
  }),
});
