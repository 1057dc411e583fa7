/**
 * Customer groups (spec §2 /marketing/group, §3 Group, §4 group-member
 * states, §5 group rules): named sets of a tenant's buyers, known by one
 * identifier — phone, employee number or card number — and filled either
 * before anyone buys (pre-import: the identifiers wait, inactive, until a
 * person signs in to the mini-program with one of them and claims it) or as
 * people sign in and state theirs (real-time entry). A group may ask for a
 * review of each claim. Activities are aimed at groups (shared/activity).
 */
import { z } from 'zod';
import { endpoint, isoTime, page, pageQuery, phone, ref, refParams, str, text } from '../api/define.js';
import { behaviourRule } from './behaviour.js';

export const GROUP_LIMITS = { name: 30, definition: 200, identifier: 32, identifiers: 500, keyword: 50 } as const;
export const GROUP_IDENTIFIERS = ['phone', 'employeeNumber', 'cardNumber'] as const;
export type GroupIdentifier = (typeof GROUP_IDENTIFIERS)[number];
/** Identifiers imported beforehand, or stated as people sign in (spec §3); or computed from what people bought (behaviour.ts). */
export const IMPORT_METHODS = ['preImport', 'realTime', 'behaviour'] as const;
export const GROUP_STATES = ['normal', 'disabled'] as const;
/** Spec §4: an identifier waits (inactive), is claimed and waits for review (pending), counts (activated), or was turned away (disabled). */
export const GROUP_MEMBER_STATES = ['inactive', 'pending', 'activated', 'disabled'] as const;
export type GroupMemberState = (typeof GROUP_MEMBER_STATES)[number];
/** What an operator may do to a group's members, and from which states (spec §4: review and disable). */
export const GROUP_MEMBER_MOVES = {
  approve: ['pending'],
  reject: ['pending'],
  disable: ['inactive', 'pending', 'activated'],
  enable: ['disabled'],
} as const satisfies Record<string, readonly GroupMemberState[]>;
export type GroupMemberAction = keyof typeof GROUP_MEMBER_MOVES;
export const GROUP_MEMBER_ACTIONS = Object.keys(GROUP_MEMBER_MOVES) as GroupMemberAction[];

/** An identifier as a group keeps it: a phone is a mainland mobile number; the others letters, digits and hyphens. */
export const identifierValue = (kind: GroupIdentifier) =>
  kind === 'phone'
    ? phone
    : str()
        .trim()
        .regex(/^[A-Za-z0-9-]{1,32}$/, { message: 'group.validation.identifier' });

export const groupInput = z
  .object({
    name: text(GROUP_LIMITS.name),
    definition: text(GROUP_LIMITS.definition),
    identifier: z.enum(GROUP_IDENTIFIERS),
    importMethod: z.enum(IMPORT_METHODS),
    /** Each claim waits for a review before it counts. */
    review: z.boolean().default(false),
    /** The conditions of a group computed from behaviour (import method `behaviour`), and only of one. */
    behaviour: behaviourRule.optional(),
    /** The system admin names the tenant; a first-level tenant may name a second-level one. */
    tenantId: ref('tenant').optional(),
  })
  .refine((g) => (g.importMethod === 'behaviour') === (g.behaviour !== undefined), {
    message: 'group.validation.behaviour',
    path: ['behaviour'],
  })
  .meta({
    examples: [
      {
        name: '张江园区白领',
        definition: '张江园区入驻企业的员工，凭手机号认领',
        identifier: 'phone',
        importMethod: 'preImport',
        review: false,
      },
    ],
  });

export const groupUpdate = z.object({
  name: text(GROUP_LIMITS.name),
  definition: text(GROUP_LIMITS.definition),
  review: z.boolean(),
  /** A behaviour group's new conditions (computed again at once); refused for another group (3409). */
  behaviour: behaviourRule.optional(),
});

export const groupItem = z.object({
  id: z.number().int(),
  tenantId: z.number().int(),
  tenantName: z.string(),
  name: z.string(),
  definition: z.string(),
  identifier: z.enum(GROUP_IDENTIFIERS),
  importMethod: z.enum(IMPORT_METHODS),
  review: z.boolean(),
  state: z.enum(GROUP_STATES),
  /** Activated members: who the group counts. */
  size: z.number().int(),
  /** Identifiers waiting to be claimed, and claims waiting for review. */
  inactive: z.number().int(),
  pending: z.number().int(),
  /** A behaviour group's conditions, when it last was computed, and whether a computation is asked for since. */
  behaviour: behaviourRule.nullable(),
  computedAt: isoTime.nullable(),
  computing: z.boolean(),
  createdAt: isoTime,
});
export type GroupItem = z.infer<typeof groupItem>;

export const groupMemberItem = z.object({
  id: z.number().int(),
  identifier: z.string(),
  state: z.enum(GROUP_MEMBER_STATES),
  /** The member who claimed it, once one did. */
  memberId: z.number().int().nullable(),
  nickname: z.string().nullable(),
  addedAt: isoTime,
  claimedAt: isoTime.nullable(),
  /** Who reviewed or disabled it last, and when. */
  decidedBy: z.string().nullable(),
  decidedAt: isoTime.nullable(),
});
export type GroupMemberItem = z.infer<typeof groupMemberItem>;

const access = { auth: 'user', roles: ['admin', 'tenant'] } as const;
const ids = z.array(ref('groupMember')).min(1).max(GROUP_LIMITS.identifiers);

export const groupApi = {
  'group.page': endpoint({
    method: 'POST',
    path: '/group/page',
    summary: "The caller's tenants' customer groups by name, state and tenant, newest first, with their sizes.",
    query: pageQuery,
    body: z.object({
      keyword: str().trim().max(GROUP_LIMITS.keyword).optional(),
      state: z.enum(GROUP_STATES).optional(),
      tenantId: ref('tenant').optional(),
    }),
    content: page(groupItem),
    access,
  }),
  'group.info': endpoint({
    method: 'GET',
    path: '/group/info/:id',
    summary: 'One customer group with its sizes.',
    params: refParams('group'),
    content: groupItem,
    access,
  }),
  'group.create': endpoint({
    method: 'POST',
    path: '/group',
    summary: 'Creates a customer group (3403 for a name its tenant has).',
    body: groupInput,
    content: groupItem,
    access,
  }),
  'group.update': endpoint({
    method: 'PUT',
    path: '/group/:id',
    summary:
      'Renames a group, rewrites its definition, turns its review on or off (the identifier and the import method stay: members were found by them).',
    params: refParams('group'),
    body: groupUpdate,
    content: groupItem,
    access,
  }),
  'group.delete': endpoint({
    method: 'DELETE',
    path: '/group/:id',
    summary: 'Deletes a group and its members (3436 while an activity is aimed at it).',
    params: refParams('group'),
    content: z.object({ deleted: z.boolean() }),
    access,
  }),
  'group.setState': endpoint({
    method: 'POST',
    path: '/group/state/:id',
    summary: 'Disables a group (it takes no claims and counts no one for activities) or enables it.',
    params: refParams('group'),
    body: z.object({ state: z.enum(GROUP_STATES) }),
    content: z.object({ state: z.enum(GROUP_STATES) }),
    access,
  }),
  'group.members': endpoint({
    method: 'POST',
    path: '/group/members/:id',
    summary: "A group's members by identifier or nickname and state, newest first.",
    params: refParams('group'),
    query: pageQuery,
    body: z.object({
      keyword: str().trim().max(GROUP_LIMITS.keyword).optional(),
      state: z.enum(GROUP_MEMBER_STATES).optional(),
    }),
    content: page(groupMemberItem),
    access,
  }),
  'group.addMembers': endpoint({
    method: 'POST',
    path: '/group/members/:id/add',
    summary:
      "Adds identifiers to a pre-import group (each checked against the group's kind: field errors by position); one already there is left as it is; one a member already holds is claimed at once.",
    params: refParams('group'),
    body: z.object({
      identifiers: z.array(str().trim().max(GROUP_LIMITS.identifier)).min(1).max(GROUP_LIMITS.identifiers),
    }),
    content: z.object({ added: z.number().int(), unchanged: z.number().int(), claimed: z.number().int() }),
    access,
    contended: 'an identifier is in a group once, whoever adds or claims it at the same time',
  }),
  'group.decide': endpoint({
    method: 'POST',
    path: '/group/members/:id/decide',
    summary:
      'Reviews or changes members of a group: approve (pending → activated), reject or disable (→ disabled), enable (disabled → activated, or inactive when never claimed). 3406 for a member whose state does not allow it; all or none.',
    params: refParams('group'),
    body: z.object({ ids, action: z.enum(GROUP_MEMBER_ACTIONS) }),
    content: z.object({ changed: z.number().int() }),
    access,
  }),
} as const;
