/**
 * Distributors (spec §2 /tenant/people, §3 Tenant, §5 tenant rules, §6
 * "admins create tenants"): the system admin lists and manages every tenant,
 * a first-level tenant its second-level tenants. Create with name, username
 * (letters and digits, unique), password and a valid contact phone; edit the
 * name and phone (a new phone differs from the old); enable or disable (a
 * disabled tenant's users are signed out and refused at sign-in, 1403 — its
 * machines keep selling); reset the password; the member config the member
 * centre reads.
 */
import { z } from 'zod';
import { endpoint, empty, isoTime, page, pageQuery, phone, ref, refParams, str, text } from '../api/define.js';
import { accountName, newPassword, TENANT_ACCOUNT_NAME_PATTERN } from '../account/index.js';

export const TENANT_LIMITS = { name: 50, cardName: 20, ids: 200 } as const;
export const TENANT_STATES = ['enabled', 'disabled'] as const;

/** The account-name rule narrowed by spec §5: letters and digits only, 4–32 of them. */
export const tenantUsername = accountName('tenant.validation.username').regex(TENANT_ACCOUNT_NAME_PATTERN, {
  message: 'tenant.validation.username',
});

export const tenantItem = z.object({
  tenantId: z.number().int(),
  name: z.string(),
  /** The account the distributor signs in with. */
  username: z.string().nullable(),
  contact: z.string(),
  parent: z.number().int().nullable(),
  parentName: z.string().nullable(),
  disabled: z.boolean(),
  /** Its devices, and its second-level tenants (a first-level tenant's). */
  devices: z.number().int(),
  children: z.number().int(),
  createdAt: isoTime,
});
export type TenantItem = z.infer<typeof tenantItem>;

/** How long earned points may live, as the console offers it: never expire (0) or so many months. */
export const POINTS_EXPIRY_MONTHS = [0, 6, 12, 24, 36] as const;

/**
 * Spec §3 member config: the member card's name and the member and points
 * switches (the member centre reads them), and beyond the spec how long
 * earned points live (0: never; else months from each earn, docs/domains/member.md).
 */
export const memberConfig = z.object({
  cardName: str().trim().max(TENANT_LIMITS.cardName, { message: 'tenant.validation.cardName' }),
  members: z.boolean(),
  points: z.boolean(),
  pointsExpiryMonths: z.number().int().min(0).max(120).default(0),
});
export type MemberConfig = z.infer<typeof memberConfig>;

export const tenantDetail = tenantItem.extend({ memberConfig });
export type TenantDetail = z.infer<typeof tenantDetail>;

export const tenantFilter = z.object({
  /** Name, account or phone, any part. */
  keyword: str().trim().max(50).optional(),
  state: z.enum(TENANT_STATES).optional(),
  /** The admin: a first-level tenant's second-level tenants. */
  parentId: ref('tenant').optional(),
});

export const tenantCreate = z
  .object({
    name: text(TENANT_LIMITS.name),
    username: tenantUsername,
    password: newPassword,
    contact: phone,
    /** The admin: under which first-level tenant (none: a first-level tenant). A first-level tenant's are always its own. */
    parentId: ref('tenant').optional(),
  })
  .meta({
    examples: [
      { name: '无锡城铁零售有限公司', username: 'wxmetro', password: 'Wx@2026retail', contact: '13912345678' },
    ],
  });

export const tenantUpdate = z.object({
  name: text(TENANT_LIMITS.name),
  /** A new phone, different from the old (field error otherwise); absent: unchanged. */
  contact: phone.optional(),
});

const manage = { auth: 'user', roles: ['admin', 'tenant', 'member'], power: '7-1' } as const;
const params = refParams('tenant');

export const peopleApi = {
  'tenant.page': endpoint({
    method: 'POST',
    path: '/tenant/page',
    summary:
      "Distributors the caller manages, newest first: every tenant (admin) or a first-level tenant's second-level tenants; by keyword (name, account, phone), state and, for the admin, parent.",
    query: pageQuery,
    body: tenantFilter,
    content: page(tenantItem),
    access: manage,
  }),
  'tenant.detail': endpoint({
    method: 'GET',
    path: '/tenant/detail/:id',
    summary: 'A distributor the caller manages, with its member config (1401 otherwise).',
    params,
    content: tenantDetail,
    access: manage,
  }),
  'tenant.create': endpoint({
    method: 'POST',
    path: '/tenant',
    summary:
      'Create a distributor and its account: the admin a first-level tenant (or a second-level one under `parentId`), a first-level tenant its own second-level tenant. Username letters and digits, unique (1404); a second-level tenant creates none (403); a parent that is itself second-level is refused (1405).',
    body: tenantCreate,
    content: tenantItem,
    access: { auth: 'user', roles: ['admin', 'tenant'] },
    contended: 'a username is taken by one account at most',
  }),
  'tenant.update': endpoint({
    method: 'PUT',
    path: '/tenant/:id',
    summary: "Change a distributor's name and contact phone (a new phone differs from the old: field error).",
    params,
    body: tenantUpdate,
    content: tenantItem,
    access: manage,
  }),
  'tenant.setState': endpoint({
    method: 'PUT',
    path: '/tenant/state',
    summary:
      "Enable or disable distributors, all or none (1401 when one is not the caller's to manage; nobody disables its own tenant). A disabled tenant's users — and its second-level tenants' — are signed out at once and refused at sign-in (1403); its machines keep selling.",
    body: z.object({ ids: z.array(ref('tenant')).min(1).max(TENANT_LIMITS.ids), disabled: z.boolean() }),
    content: z.object({ changed: z.number().int() }),
    access: manage,
  }),
  'tenant.resetPassword': endpoint({
    method: 'PUT',
    path: '/tenant/:id/password',
    summary: "Set a distributor's password (its account's sessions end).",
    params,
    body: z.object({ password: newPassword }),
    content: empty,
    access: manage,
  }),
  'tenant.saveMemberConfig': endpoint({
    method: 'PUT',
    path: '/tenant/:id/member-config',
    summary: "A distributor's member config: card name, member switch, points switch.",
    params,
    body: memberConfig,
    content: memberConfig,
    access: manage,
  }),
} as const;
