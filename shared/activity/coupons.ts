/**
 * Coupons (spec §3 coupon type, amount and quantity): issued by a coupon
 * activity within its quantity, claimed by members through the
 * member-facing API (the mini-program), redeemed once by a sale — the
 * machine names the coupon, or the sale takes the member's best — and given
 * back when that sale is refunded in full or not delivered, if the activity
 * says so and the coupon is still valid.
 */
import { z } from 'zod';
import { endpoint, isoTime, page, pageQuery, ref } from '../api/define.js';
import { PAY_PLATFORMS } from '../order/index.js';
import { COUPON_TYPES } from './rules.js';
import { previewAnswer } from './api.js';

export const COUPON_STATES = ['unused', 'used', 'expired'] as const;

export const couponItem = z.object({
  id: z.number().int(),
  activityId: z.number().int(),
  activityName: z.string(),
  type: z.enum(COUPON_TYPES),
  /** Fen off (reduction) or the unit's price (fixed price); null for a free product. */
  amount: z.number().int().nullable(),
  threshold: z.number().int(),
  claimedAt: isoTime,
  validUntil: isoTime,
  state: z.enum(COUPON_STATES),
});
export type CouponItem = z.infer<typeof couponItem>;

export const claimableItem = z.object({
  activityId: z.number().int(),
  name: z.string(),
  tag: z.string(),
  type: z.enum(COUPON_TYPES),
  amount: z.number().int().nullable(),
  threshold: z.number().int(),
  endAt: isoTime,
  /** Coupons left to claim in all, and by this member. */
  left: z.number().int(),
  mine: z.number().int(),
  perMember: z.number().int(),
  /** Points a claim spends (the coupon is exchanged for them); null: it is free to claim. */
  points: z.number().int().nullable(),
});

const memberApp = { auth: 'memberApp' } as const;

export const couponApi = {
  'activity.claimable': endpoint({
    method: 'GET',
    path: '/member-api/v1/coupon-activities',
    summary: "The coupon activities of the member's tenant active now, with what is left to claim.",
    content: z.array(claimableItem),
    access: memberApp,
  }),
  'activity.claim': endpoint({
    method: 'POST',
    path: '/member-api/v1/coupons',
    summary:
      'Claims a coupon of an active coupon activity of the member’s tenant — exchanging the points it asks for, where it asks for some: 3418 for one that is not, 3419 when its quantity is claimed, 3420 past the claims one member may make, 950 short of its points.',
    body: z.object({ activityId: ref('activity') }),
    content: couponItem,
    access: memberApp,
    contended: 'an activity never issues more coupons than its quantity, nor one member more than its limit',
  }),
  'activity.basketPrice': endpoint({
    method: 'POST',
    path: '/member-api/v1/basket-price',
    summary:
      "What the signed-in member would pay for channels of a machine now, and why — the one pricing step of the machine's sale, with the member's groups, limits and coupons, and the platform the member pays with (WeChat, the mini-program's, unless named): the price shown is the price charged. A chosen coupon that prices nothing here is 3421, as at the sale; 1201 for a machine not of the member's tenant.",
    body: z.object({
      deviceId: ref('device'),
      items: z
        .array(z.object({ channel: z.number().int().min(1).max(999), count: z.number().int().min(1).max(10) }))
        .min(1)
        .max(10),
      couponId: ref('coupon').optional(),
      /** How the member will pay: an offer for another platform is not priced (the mini-program pays by WeChat). */
      platform: z.enum(PAY_PLATFORMS).default('wechat'),
      /** Part paid with the member's points, at its tenant's rate and share (none where its tenant's points do not pay). */
      usePoints: z.boolean().default(false),
    }),
    content: previewAnswer,
    access: memberApp,
  }),
  'activity.myCoupons': endpoint({
    method: 'GET',
    path: '/member-api/v1/coupons',
    summary: "The signed-in member's coupons, unused first, soonest to expire first.",
    query: pageQuery,
    content: page(couponItem),
    access: memberApp,
  }),
} as const;
