/**
 * The password dialog (spec §4 "Password dialog", §5 "Password change", §6
 * "a different call per role"): the form's schema and the call each role
 * makes. Pure, shared by the renderer's dialog and the tests.
 */
import { z } from 'zod';
import { password as passwordSchema } from './api.js';
import type { ApiInput } from '../domains.js';
import type { SessionUser } from '../ipc.js';
import type { RoleKind } from '../roles.js';

/** Messages are i18n keys of the `password` group (or `validation.*`). */
const required = (key: string) => z.string().min(1, { message: key }).max(64, { message: 'validation.maxLength' });

/**
 * Spec §5: the old password is not asked of system-admin and member-type
 * users. (Enterprise customers have no password call: see `passwordRequest`.)
 */
export const asksOldPassword = (kind: RoleKind): boolean => kind === 'tenant';

/**
 * The form: old password (required only when asked), new password
 * (required), confirmation (required, must match). No length or strength
 * rule is shown by the spec; 64 is the API's bound. The mismatch is checked
 * even while other fields are still empty, so a blurred confirmation says so
 * at once.
 */
export function passwordForm(askOld: boolean) {
  return z
    .object({
      oldPassword: askOld ? required('account.password.oldRequired') : z.string(),
      password: required('account.password.newRequired'),
      confirm: z.string().min(1, { message: 'account.password.confirmRequired' }),
    })
    .refine((v) => v.confirm === '' || v.confirm === v.password, {
      path: ['confirm'],
      message: 'account.password.mismatch',
      when: (payload) => {
        const v = payload.value as { password?: unknown; confirm?: unknown } | null | undefined;
        return typeof v?.password === 'string' && typeof v.confirm === 'string';
      },
    })
    // §5 "new … must differ from old": a change to the same password changes
    // nothing yet signs the user out. Only where the old one is asked.
    .refine((v) => !askOld || v.oldPassword === '' || v.password !== v.oldPassword, {
      path: ['password'],
      message: 'account.password.sameAsOld',
      when: (payload) => {
        const v = payload.value as { password?: unknown; oldPassword?: unknown } | null | undefined;
        return typeof v?.password === 'string' && typeof v.oldPassword === 'string';
      },
    });
}
export type PasswordFormValues = z.input<ReturnType<typeof passwordForm>>;

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
export function passwordRequest(user: Pick<SessionUser, 'roleKind' | 'userId' | 'tenantId' | 'employeeId'>, values: PasswordFormValues): PasswordRequest | null {
  const password = passwordSchema.parse(values.password);
  switch (user.roleKind) {
    case 'admin':
      return { op: 'account.adminPassword', input: { params: { userId: user.userId }, body: { userId: user.userId, password } } };
    case 'tenant':
      if (user.tenantId === null) return null;
      return { op: 'tenant.password', input: { body: { oldPassword: values.oldPassword, password, tenantId: user.tenantId } } };
    case 'member':
      if (user.employeeId === null) return null;
      return { op: 'staff.password', input: { body: { password, employeeId: user.employeeId } } };
    case 'enterprise':
      return null;
  }
}

/** Whether the user has a password call at all (the profile menu hides the item otherwise). */
export const canChangePassword = (user: Pick<SessionUser, 'roleKind' | 'userId' | 'tenantId' | 'employeeId'>): boolean =>
  passwordRequest(user, { oldPassword: 'x', password: 'x', confirm: 'x' }) !== null;
