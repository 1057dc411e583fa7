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

/** Permission codes of the member route set (spec §2). */
export const POWER_CODES = [
  '1-1', '2-1', '2-9', '3-1', '3-2', '4-1', '4-2', '5-1', '5-2', '6-1', '6-3', '7-1', '7-3', '8-1', '8-2',
] as const;
export type PowerCode = (typeof POWER_CODES)[number];
export const powerCode = z.enum(POWER_CODES);

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
