/** Tenant service (spec §7): tenant info, the tenants a caller may act for, tenant password. */
import { asc, eq } from 'drizzle-orm';
import { CODE } from '../../shared/domains.js';
import { BizError } from '../http/errors.js';
import { defineHandlers } from '../http/handlers.js';
import { checkOldPassword, setPassword } from '../account/index.js';
import {
  createTenant,
  resetTenantPassword,
  saveMemberConfig,
  setTenantState,
  tenantDetail,
  tenantPage,
  updateTenant,
} from './people.js';
import { tenants } from '../identity/schema.js';

const tenantColumns = { tenantId: tenants.id, name: tenants.name, contact: tenants.contact, parent: tenants.parentId };

export const tenantHandlers = defineHandlers({
  'tenant.info': async ({ body }, { db, user, scope }) => {
    const id = body.tenantId ?? user.tenantId;
    // Out of scope answers like nonexistent: nothing about other tenants leaks.
    if (id === null || !scope.has(id)) throw new BizError(CODE.tenantNotFound);
    const [row] = await db.select(tenantColumns).from(tenants).where(eq(tenants.id, id));
    if (!row) throw new BizError(CODE.tenantNotFound);
    return row;
  },

  'tenant.list': async (_input, { db, scope }) =>
    db.select(tenantColumns).from(tenants).where(scope.where(tenants.id)).orderBy(asc(tenants.id)),

  'tenant.password': async ({ body }, { db, user, tokenId }) => {
    if (body.tenantId !== user.tenantId)
      throw new BizError(CODE.forbidden, "Only the tenant's own password can be changed");
    await checkOldPassword(db, user.id, body.oldPassword);
    await setPassword(db, user, body.password, tokenId);
  },

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
