/**
 * Shrink (docs/domains/fresh-shrink.md): per business month, machine and product,
 * what the stock moves say — units refilled, sold, thrown away, the
 * difference a visit's count found, the other differences (a machine's own
 * count, a channel found empty at a vend, stock typed by hand) — and what
 * nobody can explain: the differences, the units gone missing, valued at the
 * product's unit cost.
 */
import { z } from 'zod';
import { endpoint, page, pageQuery, ref } from '../api/define.js';
import { reportMonth } from './waste.js';

/**
 * The causes of a stock move that nobody can account for (server/device `STOCK_CAUSES`): what a visit's count
 * found, a machine's count, a vend that found the channel empty, a count's rise held and approved — and stock
 * typed lower by hand (`edit`), a count by another name. Stock typed higher by hand is a refill by another name
 * (the report counts it refilled); a sale, its goods coming back, a refill, waste, a channel's first stock and
 * goods changed are accounted for.
 */
export const UNEXPLAINED_CAUSES = ['visit', 'count', 'empty', 'held', 'approved'] as const;

export const shrinkRow = z.object({
  month: z.string(),
  tenantId: z.number().int(),
  tenantName: z.string(),
  deviceId: z.number().int(),
  deviceName: z.string(),
  productId: z.number().int(),
  productName: z.string(),
  productNumber: z.string(),
  /** Units put in by refills (and stock typed higher by hand), sold (less what a failed vend gave back), thrown away. */
  refilled: z.number().int(),
  sold: z.number().int(),
  wasted: z.number().int(),
  /** Signed: what the visits' counts changed (negative: missing), and the other differences. */
  counted: z.number().int(),
  adjusted: z.number().int(),
  /** Units gone missing, net (negative: more found than lost): −(counted + adjusted). */
  missing: z.number().int(),
  /** The product's unit cost today (fen), and `missing` at it; null without a cost. */
  cost: z.number().int().nullable(),
  value: z.number().int().nullable(),
});
export type ShrinkRow = z.infer<typeof shrinkRow>;

export const shrinkFilter = z.object({
  month: reportMonth.optional(),
  deviceId: ref('device').optional(),
  tenantId: ref('tenant').optional(),
  /** Only the machines' products with something unexplained. */
  losses: z.boolean().optional(),
});
export type ShrinkFilter = z.infer<typeof shrinkFilter>;

export const shrinkTotal = z.object({
  /** Units gone missing and found over the filter's rows (each row's net), the missing ones' value at cost (fen). */
  missing: z.number().int(),
  found: z.number().int(),
  value: z.number().int(),
  /** Units gone missing of products without a cost: not in `value`. */
  unvalued: z.number().int(),
});
export type ShrinkTotal = z.infer<typeof shrinkTotal>;

const access = { auth: 'user', roles: ['admin', 'tenant', 'member'], power: '2-1' } as const;

export const freshShrinkApi = {
  'fresh.shrink': endpoint({
    method: 'POST',
    path: '/fresh/shrink',
    summary:
      "Shrink per business month, machine and product from the stock moves: units refilled, sold, wasted, the visits' counts' difference, other differences, units gone missing and their value at the product's cost; newest month first, then most value lost. By month, device, tenant, or only rows with something unexplained.",
    query: pageQuery,
    body: shrinkFilter,
    content: page(shrinkRow),
    access,
  }),
  'fresh.shrinkTotal': endpoint({
    method: 'POST',
    path: '/fresh/shrink/total',
    reads: true,
    summary:
      "The shrink report's totals for its filter: units gone missing and found, the missing units' value at cost, and the units of products without a cost.",
    body: shrinkFilter,
    content: shrinkTotal,
    access,
  }),
  'fresh.shrinkExport': endpoint({
    method: 'POST',
    path: '/fresh/shrink/export',
    summary:
      "The shrink report of the filter as an .xlsx in the caller's language, in the list's order, at most 10 000 rows.",
    query: z.object({ lang: z.enum(['zh-CN', 'zh-TW', 'en']).default('zh-CN') }),
    body: shrinkFilter,
    content: z.object({ name: z.string(), data: z.string(), rows: z.number().int() }),
    exports: true,
    access,
  }),
} as const;
