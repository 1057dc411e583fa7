/** Payment settings operations (shared/payment): a tenant's own, or one the caller manages (the system admin names one: 1402). */
import { defineHandlers } from '../http/handlers.js';
import { owningTenant } from '../tenant/index.js';
import { paymentViewOf, savePayment } from './settings.js';

export const paymentHandlers = defineHandlers({
  'payment.settings': async ({ body }, { db, scope, user }) =>
    paymentViewOf(db, await owningTenant(db, user, scope, body.tenantId)),
  'payment.save': async ({ body }, { db, scope, user }) => {
    const { tenantId: requested, ...settings } = body;
    return savePayment(db, await owningTenant(db, user, scope, requested), settings);
  },
});
