/**
 * The rules the engine (shared/activity/engine.ts) prices a sale with: the
 * live activities aimed at the device or a scene it is in, each with what is
 * left of its limits and budget for this customer, counted from the uses
 * that still stand (uses.ts) — inside the sale's transaction, after a lock
 * on every limited activity, so two sales never both spend the last of a
 * budget (the lock is released with the sale's transaction).
 */
import { and, eq, getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import {
  priceBasket,
  type ActivityType,
  type BasketLine,
  type Customer,
  type PointsPay,
  type PricingRule,
} from '../../shared/activity/index.js';
import type { Queryable, Tx } from '../db/index.js';
import { BUSINESS_ZONE, rowsOf } from '../db/sql.js';
import type { PricedSale, SaleBasket } from '../order/index.js';
import { orders } from '../order/schema.js';
import { groupMembers, groups } from '../group/index.js';
import { balanceOf, memberGrades, members } from '../member/index.js';
import { settingsOf } from '../wallet/index.js';
import { sceneDevices } from '../scene/schema.js';
import {
  activities,
  activityDevices,
  activityGroups,
  activityProducts,
  activityScenes,
  activityUses,
} from './schema.js';
import { stands } from './uses.js';
import { holdCoupons, redeem } from './coupons.js';
import { CODE } from '../../shared/domains.js';
import { BizError } from '../http/errors.js';

/** An activity with the products it prices (`[productId, price]`) and the groups it is aimed at, read in one statement. */
export type Activity = typeof activities.$inferSelect & {
  productPrices: [number, number | null][];
  groupIds: number[];
  /** A tier-only activity's grade and the tenant's grades above it; null: any buyer. */
  gradeIds: number[] | null;
};

/** A draft's grades (the form's, a dry run's): null without a grade. */
export async function draftGrades(db: Queryable, gradeId: number | undefined): Promise<number[] | null> {
  if (gradeId === undefined) return null;
  const [row] = await rowsOf<{ ids: number[] | null }>(db, sql`select ${gradesFrom(sql`${gradeId}::int`)} as ids`);
  return row?.ids ?? [];
}

/** The grade `gradeId` and the grades of its tenant above it (what a tier-only activity prices), as a JSON array. */
export const gradesFrom = (gradeId: SQL | PgColumn) =>
  sql<number[] | null>`(select json_agg(up.id) from ${memberGrades} g join ${memberGrades} up
    on up.tenant_id = g.tenant_id and up.min_spend >= g.min_spend where g.id = ${gradeId})`;

/** The activities live at `at` and aimed at the device (directly or through a scene), with their products and groups. */
export async function liveActivities(db: Queryable, deviceId: number, at: Date): Promise<Activity[]> {
  return db
    .select({
      ...getTableColumns(activities),
      productPrices: sql<
        [number, number | null][]
      >`(select coalesce(json_agg(json_build_array(p.product_id, p.price)), '[]')
        from ${activityProducts} p where p.activity_id = ${activities.id})`,
      groupIds: sql<
        number[]
      >`(select coalesce(json_agg(g.group_id), '[]') from ${activityGroups} g where g.activity_id = ${activities.id})`,
      gradeIds: gradesFrom(activities.minGradeId),
    })
    .from(activities)
    .where(
      and(
        sql`${activities.stoppedAt} is null`,
        eq(activities.disabled, false),
        sql`${activities.startAt} <= ${at}`,
        sql`coalesce(${activities.extendedEndAt}, ${activities.endAt}) > ${at}`,
        // From the device to its activities (the device's index on each link table), never across every tenant's activities.
        sql`${activities.id} in (select x.activity_id from ${activityDevices} x where x.device_id = ${deviceId}
          union select x.activity_id from ${activityScenes} x join ${sceneDevices} sd on sd.scene_id = x.scene_id
            where sd.device_id = ${deviceId})`,
      ),
    )
    .orderBy(activities.id);
}

const limited = (a: Activity) =>
  a.budgetAmount !== null ||
  a.budgetUses !== null ||
  a.participationLimit !== null ||
  (a.purchaseLimit !== null && a.purchaseLimit.period !== 'unlimited');

const PERIOD_DAYS = { daily: 1, weekly: 7, monthly: 30, yearly: 365 } as const;
const PERIOD_UNIT = { daily: 'day', weekly: 'week', monthly: 'month', yearly: 'year' } as const;

export interface Who {
  memberId: number | null;
  staffId: number | null;
}

/** What is left of each limited activity for this customer at `at`. */
async function leftOf(db: Queryable, list: readonly Activity[], who: Who, at: Date) {
  const ids = list.filter(limited).map((a) => a.id);
  const left = new Map<number, { uses: number; given: number; mine: number; units: number }>();
  if (!ids.length) return left;
  const mine =
    who.memberId !== null
      ? sql`u.member_id = ${who.memberId}`
      : who.staffId !== null
        ? sql`u.staff_id = ${who.staffId}`
        : null;
  const since = sql`case
    when a.purchase_limit->>'refresh' = 'rolling' then ${at}::timestamptz - make_interval(days => case a.purchase_limit->>'period'
      ${sql.raw(
        Object.entries(PERIOD_DAYS)
          .map(([p, d]) => `when '${p}' then ${d}`)
          .join(' '),
      )} else 36500 end)
    else date_trunc(case a.purchase_limit->>'period'
      ${sql.raw(
        Object.entries(PERIOD_UNIT)
          .map(([p, u]) => `when '${p}' then '${u}'`)
          .join(' '),
      )} else 'year' end,
      ${at}::timestamptz at time zone ${BUSINESS_ZONE}) at time zone ${BUSINESS_ZONE} end`;
  const from = sql`from ${activityUses} u join ${orders} o on o.id = u.order_id where u.activity_id = a.id and ${stands}`;
  // The activity-wide totals only for an activity with a budget, the customer's own only for a known customer:
  // each a subquery on an index of the uses, so a sale never walks the uses of activities that do not limit it.
  const rows = await rowsOf<{ id: number; uses: number; given: number; mine: number; units: number }>(
    db,
    sql`
    select a.id, t.uses, t.given, m.mine, m.units
    from ${activities} a
    left join lateral (select count(*)::int as uses, coalesce(sum(u.discount), 0)::int as given ${from}) t
      on a.budget_amount is not null or a.budget_uses is not null
    left join lateral (select count(*)::int as mine,
        coalesce(sum(u.units) filter (where u.created_at >= ${since}), 0)::int as units ${from} and ${mine ?? sql`false`}) m
      on ${mine === null ? sql`false` : sql`true`}
    where a.id in ${sql.raw(`(${ids.join(',')})`)}`,
  );
  for (const r of rows)
    left.set(Number(r.id), { uses: r.uses ?? 0, given: r.given ?? 0, mine: r.mine ?? 0, units: r.units ?? 0 });
  return left;
}

/** The engine's view of the activities, with what is left of each for `who`. */
export async function rulesOf(db: Queryable, list: readonly Activity[], who: Who, at: Date): Promise<PricingRule[]> {
  if (!list.length) return [];
  const left = await leftOf(db, list, who, at);
  const known = who.memberId !== null || who.staffId !== null;
  return list.map((a) => {
    const l = left.get(a.id);
    const limit = a.purchaseLimit && a.purchaseLimit.period !== 'unlimited' ? (a.purchaseLimit.count ?? 0) : null;
    return {
      id: a.id,
      type: a.type as ActivityType,
      exclusive: a.exclusive,
      products: new Map(a.productPrices),
      rate: a.rate,
      minUnits: a.minUnits,
      threshold: a.threshold,
      reduction: a.reduction,
      crowd: a.crowd === 'everyone' ? { kind: 'everyone' } : { kind: a.crowd, groups: a.groupIds },
      grades: a.minGradeId === null ? null : (a.gradeIds ?? []),
      newUserOnly: a.newUserOnly,
      weekdays: a.weekdays,
      hours: a.hours ?? null,
      platforms: a.platforms,
      unitsLeft: limit === null ? null : Math.max(0, limit - (l?.units ?? 0)),
      usable:
        (a.budgetUses === null || (l?.uses ?? 0) < a.budgetUses) &&
        (a.participationLimit === null || (known && (l?.mine ?? 0) < a.participationLimit)),
      amountLeft: a.budgetAmount === null ? null : Math.max(0, a.budgetAmount - (l?.given ?? 0)),
    };
  });
}

/** Who the customer is to the engine: new (no standing paid order of the tenant before), and in which groups. */
export async function customerOf(
  db: Queryable,
  tenantId: number,
  who: Who,
  list?: readonly { newUserOnly: boolean; crowd: string; minGradeId: number | null }[],
): Promise<Customer> {
  if (who.memberId === null && who.staffId === null) return { known: false, newUser: false, groups: [] };
  // Whether the buyer is new, in which groups and of which grade matters only to an activity that asks.
  if (list && !list.some((a) => a.newUserOnly || a.crowd !== 'everyone' || a.minGradeId !== null))
    return { known: true, newUser: false, groups: [] };
  const buyer = who.memberId !== null ? sql`o.member_id = ${who.memberId}` : sql`o.customer_staff_id = ${who.staffId}`;
  // One statement: whether any paid order came before, and the groups in which the member is activated.
  const [row] = await rowsOf<{ before: boolean; groups: number[]; grade: number | null }>(
    db,
    sql`select exists (select 1 from ${orders} o where ${buyer} and o.tenant_id = ${tenantId} and o.payment_state = 'success') as before,
      ${
        who.memberId === null
          ? sql`'[]'::json`
          : sql`(select coalesce(json_agg(gm.group_id), '[]') from ${groupMembers} gm join ${groups} g on g.id = gm.group_id
              where gm.member_id = ${who.memberId} and gm.state = 'activated' and g.state = 'normal')`
      } as groups,
      ${who.memberId === null ? sql`null::int` : sql`(select grade_id from ${members} where id = ${who.memberId})`} as grade`,
  );
  return { known: true, newUser: !row!.before, groups: row!.groups, grade: row!.grade };
}

/** The products of each coupon activity (a free-product or fixed-price coupon buys one of them). */
export const productsOf = (list: readonly Activity[]) => {
  const byId = new Map(list.map((a) => [a.id, a.productPrices.map(([id]) => id)]));
  return (activityId: number) => byId.get(activityId) ?? [];
};

/**
 * Whether an activity could price a basket: one of its products is in it
 * (every activity, a coupon's too, touches its own products only); a coupon
 * activity only when a member buys (an anonymous buyer holds no coupon).
 */
export const couldPrice =
  (lines: readonly { productId: number }[], member: boolean) =>
  (a: Activity): boolean =>
    (a.type !== 'coupon' || member) && a.productPrices.some(([id]) => lines.some((l) => l.productId === id));

/** What a basket is priced for: the one input of the sale, the member's basket price and the console's preview. */
export interface PriceRequest {
  tenantId: number;
  deviceId: number;
  who: Who;
  /** The payment platform; null only for the console's preview of any platform. */
  platform: string | null;
  /** The coupon the buyer chose: one that prices nothing here is refused (3421), whoever asks. */
  couponId: number | null;
  lines: readonly BasketLine[];
  at: Date;
  /** The sale: the limited activities' rows and the coupons are locked until its commit. A look: nothing is. */
  hold: boolean;
  /** The member pays part with its points (lane `points`), where its tenant's points pay. */
  usePoints?: boolean | undefined;
  /** The preview: the activity the form edits is left out, its unsaved draft priced in its place. */
  except?: number | undefined;
  draft?: PricingRule | null | undefined;
}

/**
 * Prices a basket the one way every caller does (before, the member's
 * basket price dropped a chosen coupon the sale then refused, and priced an
 * Alipay-only offer for a WeChat sale): the live activities that could
 * price it, what is left of each for this customer, the customer, the
 * member's coupons, the engine, and the chosen coupon's refusal. Answers
 * the priced basket, the activities it was priced with, and the coupon it
 * takes.
 */
export async function priceRequest(db: Queryable, req: PriceRequest) {
  const list = (await liveActivities(db, req.deviceId, req.at)).filter(
    (a) => a.id !== req.except && couldPrice(req.lines, req.who.memberId !== null)(a),
  );
  if (req.hold) {
    // Only what could price this basket: the others need no limits counted and no row locked.
    const lockable = list.filter(limited).map((a) => a.id);
    if (lockable.length)
      await db
        .select({ id: activities.id })
        .from(activities)
        .where(inArray(activities.id, lockable))
        .orderBy(activities.id)
        .for('update');
  }
  const couponActivities = list.filter((a) => a.type === 'coupon').map((a) => a.id);
  // In a sale these run one after another on its transaction; a look could run them at once, but the order keeps
  // one code path (each is one statement).
  const rules = await rulesOf(db, list, req.who, req.at);
  if (req.draft) rules.push(req.draft);
  const customer = await customerOf(db, req.tenantId, req.who, req.draft ? undefined : list);
  // A member's coupons of the live coupon activities: held for a sale, looked at otherwise (coupons.ts).
  // A coupon is a member's: without one, a chosen coupon is no one's to use.
  if (req.who.memberId === null && req.couponId !== null) throw new BizError(CODE.couponUnusable);
  const held =
    req.who.memberId === null
      ? []
      : await holdCoupons(db, req.who.memberId, couponActivities, req.couponId, req.hold, productsOf(list));
  const priced = priceBasket({
    lines: req.lines,
    rules,
    coupons: held,
    customer,
    at: req.at,
    platform: req.platform,
    couponId: req.couponId ?? undefined,
    points:
      req.usePoints && req.who.memberId !== null ? await pointsPay(db, req.tenantId, req.who.memberId, req.at) : null,
  });
  const redeemed = priced.applied.find((a) => a.couponId !== null)?.couponId ?? null;
  // A coupon the buyer chose that prices nothing here (its threshold not met, its product not bought, a better
  // exclusive activity priced alone) is refused, not ignored: what the member is shown is what the machine charges.
  if (req.couponId !== null && redeemed !== req.couponId) throw new BizError(CODE.couponUnusable);
  return { priced, list, redeemed };
}

/**
 * What the member's points may pay at the tenant's machines: its live points, at the rate and share of the
 * tenant's wallet settings (its parent's where it has none); null where its points do not pay. In a sale the
 * member's row is locked already (`memberForSale`), so the balance read is the one the sale spends from.
 */
async function pointsPay(db: Queryable, tenantId: number, memberId: number, at: Date): Promise<PointsPay | null> {
  const settings = await settingsOf(db, tenantId);
  if (settings.pointsPerYuan === null) return null;
  return {
    balance: await balanceOf(db, memberId, at),
    perYuan: settings.pointsPerYuan,
    maxPercent: settings.pointsMaxPercent,
  };
}

/** Prices a machine's sale in its transaction (the order domain asks through the `salePricing` provision). */
export async function priceSale(tx: Tx, basket: SaleBasket): Promise<PricedSale> {
  const { priced, redeemed } = await priceRequest(tx, {
    tenantId: basket.tenantId,
    deviceId: basket.deviceId,
    who: { memberId: basket.memberId, staffId: basket.staffId },
    platform: basket.platform,
    couponId: basket.couponId,
    lines: basket.lines,
    at: new Date(),
    hold: true,
    usePoints: basket.usePoints,
  });
  return {
    lines: priced.lines,
    pointsUsed: priced.points.used,
    record: async (orderId) => {
      if (redeemed !== null) await redeem(tx, redeemed, orderId);
      if (!priced.applied.length) return;
      await tx.insert(activityUses).values(
        priced.applied.map((a) => ({
          activityId: a.activityId,
          tenantId: basket.tenantId,
          orderId,
          memberId: basket.memberId,
          staffId: basket.staffId,
          discount: a.discount,
          units: a.units,
          couponId: a.couponId,
        })),
      );
    },
  };
}
