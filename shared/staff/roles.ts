/**
 * Roles (spec §3 Role, §6 role management): a tenant's named sets of the
 * member route set's power codes, grouped by category as addpeople shows
 * them. A role held by members cannot be deleted; a member managing roles
 * (4-2) grants only the codes it holds itself, and never edits its own role.
 */
import { z } from 'zod';
import { endpoint, isoTime, page, pageQuery, ref, refParams, str } from '../api/define.js';
import { powerCode, type PowerCode } from '../roles.js';

/** The codes by category, in the menu's order (spec §2 permission-code route set). */
export const POWER_CATEGORIES = {
  dashboard: ['1-1'],
  devices: ['2-1', '2-9'],
  points: ['3-1', '3-2'],
  authority: ['4-1', '4-2'],
  products: ['5-1', '5-2'],
  orders: ['6-1', '6-3'],
  distribution: ['7-1', '7-3'],
  enterprise: ['8-1', '8-2'],
  // Beyond the spec (docs/departures.md): the revenue shares' screens.
  shares: ['9-1'],
  // Beyond the spec (docs/departures.md): the operation log.
  audit: ['10-1'],
} as const satisfies Record<string, readonly PowerCode[]>;
export type PowerCategory = keyof typeof POWER_CATEGORIES;
/** A code's key in the texts (`staff.power.p2_1.name`): dots and dashes are not for keys. */
export const powerKey = (code: PowerCode) => `p${code.replace('-', '_')}` as `p${string}`;

export const ROLE_LIMITS = { name: 30, description: 200 } as const;

export const roleInput = z.object({
  name: str()
    .trim()
    .min(1, { message: 'staff.validation.roleName' })
    .max(ROLE_LIMITS.name, { message: 'staff.validation.roleName' }),
  description: str().trim().max(ROLE_LIMITS.description, { message: 'staff.validation.description' }),
  powers: z.array(powerCode).min(1, { message: 'staff.validation.powers' }).max(32),
});
export type RoleInput = z.infer<typeof roleInput>;

export const roleItem = z.object({
  id: z.number().int(),
  tenantId: z.number().int(),
  tenantName: z.string(),
  name: z.string(),
  description: z.string(),
  powers: z.array(powerCode),
  /** Members holding it. */
  members: z.number().int(),
  createdAt: isoTime,
});
export type RoleItem = z.infer<typeof roleItem>;

const access = { auth: 'user', roles: ['admin', 'tenant', 'member'], power: '4-2' } as const;
/** The list is read by members' managers too (4-1): they bind roles. */
const listAccess = { auth: 'user', roles: ['admin', 'tenant', 'member'], power: ['4-1', '4-2'] } as const;

export const roleApi = {
  'staff.roles': endpoint({
    method: 'POST',
    path: '/role/page',
    summary:
      "The roles of the caller's tenants (every tenant's for the system admin), by name and tenant, newest first, with how many members hold each.",
    query: pageQuery,
    body: z.object({ keyword: str().trim().max(30).optional(), tenantId: ref('tenant').optional() }),
    content: page(roleItem),
    access: listAccess,
  }),
  'staff.role': endpoint({
    method: 'GET',
    path: '/role/:id',
    summary: 'One role (1520 when it is not in scope).',
    params: refParams('role'),
    content: roleItem,
    access,
  }),
  'staff.createRole': endpoint({
    method: 'POST',
    path: '/role',
    summary:
      "Create a role of the caller's tenant (the system admin names one: 1402): a name unique within the tenant (1522), a description, at least one power code. A member grants only codes it holds (1523).",
    body: roleInput.extend({ tenantId: ref('tenant').optional() }),
    content: roleItem,
    makes: 'role',
    access,
  }),
  'staff.updateRole': endpoint({
    method: 'PUT',
    path: '/role/:id',
    summary:
      "Edit a role; its members' next calls follow the new codes (no sign-out). 1520 not in scope, 1522 name taken, 1523 a code the member does not hold or its own role.",
    params: refParams('role'),
    body: roleInput,
    content: roleItem,
    access,
  }),
  'staff.deleteRole': endpoint({
    method: 'DELETE',
    path: '/role/:id',
    summary: 'Delete a role no member holds (1521 otherwise: unbind them first); 1520 when not in scope.',
    params: refParams('role'),
    content: z.object({ deleted: z.boolean() }),
    access,
  }),
} as const;
