/** Authentication service (spec §7): sign-in, user info, sign-out, admin password. */
import { z } from 'zod';
import { endpoint, empty, phone, ref, refParam, text } from '../api/define.js';
import { fileId } from '../file/index.js';
import { roleEntry } from '../roles.js';
import { ACCOUNT_NAME_MAX, ACCOUNT_NAME_MIN, ACCOUNT_NAME_PATTERN } from './name.js';
import { PASSWORD_MIN } from './password-rule.js';
import { PASSWORD_MAX } from './sign-in.js';

/**
 * The account-name rule (name.ts) as a schema, refused with `message` whatever
 * is wrong (`missing`: when the field is absent): every form that creates an
 * account uses it.
 */
export const accountName = (message = 'account.validation.accountName', missing: string = message) =>
  z
    .string({ error: missing })
    .trim()
    .min(ACCOUNT_NAME_MIN, { message })
    .max(ACCOUNT_NAME_MAX, { message })
    .regex(ACCOUNT_NAME_PATTERN, { message });

/** Sign-in's username: the same rule, with the sign-in page's text (spec §5 "enter a valid username"). */
export const username = accountName('validation.username', 'validation.required');
export const password = z
  .string()
  .min(1, { message: 'validation.passwordRequired' })
  .max(PASSWORD_MAX, { message: 'validation.maxLength' });
/**
 * A password being set (created, changed, reset): the password rule's length
 * here, where every runtime checks it; its name and common-list parts need
 * the account and the list (password-rule.ts), checked beside the schema.
 */
// A `min`, not a refinement: the OpenAPI document says so (minLength); an empty one still says "required" first.
export const newPassword = password.min(PASSWORD_MIN, { message: 'account.validation.passwordShort' });

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

/** Spec §2 /person: individual business, enterprise, government or public institution, other organisation. */
export const ENTITY_TYPES = ['individual', 'enterprise', 'government', 'other'] as const;
export type EntityType = (typeof ENTITY_TYPES)[number];

/** Spec §2 /person, §3 session user: what the account page shows and edits. */
export const profile = z.object({
  name: z.string(),
  username: z.string(),
  /** The role's name as the console shows it (spec §6). */
  roleName: z.string(),
  contact: z.string().nullable(),
  /** The avatar's file id (shown at 80×80), or none. */
  avatar: z.string().nullable(),
  entityType: z.enum(ENTITY_TYPES).nullable(),
  /** Whether the entity type applies (a tenant's or an enterprise customer's account). */
  hasEntity: z.boolean(),
});
export type Profile = z.infer<typeof profile>;

export const profileInput = z
  .object({
    name: text(30).optional(),
    /** A new phone must differ from the old (spec §5): a field error otherwise. */
    contact: phone.optional(),
    avatar: fileId.nullable().optional(),
    entityType: z.enum(ENTITY_TYPES, { error: 'account.validation.entityType' }).optional(),
  })
  .meta({ examples: [{ contact: '13916200001', entityType: 'enterprise' }] });

export const accountApi = {
  'account.token': endpoint({
    method: 'POST',
    path: '/oauth/token',
    summary:
      'Sign in with the password grant; client credentials by HTTP Basic. `device_token`: the one this install was given at a sign-in to this account before — its failures count against the install alone (a small limit of its own), so a stranger locking the account out cannot lock its owner out (OWASP device cookies). The answer gives the install its device token and the failed attempts on the account since its last sign-in.',
    form: true,
    raw: true,
    body: z.object({
      grant_type: z.literal('password'),
      username,
      password,
      device_token: z
        .string()
        .max(128)
        .regex(/^[A-Za-z0-9_-]*$/, { message: 'validation.invalid' })
        .optional(),
    }),
    content: z.object({
      access_token: z.string(),
      token_type: z.literal('bearer'),
      expires_in: z.number().int(),
      /** Send it with the next sign-in to this account from this install. */
      device_token: z.string().optional(),
      /** Wrong passwords given for the account since its last sign-in, and when the last was. */
      failed_attempts: z.number().int().optional(),
      last_failed_at: z.string().nullable().optional(),
    }),
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
    body: z.object({ userId: ref('user'), password: newPassword }),
    content: empty,
    access: { auth: 'user', roles: ['admin'] },
  }),
  'account.profile': endpoint({
    method: 'GET',
    path: '/user/profile',
    summary: "The signed-in user's account page: name, account, role, contact, avatar, entity type.",
    content: profile,
    access: { auth: 'user' },
  }),
  'account.updateProfile': endpoint({
    method: 'PUT',
    path: '/user/profile',
    summary:
      "Change one's own name, contact (a new phone differs from the old: field error), avatar (an uploaded image the caller's scope holds, 2204 otherwise) or entity type (a tenant's or enterprise customer's account only).",
    body: profileInput,
    content: profile,
    access: { auth: 'user' },
  }),
} as const;
