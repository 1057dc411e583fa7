/** The console's revenue-share operations (rules.ts says what a rule and a statement are). */
import { z } from 'zod';
import { endpoint, id, isoTime, page, pageQuery, ref, refParams, str, text } from '../api/define.js';
import { isIsoDate } from '../format.js';
import {
  ACCOUNT_NUMBER,
  SHARE_KINDS,
  SHARE_LIMITS,
  SHARE_PARTIES,
  SHARE_STATES,
  SHARE_SUBJECTS,
  shareMonth,
  shareTerms,
  shareTier,
} from './rules.js';

/** `YYYY-MM-DD`, a real day. */
const day = str()
  .refine(isIsoDate, { message: 'validation.invalid' })
  .meta({ examples: ['2026-12-01'] });

const bank = z.object({
  bankName: text(50),
  accountName: text(50),
  accountNumber: str().trim().regex(ACCOUNT_NUMBER, { message: 'share.validation.account' }),
});

export const shareHostInput = z
  .object({
    tenantId: ref('tenant').optional(),
    name: text(50),
    contact: str().trim().max(30, { message: 'validation.maxLength' }).default(''),
    phone: str().trim().max(20, { message: 'validation.maxLength' }).default(''),
    /** Sealed on arrival and never read back: the host's answer says only whether they are set. */
    bank: bank.optional(),
  })
  .meta({ examples: [{ name: '广州地铁集团', contact: '李经理', phone: '13800138000' }] });
export type ShareHostInput = z.input<typeof shareHostInput>;

export const shareHostUpdate = shareHostInput.omit({ tenantId: true }).extend({
  /** Absent: kept as they are; null: removed. */
  bank: bank.nullable().optional(),
});

export const shareHostItem = z.object({
  id: z.number().int(),
  tenantId: z.number().int(),
  tenantName: z.string(),
  name: z.string(),
  contact: z.string(),
  phone: z.string(),
  bankSet: z.boolean(),
  /** Points it holds today. */
  points: z.number().int(),
  createdAt: isoTime,
});
export type ShareHostItem = z.infer<typeof shareHostItem>;

export const shareHostPoint = z.object({
  pointId: z.number().int(),
  pointName: z.string(),
  fromDay: z.string(),
  /** The last day it held the point; null: it holds it still. */
  toDay: z.string().nullable(),
});
export type ShareHostPoint = z.infer<typeof shareHostPoint>;

/**
 * What a rule or an adjustment is for: exactly one of a point, a host, a
 * second-level tenant. The server judges every id named (980 for one not the
 * caller's) before it asks for exactly one (a field error), so a foreign id
 * beside the caller's own is refused as foreign, never as a shape.
 */
const target = {
  pointId: ref('point').optional(),
  hostId: ref('shareHost').optional(),
  subTenantId: ref('tenant').optional(),
};

export const shareRuleInput = z.object({ ...target, fromMonth: shareMonth, terms: shareTerms }).meta({
  examples: [{ pointId: 1, fromMonth: '2026-12', terms: { kind: 'percent', tiers: [{ upTo: null, rate: 500 }] } }],
});
export type ShareRuleInput = z.input<typeof shareRuleInput>;

export const shareRuleItem = z.object({
  id: z.number().int(),
  tenantId: z.number().int(),
  tenantName: z.string(),
  subject: z.enum(SHARE_SUBJECTS),
  subjectId: z.number().int(),
  subjectName: z.string(),
  fromMonth: z.string(),
  kind: z.enum(SHARE_KINDS),
  tiers: z.array(shareTier),
  rent: z.number().int(),
  createdBy: z.string().nullable(),
  createdAt: isoTime,
});
export type ShareRuleItem = z.infer<typeof shareRuleItem>;

export const shareCloseItem = z.object({
  tenantId: z.number().int(),
  month: z.string(),
  state: z.enum(['queued', 'done', 'failed']),
  statements: z.number().int(),
  askedAt: isoTime,
  closedAt: isoTime.nullable(),
});
export type ShareCloseItem = z.infer<typeof shareCloseItem>;

const money = z.number().int();
export const shareStatementItem = z.object({
  id: z.number().int(),
  tenantId: z.number().int(),
  tenantName: z.string(),
  month: z.string(),
  party: z.enum(SHARE_PARTIES),
  partyId: z.number().int(),
  partyName: z.string(),
  state: z.enum(SHARE_STATES),
  sales: money,
  refunds: money,
  net: money,
  share: money,
  adjustments: money,
  total: money,
  computedAt: isoTime,
  issuedAt: isoTime.nullable(),
  confirmedAt: isoTime.nullable(),
  confirmedBy: z.string().nullable(),
  paidAt: isoTime.nullable(),
  paymentRef: z.string().nullable(),
  /** A draft whose rules, points' hosts or adjustments changed since it was computed: close the month again (an issue refuses it, 981). */
  stale: z.boolean(),
  /** The caller is the party (a second-level tenant reading what it is owed): it confirms, it does not issue or pay. */
  mine: z.boolean(),
});
export type ShareStatementItem = z.infer<typeof shareStatementItem>;

export const shareLine = z.object({
  id: z.number().int(),
  subject: z.enum(SHARE_SUBJECTS),
  subjectId: z.number().int(),
  label: z.string(),
  ruleId: z.number().int().nullable(),
  kind: z.enum(SHARE_KINDS).nullable(),
  tiers: z.array(shareTier),
  rent: money,
  fromDay: z.string(),
  toDay: z.string(),
  days: z.number().int(),
  sales: money,
  refunds: money,
  net: money,
  share: money,
  by: z.enum(['percent', 'rent']).nullable(),
  /** A correction line: this month's refunds of sales an issued statement of an earlier month was paid for, naming it. */
  corrects: z.object({ statementId: z.number().int(), month: z.string() }).nullable(),
});
export type ShareLine = z.infer<typeof shareLine>;

export const shareAdjustment = z.object({
  id: z.number().int(),
  month: z.string(),
  amount: money,
  reason: z.string(),
  createdBy: z.string().nullable(),
  createdAt: isoTime,
});
export type ShareAdjustment = z.infer<typeof shareAdjustment>;

export const shareStatementDetail = shareStatementItem.extend({
  lines: z.array(shareLine),
  adjustmentList: z.array(shareAdjustment),
});
export type ShareStatementDetail = z.infer<typeof shareStatementDetail>;

export const shareDay = z.object({
  lineId: z.number().int(),
  day: z.string(),
  deviceId: z.number().int(),
  deviceName: z.string(),
  pointId: z.number().int().nullable(),
  pointName: z.string().nullable(),
  sales: money,
  refunds: money,
});
export type ShareDay = z.infer<typeof shareDay>;

export const shareAdjustInput = z
  .object({
    ...target,
    month: shareMonth,
    amount: z
      .number({ error: 'validation.invalid' })
      .int({ message: 'validation.invalid' })
      .min(-SHARE_LIMITS.money, { message: 'validation.min' })
      .max(SHARE_LIMITS.money, { message: 'validation.max' })
      .refine((v) => v !== 0, { message: 'share.validation.nonZero' }),
    reason: text(SHARE_LIMITS.reason),
  })
  .meta({ examples: [{ hostId: 1, month: '2026-12', amount: -1200, reason: '十月退款更正' }] });

export const shareSubjects = z.object({
  /** The tenant's points with the host holding each today. */
  points: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      hostId: z.number().int().nullable(),
      hostName: z.string().nullable(),
    }),
  ),
  hosts: z.array(z.object({ id: z.number().int(), name: z.string() })),
  /** Its second-level tenants: the parties it pays besides its hosts. */
  subTenants: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type ShareSubjects = z.infer<typeof shareSubjects>;

/** Everyone with the code; what the party reading its own may not do (issue, pay…) is refused by the server (976). */
const reader = { auth: 'user', roles: ['admin', 'tenant', 'member'], power: '9-1' } as const;

export const shareApi = {
  'share.hostPage': endpoint({
    method: 'POST',
    path: '/share/hosts/page',
    summary:
      "The caller's tenants' location hosts by name, with the points each holds today; bank details only as set or not.",
    query: pageQuery,
    body: z.object({ tenantId: ref('tenant').optional(), name: str().trim().max(50).optional() }),
    content: page(shareHostItem),
    access: reader,
  }),
  'share.hostCreate': endpoint({
    method: 'POST',
    path: '/share/hosts',
    summary: 'A new location host of a tenant (971 a name the tenant has); its bank details sealed, never answered.',
    body: shareHostInput,
    content: shareHostItem,
    makes: 'shareHost',
    access: reader,
    contended: 'a host name is unique within its tenant',
  }),
  'share.hostUpdate': endpoint({
    method: 'PUT',
    path: '/share/hosts/:id',
    summary: "A host's name and contact (971), and its bank details replaced (sent), removed (null) or kept (absent).",
    params: refParams('shareHost'),
    body: shareHostUpdate,
    content: shareHostItem,
    access: reader,
  }),
  'share.hostDelete': endpoint({
    method: 'DELETE',
    path: '/share/hosts/:id',
    summary: 'Deletes a host that was never on a statement (972), with its rules and the points it held.',
    params: refParams('shareHost'),
    content: z.object({ deleted: z.boolean() }),
    access: reader,
  }),
  'share.hostPoints': endpoint({
    method: 'GET',
    path: '/share/hosts/:id/points',
    summary: 'The points a host holds and held, each with the days from and to.',
    params: refParams('shareHost'),
    content: z.array(shareHostPoint),
    access: reader,
  }),
  'share.assign': endpoint({
    method: 'POST',
    path: '/share/points/host',
    summary:
      'Points change hands on a day: from `fromDay` on they are the host’s (null: no host’s). 973 when that day lies in a month already issued; 970 a host, 1410 a point not the tenant’s.',
    body: z.object({
      pointIds: z.array(ref('point')).min(1, { message: 'validation.required' }).max(500),
      hostId: ref('shareHost').nullable(),
      fromDay: day,
    }),
    content: z.object({ points: z.number().int() }),
    access: reader,
  }),
  'share.subjects': endpoint({
    method: 'POST',
    reads: true,
    path: '/share/subjects',
    summary:
      "What a tenant's rules and hosts name, for its pickers: its points with today's host, its hosts, its second-level tenants.",
    body: z.object({ tenantId: ref('tenant').optional() }),
    content: shareSubjects,
    access: reader,
  }),
  'share.rulePage': endpoint({
    method: 'POST',
    path: '/share/rules/page',
    summary:
      "A tenant's rule versions, latest month first: every one, or one point's, host's or second-level tenant's (its timeline).",
    query: pageQuery,
    body: z.object({ tenantId: ref('tenant').optional(), ...target }),
    content: page(shareRuleItem),
    access: reader,
  }),
  'share.ruleSet': endpoint({
    method: 'POST',
    path: '/share/rules',
    summary:
      'A rule version in force from the first of `fromMonth` until the next version’s; the same month again replaces it. 973 when that month or a later one is issued for the party; 980 a point, host or second-level tenant not the caller’s.',
    body: shareRuleInput,
    content: shareRuleItem,
    makes: 'shareRule',
    access: reader,
    contended: 'one rule version per subject and month',
  }),
  'share.ruleDelete': endpoint({
    method: 'DELETE',
    path: '/share/rules/:id',
    summary: 'Deletes a rule version whose month is not issued (973): the one before it applies again.',
    params: refParams('shareRule'),
    content: z.object({ deleted: z.boolean() }),
    access: reader,
  }),
  'share.close': endpoint({
    method: 'POST',
    path: '/share/close',
    summary:
      "Closes a tenant's business month into its parties' statements, by a job (974 a month not over). Drafts are computed again, issued ones never touched; a second close finds the same and writes nothing.",
    body: z.object({ tenantId: ref('tenant').optional(), month: shareMonth }),
    content: shareCloseItem,
    access: reader,
    contended: 'a month closes once at a time, and its drafts come out the same',
  }),
  'share.closes': endpoint({
    method: 'POST',
    path: '/share/closes',
    summary: "A tenant's closed months, latest first, with each close's state.",
    body: z.object({ tenantId: ref('tenant').optional() }),
    content: z.array(shareCloseItem),
    access: reader,
  }),
  'share.statementPage': endpoint({
    method: 'POST',
    path: '/share/statements/page',
    summary:
      'Statements the caller pays or is paid by (a second-level tenant reads its own), by month, state, party kind or one host.',
    query: pageQuery,
    body: z.object({
      tenantId: ref('tenant').optional(),
      month: shareMonth.optional(),
      state: z.enum(SHARE_STATES).optional(),
      party: z.enum(SHARE_PARTIES).optional(),
      hostId: ref('shareHost').optional(),
    }),
    content: page(shareStatementItem),
    access: reader,
  }),
  'share.export': endpoint({
    method: 'POST',
    path: '/share/statements/export',
    summary:
      "A month's statements as an .xlsx in the caller's language, a row per line and per adjustment (party, state, rule, period, days, sales, refunds, net, share), the statements of the filter as the list shows them, at most 10 000 rows.",
    query: z.object({ lang: z.enum(['zh-CN', 'zh-TW', 'en']).default('zh-CN') }),
    body: z.object({
      tenantId: ref('tenant').optional(),
      month: shareMonth,
      state: z.enum(SHARE_STATES).optional(),
      party: z.enum(SHARE_PARTIES).optional(),
      hostId: ref('shareHost').optional(),
    }),
    content: z.object({ name: z.string(), data: z.string(), rows: z.number().int() }),
    exports: true,
    access: reader,
  }),
  'share.statementInfo': endpoint({
    method: 'GET',
    path: '/share/statements/:id',
    summary: 'One statement with its lines (the rule applied to each) and its adjustments (975).',
    params: refParams('shareStatement'),
    content: shareStatementDetail,
    access: reader,
  }),
  'share.statementDays': endpoint({
    method: 'POST',
    path: '/share/statements/:id/days',
    summary: "What a statement's lines sum, by day and device: the sales of the day and the refunds settled on it.",
    params: refParams('shareStatement'),
    query: pageQuery,
    body: z.object({
      /** One of the statement's own lines (the path's statement is judged; a line of another is simply not among its rows). */
      lineId: id.optional(),
    }),
    content: page(shareDay),
    access: reader,
  }),
  'share.issue': endpoint({
    method: 'POST',
    path: '/share/statements/:id/issue',
    summary: 'Issues a draft (976 otherwise): from now on it never changes.',
    params: refParams('shareStatement'),
    content: shareStatementItem,
    access: reader,
    contended: 'a statement leaves each state once',
  }),
  'share.confirm': endpoint({
    method: 'POST',
    path: '/share/statements/:id/confirm',
    summary:
      'The party confirms an issued statement (976): a second-level tenant its own; for a host, the paying tenant records who at the host confirmed it.',
    params: refParams('shareStatement'),
    body: z.object({ by: str().trim().max(30, { message: 'validation.maxLength' }).optional() }),
    content: shareStatementItem,
    access: reader,
  }),
  'share.pay': endpoint({
    method: 'POST',
    path: '/share/statements/:id/pay',
    summary: 'Marks a confirmed statement paid, with the payment’s reference (976).',
    params: refParams('shareStatement'),
    body: z.object({ reference: text(50) }),
    content: shareStatementItem,
    access: reader,
  }),
  'share.adjust': endpoint({
    method: 'POST',
    path: '/share/adjustments',
    summary:
      "A manual adjustment of a host's or second-level tenant's month, with its reason; 973 when that month is issued (adjust a later one).",
    body: shareAdjustInput,
    content: shareAdjustment,
    access: reader,
  }),
} as const;
