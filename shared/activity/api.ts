/**
 * Activities (spec §2 /marketing/scene with adddiscount, scenedeatil and
 * create; §3 Activity; §4 activity states; §5 campaign rules): a tenant's
 * promotions on its devices or scenes, priced by one engine (engine.ts).
 */
import { z } from 'zod';
import { endpoint, instant, isoTime, page, pageQuery, ref, refParams } from '../api/define.js';
import { PAY_PLATFORMS } from '../order/index.js';
import {
  ACTIVITY_STATES,
  ACTIVITY_TYPES,
  CROWDS,
  TARGETS,
  ACTIVITY_EXAMPLE,
  activityInput,
  activityKeyword,
  couponRule,
  purchaseLimit,
} from './rules.js';

const named = z.object({ id: z.number().int(), name: z.string() });

export const activityItem = z.object({
  id: z.number().int(),
  tenantId: z.number().int(),
  tenantName: z.string(),
  name: z.string(),
  type: z.enum(ACTIVITY_TYPES),
  tag: z.string(),
  startAt: isoTime,
  endAt: isoTime,
  /** The end an extension set (null: never extended). */
  extendedEndAt: isoTime.nullable(),
  state: z.enum(ACTIVITY_STATES),
  exclusive: z.boolean(),
  crowd: z.enum(CROWDS),
  target: z.enum(TARGETS),
  /** Devices or scenes it applies to, and products it prices. */
  targets: z.number().int(),
  products: z.number().int(),
  /** Orders it priced that still stand (refunded and undelivered ones gave theirs back), and the fen it took off them. */
  uses: z.number().int(),
  discount: z.number().int(),
  createdAt: isoTime,
});
export type ActivityItem = z.infer<typeof activityItem>;

export const activityDetail = activityItem.extend({
  newUserOnly: z.boolean(),
  groups: z.array(named),
  /** Tier-only: the lowest member grade it prices; null: any buyer. */
  minGrade: named.nullable(),
  devices: z.array(named),
  scenes: z.array(named),
  /** Each product with its own price and the activity's discount price (type discount). */
  productLines: z.array(
    z.object({
      productId: z.number().int(),
      name: z.string(),
      listPrice: z.number().int(),
      price: z.number().int().nullable(),
    }),
  ),
  purchaseLimit: purchaseLimit.nullable(),
  rate: z.number().int().nullable(),
  minUnits: z.number().int().nullable(),
  threshold: z.number().int().nullable(),
  reduction: z.number().int().nullable(),
  coupon: couponRule.nullable(),
  participationLimit: z.number().int().nullable(),
  weekdays: z.array(z.number().int()).nullable(),
  hours: z.object({ from: z.number().int(), to: z.number().int() }).nullable(),
  platforms: z.array(z.enum(PAY_PLATFORMS)).nullable(),
  budgetAmount: z.number().int().nullable(),
  budgetUses: z.number().int().nullable(),
  stoppedAt: isoTime.nullable(),
  createdBy: z.string().nullable(),
});
export type ActivityDetail = z.infer<typeof activityDetail>;

export const previewInput = z
  .object({
    deviceId: ref('device'),
    items: z
      .array(z.object({ productId: ref('product'), count: z.number().int().min(1).max(10).default(1) }))
      .min(1)
      .max(10),
    /** A member the customer is (new user, groups, limits); none: an anonymous buyer. */
    memberId: ref('member').optional(),
    platform: z.enum(PAY_PLATFORMS).optional(),
    /** The moment priced (now when absent). */
    at: instant.optional(),
    /** The form's unsaved activity, priced as if it were published (in place of `activityId` when editing). */
    draft: activityInput.optional(),
    activityId: ref('activity').optional(),
  })
  .meta({ examples: [{ deviceId: 1, items: [{ productId: 1, count: 1 }], draft: ACTIVITY_EXAMPLE }] });

const appliedItem = z.object({
  activityId: z.number().int(),
  name: z.string(),
  type: z.enum(ACTIVITY_TYPES),
  lane: z.enum(['price', 'basket', 'coupon']),
  discount: z.number().int(),
  /** The unsaved draft of the form. */
  draft: z.boolean(),
});

export const previewAnswer = z.object({
  lines: z.array(
    z.object({
      productId: z.number().int(),
      name: z.string(),
      count: z.number().int(),
      listPrice: z.number().int(),
      unitPrice: z.number().int(),
      amount: z.number().int(),
      activityIds: z.array(z.number().int()),
      /** Fen of the line's discount that points paid (lane `points`). */
      pointsDiscount: z.number().int(),
    }),
  ),
  applied: z.array(appliedItem),
  listTotal: z.number().int(),
  total: z.number().int(),
  /** A staff buyer's price priced something (lane price, not an activity). */
  staffPriced: z.boolean(),
  /** The member's points that would pay part of it, and the fen they pay (lane `points`; 0 and 0 without). */
  points: z.object({ used: z.number().int(), discount: z.number().int() }),
});
export type PreviewAnswer = z.infer<typeof previewAnswer>;

/** What an activity of a tenant may name, by name (at most 500 of each). */
export const activityChoices = z.object({
  devices: z.array(named.extend({ serial: z.string() })),
  scenes: z.array(named),
  /** Its suggested retail price, fen (a machine's channel may sell it at another). */
  products: z.array(named.extend({ number: z.string(), price: z.number().int() })),
  groups: z.array(named),
  /** The tenant's member grades, lowest first (a tier-only activity names one). */
  grades: z.array(named),
});
export type ActivityChoices = z.infer<typeof activityChoices>;

/** What a dry run found: the sales replayed, how many the activity would have priced lower, and by how much (fen). */
export const dryRunAnswer = z.object({
  from: isoTime,
  to: isoTime,
  sales: z.number().int(),
  changed: z.number().int(),
  /** The sales' totals without any activity, and with this one. */
  before: z.number().int(),
  after: z.number().int(),
  discount: z.number().int(),
  /** Distinct members among the sales it would have changed. */
  members: z.number().int(),
});
export type DryRunAnswer = z.infer<typeof dryRunAnswer>;

/** What an activity did (beyond the spec): from its uses whose orders stand, beside the same devices' previous period. */
export const activityResults = z.object({
  from: isoTime,
  to: isoTime,
  /** Orders it priced, what they paid (net of refunds), the discount it gave. */
  orders: z.number().int(),
  revenue: z.number().int(),
  discount: z.number().int(),
  couponsIssued: z.number().int(),
  /** Of those issued, the coupons sent to groups (the rest were claimed). */
  couponsSent: z.number().int(),
  couponsRedeemed: z.number().int(),
  /** Distinct members among its orders. */
  members: z.number().int(),
  /** All sales at its devices in its period so far, and in the period of the same length before it. */
  devicesRevenue: z.number().int(),
  previousRevenue: z.number().int(),
  /** Percent change from the previous period (null when it had no sales). */
  uplift: z.number().nullable(),
  days: z.array(
    z.object({ day: z.string(), orders: z.number().int(), revenue: z.number().int(), discount: z.number().int() }),
  ),
});
export type ActivityResults = z.infer<typeof activityResults>;

const access = { auth: 'user', roles: ['admin', 'tenant'] } as const;

/** Coupons an activity's claims export writes at most (one sheet, built in memory). */
export const ACTIVITY_CLAIMS_EXPORT_ROWS = 100_000;

export const activityApi = {
  'activity.page': endpoint({
    method: 'POST',
    path: '/activity/page',
    summary: "The caller's tenants' activities by name, type, state, device, scene and tenant, newest first.",
    query: pageQuery,
    body: z.object({
      keyword: activityKeyword,
      type: z.enum(ACTIVITY_TYPES).optional(),
      state: z.enum(ACTIVITY_STATES).optional(),
      deviceId: ref('device').optional(),
      sceneId: ref('scene').optional(),
      tenantId: ref('tenant').optional(),
    }),
    content: page(activityItem),
    access,
  }),
  'activity.info': endpoint({
    method: 'GET',
    path: '/activity/info/:id',
    summary: 'One activity with everything it names.',
    params: refParams('activity'),
    content: activityDetail,
    access,
  }),
  'activity.create': endpoint({
    method: 'POST',
    path: '/activity',
    summary:
      'Creates an activity of one type with only the fields that type asks for (§5; 3437 for an end before now; 3414 for a device, scene, product or group not of its tenant).',
    body: activityInput,
    content: activityDetail,
    access,
  }),
  'activity.update': endpoint({
    method: 'PUT',
    path: '/activity/:id',
    summary: 'Rewrites an activity not yet effective (3411 once it started: then only terminate and extend).',
    params: refParams('activity'),
    body: activityInput,
    content: activityDetail,
    access,
  }),
  'activity.terminate': endpoint({
    method: 'POST',
    path: '/activity/terminate/:id',
    summary: 'Stops an activity for good (3412 for one stopped or expired already).',
    params: refParams('activity'),
    content: activityDetail,
    access,
  }),
  'activity.extend': endpoint({
    method: 'POST',
    path: '/activity/extend/:id',
    summary:
      'Moves the end of an activity later: never before its original end (3413) nor now (3437); 3412 for a stopped one.',
    params: refParams('activity'),
    body: z.object({ endAt: instant }),
    content: activityDetail,
    access,
  }),
  'activity.setState': endpoint({
    method: 'POST',
    path: '/activity/state/:id',
    summary: 'Disables an activity (it prices nothing) or enables it again; twice is an error (3415, 3416).',
    params: refParams('activity'),
    body: z.object({ state: z.enum(['normal', 'disabled']) }),
    content: activityDetail,
    access,
    contended: 'disabling or enabling twice at once succeeds once and refuses the other',
  }),
  'activity.choices': endpoint({
    method: 'POST',
    reads: true,
    path: '/activity/choices',
    summary: "The tenant's devices, scenes, products (kept or stocked) and customer groups an activity may name.",
    body: z.object({ tenantId: ref('tenant').optional() }),
    content: activityChoices,
    access,
  }),
  'activity.results': endpoint({
    method: 'GET',
    path: '/activity/results/:id',
    summary:
      'What an activity did: orders, revenue, discount, coupons issued and redeemed, members, by day, and the uplift of its devices against their previous period of the same length.',
    params: refParams('activity'),
    content: activityResults,
    access,
  }),
  'activity.claimsExport': endpoint({
    method: 'POST',
    path: '/activity/claims/:id/export',
    summary: `A coupon activity's coupons as an .xlsx in the caller's language, oldest claim first, at most ${ACTIVITY_CLAIMS_EXPORT_ROWS} rows: coupon, member (phone masked), claimed, valid until, state, redeemed and the order that redeemed it.`,
    params: refParams('activity'),
    query: z.object({ lang: z.enum(['zh-CN', 'zh-TW', 'en']).default('zh-CN') }),
    content: z.object({ name: z.string(), data: z.string(), rows: z.number().int() }),
    exports: true,
    access,
  }),
  'activity.dryRun': endpoint({
    method: 'POST',
    reads: true,
    path: '/activity/dry-run',
    summary:
      "Replays the last day's (or up to 7 days') paid sales of the activity's devices through the engine with the unsaved activity alone, before anyone sees a new price: how many it would have changed and by how much.",
    body: z
      .object({ draft: activityInput, days: z.number().int().min(1).max(7).default(1) })
      .meta({ examples: [{ draft: ACTIVITY_EXAMPLE, days: 1 }] }),
    content: dryRunAnswer,
    access,
  }),
  'activity.preview': endpoint({
    method: 'POST',
    reads: true,
    path: '/activity/preview',
    summary:
      'What a customer pays for products at a device at a moment, and why (lane and activity), from the engine that prices sales; with the form’s unsaved draft (3417 for a product the device does not sell).',
    body: previewInput,
    content: previewAnswer,
    access,
  }),
} as const;
