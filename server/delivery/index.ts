/** The delivery domain on the upstream: vend outcomes from the machines, automatic refunds of failed vends, the review list, the time-out sweep. It uses orders, refunds and devices, never the other way. */
import { sql } from 'drizzle-orm';
import { defineServerDomain } from '../manifest.js';
import { orders } from '../order/schema.js';
import { deliveryDemo } from './demo.js';
import { deliveryHandlers } from './handlers.js';
import { deliveryTimeoutMs, endTimedOut } from './outcome.js';
import { deliveryReviews } from './schema.js';

export { deliveryReviews } from './schema.js';
export { endTimedOut, reportOutcome } from './outcome.js';

export const deliveryServer = defineServerDomain({
  name: 'delivery',
  handlers: deliveryHandlers,
  demo: deliveryDemo,
  owns: {
    review: {
      id: deliveryReviews.id,
      tenantId: deliveryReviews.tenantId,
      labels: [],
      deviceId: sql`(select ${orders.deviceId} from ${orders} where ${orders.id} = ${deliveryReviews.orderId})`,
    },
  },
  // Sales whose machine never answered are ended on every running upstream, each by one (SKIP LOCKED): a sixth of the time-out apart, between 250 ms and 30 s.
  recurring: {
    'delivery.endTimedOut': {
      everyMs: () => Math.min(30_000, Math.max(250, Math.floor(deliveryTimeoutMs() / 6))),
      run: ({ db }) => endTimedOut(db),
    },
  },
});
