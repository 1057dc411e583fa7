/** The callback domain on the upstream (docs/domains/callback.md): signed deliveries of a tenant's device events, its delivery log, the info request. It uses tenants, orders and payment's key ring, never the other way. */
import { defineServerDomain } from '../manifest.js';
import { callbackDeliveries } from './schema.js';
import { callbackHandlers } from './handlers.js';
import { DELIVER, deliverJob, onEvent } from './deliveries.js';

export { callbackDeliveries, callbackSettings } from './schema.js';
export { rotateCallbackKeys } from './settings.js';

export const callbackServer = defineServerDomain({
  name: 'callback',
  handlers: callbackHandlers,
  onEvent,
  jobs: { [DELIVER]: deliverJob },
  owns: {
    callbackDelivery: {
      id: callbackDeliveries.id,
      tenantId: callbackDeliveries.tenantId,
      labels: [callbackDeliveries.messageId],
    },
  },
});
