/**
 * The password dialog (spec §4 "Password dialog", §5 "Password change", §6
 * "a different call per role"): the form's schema. Which call each role
 * makes is shared/passwordRequest.ts: the calls are three domains'.
 */
import { z } from 'zod';
import type { RoleKind } from '../roles.js';
import { PASSWORD_MIN } from './password-rule.js';

/** Messages are i18n keys of the `password` group (or `validation.*`). */
const required = (key: string) => z.string().min(1, { message: key }).max(64, { message: 'validation.maxLength' });

/**
 * Spec §5: the old password is not asked of system-admin and member-type
 * users. (Enterprise customers have no password call: see `passwordRequest`.)
 */
export const asksOldPassword = (kind: RoleKind): boolean => kind === 'tenant';

/**
 * The form: old password (required only when asked), new password
 * (required, the password rule's length: password-rule.ts, whose name and
 * common-list parts the dialog checks beside), confirmation (required, must
 * match); 64 is the API's bound. The mismatch is checked
 * even while other fields are still empty, so a blurred confirmation says so
 * at once.
 */
export function passwordForm(askOld: boolean) {
  return (
    z
      .object({
        oldPassword: askOld ? required('account.password.oldRequired') : z.string(),
        // Empty says "required" alone; the rule's length speaks once something is typed.
        password: required('account.password.newRequired').refine((p) => p === '' || p.length >= PASSWORD_MIN, {
          message: 'account.validation.passwordShort',
        }),
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
      })
  );
}
export type PasswordFormValues = z.input<ReturnType<typeof passwordForm>>;
