/** Staff (spec §2 atManagement, §7 employee calls): each operation, and the feature file that does it. */
import { defineHandlers } from '../http/handlers.js';
import { changeEmployeePassword, employeeInfo } from './employee.js';
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

export const staffHandlers = defineHandlers({
  'staff.info': ({ body }, { db, user, scope }) => employeeInfo(db, user, scope, body.userId),
  'staff.password': ({ body }, { db, user, tokenId }) => changeEmployeePassword(db, user, tokenId, body),

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
