/**
 * Each day's bill of the payment platforms matched to the console's orders
 * and refunds (beyond spec §2: operators do it by hand from the platforms'
 * downloads; docs/domains/reconciliation.md). The morning after a business
 * day, each tenant's bill of each platform it takes payments on is fetched
 * and kept, and every line matched by number: the payments to the orders
 * (`out_trade_no`), the refunds to the refunds (`out_refund_no`). What does
 * not match is a difference — the amounts differ, a line only at the platform
 * (a machine that sold while offline), or an order or refund only here — that
 * a tenant marks explained with a note: a recorded move, never an edit.
 */
import { z } from 'zod';
import { endpoint, isoTime, page, pageQuery, ref, refParams, str } from '../api/define.js';
import { isIsoDate } from '../format.js';

export const RECON_PLATFORMS = ['wechat', 'alipay'] as const;
export type ReconPlatform = (typeof RECON_PLATFORMS)[number];

/**
 * A day's bill: `waiting` to be fetched (or fetched again after the platform failed to answer); then `matched`
 * (every line and every order agree), `differences`, `noBill` (the platform has none for the day: no payments),
 * `unreadable` (a file that does not parse) or `otherMerchant` (a bill of another merchant id) — the last two
 * write no match at all.
 */
export const DAY_STATES = ['waiting', 'matched', 'differences', 'noBill', 'unreadable', 'otherMerchant'] as const;
export type DayState = (typeof DAY_STATES)[number];

export const DIFFERENCE_KINDS = ['amount', 'platformOnly', 'consoleOnly'] as const;
export type DifferenceKind = (typeof DIFFERENCE_KINDS)[number];
export const DIFFERENCE_SUBJECTS = ['payment', 'refund'] as const;

/** A business day, `YYYY-MM-DD` (China time): a day the calendar has. */
const dayText = str().refine(isIsoDate, { message: 'validation.invalid' });

export const reconDay = z.object({
  id: z.number().int(),
  tenantId: z.number().int(),
  tenantName: z.string(),
  platform: z.enum(RECON_PLATFORMS),
  day: z.string(),
  state: z.enum(DAY_STATES),
  /** Where the bill came from: the platform's adapter, or the sandbox. */
  source: z.string(),
  /** The payments and refunds the bill lists, with their totals (fen), and the platform's fees. */
  payments: z.number().int(),
  paymentAmount: z.number().int(),
  refunds: z.number().int(),
  refundAmount: z.number().int(),
  fees: z.number().int(),
  matched: z.number().int(),
  differences: z.number().int(),
  /** Differences not yet explained. */
  open: z.number().int(),
  /** Why it is waiting or unreadable: the platform's or the parser's word. */
  error: z.string().nullable(),
  fetchedAt: isoTime.nullable(),
});
export type ReconDay = z.infer<typeof reconDay>;

export const dayFilter = z.object({
  tenantId: ref('tenant').optional(),
  platform: z.enum(RECON_PLATFORMS).optional(),
  state: z.enum(DAY_STATES).optional(),
  from: dayText.optional(),
  to: dayText.optional(),
});
export type DayFilter = z.infer<typeof dayFilter>;

export const reconDifference = z.object({
  id: z.number().int(),
  dayId: z.number().int(),
  day: z.string(),
  platform: z.enum(RECON_PLATFORMS),
  tenantName: z.string(),
  kind: z.enum(DIFFERENCE_KINDS),
  subject: z.enum(DIFFERENCE_SUBJECTS),
  /** The console's number (the order's, or the refund's `RF…`), as the bill or the console has it. */
  number: z.string(),
  orderId: z.number().int().nullable(),
  refundId: z.number().int().nullable(),
  platformNumber: z.string().nullable(),
  /** Fen; null on the side that has none. */
  platformAmount: z.number().int().nullable(),
  consoleAmount: z.number().int().nullable(),
  /** The latest explanation, once explained. */
  explained: z.object({ note: z.string(), by: z.string(), at: isoTime }).nullable(),
});
export type ReconDifference = z.infer<typeof reconDifference>;

export const differenceFilter = z.object({
  dayId: ref('reconDay').optional(),
  tenantId: ref('tenant').optional(),
  kind: z.enum(DIFFERENCE_KINDS).optional(),
  /** Only those not yet explained. */
  open: z.boolean().optional(),
});
export type DifferenceFilter = z.infer<typeof differenceFilter>;

export const RECON_LIMITS = { note: 200, exportRows: 50_000 } as const;

export const explainInput = z.object({
  note: str()
    .trim()
    .min(1, { message: 'reconciliation.validation.note' })
    .max(RECON_LIMITS.note, { message: 'reconciliation.validation.note' }),
});

const access = { auth: 'user', roles: ['admin', 'tenant'] } as const;

export const reconciliationApi = {
  'reconciliation.days': endpoint({
    method: 'POST',
    reads: true,
    path: '/reconciliation/days',
    summary:
      "The platforms' daily bills in the caller's scope, newest day first, each with its state, the totals the bill lists, the platform's fees and its differences (open and all).",
    query: pageQuery,
    body: dayFilter,
    content: page(reconDay),
    access,
  }),
  'reconciliation.differences': endpoint({
    method: 'POST',
    reads: true,
    path: '/reconciliation/differences',
    summary:
      'The differences of a day (930 for a day not in scope) or of all days in scope, newest day first: the amounts differ, only at the platform, or only here, each with its order or refund and its explanation.',
    query: pageQuery,
    body: differenceFilter,
    content: page(reconDifference),
    access,
  }),
  'reconciliation.explain': endpoint({
    method: 'POST',
    path: '/reconciliation/differences/:id/explain',
    summary:
      'Marks a difference explained with a note (1–200 characters): a recorded move with who and when; a later note is a new move, the earlier stay. 931 for a difference not in scope.',
    params: refParams('reconDifference'),
    body: explainInput,
    content: reconDifference,
    access,
  }),
  'reconciliation.export': endpoint({
    method: 'POST',
    path: '/reconciliation/differences/export',
    summary:
      "The differences of the filter as an xlsx (in the caller's language), at most 50 000 rows: day, platform, tenant, kind, number, platform amount, console amount, explanation.",
    query: z.object({ lang: z.enum(['zh-CN', 'zh-TW', 'en']).default('zh-CN') }),
    body: differenceFilter,
    content: z.object({ name: z.string(), data: z.string(), rows: z.number().int() }),
    exports: true,
    access,
  }),
};
