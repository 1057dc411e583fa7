/** The refund domain on the upstream: refunds of orders through the sandbox payment provider, and each tenant's refund period. */
import { defineServerDomain, periodic } from '../manifest.js';
import { defineHandlers } from '../http/handlers.js';
import { owningTenant } from '../tenant/index.js';
import { orderRefunds, periodDaysOf, refundDeadline, requestRefund, settleDelayMs } from './refunds.js';
import { refunds, refundSettings } from './schema.js';
import { settleDueRefunds } from './settle.js';

export { refundLines, refunds, refundSettings } from './schema.js';
export { requestRefund, type RefundRequest } from './refunds.js';
export { sandboxOutcome, settleDueRefunds, type Outcome } from './settle.js';

export const refundServer = defineServerDomain({
  name: 'refund',
  handlers: defineHandlers({
    // The system admin asks as the platform, named by its role alone (as in a complaint's progress): its staff are not the tenant's to know.
    'refund.create': ({ params, body }, { db, scope, user }) => requestRefund(db, { scope, orderId: params.id, input: body, requestedBy: user.kind === 'admin' ? '' : user.name, actor: user.id }),
    'refund.list': ({ params }, { db, scope }) => orderRefunds(db, scope, params.id),
    'refund.deadline': ({ params }, { db, scope }) => refundDeadline(db, scope, params.id),
    'refund.settings': async ({ body }, { db, scope, user }) => {
      const tenantId = await owningTenant(db, user, scope, body.tenantId);
      return { tenantId, periodDays: await periodDaysOf(db, tenantId) };
    },
    'refund.saveSettings': async ({ body }, { db, scope, user }) => {
      const tenantId = await owningTenant(db, user, scope, body.tenantId);
      await db.insert(refundSettings).values({ tenantId, periodDays: body.periodDays })
        .onConflictDoUpdate({ target: refundSettings.tenantId, set: { periodDays: body.periodDays } });
      return { tenantId, periodDays: body.periodDays };
    },
  }),
  owns: { refund: { id: refunds.id, tenantId: refunds.tenantId, labels: [refunds.reason] } },
  // The provider's answers land while the upstream runs: a sweep a quarter of the delay apart, between 100 ms and 1 s.
  background: (db) => {
    const every = Math.min(1000, Math.max(100, Math.floor(settleDelayMs() / 4)));
    return periodic(() => settleDueRefunds(db), every);
  },
});
