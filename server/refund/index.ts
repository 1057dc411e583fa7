/** The refund domain on the upstream: refunds of orders through the sandbox payment provider, and each tenant's refund period. */
import { sql } from 'drizzle-orm';
import { defineServerDomain, periodic } from '../manifest.js';
import { orders } from '../order/schema.js';
import { defineHandlers } from '../http/handlers.js';
import { owningTenant } from '../tenant/index.js';
import { orderRefunds, refundDeadline, refundSettingsOf, requestRefund, settleDelayMs } from './refunds.js';
import { refunds, refundSettings } from './schema.js';
import { settleDueRefunds } from './settle.js';

export { refundLines, refunds, refundSettings } from './schema.js';
export { refundSettingsOf, refundsOf, requestRefund, type RefundRequest } from './refunds.js';
export { sandboxOutcome, settleDueRefunds, type Outcome } from './settle.js';

export const refundServer = defineServerDomain({
  name: 'refund',
  handlers: defineHandlers({
    // The system admin asks as the platform, named by its role alone (as in a complaint's progress): its staff are not the tenant's to know.
    'refund.create': ({ params, body }, { db, scope, user }) =>
      requestRefund(db, {
        scope,
        orderId: params.id,
        input: body,
        requestedBy: user.kind === 'admin' ? '' : user.name,
        actor: user.id,
      }),
    'refund.list': ({ params }, { db, scope }) => orderRefunds(db, scope, params.id),
    'refund.deadline': ({ params }, { db, scope }) => refundDeadline(db, scope, params.id),
    'refund.settings': async ({ body }, { db, scope, user }) => {
      const tenantId = await owningTenant(db, user, scope, body.tenantId);
      return refundSettingsOf(db, tenantId);
    },
    'refund.saveSettings': async ({ body }, { db, scope, user }) => {
      const tenantId = await owningTenant(db, user, scope, body.tenantId);
      // What is not given stays as it was (inherited from the first-level tenant or the default, until set).
      const now = await refundSettingsOf(db, tenantId);
      const set = {
        periodDays: body.periodDays,
        autoRefund: body.autoRefund ?? now.autoRefund,
        lockAfter: body.lockAfter ?? now.lockAfter,
      };
      await db
        .insert(refundSettings)
        .values({ tenantId, ...set })
        .onConflictDoUpdate({ target: refundSettings.tenantId, set });
      return { tenantId, ...set };
    },
  }),
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
