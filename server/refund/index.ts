/** The refund domain on the upstream: refunds of orders through the payment platforms (the sandbox in the demo), and each tenant's refund period. */
import { refundChecks } from './checks.js';
import { sql } from 'drizzle-orm';
import { defineServerDomain } from '../manifest.js';
import { provide } from '../../shared/ports.js';
import { refundRowsOf } from './rows.js';
import { SWEEP_NET_MS } from '../jobs/index.js';
import { orders, refundRows } from '../order/index.js';
import { SETTLE_JOB } from './refunds.js';
import { refundHandlers } from './handlers.js';
import { refundDemo } from './demo.js';
import { refundNotifyRoutes } from './notify.js';
import { refunds } from './schema.js';
import { settleDue, settleJob } from './due.js';

export { refundLines, refunds, refundSettings } from './schema.js';
export { refundSettingsOf, refundsOf, requestRefund, type RefundRequest } from './refunds.js';
export { refundsOfEarlierSales, type LateRefund } from './late.js';
export { sandboxOutcome, settleDueRefunds, type Outcome } from './settle.js';
export { settleDue } from './due.js';
export { askPlatforms, refundIdOf, refundNumber } from './platform.js';

export const refundServer = defineServerDomain({
  name: 'refund',
  checks: refundChecks,
  handlers: refundHandlers,
  demo: refundDemo,
  owns: {
    refund: {
      id: refunds.id,
      tenantId: refunds.tenantId,
      labels: [refunds.reason],
      deviceId: sql`(select ${orders.deviceId} from ${orders} where ${orders.id} = ${refunds.orderId})`,
    },
  },
  // Each refund's answer is a job at its settle_at (settle.ts); the sweep only catches one whose job was lost.
  jobs: { [SETTLE_JOB]: settleJob },
  // The net under the settle jobs: a refund whose job was lost with its instance is settled within SWEEP_NET_MS.
  recurring: { 'refund.settleDue': { everyMs: SWEEP_NET_MS, run: ({ db }) => settleDue(db) } },
  // The platforms' refund notifications, in their own formats.
  outsideRoutes: refundNotifyRoutes,
  // What a settled refund takes off the sales rollups, and the seeds' refunds (the order domain's port).
  provides: [provide(refundRows, refundRowsOf)],
});
