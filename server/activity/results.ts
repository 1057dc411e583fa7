/**
 * An activity's results (`activity.results`, beyond the spec): its orders,
 * revenue, discount, coupons and members from its uses whose orders still
 * stand (uses.ts), by business day; and the uplift — every sale at its
 * devices during its period so far against the period of the same length
 * before it. Read from the uses and the orders' device index, not from the
 * sales rollups: an activity's uses are few beside a tenant's orders, and
 * the rollups are not kept per activity (docs/departures.md).
 */
import { sql } from 'drizzle-orm';
import type { ActivityResults } from '../../shared/activity/index.js';
import type { Queryable } from '../db/index.js';
import { BUSINESS_ZONE, rowsOf } from '../db/sql.js';
import type { Scope } from '../scope.js';
import { orders } from '../order/schema.js';
import { sceneDevices } from '../scene/schema.js';
import { activityOf } from './activities.js';
import { activityDevices, activityScenes, activityUses, coupons } from './schema.js';
import { stands } from './uses.js';

const n = (v: unknown) => Number(v ?? 0);

export async function activityResults(db: Queryable, scope: Scope, id: number): Promise<ActivityResults> {
  const a = await activityOf(db, scope, id);
  const from = new Date(a.startAt);
  const ends = [Date.now(), Date.parse(a.extendedEndAt ?? a.endAt), ...(a.stoppedAt ? [Date.parse(a.stoppedAt)] : [])];
  const to = new Date(Math.max(from.getTime(), Math.min(...ends)));
  const [totals] = await rowsOf<Record<string, unknown>>(
    db,
    sql`select count(*) as orders, coalesce(sum(o.received_amount - o.refund_amount), 0) as revenue,
        coalesce(sum(u.discount), 0) as discount, count(distinct u.member_id) as members,
        count(u.coupon_id) as redeemed
      from ${activityUses} u join ${orders} o on o.id = u.order_id
      where u.activity_id = ${id} and ${stands}`,
  );
  const days = await rowsOf<{ day: string; orders: unknown; revenue: unknown; discount: unknown }>(
    db,
    sql`select to_char(u.created_at at time zone ${BUSINESS_ZONE}, 'YYYY-MM-DD') as day, count(*) as orders,
        coalesce(sum(o.received_amount - o.refund_amount), 0) as revenue, coalesce(sum(u.discount), 0) as discount
      from ${activityUses} u join ${orders} o on o.id = u.order_id
      where u.activity_id = ${id} and ${stands}
      group by 1 order by 1`,
  );
  const [issued] = await rowsOf<{ n: unknown; sent: unknown }>(
    db,
    sql`select count(*) as n, count(send_id) as sent from ${coupons} where activity_id = ${id}`,
  );
  // Its devices: named, or in its scenes.
  const devices = sql`(select device_id from ${activityDevices} where activity_id = ${id}
    union select sd.device_id from ${activityScenes} x join ${sceneDevices} sd on sd.scene_id = x.scene_id where x.activity_id = ${id})`;
  const length = to.getTime() - from.getTime();
  const sales = (since: Date, until: Date) =>
    rowsOf<{ revenue: unknown }>(
      db,
      sql`select coalesce(sum(received_amount - refund_amount), 0) as revenue from ${orders}
        where device_id in ${devices} and created_at >= ${since} and created_at < ${until}
          and kind = 'sale' and payment_state = 'success'`,
    );
  const [now] = await sales(from, to);
  const [before] = await sales(new Date(from.getTime() - length), from);
  const current = n(now!.revenue);
  const previous = n(before!.revenue);
  return {
    from: from.toISOString(),
    to: to.toISOString(),
    orders: n(totals!.orders),
    revenue: n(totals!.revenue),
    discount: n(totals!.discount),
    couponsIssued: n(issued!.n),
    couponsSent: n(issued!.sent),
    couponsRedeemed: n(totals!.redeemed),
    members: n(totals!.members),
    devicesRevenue: current,
    previousRevenue: previous,
    uplift: previous > 0 ? Math.round(((current - previous) / previous) * 1000) / 10 : null,
    days: days.map((d) => ({ day: d.day, orders: n(d.orders), revenue: n(d.revenue), discount: n(d.discount) })),
  };
}
