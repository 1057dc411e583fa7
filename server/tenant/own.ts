/** The spec's tenant service calls (§7): a tenant's info, the tenants a caller may act for, the tenant's own password. */
import { asc, eq } from 'drizzle-orm';
import { CODE } from '../../shared/domains.js';
import { checkOldPassword, setPassword } from '../account/index.js';
import type { Queryable } from '../db/index.js';
import { BizError } from '../http/errors.js';
import type { AuthUser } from '../http/principal.js';
import { tenants } from '../identity/schema.js';
import type { Scope } from '../scope.js';

const tenantColumns = { tenantId: tenants.id, name: tenants.name, contact: tenants.contact, parent: tenants.parentId };

/** The named tenant, or the caller's own; out of scope answers like nonexistent, so nothing about other tenants leaks. */
export async function tenantInfo(db: Queryable, user: AuthUser, scope: Scope, tenantId: number | undefined) {
  const id = tenantId ?? user.tenantId;
  if (id === null || !scope.has(id)) throw new BizError(CODE.tenantNotFound);
  const [row] = await db.select(tenantColumns).from(tenants).where(eq(tenants.id, id));
  if (!row) throw new BizError(CODE.tenantNotFound);
  return row;
}

export const tenantList = (db: Queryable, scope: Scope) =>
  db.select(tenantColumns).from(tenants).where(scope.where(tenants.id)).orderBy(asc(tenants.id));

/** Only the tenant's own password, with its old one. */
export async function changeTenantPassword(
  db: Queryable,
  user: AuthUser,
  tokenId: number,
  body: { tenantId: number; oldPassword: string; password: string },
) {
  if (body.tenantId !== user.tenantId)
    throw new BizError(CODE.forbidden, "Only the tenant's own password can be changed");
  await checkOldPassword(db, user.id, body.oldPassword);
  await setPassword(db, user, body.password, tokenId);
}
