/**
 * Employee calls of the tenant service (spec §7). A tenant's employees are
 * its member accounts, so a member's employee id is its user id.
 */
import { and, eq } from 'drizzle-orm';
import { CODE } from '../../shared/domains.js';
import { users } from '../account/schema.js';
import { BizError } from '../http/errors.js';
import { defineHandlers } from '../http/handlers.js';
import { checkOldPassword, findAuthUser, setPassword } from '../account/index.js';
import { createRole, deleteRole, roleOf, rolePage, updateRole } from './roles.js';
import {
  assignDevices,
  deviceChoices,
  bindRole,
  bindStore,
  createMember,
  deleteMembers,
  memberDevicesOf,
  memberPage,
  setMemberState,
  unbindStore,
  updateMember,
} from './members.js';

const notFound = () => new BizError(CODE.notFound, 'Employee not found');

export const staffHandlers = defineHandlers({
  'staff.info': async ({ body }, { db, user, scope }) => {
    // A member reads its own record; the system admin and tenants read their employees.
    const mayRead = user.kind === 'member' ? body.userId === user.id : user.kind === 'admin' || user.kind === 'tenant';
    if (!mayRead) throw notFound();
    const employee = await findAuthUser(db, and(eq(users.id, body.userId), eq(users.kind, 'member'))!);
    if (!employee || employee.tenantId === null || !scope.has(employee.tenantId)) throw notFound();
    return {
      employeeId: employee.id,
      userId: employee.id,
      username: employee.username,
      name: employee.name,
      tenantId: employee.tenantId,
      powers: employee.powers,
    };
  },

  'staff.password': async ({ body }, { db, user, tokenId }) => {
    if (body.employeeId !== user.id) throw new BizError(CODE.forbidden, 'Only your own password can be changed');
    // Spec §5: members are not asked for the old password; when they give one it must be right.
    if (body.oldPassword !== undefined) await checkOldPassword(db, user.id, body.oldPassword);
    await setPassword(db, user, body.password, tokenId);
  },

  'staff.roles': ({ query, body }, { db, scope }) => rolePage(db, scope, query, body),
  'staff.role': ({ params }, { db, scope }) => roleOf(db, scope, params.id),
  'staff.createRole': ({ body }, { db, user, scope }) => createRole(db, user, scope, body),
  'staff.updateRole': ({ params, body }, { db, user, scope }) => updateRole(db, user, scope, params.id, body),
  'staff.deleteRole': ({ params }, { db, user, scope }) => deleteRole(db, user, scope, params.id),

  'staff.page': ({ query, body }, { db, scope }) => memberPage(db, scope, query, body),
  'staff.create': ({ body }, { db, user, scope }) => createMember(db, user, scope, body),
  'staff.update': ({ params, body }, { db, scope }) => updateMember(db, scope, params.id, body),
  'staff.delete': ({ body }, { db, user, scope }) => deleteMembers(db, user, scope, body.ids),
  'staff.setState': ({ body }, { db, user, scope }) => setMemberState(db, user, scope, body.ids, body.disabled),
  'staff.bindRole': ({ params, body }, { db, user, scope }) => bindRole(db, user, scope, params.id, body.roleId),
  'staff.devices': ({ params }, { db, scope }) => memberDevicesOf(db, scope, params.id),
  'staff.deviceChoices': ({ params, body }, { db, scope }) => deviceChoices(db, scope, params.id, body),
  'staff.assignDevices': ({ params, body }, { db, user, scope }) =>
    assignDevices(db, user, scope, params.id, body.deviceIds),
  'staff.bindStore': ({ params, body }, { db, scope }) => bindStore(db, scope, params.storeId, body),
  'staff.unbindStore': ({ params, body }, { db, scope }) => unbindStore(db, scope, params.storeId, body),
});
