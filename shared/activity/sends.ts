/**
 * Coupons sent to a customer group (docs/domains/activity.md): a coupon activity's coupon given to every
 * activated member of one of its tenant's groups — one filled in from a sheet, or one whose behaviour rule
 * picks its members — within the activity's quantity, valid for its days (or those the send names). Each
 * member is sent one coupon of an activity once: a resend, to the same group or another, changes nothing for
 * those who had one. The activity's results count what was sent.
 */
import { z } from 'zod';
import { endpoint, isoTime, ref, refParams } from '../api/define.js';
import { ACTIVITY_LIMITS } from './rules.js';

export const couponSend = z.object({
  id: z.number().int(),
  groupId: z.number().int().nullable(),
  groupName: z.string(),
  /** Coupons sent by it; members who had one of this activity sent before; members the quantity left out. */
  sent: z.number().int(),
  already: z.number().int(),
  leftOut: z.number().int(),
  validDays: z.number().int(),
  createdBy: z.string().nullable(),
  createdAt: isoTime,
});
export type CouponSend = z.infer<typeof couponSend>;

const access = { auth: 'user', roles: ['admin', 'tenant'] } as const;

export const sendApi = {
  'activity.sendCoupons': endpoint({
    method: 'POST',
    path: '/activity/:id/sends',
    summary:
      "Sends an active coupon activity's coupon to every activated member of one of its tenant's customer groups, once per member whatever is resent, within the activity's quantity (those it leaves out are counted); valid for the coupon's days unless `validDays` says fewer. 3418 for an activity that is no active coupon activity, 3402 for a group not of its tenant.",
    params: refParams('activity'),
    body: z.object({
      groupId: ref('group'),
      validDays: z
        .number()
        .int({ message: 'validation.invalid' })
        .min(1, { message: 'validation.min' })
        .max(ACTIVITY_LIMITS.couponDays, { message: 'validation.max' })
        .optional(),
    }),
    content: couponSend,
    access,
    contended: 'a member is sent one coupon of an activity once, and no send goes past its quantity',
  }),
  'activity.sends': endpoint({
    method: 'GET',
    path: '/activity/:id/sends',
    summary: "A coupon activity's sends to groups, newest first: to whom, what went out and what did not.",
    params: refParams('activity'),
    content: z.array(couponSend),
    access,
  }),
} as const;
