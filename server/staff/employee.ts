/**
 * Employee calls of the tenant service (spec §7). A tenant's employees are
 * its member accounts, so a member's employee id is its user id.
 */
import { and, eq } from 'drizzle-orm';
import { CODE } from '../../shared/domains.js';
import { checkOldPassword, findAuthUser, setPassword } from '../account/index.js';
import { users } from '../account/schema.js';
import type { Queryable } from '../db/index.js';
import { BizError } from '../http/errors.js';
import type { AuthUser } from '../http/principal.js';
import type { Scope } from '../scope.js';

const notFound = () => new BizError(CODE.notFound, 'Employee not found');

/** A member reads its own record; the system admin and tenants read their employees. */
export async function employeeInfo(db: Queryable, user: AuthUser, scope: Scope, userId: number) {
  const mayRead = user.kind === 'member' ? userId === user.id : user.kind === 'admin' || user.kind === 'tenant';
  if (!mayRead) throw notFound();
  const employee = await findAuthUser(db, and(eq(users.id, userId), eq(users.kind, 'member'))!);
  if (!employee || employee.tenantId === null || !scope.has(employee.tenantId)) throw notFound();
  return {
    employeeId: employee.id,
    userId: employee.id,
    username: employee.username,
    name: employee.name,
    tenantId: employee.tenantId,
    powers: employee.powers,
  };
}

/** Only one's own; spec §5: members are not asked for the old password, but one they give must be right. */
export async function changeEmployeePassword(
  db: Queryable,
  user: AuthUser,
  tokenId: number,
  body: { employeeId: number; oldPassword?: string | undefined; password: string },
) {
  if (body.employeeId !== user.id) throw new BizError(CODE.forbidden, 'Only your own password can be changed');
  if (body.oldPassword !== undefined) await checkOldPassword(db, user.id, body.oldPassword);
  await setPassword(db, user, body.password, tokenId);
}
