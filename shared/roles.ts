/**
 * One definition of roles for server and console (spec §6). Three fixed role
 * values identify system admin, tenant and enterprise customer; members hold
 * custom roles made of permission values (power codes).
 */
import { z } from 'zod';

export const ROLE_VALUE = { admin: '0', tenant: '1', enterprise: '2', member: 'member' } as const;

export type RoleKind = keyof typeof ROLE_VALUE;
export const roleKinds = Object.keys(ROLE_VALUE) as RoleKind[];

/** Role names exactly as the backend sends them. */
export const ROLE_NAME = {
  admin: 'system admin',
  primaryTenant: 'first-level tenant',
  secondaryTenant: 'second-level tenant',
  enterprise: 'enterprise customer',
  member: 'member',
} as const;

/**
 * Permission codes of the member route set (spec §2). The spec names the
 * codes and the screens they cover but not which code opens which screen;
 * this is the mapping (each code keeps the hidden screens that only make
 * sense with it), written where each screen is declared
 * (shared/<domain>/routes.ts, shared/common/routes.ts):
 *
 * | code | screens |
 * |------|---------|
 * | 1-1  | dashboard |
 * | 2-1  | device list, device info and settings (devSet) |
 * | 2-9  | scene linkage and its detail page |
 * | 3-1  | point list (with create, edit, delete) |
 * | 3-2  | bind / unbind devices to points (bindDevice) |
 * | 4-1  | members (staffManagement) |
 * | 4-2  | roles (peopleadmin) and add role (addpeople) |
 * | 5-1  | old product library (productList), categories (classification) with their attributes, image formats and ingredients, a distributor's products |
 * | 5-2  | new product library (merchandise) and create product (nweGoods) |
 * | 6-1  | order list, staff orders and the failed-vend review |
 * | 6-3  | linked orders (scenario) and customer complaints (customerService) |
 * | 7-1  | distributor list (people) |
 * | 7-3  | distributor device binding (devBind) |
 * | 8-1  | enterprise accounts (costume) and bind points (bindGroup) |
 * | 8-2  | enterprise staff list (staffPage) |
 * | 9-1  | revenue shares: hosts, rules, statements (beyond the spec: docs/departures.md) |
 * | 10-1 | the operation log (beyond the spec: docs/departures.md) |
 */
export const POWER_CODES = [
  '1-1',
  '2-1',
  '2-9',
  '3-1',
  '3-2',
  '4-1',
  '4-2',
  '5-1',
  '5-2',
  '6-1',
  '6-3',
  '7-1',
  '7-3',
  '8-1',
  '8-2',
  '9-1',
  '10-1',
] as const;
export type PowerCode = (typeof POWER_CODES)[number];
export const powerCode = z.enum(POWER_CODES);

export type RoleValue = (typeof ROLE_VALUE)[RoleKind];
/** What a permission check lists (spec §2 permission directive, navbar rules): role values and power codes. */
export type PermissionValue = RoleValue | PowerCode;

export const roleEntry = z.object({
  value: z.string(),
  name: z.string(),
  systemRole: z.boolean(),
  roleId: z.number().int().nullable(),
});
export type RoleEntry = z.infer<typeof roleEntry>;

/** The role kind a set of role entries stands for; no roles means "fetch employee info". */
export function roleKindOf(roles: readonly RoleEntry[]): RoleKind | undefined {
  const values = new Set(roles.map((r) => r.value));
  if (values.has(ROLE_VALUE.admin)) return 'admin';
  if (values.has(ROLE_VALUE.enterprise)) return 'enterprise';
  if (values.has(ROLE_VALUE.tenant)) return 'tenant';
  return roles.length > 0 ? 'member' : undefined;
}
