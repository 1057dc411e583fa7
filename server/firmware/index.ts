/** Firmware on the upstream: device models' modules, packages and the versions devices report. */
import { defineServerDomain } from '../manifest.js';
import { provide } from '../../shared/ports.js';
import { firmwarePushes as firmwarePushesPort, updateOffer as updateOfferPort } from '../device/index.js';
import { advanceRollouts } from './advance.js';
import { updateOffer } from './device-jobs.js';
import { firmwarePushes } from './push.js';
import { rollouts } from './schema.js';
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
  // Running rollouts move every 2 s (advance.ts).
  recurring: { 'firmware.advanceRollouts': { everyMs: 2000, run: ({ db }) => advanceRollouts(db) } },
  // The device domain's heartbeat offers a machine its update; its fleet view lists rollouts as pushes.
  provides: [provide(updateOfferPort, updateOffer), provide(firmwarePushesPort, firmwarePushes)],
  owns: { rollout: { id: rollouts.id, tenantId: rollouts.tenantId, labels: [] } },
});
