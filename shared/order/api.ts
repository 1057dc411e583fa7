/**
 * Orders (spec §3 Order, §4 order states). What exists today is how orders
 * come to be: a machine reports a sale through the device-facing API
 * (`order.sale`), which creates the order with its items and takes the
 * stock in one transaction. The order screens, refunds, complaints and
 * exports build on these rows (the orders issue).
 */
import { z } from 'zod';
import { endpoint, isoTime, page, pageQuery, ref, str } from '../api/define.js';
import { externalMember } from '../member/index.js';
import { SPEND_ORDERS } from '../wallet/index.js';
import { PAY_PLATFORMS, PAY_TYPES, REFUND_STATES } from './states.js';

/** Spec §9 / §5: items per order and per channel are the device's own limits (1–10, 1–5). */
export const SALE_LIMITS = { saleId: 64, thirdPartyNumber: 64, items: 10, customerStaffCard: 32 } as const;

const fen = z.number().int().min(1).max(99_999_999);

export const saleInput = z
  .object({
    /** The machine's own id of this sale: a retry with the same id answers the order already made, and takes no stock twice. */
    saleId: str().trim().min(1).max(SALE_LIMITS.saleId),
    /** The payment platform's transaction number: required unless the sale is paid from the member's wallet. */
    thirdPartyNumber: str().trim().min(1).max(SALE_LIMITS.thirdPartyNumber).optional(),
    /**
     * How it was paid. `wallet`: from the stored value of the member the sale names (required), drawn in the
     * tenant's spend order, never below zero (951), once per sale id; the answer's `wallet` is the receipt's.
     */
    platform: z.enum(PAY_PLATFORMS),
    paymentType: z.enum(PAY_TYPES),
    /**
     * The staff card the machine read: bought at the staff price by that
     * enterprise staff (spec §3 staff order), who must hold it among the
     * tenant's enterprise customers (945 otherwise).
     */
    customerStaffCard: str().trim().min(1).max(SALE_LIMITS.customerStaffCard).optional(),
    /** What was vended, per channel; a payment box sends none and an amount instead. */
    items: z
      .array(z.object({ channel: z.number().int().min(1).max(999), count: z.number().int().min(1).max(10) }))
      .max(SALE_LIMITS.items)
      .default([]),
    amount: fen.optional(),
    /**
     * The price version the machine sold at (its heartbeat's `priceVersion`):
     * priced at that version's prices, refused for one it never had (1913)
     * or left 15 minutes ago (1915). Without it, the current prices.
     */
    priceVersion: z.number().int().min(0).max(2_147_483_647).optional(),
    /**
     * The member the mini-program's scan named (shared/member): of the
     * machine's tenant or its first-level tenant (707 otherwise), not blocked
     * (704). The order earns its points.
     */
    memberId: ref('member').optional(),
    /** A coupon of that member the buyer chose (shared/activity): redeemed by this sale or the sale is refused (3421). Without one, the member's best coupon applies. */
    couponId: ref('coupon').optional(),
    /**
     * That member pays part with its points, at its tenant's rate and share (the stored value settings), after
     * every activity and before the wallet; the answer's `pointsUsed` says how many it spent. Needs `memberId`.
     */
    usePoints: z.boolean().optional(),
    /**
     * Or a member of another loyalty programme (a mall's, a card scheme's):
     * the order's callback event carries it so that programme credits its
     * own points; the member centre lists them. Not with `memberId`.
     */
    externalMember: externalMember.optional(),
  })
  .meta({
    examples: [
      {
        saleId: 'S20261127083015',
        thirdPartyNumber: '4200002026112708301',
        platform: 'wechat',
        paymentType: 'scan',
        items: [{ channel: 1, count: 1 }],
      },
    ],
  });
export type SaleInput = z.input<typeof saleInput>;

export const saleAnswer = z.object({
  orderNumber: z.string(),
  amount: z.number().int(),
  createdAt: isoTime,
  /** False when this sale id was already recorded (a retry). */
  created: z.boolean(),
  /** Points the member earned by it (0 without a member or a points programme). */
  points: z.number().int(),
  /** Points the member spent on it (`usePoints`; 0 where none paid). */
  pointsUsed: z.number().int(),
  /**
   * A sale paid from the member's wallet: what it took of principal and of bonus (fen), in which order the
   * tenant spends them, and what the wallet holds after it — what the machine's receipt states. Null otherwise.
   */
  wallet: z
    .object({
      principal: z.number().int(),
      bonus: z.number().int(),
      spendOrder: z.enum(SPEND_ORDERS),
      balance: z.object({ principal: z.number().int(), bonus: z.number().int() }),
    })
    .nullable(),
});

/** An order as the member who bought it sees it in the mini-program. */
export const memberOrder = z.object({
  number: z.string(),
  title: z.string(),
  deviceName: z.string(),
  createdAt: isoTime,
  /** Fen paid, and refunded so far. */
  amount: z.number().int(),
  refundAmount: z.number().int(),
  refundState: z.enum(REFUND_STATES),
  /** Points it earned (0 where none). */
  points: z.number().int(),
});
export type MemberOrder = z.infer<typeof memberOrder>;

export const orderApi = {
  'order.mine': endpoint({
    method: 'GET',
    path: '/member-api/v1/orders',
    summary: "The signed-in member's orders (the member-facing API), newest first, with what each earned.",
    query: pageQuery,
    content: page(memberOrder),
    access: { auth: 'memberApp' },
  }),
  'order.sale': endpoint({
    method: 'POST',
    path: '/device-api/v1/sale',
    summary:
      "A machine sold: creates the order with its items at the channels' prices and takes the stock, all or nothing. Refused on an offline (902), locked (903), not activated (904) or recycled (905) device, a locked channel (903), a switched-off or empty channel (943), beyond stock (940) or the device's per-channel (941) and per-order (942) limits; a payment box pays an amount and sells no items (944); a staff card no staff of the tenant's enterprise customers holds, or of a disabled customer (945).",
    body: saleInput,
    content: saleAnswer,
    access: { auth: 'device' },
    contended: 'the stock of a channel never goes below zero and a sale id makes one order at most',
  }),
} as const;
