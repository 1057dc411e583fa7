/**
 * Waste (docs/domains/fresh.md): a batch taken out of its channel and thrown
 * away — past its expiry, damaged, recalled, or spoilt by a fridge's
 * temperature — recorded with who removed it, and reported per product,
 * machine and month with its value at the channel's price.
 */
import { z } from 'zod';
import { endpoint, page, pageQuery, ref, refParams, str } from '../api/define.js';

export const WASTE_REASONS = ['expired', 'damaged', 'recalled', 'temperature'] as const;
export type WasteReason = (typeof WASTE_REASONS)[number];

/** A report's business month as YYYY-MM (waste, shrink, door openings). */
export const reportMonth = str()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, { message: 'validation.invalid' })
  .meta({ examples: ['2030-01'] });

export const wasteRow = z.object({
  month: z.string(),
  tenantId: z.number().int(),
  tenantName: z.string(),
  deviceId: z.number().int(),
  deviceName: z.string(),
  productId: z.number().int(),
  productName: z.string(),
  /** Units thrown away, their value at the channel's price when removed (fen), and how many removals. */
  units: z.number().int(),
  value: z.number().int(),
  removals: z.number().int(),
  /** The reasons recorded, in their list's order. */
  reasons: z.array(z.enum(WASTE_REASONS)),
});
export type WasteRow = z.infer<typeof wasteRow>;

export const wasteFilter = z.object({
  month: reportMonth.optional(),
  deviceId: ref('device').optional(),
  tenantId: ref('tenant').optional(),
});
export type WasteFilter = z.infer<typeof wasteFilter>;

const access = { auth: 'user', roles: ['admin', 'tenant', 'member'], power: '2-1' } as const;

export const freshWasteApi = {
  'fresh.removeBatch': endpoint({
    method: 'PUT',
    path: '/fresh/batches/:id/remove',
    summary:
      "Takes what is left of a batch out of its channel as waste, with the reason (expired, damaged, recalled, temperature): the channel's stock goes down by it and a waste record keeps the units and their value at the channel's price. A batch no longer in its channel: 1442.",
    params: refParams('batch'),
    body: z.object({ reason: z.enum(WASTE_REASONS) }),
    content: z.object({ units: z.number().int(), value: z.number().int() }),
    access,
    contended: 'a batch is removed once: its units leave the channel and the waste record is written once',
  }),
  'fresh.waste': endpoint({
    method: 'POST',
    path: '/fresh/waste',
    summary:
      'Waste per month, machine and product (units, value at the channel price, removals, reasons), newest month first, then most value: by month, device or tenant.',
    query: pageQuery,
    body: wasteFilter,
    content: page(wasteRow),
    access,
  }),
  'fresh.wasteExport': endpoint({
    method: 'POST',
    path: '/fresh/waste/export',
    summary:
      "The waste report of the filter as an .xlsx in the caller's language, in the list's order, at most 10 000 rows.",
    query: z.object({ lang: z.enum(['zh-CN', 'zh-TW', 'en']).default('zh-CN') }),
    body: wasteFilter,
    content: z.object({ name: z.string(), data: z.string(), rows: z.number().int() }),
    exports: true,
    access,
  }),
} as const;
