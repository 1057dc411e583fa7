/** Authentication service (spec §7): sign-in, user info, sign-out, admin password. */
import { z } from 'zod';
import { endpoint, empty, ref, refParam } from '../api/define.js';
import { roleEntry } from '../roles.js';

/** Spec §5: letters and digits only. */
export const username = z.string().trim().min(1, { message: 'validation.username' }).max(32, { message: 'validation.maxLength' })
  .regex(/^[A-Za-z0-9]+$/, { message: 'validation.username' });
/** No length or strength rule is shown by the spec; 64 bounds the hash input. */
export const password = z.string().min(1, { message: 'validation.passwordRequired' }).max(64, { message: 'validation.maxLength' });

export const signInForm = z.object({ username, password });
export type SignInForm = z.infer<typeof signInForm>;

export const userInfo = z.object({
  platformType: z.number().int(),
  userId: z.number().int(),
  username: z.string(),
  name: z.string(),
  tenantId: z.number().int().nullable(),
  parentTenantId: z.number().int().nullable(),
  employeeId: z.number().int().nullable(),
  roles: z.array(roleEntry),
  powers: z.array(z.string()),
});
export type UserInfo = z.infer<typeof userInfo>;

export const accountApi = {
  'account.token': endpoint({
    method: 'POST',
    path: '/oauth/token',
    summary: 'Sign in with the password grant; client credentials by HTTP Basic.',
    form: true,
    raw: true,
    body: z.object({ grant_type: z.literal('password'), username, password }),
    content: z.object({ access_token: z.string(), token_type: z.literal('bearer'), expires_in: z.number().int() }),
    access: { auth: 'client' },
    timeoutMs: 20_000,
  }),
  'account.info': endpoint({
    method: 'GET',
    path: '/user/info',
    summary: 'The signed-in user: platform type, roles and power values.',
    content: userInfo,
    access: { auth: 'user' },
  }),
  'account.exit': endpoint({
    method: 'GET',
    path: '/user/exit',
    summary: 'Sign out: revokes the given token.',
    query: z.object({ token: z.string().min(1) }),
    content: empty,
    access: { auth: 'user' },
  }),
  'account.adminPassword': endpoint({
    method: 'PUT',
    path: '/user/password/:userId',
    summary: 'System admin sets a password (no old password, spec §5).',
    params: z.object({ userId: refParam('user') }),
    body: z.object({ userId: ref('user'), password }),
    content: empty,
    access: { auth: 'user', roles: ['admin'] },
  }),
} as const;
