/**
 * Vend outcomes (spec §4 delivery status and end, per-product states): what a
 * machine really dispensed, reported per item after the sale through the
 * device-facing API; what it failed to dispense refunded automatically, or
 * put before a person on the review list when the tenant turned that off.
 */
import { z } from 'zod';
import { endpoint, isoTime, page, pageQuery, ref, refParams, str } from '../api/define.js';
import { DELIVERY_ENDS, DELIVERY_FAILURES, DELIVERY_STATES, ITEM_OUTCOMES } from '../order/index.js';

/** A sale's outcome not reported within this long is ended as timed out (DELIVERY_TIMEOUT_MS). */
export const DELIVERY_TIMEOUT_MS = 180_000;
export const REVIEW_STATES = ['pending', 'approved', 'dismissed'] as const;
export type ReviewState = (typeof REVIEW_STATES)[number];
export const REVIEW_LIMITS = { note: 200 } as const;

export const outcomeInput = z
  .object({
    /** The machine's id of the sale, as `order.sale` sent it. */
    saleId: str().trim().min(1).max(64),
    /** Per item of the sale, by its channel: delivered, or failed and why. */
    items: z
      .array(
        z
          .object({
            channel: z.number().int().min(1).max(999),
            outcome: z.enum(ITEM_OUTCOMES),
            failure: z.enum(DELIVERY_FAILURES).optional(),
          })
          .refine((i) => (i.outcome === 'failed') === (i.failure !== undefined), {
            message: 'delivery.validation.failure',
            path: ['failure'],
          }),
      )
      .min(1)
      .max(10)
      .refine((items) => new Set(items.map((i) => i.channel)).size === items.length, {
        message: 'delivery.validation.channelTwice',
      }),
  })
  .meta({
    examples: [
      {
        saleId: 'VM2026000101-k3x9-17',
        items: [
          { channel: 3, outcome: 'delivered' },
          { channel: 4, outcome: 'failed', failure: 'jam' },
        ],
      },
    ],
  });
export type OutcomeInput = z.infer<typeof outcomeInput>;

export const outcomeAnswer = z.object({
  orderNumber: z.string(),
  deliveryState: z.enum(DELIVERY_STATES),
  deliveryEnd: z.enum(DELIVERY_ENDS),
  /** Items whose outcome this report recorded (0: all were known already, or the sale had ended). */
  recorded: z.number().int(),
});

export const reviewItem = z.object({
  id: z.number().int(),
  orderId: z.number().int(),
  orderNumber: z.string(),
  deviceName: z.string(),
  tenantId: z.number().int(),
  tenantName: z.string(),
  /** What the order received, and what its failed items cost (approving refunds what is left of that). */
  receivedAmount: z.number().int(),
  amount: z.number().int(),
  failed: z.array(
    z.object({
      name: z.string(),
      channel: z.number().int(),
      count: z.number().int(),
      failure: z.enum(DELIVERY_FAILURES),
    }),
  ),
  state: z.enum(REVIEW_STATES),
  note: z.string().nullable(),
  decidedBy: z.string().nullable(),
  decidedAt: isoTime.nullable(),
  createdAt: isoTime,
});
export type ReviewItem = z.infer<typeof reviewItem>;

export const reviewFilter = z.object({
  state: z.enum(REVIEW_STATES).optional(),
  tenantId: ref('tenant').optional(),
});

export const reviewDecision = z
  .object({
    approve: z.boolean(),
    /** Why it is dismissed (required then), or a remark on the refund. */
    note: str().trim().max(REVIEW_LIMITS.note, { message: 'delivery.validation.note' }).optional(),
  })
  .refine((d) => d.approve || (d.note !== undefined && d.note.length > 0), {
    message: 'delivery.validation.noteRequired',
    path: ['note'],
  })
  .meta({ examples: [{ approve: true }, { approve: false, note: '顾客已当场取走商品' }] });

const reviewAccess = { auth: 'user', roles: ['admin', 'tenant', 'member'], power: '6-1' } as const;

export const deliveryApi = {
  'delivery.outcome': endpoint({
    method: 'POST',
    path: '/device-api/v1/outcome',
    summary:
      "A machine says what it dispensed of a sale, per item by channel: delivered, or failed (jam, empty, motor, door, timeout). An item's first outcome counts and a repeat changes nothing; so does a report after the sale ended (timed out). Failed items are refunded automatically (or go to the review list when the tenant turned that off); an empty channel's stock becomes 0; jams and motor failures in a row lock the channel. 901 when the sale is unknown; a channel not in the sale is a field error.",
    body: outcomeInput,
    content: outcomeAnswer,
    access: { auth: 'device' },
    contended: "an item's outcome is recorded once and refunded once at most, and never more than was paid is refunded",
  }),
  'delivery.reviews': endpoint({
    method: 'POST',
    path: '/delivery/reviews',
    summary:
      'Orders whose items a machine failed to dispense, of tenants that refund them by hand: pending first, then the decided, newest first; by state and tenant.',
    query: pageQuery,
    body: reviewFilter,
    content: page(reviewItem),
    access: reviewAccess,
  }),
  'delivery.decide': endpoint({
    method: 'PUT',
    path: '/delivery/review/:id',
    summary:
      'Approve a review (the failed items are refunded through the payment provider, within what is left to refund) or dismiss it with a note. Once: a decided review answers 946; 947 when it is not in scope.',
    params: refParams('review'),
    body: reviewDecision,
    content: reviewItem,
    access: reviewAccess,
    contended: 'a review is decided once, and its refund made once',
  }),
} as const;
