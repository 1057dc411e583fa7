/**
 * Which call changes the signed-in user's password (spec §4 "Password
 * dialog", §6 "a different call per role", §7): the account, tenant and staff
 * domains each have one, so the choice sits above them, beside the assembly
 * (the account domain's form is shared/account/password.ts). Pure, shared by
 * the renderer's dialog, the profile menu and the tests.
 */
import { password as passwordSchema, type PasswordFormValues } from './account/index.js';
import type { ApiInput } from './domains.js';
import type { SessionUser } from './ipc.js';

/** One call of the three (spec §7), with its input. */
export type PasswordRequest =
  | { op: 'account.adminPassword'; input: ApiInput<'account.adminPassword'> }
  | { op: 'tenant.password'; input: ApiInput<'tenant.password'> }
  | { op: 'staff.password'; input: ApiInput<'staff.password'> };

/**
 * The call that changes the signed-in user's password: system admin →
 * PUT /user/password/{own userId}; tenant → /tenant/update/password with its
 * tenantId and old password; member → /employee/update/password with its
 * employeeId (no old password). `null` when the user has none: enterprise
 * customers (the spec names no call for them), or a record without the id.
 */
export function passwordRequest(
  user: Pick<SessionUser, 'roleKind' | 'userId' | 'tenantId' | 'employeeId'>,
  values: PasswordFormValues,
): PasswordRequest | null {
  const password = passwordSchema.parse(values.password);
  switch (user.roleKind) {
    case 'admin':
      return {
        op: 'account.adminPassword',
        input: { params: { userId: user.userId }, body: { userId: user.userId, password } },
      };
    case 'tenant':
      if (user.tenantId === null) return null;
      return {
        op: 'tenant.password',
        input: { body: { oldPassword: values.oldPassword, password, tenantId: user.tenantId } },
      };
    case 'member':
      if (user.employeeId === null) return null;
      return { op: 'staff.password', input: { body: { password, employeeId: user.employeeId } } };
    case 'enterprise':
      return null;
  }
}

/** Whether the user has a password call at all (the profile menu hides the item otherwise). */
export const canChangePassword = (
  user: Pick<SessionUser, 'roleKind' | 'userId' | 'tenantId' | 'employeeId'>,
): boolean => passwordRequest(user, { oldPassword: 'x', password: 'x', confirm: 'x' }) !== null;
