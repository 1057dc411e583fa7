/**
 * Members (spec §3 Staff member, §7 employee calls at their exact paths,
 * §2 staffManagement): a tenant's staff accounts — name, valid phone,
 * account name unique across accounts, password, role — and the stores
 * (points) they staff. A member's id is its user id (the employee id of
 * §3). Disabling or deleting one ends its sessions at once; a member with
 * 4-1 leaves itself alone and binds only roles within its own codes.
 */
import { z } from 'zod';
import { endpoint, isoTime, page, pageQuery, phone, ref, refParam, refParams, str, text } from '../api/define.js';
import { accountName, newPassword } from '../account/index.js';
import { powerCode } from '../roles.js';

export const MEMBER_LIMITS = { name: 30, ids: 200, devices: 500 } as const;
export const MEMBER_STATES = ['enabled', 'disabled'] as const;

/** POST /employee/create is form-encoded (spec §7): every value a string, ids read as numbers. */
export const memberCreate = z
  .object({
    name: text(MEMBER_LIMITS.name),
    phone,
    username: accountName(),
    password: newPassword,
    roleId: refParam('role').optional(),
    tenantId: refParam('tenant').optional(),
  })
  .meta({ examples: [{ name: '陈思远', phone: '13812345678', username: 'chensiyuan', password: 'Cs@2026ops' }] });

export const memberUpdate = z.object({
  name: text(MEMBER_LIMITS.name),
  /** A new phone, different from the old (field error otherwise); absent: unchanged. */
  phone: phone.optional(),
});

export const memberItem = z.object({
  id: z.number().int(),
  tenantId: z.number().int(),
  tenantName: z.string(),
  name: z.string(),
  username: z.string(),
  phone: z.string().nullable(),
  roleId: z.number().int().nullable(),
  roleName: z.string().nullable(),
  powers: z.array(powerCode),
  disabled: z.boolean(),
  /** The stores (points) it staffs. */
  stores: z.array(z.object({ id: z.number().int(), name: z.string() })),
  /** How many devices are assigned to it (none: it sees all its tenant's). */
  devices: z.number().int(),
  createdAt: isoTime,
});
export type MemberItem = z.infer<typeof memberItem>;

export const assignedDevice = z.object({
  id: z.number().int(),
  name: z.string(),
  serial: z.string(),
  pointId: z.number().int().nullable(),
  pointName: z.string().nullable(),
});
export type AssignedDevice = z.infer<typeof assignedDevice>;

export const memberFilter = z.object({
  keyword: str().trim().max(50).optional(),
  state: z.enum(MEMBER_STATES).optional(),
  roleId: ref('role').optional(),
  /** A store's staff. */
  pointId: ref('point').optional(),
  tenantId: ref('tenant').optional(),
});

const access = { auth: 'user', roles: ['admin', 'tenant', 'member'], power: '4-1' } as const;
const ids = z.array(ref('user')).min(1).max(MEMBER_LIMITS.ids);

export const memberApi = {
  'staff.page': endpoint({
    method: 'POST',
    path: '/employee/page',
    summary:
      "The members of the caller's tenants (every tenant's for the system admin) by name, account or phone, state, role, store and tenant, newest first, with their role and stores.",
    query: pageQuery,
    body: memberFilter,
    content: page(memberItem),
    access,
  }),
  'staff.create': endpoint({
    method: 'POST',
    path: '/employee/create',
    summary:
      'Create a member (form-encoded, spec §7): name, valid phone, account name (letters, digits or _, 4–32, unique across accounts: 1404), password, optionally a role of its tenant. The system admin names the tenant (1402).',
    body: memberCreate,
    form: true,
    content: memberItem,
    makes: 'user',
    access,
  }),
  'staff.update': endpoint({
    method: 'PUT',
    path: '/employee/:id',
    summary: "Edit a member's name and phone (a new phone differs from the old: field error). 1524 when not in scope.",
    params: refParams('user'),
    body: memberUpdate,
    content: memberItem,
    access,
  }),
  'staff.delete': endpoint({
    method: 'POST',
    path: '/employee/delete',
    summary:
      'Delete members, all or none: their sessions end at once, their store places go. 1524 when one is not in scope; a member cannot delete itself (1523).',
    body: z.object({ ids }),
    content: z.object({ deleted: z.number().int() }),
    access,
  }),
  'staff.setState': endpoint({
    method: 'PUT',
    path: '/employee/state',
    summary:
      "Enable or disable members, all or none; a disabled member's sessions end at once, on every instance, and it is refused at sign-in (1504). A member cannot disable itself (1523).",
    body: z.object({ ids, disabled: z.boolean() }),
    content: z.object({ changed: z.number().int() }),
    access,
  }),
  'staff.bindRole': endpoint({
    method: 'PUT',
    path: '/employee/:id/role',
    summary:
      "Bind a role of the member's tenant to it, or unbind (null); its next call follows. 1520 for a role not of that tenant; a member binds only roles within its own codes, and not its own (1523).",
    params: refParams('user'),
    body: z.object({ roleId: ref('role').nullable() }),
    content: memberItem,
    access,
  }),
  'staff.devices': endpoint({
    method: 'GET',
    path: '/employee/:id/devices',
    summary: 'The devices assigned to a member, by point and name. None: the member sees every device of its tenant.',
    params: refParams('user'),
    content: z.array(assignedDevice),
    access,
  }),
  'staff.deviceChoices': endpoint({
    method: 'POST',
    reads: true,
    path: '/employee/:id/devices/choices',
    summary:
      "The devices of the member's tenant the caller sees, to assign (by name or serial and point; at most 500, by point and name).",
    params: refParams('user'),
    body: z.object({ keyword: str().trim().max(50).optional(), pointId: ref('point').optional() }),
    content: z.array(assignedDevice),
    access,
  }),
  'staff.assignDevices': endpoint({
    method: 'PUT',
    path: '/employee/:id/devices',
    summary:
      "Assign devices to a member, replacing its set (empty: none, it sees all its tenant's): devices of its tenant the caller sees (1201 otherwise). Its next call follows. A member does not assign its own (1523).",
    params: refParams('user'),
    body: z.object({ deviceIds: z.array(ref('device')).max(MEMBER_LIMITS.devices) }),
    content: memberItem,
    access,
  }),
  'staff.bindStore': endpoint({
    method: 'PUT',
    path: '/store/bind/employee/:storeId',
    summary:
      'Make members staff of a store (a point of their tenant), all or none; already bound ones stay as they are.',
    params: z.object({ storeId: refParam('point') }),
    body: z.object({ storeId: ref('point'), employeeIds: ids }),
    content: z.object({ bound: z.number().int() }),
    access,
  }),
  'staff.unbindStore': endpoint({
    method: 'PUT',
    path: '/store/unbind/employee/:storeId',
    summary: "Remove members from a store's staff.",
    params: z.object({ storeId: refParam('point') }),
    body: z.object({ storeId: ref('point'), employeeIds: ids }),
    content: z.object({ unbound: z.number().int() }),
    access,
  }),
} as const;
