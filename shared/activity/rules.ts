/**
 * What an activity is (spec §3 Activity, §4 activity states, §5 campaign
 * rules): its five types, the fields each type asks for, and the checks of
 * §5 that hold on the console's form and on the upstream alike.
 */
import { z } from 'zod';
import { instant, ref, str, text } from '../api/define.js';
import { PAY_PLATFORMS } from '../order/index.js';

/** Spec §3: coupon, discount, team discount, full reduction, discount offer. */
export const ACTIVITY_TYPES = ['discount', 'discountOffer', 'teamDiscount', 'fullReduction', 'coupon'] as const;
export type ActivityType = (typeof ACTIVITY_TYPES)[number];
/** Spec §3: a reduction (fen off), an exchange (a product given), a fixed price (a product at the coupon's amount). */
export const COUPON_TYPES = ['reduction', 'exchange', 'fixedPrice'] as const;
export type CouponType = (typeof COUPON_TYPES)[number];
/** Spec §3 purchase limit: how many discounted units a customer may buy per period. */
export const LIMIT_PERIODS = ['unlimited', 'daily', 'weekly', 'monthly', 'yearly'] as const;
export type LimitPeriod = (typeof LIMIT_PERIODS)[number];
/**
 * The refresh rule of a purchase limit: `calendar` starts each period at the
 * business day's, week's (Monday), month's or year's start; `rolling`
 * counts the last 1, 7, 30 or 365 days up to the sale.
 */
export const REFRESH_RULES = ['calendar', 'rolling'] as const;
/** The text keys of ISO weekdays 1–7. */
export const WEEKDAY_KEYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
/** Who an activity prices: everyone, the activated members of some groups, or everyone outside them. */
export const CROWDS = ['everyone', 'inGroups', 'notInGroups'] as const;
export const TARGETS = ['devices', 'scenes'] as const;
/** Spec §4: not yet effective, active, expired, disabled, stopped (terminated). */
export const ACTIVITY_STATES = ['notStarted', 'active', 'expired', 'disabled', 'stopped'] as const;
export type ActivityState = (typeof ACTIVITY_STATES)[number];

export const ACTIVITY_LIMITS = {
  name: 30,
  tag: 10,
  keyword: 50,
  products: 100,
  targets: 500,
  groups: 20,
  /** Fen: ¥99 999.99, as a staff price. */
  money: 9_999_999,
  limitCount: 999,
  couponQuantity: 100_000,
  couponDays: 365,
  claimLimit: 10,
  /** Points a coupon may be exchanged for at most. */
  couponPoints: 1_000_000,
  budgetUses: 10_000_000,
} as const;

/** The fields each type asks for beyond the common ones (the form shows only these; the upstream keeps only these). */
export const TYPE_FIELDS = {
  discount: ['productPrice', 'purchaseLimit'],
  discountOffer: ['rate', 'purchaseLimit'],
  teamDiscount: ['rate', 'minUnits'],
  fullReduction: ['threshold', 'reduction'],
  coupon: ['coupon'],
} as const satisfies Record<ActivityType, readonly string[]>;
export type TypeField = (typeof TYPE_FIELDS)[ActivityType][number];
export const asks = (type: ActivityType, field: TypeField) => (TYPE_FIELDS[type] as readonly string[]).includes(field);

const fen = z
  .number()
  .int()
  .min(1, { message: 'validation.min' })
  .max(ACTIVITY_LIMITS.money, { message: 'validation.max' });
const count = (max: number, min = 1) =>
  z.number().int().min(min, { message: 'validation.min' }).max(max, { message: 'validation.max' });
const minute = z.number().int().min(0).max(1439);

export const purchaseLimit = z.object({
  period: z.enum(LIMIT_PERIODS),
  /** Discounted units per customer per period (not with `unlimited`). */
  count: count(ACTIVITY_LIMITS.limitCount).optional(),
  refresh: z.enum(REFRESH_RULES).default('calendar'),
});
export type PurchaseLimit = z.infer<typeof purchaseLimit>;

export const couponRule = z.object({
  type: z.enum(COUPON_TYPES),
  /** Reduction: fen off; fixed price: the unit's price; exchange: none. */
  amount: fen.optional(),
  /** Reduction: the least the basket must come to (0: none). */
  threshold: z.number().int().min(0).max(ACTIVITY_LIMITS.money).default(0),
  /** How many coupons may be claimed in all, how long one holds after its claim, and how many one member may claim. */
  quantity: count(ACTIVITY_LIMITS.couponQuantity),
  validDays: count(ACTIVITY_LIMITS.couponDays),
  perMember: count(ACTIVITY_LIMITS.claimLimit).default(1),
  /** A refunded order gives its coupon back (while the coupon is still valid). */
  returnOnRefund: z.boolean().default(true),
  /** Exchanged for points: a member's claim spends this many of its points (950 when it holds fewer). */
  points: count(ACTIVITY_LIMITS.couponPoints).optional(),
});
export type CouponRule = z.infer<typeof couponRule>;

const productLine = z.object({
  productId: ref('product'),
  /** The discount price of one unit (type discount), fen. */
  price: fen.optional(),
});

const activityFields = {
  name: text(ACTIVITY_LIMITS.name),
  type: z.enum(ACTIVITY_TYPES),
  tag: text(ACTIVITY_LIMITS.tag),
  startAt: instant,
  endAt: instant,
  newUserOnly: z.boolean().default(false),
  crowd: z.enum(CROWDS).default('everyone'),
  groupIds: z.array(ref('group')).max(ACTIVITY_LIMITS.groups).default([]),
  /** Tier-only: for members of this grade of the tenant's and above (shared/member/grades.ts); none: any buyer. */
  minGradeId: ref('grade').optional(),
  target: z.enum(TARGETS),
  deviceIds: z.array(ref('device')).max(ACTIVITY_LIMITS.targets).default([]),
  sceneIds: z.array(ref('scene')).max(ACTIVITY_LIMITS.targets).default([]),
  products: z.array(productLine).min(1, { message: 'validation.required' }).max(ACTIVITY_LIMITS.products),
  purchaseLimit: purchaseLimit.optional(),
  /** Percent of the price paid (discount offer, team discount): 80 is 20 % off. */
  rate: count(99).optional(),
  minUnits: count(10, 2).optional(),
  threshold: fen.optional(),
  reduction: fen.optional(),
  coupon: couponRule.optional(),
  /** Orders one customer may have priced by it in all (none: no limit). */
  participationLimit: count(ACTIVITY_LIMITS.limitCount).optional(),
  /** Priced alone, never together with another activity (the engine's rule 3). */
  exclusive: z.boolean().default(false),
  /** A recurring window: ISO weekdays 1–7 and minutes of the day [from, to) — a happy hour. */
  weekdays: z.array(z.number().int().min(1).max(7)).min(1).max(7).optional(),
  hours: z.object({ from: minute, to: minute }).optional(),
  platforms: z.array(z.enum(PAY_PLATFORMS)).min(1).max(PAY_PLATFORMS.length).optional(),
  /** The budget: fen of discount in all, and orders priced in all. */
  budgetAmount: fen.optional(),
  budgetUses: count(ACTIVITY_LIMITS.budgetUses).optional(),
  tenantId: ref('tenant').optional(),
};

type Fields = z.output<z.ZodObject<typeof activityFields>>;

/** Spec §5 beyond single fields: every problem with the field it belongs to (an i18n key). */
export function campaignProblems(a: Fields): { path: (string | number)[]; message: string }[] {
  const out: { path: (string | number)[]; message: string }[] = [];
  const need = (ok: unknown, path: (string | number)[], message = 'validation.required') => {
    if (!ok) out.push({ path, message });
  };
  if (Date.parse(a.endAt) <= Date.parse(a.startAt))
    out.push({ path: ['endAt'], message: 'activity.validation.endAfterStart' });
  need(a.crowd === 'everyone' || a.groupIds.length > 0, ['groupIds']);
  need(a.target === 'devices' ? a.deviceIds.length > 0 : a.sceneIds.length > 0, [
    a.target === 'devices' ? 'deviceIds' : 'sceneIds',
  ]);
  if (new Set(a.products.map((p) => p.productId)).size !== a.products.length)
    out.push({ path: ['products'], message: 'activity.validation.duplicateProduct' });
  if (asks(a.type, 'productPrice')) a.products.forEach((p, i) => need(p.price !== undefined, ['products', i, 'price']));
  if (asks(a.type, 'purchaseLimit') && a.purchaseLimit)
    need(a.purchaseLimit.period === 'unlimited' || a.purchaseLimit.count !== undefined, ['purchaseLimit', 'count']);
  if (asks(a.type, 'rate')) need(a.rate !== undefined, ['rate']);
  if (asks(a.type, 'minUnits')) need(a.minUnits !== undefined, ['minUnits']);
  if (asks(a.type, 'threshold')) {
    need(a.threshold !== undefined, ['threshold']);
    need(a.reduction !== undefined, ['reduction']);
    if (a.threshold !== undefined && a.reduction !== undefined && a.reduction >= a.threshold)
      out.push({ path: ['reduction'], message: 'activity.validation.reductionBelowThreshold' });
  }
  if (asks(a.type, 'coupon')) {
    need(a.coupon, ['coupon']);
    if (a.coupon && a.coupon.type !== 'exchange') need(a.coupon.amount !== undefined, ['coupon', 'amount']);
  }
  if (a.hours && a.hours.from === a.hours.to)
    out.push({ path: ['hours', 'to'], message: 'activity.validation.emptyWindow' });
  return out;
}

/**
 * Only what the type asks for is kept (a field of another type is dropped,
 * not refused: a form that switched type may still hold it).
 */
export function keepTypeFields<T extends Fields>(a: T): T {
  return {
    ...a,
    products: asks(a.type, 'productPrice') ? a.products : a.products.map(({ productId }) => ({ productId })),
    purchaseLimit: asks(a.type, 'purchaseLimit') ? a.purchaseLimit : undefined,
    rate: asks(a.type, 'rate') ? a.rate : undefined,
    minUnits: asks(a.type, 'minUnits') ? a.minUnits : undefined,
    threshold: asks(a.type, 'threshold') ? a.threshold : undefined,
    reduction: asks(a.type, 'reduction') ? a.reduction : undefined,
    coupon: asks(a.type, 'coupon') ? a.coupon : undefined,
    groupIds: a.crowd === 'everyone' ? [] : a.groupIds,
    deviceIds: a.target === 'devices' ? a.deviceIds : [],
    sceneIds: a.target === 'scenes' ? a.sceneIds : [],
  };
}

/** An activity as the API's examples show it (and the generated suites start from). */
export const ACTIVITY_EXAMPLE = {
  name: '午间咖啡特价',
  type: 'discount',
  tag: '限时特价',
  startAt: '2030-01-01T00:00:00+08:00',
  endAt: '2030-02-01T00:00:00+08:00',
  target: 'devices',
  deviceIds: [1],
  products: [{ productId: 1, price: 500 }],
} as const;

export const activityInput = z
  .object(activityFields)
  .superRefine((a, ctx) => {
    for (const p of campaignProblems(a)) ctx.addIssue({ code: 'custom', path: p.path, message: p.message });
  })
  .meta({ examples: [ACTIVITY_EXAMPLE] });
export type ActivityInput = z.input<typeof activityInput>;
export type ActivityRule = z.output<typeof activityInput>;

/** A keyword a list is filtered by. */
export const activityKeyword = str().trim().max(ACTIVITY_LIMITS.keyword).optional();

/** Spec §4's state, from the activity's times and what was done to it: stopped and disabled first, then the clock. */
export function activityState(
  a: { disabled: boolean; stoppedAt: string | null; startAt: string; endAt: string; extendedEndAt: string | null },
  now: Date,
): ActivityState {
  if (a.stoppedAt !== null) return 'stopped';
  if (a.disabled) return 'disabled';
  if (now.getTime() < Date.parse(a.startAt)) return 'notStarted';
  if (now.getTime() >= Date.parse(a.extendedEndAt ?? a.endAt)) return 'expired';
  return 'active';
}
