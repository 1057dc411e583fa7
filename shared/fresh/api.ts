/**
 * Fresh food on the console (docs/domains/fresh.md): the batches a refill
 * recorded in the machines' channels, what is left of each, nearest expiry
 * first. A batch's stock is the sum of its moves; the console reads it.
 */
import { z } from 'zod';
import { endpoint, isoTime, page, pageQuery, ref, str } from '../api/define.js';
import { BATCH_STATES } from './rules.js';

export const batchItem = z.object({
  id: z.number().int(),
  tenantId: z.number().int(),
  tenantName: z.string(),
  deviceId: z.number().int(),
  deviceName: z.string(),
  pointName: z.string().nullable(),
  channel: z.number().int(),
  productId: z.number().int(),
  productName: z.string(),
  lot: z.string().nullable(),
  /** The last day it may be sold (YYYY-MM-DD), null when unknown. */
  expiresOn: z.string().nullable(),
  state: z.enum(BATCH_STATES),
  /** Days to the expiry day (0 on the day, negative once past), null when unknown. */
  daysLeft: z.number().int().nullable(),
  /** The markdown its tenant's ladder gives it now (percent off; 0: none). */
  markdown: z.number().int(),
  /** Units the refill put in, and those still in the channel. */
  quantity: z.number().int(),
  remaining: z.number().int(),
  refilledAt: isoTime,
  /** Who refilled it: a console user's name, null for stock the machine reported. */
  refilledBy: z.string().nullable(),
});
export type BatchItem = z.infer<typeof batchItem>;

export const batchFilter = z.object({
  deviceId: ref('device').optional(),
  tenantId: ref('tenant').optional(),
  state: z.enum(BATCH_STATES).optional(),
  /** A product's name or number, or a lot. */
  keyword: str().trim().max(40).optional(),
});
export type BatchFilter = z.infer<typeof batchFilter>;

const access = { auth: 'user', roles: ['admin', 'tenant', 'member'], power: '2-1' } as const;

export const freshApi = {
  'fresh.batches': endpoint({
    method: 'POST',
    path: '/fresh/batches',
    summary:
      "The batches still in the machines' channels in scope, nearest expiry first (unknown expiry first of all): by device, tenant, state (expired, today, within two days, fresh, unknown) or a product or lot.",
    query: pageQuery,
    body: batchFilter,
    content: page(batchItem),
    access,
  }),
  'fresh.export': endpoint({
    method: 'POST',
    path: '/fresh/batches/export',
    summary:
      "The batches of the filter as an .xlsx in the caller's language, in the list's order (device, point, channel, product, lot, expiry, state, days left, units left and refilled, when and by whom), at most 10 000 rows.",
    query: z.object({ lang: z.enum(['zh-CN', 'zh-TW', 'en']).default('zh-CN') }),
    body: batchFilter,
    content: z.object({ name: z.string(), data: z.string(), rows: z.number().int() }),
    exports: true,
    access,
  }),
} as const;
