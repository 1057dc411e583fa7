/** The refund domain on the upstream: refunds of orders through the sandbox payment provider, and each tenant's refund period. */
import { sql } from 'drizzle-orm';
import { defineServerDomain, periodic } from '../manifest.js';
import { orders } from '../order/schema.js';
import { settleDelayMs } from './refunds.js';
import { refundHandlers } from './handlers.js';
import { refunds } from './schema.js';
import { settleDueRefunds } from './settle.js';

export { refundLines, refunds, refundSettings } from './schema.js';
export { refundSettingsOf, refundsOf, requestRefund, type RefundRequest } from './refunds.js';
export { sandboxOutcome, settleDueRefunds, type Outcome } from './settle.js';

export const refundServer = defineServerDomain({
  name: 'refund',
  handlers: refundHandlers,
  owns: {
    refund: {
      id: refunds.id,
      tenantId: refunds.tenantId,
      labels: [refunds.reason],
      deviceId: sql`(select ${orders.deviceId} from ${orders} where ${orders.id} = ${refunds.orderId})`,
    },
  },
  // The provider's answers land while the upstream runs: a sweep a quarter of the delay apart, between 100 ms and 1 s.
  background: (db) => {
    const every = Math.min(1000, Math.max(100, Math.floor(settleDelayMs() / 4)));
    return periodic(() => settleDueRefunds(db), every);
  },
});
