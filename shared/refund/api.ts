/**
 * Refunds (spec §5 "refund needs a valid amount and a reason", §8 920, 926,
 * 982, "refund results to be checked in 1-2 minutes"). A refund is asked for
 * a whole order (an amount) or for some of its products (an amount each);
 * the payment provider answers later, so a refund is pending until its
 * result lands (success or failure) and the order's refund state with it.
 */
import { z } from 'zod';
import { endpoint, id, isoTime, ref, refParams, text } from '../api/define.js';
import { DELIVERY_FAILURES } from '../order/index.js';

export const REFUND_REQUEST_STATES = ['pending', 'success', 'failed'] as const;
export type RefundRequestState = (typeof REFUND_REQUEST_STATES)[number];

/** Spec §9 refund result after 1–2 minutes: the sandbox provider settles after this long unless told otherwise (REFUND_SETTLE_MS). */
export const REFUND_SETTLE_MS = 60_000;
/** Days after payment within which a tenant's orders may be refunded, unless the tenant sets its own (1–365). */
export const REFUND_PERIOD = { defaultDays: 30, minDays: 1, maxDays: 365 } as const;
export const REFUND_LIMITS = { reason: 100 } as const;

const fen = z
  .number({ error: 'refund.validation.amount' })
  .int({ message: 'refund.validation.amount' })
  .min(1, { message: 'refund.validation.amount' })
  .max(99_999_999, { message: 'refund.validation.amount' });

export const refundInput = z
  .object({
    reason: text(REFUND_LIMITS.reason),
    /** The whole order: how much of it. */
    amount: fen.optional(),
    /** Some of its products: how much of each (the refund is their sum). */
    items: z
      .array(z.object({ itemId: id, amount: fen }))
      .min(1)
      .max(10)
      .optional(),
  })
  .refine((r) => (r.amount === undefined) !== (r.items === undefined), {
    message: 'refund.validation.mode',
    path: ['amount'],
  })
  .refine((r) => !r.items || new Set(r.items.map((i) => i.itemId)).size === r.items.length, {
    message: 'refund.validation.itemTwice',
    path: ['items'],
  })
  .meta({
    examples: [
      { reason: '商品未出货', amount: 350 },
      { reason: '可乐未出货', items: [{ itemId: 1, amount: 300 }] },
    ],
  });
export type RefundInput = z.infer<typeof refundInput>;

export const refundItem = z.object({
  id: z.number().int(),
  orderId: z.number().int(),
  amount: z.number().int(),
  reason: z.string(),
  state: z.enum(REFUND_REQUEST_STATES),
  /** The products refunded (empty: the order as a whole). */
  lines: z.array(z.object({ itemId: z.number().int(), name: z.string(), amount: z.number().int() })),
  /** Who asked, by name (a user of the console, or the complaint it came from); empty for the platform (the system admin). */
  requestedBy: z.string(),
  /** An automatic refund of an item the machine failed to dispense: why it failed (null: someone asked for it). */
  failure: z.enum(DELIVERY_FAILURES).nullable(),
  createdAt: isoTime,
  /** When the provider's result is expected; when it landed. */
  expectedAt: isoTime,
  settledAt: isoTime.nullable(),
  /**
   * What the payment platform, or the console's adapter of it, last said of the refund (docs/domains/payment.md):
   * why a pending refund waits (`NO_PROVIDER`, `CREDENTIALS`, `CERTIFICATE`, `SIGNATURE`, `TIMEOUT`, `NETWORK`)
   * or the platform's own code for a refusal. Null in the sandbox and when nothing is to be said.
   */
  platformCode: z.string().nullable(),
});
export type RefundItem = z.infer<typeof refundItem>;

export const refundSettings = z.object({
  tenantId: z.number().int(),
  /** Days after payment an order may be refunded. */
  periodDays: z.number().int(),
  /** What a machine failed to dispense is refunded at once (else it waits on the review list). */
  autoRefund: z.boolean(),
  /** A channel locks itself after this many jams or motor failures in a row. */
  lockAfter: z.number().int(),
});
export type RefundSettings = z.infer<typeof refundSettings>;

/** A channel locks itself after this many jams or motor failures in a row, unless its tenant says otherwise (1–20). */
export const LOCK_AFTER = { default: 3, min: 1, max: 20 } as const;

/** Until when an order may be refunded: its payment plus its tenant's period. */
export const refundDeadline = z.object({
  periodDays: z.number().int(),
  until: isoTime,
  /** The period is over (refund.create would answer 982). */
  passed: z.boolean(),
});
export type RefundDeadline = z.infer<typeof refundDeadline>;

const refundAccess = { auth: 'user', roles: ['admin', 'tenant', 'member'], power: ['6-1', '6-3'] } as const;

export const refundApi = {
  'refund.create': endpoint({
    method: 'POST',
    path: '/order/:id/refund',
    summary:
      "Ask the payment provider to refund an order, wholly (an amount) or some of its products (an amount each), with a reason. Refused on an unpaid order (926), past the tenant's refund period (982), and over what was paid less what is already refunded or pending, for the order or a product (920). Pending until the provider's result lands (about a minute: check again in 1–2 minutes).",
    params: refParams('order'),
    body: refundInput,
    content: refundItem,
    access: refundAccess,
    contended: 'the sum refunded and pending never exceeds what was paid, for the order and for each product',
  }),
  'refund.list': endpoint({
    method: 'GET',
    path: '/order/:id/refunds',
    summary:
      "An order's refunds, newest first, with their products, state and times (901 when the order is not in scope).",
    params: refParams('order'),
    content: z.array(refundItem),
    access: refundAccess,
  }),
  'refund.deadline': endpoint({
    method: 'GET',
    path: '/order/:id/refund-deadline',
    summary:
      "Until when an order may be refunded (its payment plus its tenant's refund period), and whether that is past: the console says so before a refund is typed (901 when the order is not in scope).",
    params: refParams('order'),
    content: refundDeadline,
    access: refundAccess,
  }),
  'refund.settings': endpoint({
    method: 'POST',
    path: '/refund/settings',
    summary:
      "A tenant's refund period in days (default 30), whether failed vends are refunded automatically (default on) and after how many jams in a row a channel locks itself (default 3): the caller's own tenant, or one it names in its scope.",
    body: z.object({ tenantId: ref('tenant').optional() }),
    content: refundSettings,
    access: { auth: 'user', roles: ['admin', 'tenant'] },
  }),
  'refund.saveSettings': endpoint({
    method: 'PUT',
    path: '/refund/settings',
    summary:
      "Set a tenant's refund period, 1–365 days, and optionally its automatic refund of failed vends and its channel lock count (1–20) (the caller's own tenant, or one it names in its scope; the system admin names one: 1402).",
    body: z.object({
      tenantId: ref('tenant').optional(),
      periodDays: z
        .number({ error: 'refund.validation.period' })
        .int({ message: 'refund.validation.period' })
        .min(REFUND_PERIOD.minDays, { message: 'refund.validation.period' })
        .max(REFUND_PERIOD.maxDays, { message: 'refund.validation.period' }),
      autoRefund: z.boolean().optional(),
      lockAfter: z
        .number({ error: 'refund.validation.lockAfter' })
        .int({ message: 'refund.validation.lockAfter' })
        .min(LOCK_AFTER.min, { message: 'refund.validation.lockAfter' })
        .max(LOCK_AFTER.max, { message: 'refund.validation.lockAfter' })
        .optional(),
    }),
    content: refundSettings,
    access: { auth: 'user', roles: ['admin', 'tenant'] },
  }),
} as const;
