/**
 * Sign-up and birthday rewards (docs/domains/activity.md): what a tenant gives a member who signs up, and on
 * its birthday — points, a coupon of one of its coupon activities, or both —, given by a recurring job once
 * per member (a sign-up once ever, a birthday once a year).
 */
import { z } from 'zod';
import { endpoint, ref } from '../api/define.js';

export const REWARD_KINDS = ['signUp', 'birthday'] as const;
export type RewardKind = (typeof REWARD_KINDS)[number];
export const REWARD_LIMITS = { points: 100_000 } as const;

const rewardInput = z.object({
  kind: z.enum(REWARD_KINDS),
  points: z
    .number()
    .int({ message: 'validation.invalid' })
    .min(0, { message: 'validation.min' })
    .max(REWARD_LIMITS.points, { message: 'validation.max' }),
  /** A coupon activity of the tenant whose coupon is given; null: none. */
  activityId: ref('activity').nullable(),
});

export const memberReward = rewardInput.extend({
  activityName: z.string().nullable(),
  /** Rewards of this kind given so far. */
  given: z.number().int(),
});
export type MemberReward = z.infer<typeof memberReward>;

const access = { auth: 'user', roles: ['admin', 'tenant'] } as const;

export const rewardApi = {
  'activity.rewards': endpoint({
    method: 'POST',
    reads: true,
    path: '/activity/rewards',
    summary: "A tenant's sign-up and birthday rewards (points, a coupon activity's coupon) and how many were given.",
    body: z.object({ tenantId: ref('tenant').optional() }),
    content: z.array(memberReward),
    access,
  }),
  'activity.saveRewards': endpoint({
    method: 'POST',
    path: '/activity/rewards/save',
    summary:
      "Sets a tenant's sign-up and birthday rewards: points (0 to 100 000) and a coupon activity of its own (3410 for another's or none that gives coupons, at its field). A sign-up reward is for members who sign up from when it was first set.",
    body: z.object({
      tenantId: ref('tenant').optional(),
      rewards: z.array(rewardInput).length(2),
    }),
    content: z.array(memberReward),
    access,
  }),
} as const;
