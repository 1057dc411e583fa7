/** Employee calls of the tenant service (spec §7) used by member sign-in and password change. */
import { z } from 'zod';
import { endpoint, empty, ref } from '../api/define.js';
import { newPassword, password } from '../account/index.js';

export const employeeInfo = z.object({
  employeeId: z.number().int(),
  userId: z.number().int(),
  username: z.string(),
  name: z.string(),
  tenantId: z.number().int(),
  powers: z.array(z.string()),
});
export type EmployeeInfo = z.infer<typeof employeeInfo>;

export const staffApi = {
  'staff.info': endpoint({
    method: 'POST',
    reads: true,
    path: '/employee/info',
    summary: 'Employee record of a user (the sign-in fallback when a user has no roles).',
    body: z.object({ userId: ref('user') }),
    content: employeeInfo,
    access: { auth: 'user' },
    timeoutMs: 60_000,
  }),
  'staff.password': endpoint({
    method: 'POST',
    path: '/employee/update/password',
    summary: 'Member changes its password; the old one is not asked of members (spec §5).',
    body: z.object({ oldPassword: password.optional(), password: newPassword, employeeId: ref('user') }),
    content: empty,
    access: { auth: 'user', roles: ['member'] },
  }),
} as const;
