/** Callback operations (shared/callback): a tenant's own, or one the caller manages (the system admin names one: 1402). */
import { defineHandlers } from '../http/handlers.js';
import { owningTenant } from '../tenant/index.js';
import { deliveryPage, resend, sendTest } from './deliveries.js';
import { askTenant } from './info.js';
import { callbackViewOf, rotateSecret, saveCallback } from './settings.js';

export const callbackHandlers = defineHandlers({
  'callback.settings': async ({ body }, { db, scope, user }) =>
    callbackViewOf(db, await owningTenant(db, user, scope, body.tenantId)),
  'callback.save': async ({ body }, { db, scope, user }) => {
    const { tenantId: requested, ...settings } = body;
    return saveCallback(db, await owningTenant(db, user, scope, requested), settings);
  },
  'callback.rotateSecret': async ({ body }, { db, scope, user }) =>
    rotateSecret(db, await owningTenant(db, user, scope, body.tenantId)),
  'callback.test': async ({ body }, { db, scope, user }) =>
    sendTest(db, await owningTenant(db, user, scope, body.tenantId)),
  'callback.deliveries': async ({ query, body }, { db, scope, user }) => {
    const { tenantId: requested, ...filter } = body;
    return deliveryPage(db, await owningTenant(db, user, scope, requested), query, filter);
  },
  'callback.resend': ({ params }, { db, scope }) => resend(db, (tenantId) => scope.has(tenantId), params.id),
  'callback.info': ({ body }, { db, device }) => askTenant(db, device, body),
});
