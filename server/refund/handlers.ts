/** Refunds (spec §5 refund rules, §8 920/926/982): each operation, and the feature file that does it. */
import { defineHandlers } from '../http/handlers.js';
import { orderRefunds, refundDeadline, refundSettingsFor, requestRefund, saveRefundSettings } from './refunds.js';

export const refundHandlers = defineHandlers({
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
  'refund.settings': ({ body }, { db, scope, user }) => refundSettingsFor(db, user, scope, body.tenantId),
  'refund.saveSettings': ({ body }, { db, scope, user }) => saveRefundSettings(db, user, scope, body),
});
