/** Tenant service (spec §7): tenant info, the tenants a caller may act for, tenant password. */
import { defineHandlers } from '../http/handlers.js';
import { changeTenantPassword, tenantInfo, tenantList } from './own.js';
import {
  createTenant,
  resetTenantPassword,
  saveMemberConfig,
  setTenantState,
  tenantDetail,
  tenantPage,
  updateTenant,
} from './people.js';

export const tenantHandlers = defineHandlers({
  'tenant.info': ({ body }, { db, user, scope }) => tenantInfo(db, user, scope, body.tenantId),
  'tenant.list': (_input, { db, scope }) => tenantList(db, scope),
  'tenant.password': ({ body }, { db, user, tokenId }) => changeTenantPassword(db, user, tokenId, body),

  // Distributors (./people.ts).
  'tenant.page': ({ query, body }, { db, user, scope }) => tenantPage(db, user, scope, query, body),
  'tenant.detail': ({ params }, { db, user, scope }) => tenantDetail(db, user, scope, params.id),
  'tenant.create': ({ body }, { db, user }) => createTenant(db, user, body),
  'tenant.update': ({ params, body }, { db, user, scope }) => updateTenant(db, user, scope, params.id, body),
  'tenant.setState': ({ body }, { db, user, scope }) => setTenantState(db, user, scope, body.ids, body.disabled),
  'tenant.resetPassword': async ({ params, body }, { db, user, scope }) => {
    await resetTenantPassword(db, user, scope, params.id, body.password);
  },
  'tenant.saveMemberConfig': ({ params, body }, { db, user, scope }) =>
    saveMemberConfig(db, user, scope, params.id, body),
});
