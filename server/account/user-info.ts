/** The answer of GET /user/info (spec §3 session user, §6 role names). */
import { ROLE_NAME, ROLE_VALUE, type RoleEntry } from '../../shared/roles.js';
import type { UserInfo } from '../../shared/account/index.js';
import type { AuthUser } from './principal.js';

/** The console only keeps sessions of platform type 0 (spec §4). */
export const PLATFORM_TYPE = 0;

export function roleEntriesOf(user: AuthUser): RoleEntry[] {
  switch (user.kind) {
    case 'admin':
      return [{ value: ROLE_VALUE.admin, name: ROLE_NAME.admin, systemRole: true, roleId: null }];
    case 'tenant':
      return [
        {
          value: ROLE_VALUE.tenant,
          name: user.parentTenantId === null ? ROLE_NAME.primaryTenant : ROLE_NAME.secondaryTenant,
          systemRole: true,
          roleId: null,
        },
      ];
    case 'enterprise':
      return [{ value: ROLE_VALUE.enterprise, name: ROLE_NAME.enterprise, systemRole: true, roleId: null }];
    case 'member':
      // A member without a custom role has no roles: the console then falls back to employee info.
      return user.roleId === null
        ? []
        : [
            {
              value: ROLE_VALUE.member,
              name: user.roleName ?? ROLE_NAME.member,
              systemRole: false,
              roleId: user.roleId,
            },
          ];
  }
}

export function userInfoOf(user: AuthUser): UserInfo {
  return {
    platformType: PLATFORM_TYPE,
    userId: user.id,
    username: user.username,
    name: user.name,
    tenantId: user.tenantId,
    parentTenantId: user.parentTenantId,
    // Members are the tenant's employees; their employee record is their account.
    employeeId: user.kind === 'member' ? user.id : null,
    roles: roleEntriesOf(user),
    powers: user.powers,
  };
}
