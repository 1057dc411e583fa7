/**
 * The rules the engine (shared/activity/engine.ts) prices a sale with: the
 * live activities aimed at the device or a scene it is in, each with what is
 * left of its limits and budget for this customer, counted from the uses
 * that still stand (uses.ts) — inside the sale's transaction, after a lock
 * on every limited activity, so two sales never both spend the last of a
 * budget (the lock is released with the sale's transaction).
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { priceBasket, type Customer, type PricingRule, type ActivityType } from '../../shared/activity/index.js';
import type { Queryable, Tx } from '../db/index.js';
import { rowsOf } from '../db/sql.js';
import type { PricedSale, SaleBasket } from '../db/provided.js';
import { orders } from '../order/schema.js';
import { groupMembers, groups } from '../group/index.js';
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

type Activity = typeof activities.$inferSelect;

/** The activities live at `at` and aimed at the device (directly or through a scene). */
export async function liveActivities(db: Queryable, deviceId: number, at: Date): Promise<Activity[]> {
  return db
    .select()
    .from(activities)
    .where(
      and(
        sql`${activities.stoppedAt} is null`,
        eq(activities.disabled, false),
        sql`${activities.startAt} <= ${at}`,
        sql`coalesce(${activities.extendedEndAt}, ${activities.endAt}) > ${at}`,
        sql`(exists (select 1 from ${activityDevices} x where x.activity_id = ${activities.id} and x.device_id = ${deviceId})
          or exists (select 1 from ${activityScenes} x join ${sceneDevices} sd on sd.scene_id = x.scene_id
            where x.activity_id = ${activities.id} and sd.device_id = ${deviceId}))`,
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
        : sql`false`;
  const rows = await rowsOf<{ id: number; uses: number; given: number; mine: number; units: number }>(
    db,
    sql`
    select a.id,
      count(u.id) filter (where ${stands})::int as uses,
      coalesce(sum(u.discount) filter (where ${stands}), 0)::int as given,
      count(u.id) filter (where ${stands} and ${mine})::int as mine,
      coalesce(sum(u.units) filter (where ${stands} and ${mine} and u.created_at >= case
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
          ${at}::timestamptz at time zone 'Asia/Shanghai') at time zone 'Asia/Shanghai' end), 0)::int as units
    from ${activities} a
    left join ${activityUses} u on u.activity_id = a.id
    left join ${orders} o on o.id = u.order_id
    where a.id in ${sql.raw(`(${ids.join(',')})`)}
    group by a.id`,
  );
  for (const r of rows) left.set(Number(r.id), r);
  return left;
}

/** The engine's view of the activities, with what is left of each for `who`. */
export async function rulesOf(db: Queryable, list: readonly Activity[], who: Who, at: Date): Promise<PricingRule[]> {
  if (!list.length) return [];
  const ids = list.map((a) => a.id);
  // One after the other: inside a sale's transaction the statements share its one connection.
  const productRows = await db.select().from(activityProducts).where(inArray(activityProducts.activityId, ids));
  const groupRows = await db.select().from(activityGroups).where(inArray(activityGroups.activityId, ids));
  const left = await leftOf(db, list, who, at);
  const known = who.memberId !== null || who.staffId !== null;
  return list.map((a) => {
    const l = left.get(a.id);
    const limit = a.purchaseLimit && a.purchaseLimit.period !== 'unlimited' ? (a.purchaseLimit.count ?? 0) : null;
    return {
      id: a.id,
      type: a.type as ActivityType,
      exclusive: a.exclusive,
      products: new Map(productRows.filter((p) => p.activityId === a.id).map((p) => [p.productId, p.price])),
      rate: a.rate,
      minUnits: a.minUnits,
      threshold: a.threshold,
      reduction: a.reduction,
      crowd:
        a.crowd === 'everyone'
          ? { kind: 'everyone' }
          : { kind: a.crowd, groups: groupRows.filter((g) => g.activityId === a.id).map((g) => g.groupId) },
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
export async function customerOf(db: Queryable, tenantId: number, who: Who): Promise<Customer> {
  if (who.memberId === null && who.staffId === null) return { known: false, newUser: false, groups: [] };
  const buyer = who.memberId !== null ? eq(orders.memberId, who.memberId) : eq(orders.customerStaffId, who.staffId!);
  const [before] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(orders)
    .where(and(buyer, eq(orders.tenantId, tenantId), eq(orders.paymentState, 'success')));
  const inGroups =
    who.memberId === null
      ? []
      : await db
          .select({ id: groupMembers.groupId })
          .from(groupMembers)
          .innerJoin(groups, eq(groups.id, groupMembers.groupId))
          .where(
            and(
              eq(groupMembers.memberId, who.memberId),
              eq(groupMembers.state, 'activated'),
              eq(groups.state, 'normal'),
            ),
          );
  return { known: true, newUser: before!.n === 0, groups: inGroups.map((g) => g.id) };
}

/** Prices a machine's sale in its transaction (the order domain asks through the `salePricing` provision). */
export async function priceSale(tx: Tx, basket: SaleBasket): Promise<PricedSale> {
  const at = new Date();
  const who = { memberId: basket.memberId, staffId: basket.staffId };
  const list = await liveActivities(tx, basket.deviceId, at);
  const lockable = list.filter(limited).map((a) => a.id);
  if (lockable.length)
    await tx
      .select({ id: activities.id })
      .from(activities)
      .where(inArray(activities.id, lockable))
      .orderBy(activities.id)
      .for('update');
  const rules = await rulesOf(tx, list, who, at);
  const customer = await customerOf(tx, basket.tenantId, who);
  // A member's coupons of the live coupon activities, held for this sale (coupons.ts).
  const couponActivities = list.filter((a) => a.type === 'coupon').map((a) => a.id);
  const held =
    basket.memberId === null ? [] : await holdCoupons(tx, basket.memberId, couponActivities, basket.couponId);
  const priced = priceBasket({
    lines: basket.lines,
    rules,
    coupons: held,
    customer,
    at,
    platform: basket.platform,
    couponId: basket.couponId ?? undefined,
  });
  const redeemed = priced.applied.find((a) => a.couponId !== null)?.couponId ?? null;
  // A coupon the buyer chose that prices nothing here (its threshold not met, its product not bought) is refused, not ignored.
  if (basket.couponId !== null && redeemed !== basket.couponId) throw new BizError(CODE.couponUnusable);
  return {
    lines: priced.lines,
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
