/**
 * The books (beyond the specification; docs/domains/books.md): the invariants of
 * every domain's money checked on the database itself — points entries and
 * balances, activity uses, coupons, budgets and limits against the standing
 * orders, refunds against what was paid, the sales rollups against the
 * orders, the statements against their device-days — nightly, on demand,
 * and by `npm run reconcile`. The admin reads every tenant; a tenant its own
 * and its second-level tenants'.
 */
import { z } from 'zod';
import { endpoint, isoTime, ref, refParam } from '../api/define.js';

export const BOOK_RUN_STATES = ['queued', 'running', 'done', 'failed'] as const;
export type BookRunState = (typeof BOOK_RUN_STATES)[number];

/** Which run: the nightly one over every tenant, or one asked for from the screen. */
export const BOOK_RUN_KINDS = ['nightly', 'asked'] as const;

/** The check keys, each `<domain>.<name>`: the text `books.checks.<domain>.<name>` says what it proves. */
export const BOOK_CHECKS = [
  'device.stock',
  'member.points',
  'wallet.balances',
  'wallet.liability',
  'order.rollups',
  'refund.orders',
  'refund.lines',
  'activity.discounts',
  'activity.coupons',
  'activity.budgets',
  'activity.limits',
  'share.sums',
  'share.days',
  'share.once',
  'fresh.batches',
  'fresh.channels',
] as const;
export type BookCheckKey = (typeof BOOK_CHECKS)[number];

/** What a difference is of: the screen links the row. */
export const BOOK_SUBJECTS = [
  'member',
  'order',
  'orderItem',
  'activity',
  'coupon',
  'statement',
  'rollupSales',
  'rollupRefunds',
  'channel',
  'batch',
] as const;

export const bookDifference = z.object({
  tenantId: z.number().int(),
  tenantName: z.string(),
  subject: z.enum(BOOK_SUBJECTS),
  subjectId: z.number().int(),
  label: z.string(),
  /** What it should be and what it is: fen, points or a count, as the check says. */
  expected: z.number(),
  actual: z.number(),
});
export type BookDifference = z.infer<typeof bookDifference>;

export const bookCheckResult = z.object({
  key: z.enum(BOOK_CHECKS),
  /** How long the check took, over every tenant the run covered. */
  ms: z.number().int(),
  /** Differences of the caller's tenants (the first hundred of each check are kept). */
  differences: z.array(bookDifference),
});
export type BookCheckResult = z.infer<typeof bookCheckResult>;

export const bookRun = z.object({
  id: z.number().int(),
  kind: z.enum(BOOK_RUN_KINDS),
  state: z.enum(BOOK_RUN_STATES),
  askedBy: z.string().nullable(),
  createdAt: isoTime,
  startedAt: isoTime.nullable(),
  finishedAt: isoTime.nullable(),
});
export type BookRun = z.infer<typeof bookRun>;

export const booksAnswer = z.object({
  /** The latest finished run covering the caller's tenants, and its checks; null before the first. */
  last: bookRun.nullable(),
  checks: z.array(bookCheckResult),
  /** A run asked for and not finished yet: the screen follows it. */
  pending: bookRun.nullable(),
});
export type BooksAnswer = z.infer<typeof booksAnswer>;

const access = { auth: 'user', roles: ['admin', 'tenant'] } as const;

export const booksApi = {
  'books.latest': endpoint({
    method: 'GET',
    path: '/books',
    summary:
      "The books' checks as last run over the caller's tenants (the admin: every tenant, or the one named): each check, how long it took and every difference, with the run still going if one was asked for.",
    query: z.object({ tenantId: refParam('tenant').optional() }),
    content: booksAnswer,
    access,
  }),
  'books.run': endpoint({
    method: 'POST',
    path: '/books/runs',
    summary:
      "Runs the books' checks now over the caller's tenants (the admin: every tenant, or the one named and its second-level tenants), as a job of the one runner; reads only, so sales never wait for it. A run already waiting is answered instead of a second.",
    body: z.object({ tenantId: ref('tenant').optional() }),
    content: bookRun,
    access,
    contended: 'a second request while a run of the same tenants waits answers that run, never a second one',
  }),
} as const;
