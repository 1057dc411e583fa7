/**
 * The quarantine of implausible machine reports (docs/domains/fresh.md#quarantine):
 * what a machine says that cannot be so — a fridge's temperature moving 20 °C
 * within a minute (a loose sensor, a fault), its count raising fresh food
 * nobody refilled (goods of no known expiry), a sale of a channel the
 * console does not know — is neither applied nor dropped: it is held, and
 * someone approves it (then it counts, as if it had come then; a sale of an
 * unknown channel, refused at the machine, is confirmed as a real one to put
 * right by hand) or rejects it (kept, marked rejected).
 */
import { z } from 'zod';
import { endpoint, isoTime, page, pageQuery, ref, refParams } from '../api/define.js';

export const QUARANTINE_KINDS = ['temperatureJump', 'stockRise', 'unknownChannel'] as const;
export type QuarantineKind = (typeof QUARANTINE_KINDS)[number];
export const QUARANTINE_STATES = ['held', 'approved', 'rejected'] as const;
export type QuarantineState = (typeof QUARANTINE_STATES)[number];

/** A reading this far (°C) from the one before it, within JUMP_WINDOW_MS of it, is held. */
export const JUMP = { celsius: 20, windowMs: 60_000 } as const;

/** A reading held, and the one it jumped from. */
export const temperatureJumpDetail = z.object({
  at: isoTime,
  celsius: z.number(),
  previousAt: isoTime,
  previousCelsius: z.number(),
});
export type TemperatureJumpDetail = z.infer<typeof temperatureJumpDetail>;

/** A machine's count that raised a channel of fresh food without a refill: from what its batches hold to what it counted. */
export const stockRiseDetail = z.object({
  channel: z.number().int(),
  productName: z.string(),
  from: z.number().int(),
  to: z.number().int(),
});
export type StockRiseDetail = z.infer<typeof stockRiseDetail>;

/**
 * A sale naming channels the console does not know (the machine's channels differ from the console's): refused
 * (943, the machine does not vend) and held here for someone to look at the machine — what it sold, by its id.
 */
export const unknownChannelDetail = z.object({
  saleId: z.string(),
  channels: z.array(z.number().int()),
  items: z.array(z.object({ channel: z.number().int(), count: z.number().int() })),
});
export type UnknownChannelDetail = z.infer<typeof unknownChannelDetail>;

export const quarantineDetail = z.union([temperatureJumpDetail, stockRiseDetail, unknownChannelDetail]);
export type QuarantineDetail = z.infer<typeof quarantineDetail>;

export const quarantineItem = z.object({
  id: z.number().int(),
  tenantId: z.number().int(),
  tenantName: z.string(),
  deviceId: z.number().int(),
  deviceName: z.string(),
  kind: z.enum(QUARANTINE_KINDS),
  state: z.enum(QUARANTINE_STATES),
  detail: quarantineDetail,
  reportedAt: isoTime,
  decidedAt: isoTime.nullable(),
  decidedBy: z.string().nullable(),
});
export type QuarantineItem = z.infer<typeof quarantineItem>;

export const quarantineFilter = z.object({
  state: z.enum(QUARANTINE_STATES).optional(),
  deviceId: ref('device').optional(),
  tenantId: ref('tenant').optional(),
});
export type QuarantineFilter = z.infer<typeof quarantineFilter>;

const access = { auth: 'user', roles: ['admin', 'tenant', 'member'], power: '2-1' } as const;

export const freshQuarantineApi = {
  'fresh.quarantine': endpoint({
    method: 'POST',
    reads: true,
    path: '/fresh/quarantine',
    summary:
      'Machine reports held as implausible (a temperature moving 20 °C within a minute, a count raising fresh food without a refill), those still held first, then newest: by state, device or tenant.',
    query: pageQuery,
    body: quarantineFilter,
    content: page(quarantineItem),
    access,
  }),
  'fresh.quarantineExport': endpoint({
    method: 'POST',
    path: '/fresh/quarantine/export',
    summary:
      "The held reports of the filter as an .xlsx in the caller's language, in the list's order (each said in words), at most 10 000 rows.",
    query: z.object({ lang: z.enum(['zh-CN', 'zh-TW', 'en']).default('zh-CN') }),
    body: quarantineFilter,
    content: z.object({ name: z.string(), data: z.string(), rows: z.number().int() }),
    exports: true,
    access,
  }),
  'fresh.decideQuarantine': endpoint({
    method: 'PUT',
    path: '/fresh/quarantine/:id/decide',
    summary:
      "Approves a held report — a reading counts as if it had come then (stored, the fridge's excursion worked out again); a count's units go into the channel (up to its capacity) as goods of unknown expiry — or rejects it (kept, marked rejected); who and when recorded. Decided already, or not the caller's: 1446.",
    params: refParams('quarantine'),
    body: z.object({ approve: z.boolean() }),
    content: quarantineItem,
    access,
    contended: 'a held report is decided once: approved, it is applied once',
  }),
} as const;
