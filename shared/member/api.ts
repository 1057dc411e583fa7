/**
 * The member centre (spec §2 member info, §3 Member): the people who buy at a
 * tenant's machines through its mini-program (shared/member/app.ts), with
 * their points as a ledger — every earn a lot with its own expiry, every
 * change an entry with its reason and operator (docs/domains/member.md).
 * The console lists, opens, blocks and credits them; it never creates one.
 */
import { z } from 'zod';
import { endpoint, instant, isoTime, page, pageQuery, ref, refParams, str, text } from '../api/define.js';

export const MEMBER_LIMITS = {
  code: 200,
  nickname: 32,
  keyword: 50,
  reason: 100,
  adjust: 1_000_000,
  programme: 32,
  externalId: 64,
} as const;
/** A member is normal or blocked by its tenant (a blocked member cannot sign in: 704). */
export const MEMBER_STATES = ['normal', 'blocked'] as const;
export type MemberState = (typeof MEMBER_STATES)[number];

/**
 * What moved points: an order earned them, a sale or an operator spent them,
 * a refund took earned points back (`reverse`) or gave spent ones back
 * (`return`), a lot ran out (`expire`), an operator credited or debited
 * (`adjust`), an earn paid off what a refund left owed (`settle`).
 */
export const POINT_ENTRY_KINDS = ['earn', 'spend', 'reverse', 'return', 'expire', 'adjust', 'settle'] as const;
export type PointEntryKind = (typeof POINT_ENTRY_KINDS)[number];

export const pointEntry = z.object({
  id: z.number().int(),
  kind: z.enum(POINT_ENTRY_KINDS),
  /**
   * Signed: an earn is positive, a spend negative. The entries sum to the
   * balance less the points owed: a reverse counts what it left owed too,
   * and an earn's settle of that debt moves 0 here.
   */
  points: z.number().int(),
  /** What the entry moved of the points owed: a reverse the balance could not cover owes (+), a settle pays off (−). */
  owed: z.number().int(),
  reason: z.string(),
  /** Who made it: a console user's name, or null for the system (a sale, a refund, expiry). */
  operatorName: z.string().nullable(),
  orderNumber: z.string().nullable(),
  createdAt: isoTime,
});
export type PointEntry = z.infer<typeof pointEntry>;

export const pointLot = z.object({
  id: z.number().int(),
  earned: z.number().int(),
  left: z.number().int(),
  /** Null: never expires (the tenant's rule when it was earned). */
  expiresAt: isoTime.nullable(),
  expired: z.boolean(),
  orderNumber: z.string().nullable(),
  createdAt: isoTime,
});
export type PointLot = z.infer<typeof pointLot>;

export const memberItem = z.object({
  id: z.number().int(),
  tenantId: z.number().int(),
  tenantName: z.string(),
  nickname: z.string(),
  cardNumber: z.string(),
  /** Masked in a list (shared/format.ts maskContact); whole on the member's page. */
  phone: z.string().nullable(),
  points: z.number().int(),
  state: z.enum(MEMBER_STATES),
  registeredAt: isoTime,
  registeredAddress: z.string().nullable(),
  /** Erased at the person's request: nothing personal is left (the nickname is empty). */
  erased: z.boolean(),
  /** The grade the last regrade gave it (shared/member/grades.ts); null: none. */
  gradeName: z.string().nullable(),
});
export type MemberItem = z.infer<typeof memberItem>;

export const memberDetail = memberItem.extend({
  birthday: z.string().nullable(),
  /** The phone was proven (an SMS code or WeChat's grant); one held from before verification existed is not. */
  phoneVerified: z.boolean(),
  owed: z.number().int(),
  inviterId: z.number().int().nullable(),
  inviterName: z.string().nullable(),
  operatorId: z.number().int().nullable(),
  operatorName: z.string().nullable(),
  orders: z.number().int(),
  spent: z.number().int(),
});
export type MemberDetail = z.infer<typeof memberDetail>;

export const memberFilter = z.object({
  /** Nickname (pinyin too), card number, phone or member id. */
  keyword: str().trim().max(MEMBER_LIMITS.keyword).optional(),
  tenantId: ref('tenant').optional(),
  state: z.enum(MEMBER_STATES).optional(),
  registeredFrom: instant.optional(),
  registeredTo: instant.optional(),
});
export type MemberFilter = z.infer<typeof memberFilter>;

export const pointsAdjustment = z
  .object({
    /** Points to credit (positive) or debit (negative): never zero. */
    points: z
      .number()
      .int()
      .min(-MEMBER_LIMITS.adjust)
      .max(MEMBER_LIMITS.adjust)
      .refine((v) => v !== 0, { message: 'member.validation.pointsZero' }),
    /** Every change says why (shown in the member's history). */
    reason: text(MEMBER_LIMITS.reason),
  })
  .meta({ examples: [{ points: 50, reason: '设备故障补偿' }] });

/** A member of another loyalty programme, as sales named them (the third-party member list). */
export const externalMemberItem = z.object({
  id: z.number().int(),
  tenantId: z.number().int(),
  tenantName: z.string(),
  programme: z.string(),
  externalId: z.string(),
  orders: z.number().int(),
  /** Fen paid by the sales that named it. */
  amount: z.number().int(),
  firstSeenAt: isoTime,
  lastSeenAt: isoTime,
});
export type ExternalMemberItem = z.infer<typeof externalMemberItem>;

/** What a sale says of a member of another programme: its name and the member's id there. */
export const externalMember = z.object({
  programme: str().trim().min(1).max(MEMBER_LIMITS.programme),
  id: str().trim().min(1).max(MEMBER_LIMITS.externalId),
});

const consoleAccess = { auth: 'user', roles: ['admin', 'tenant'] } as const;

export const memberApi = {
  'member.page': endpoint({
    method: 'POST',
    path: '/member/page',
    summary:
      "Members of the caller's tenants by nickname (pinyin too), card, phone or id, state and registration time, newest first; phones masked.",
    query: pageQuery,
    body: memberFilter,
    content: page(memberItem),
    access: consoleAccess,
  }),
  'member.info': endpoint({
    method: 'GET',
    path: '/member/info/:id',
    summary: 'One member with its whole phone, inviter, operator and order figures.',
    params: refParams('member'),
    content: memberDetail,
    access: consoleAccess,
  }),
  'member.ledger': endpoint({
    method: 'GET',
    path: '/member/ledger/:id',
    summary: "A member's points: its lots (live first, soonest expiry first) and its entries, newest first.",
    params: refParams('member'),
    query: pageQuery,
    content: z.object({
      points: z.number().int(),
      owed: z.number().int(),
      lots: z.array(pointLot),
      entries: page(pointEntry),
    }),
    access: consoleAccess,
  }),
  'member.adjustPoints': endpoint({
    method: 'POST',
    path: '/member/points/:id',
    summary:
      "Credits or debits a member's points with a reason (a credit is a lot under the tenant's expiry rule; a debit takes the soonest-expiring lots first). 950 past the balance.",
    params: refParams('member'),
    body: pointsAdjustment,
    content: z.object({ points: z.number().int() }),
    access: consoleAccess,
    contended: "a member's balance never goes below zero: concurrent debits spend at most what it held",
  }),
  'member.externalPage': endpoint({
    method: 'POST',
    path: '/member/external/page',
    summary:
      "Members of other loyalty programmes that the caller's tenants' sales named, by programme or member id, most recently seen first.",
    query: pageQuery,
    body: z.object({
      keyword: str().trim().max(MEMBER_LIMITS.keyword).optional(),
      tenantId: ref('tenant').optional(),
    }),
    content: page(externalMemberItem),
    access: consoleAccess,
  }),
  'member.export': endpoint({
    method: 'GET',
    path: '/member/export/:id',
    summary:
      "One member's own data as a file (PIPL art. 45): profile, points lots and history, orders — a JSON document, base64.",
    params: refParams('member'),
    content: z.object({ name: z.string(), data: z.string() }),
    exports: true,
    access: consoleAccess,
  }),
  'member.erase': endpoint({
    method: 'POST',
    path: '/member/erase/:id',
    summary:
      "Erases a member at the person's request (PIPL art. 47): personal fields emptied and its sessions ended in one transaction, the ledger closed, orders kept with their amounts. 708 while it holds points.",
    params: refParams('member'),
    content: z.object({ erased: z.boolean() }),
    access: consoleAccess,
    contended:
      'a member is erased once, and never while it holds points: a credit racing the erasure lands before it or is refused',
  }),
  'member.setState': endpoint({
    method: 'POST',
    path: '/member/state/:id',
    summary: 'Blocks a member (its sessions end, its sign-ins are refused: 704) or lets it back.',
    params: refParams('member'),
    body: z.object({ state: z.enum(MEMBER_STATES) }),
    content: z.object({ state: z.enum(MEMBER_STATES) }),
    access: consoleAccess,
  }),
} as const;
