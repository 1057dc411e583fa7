/**
 * The activities' invariants for the books (server/db/checks.ts), all read
 * from the uses whose order stands (uses.ts), the one rule every give-back
 * follows:
 * - an order's lines took off what its uses say (staff-priced orders aside:
 *   the staff price is not an activity);
 * - a coupon redeemed is the coupon of the one standing order whose use
 *   names it;
 * - no budget (orders or fen) and no once-per-customer limit is exceeded.
 */
import { sql } from 'drizzle-orm';
import { tenantIn, type BookCheck, type Difference } from '../db/checks.js';
import { rowsOf } from '../db/sql.js';
import { orderItems, orders } from '../order/index.js';
import { activities, activityUses, coupons } from './schema.js';
import { stands } from './uses.js';

export const activityChecks: BookCheck[] = [
  {
    key: 'activity.discounts',
    run: (db, tenantIds, limit) =>
      rowsOf<Difference>(
        db,
        sql`select o.tenant_id as "tenantId", 'order' as subject, o.id as "subjectId", o.number as label,
          coalesce(u.discount, 0)::int as expected, d.discount::int as actual
        from (select order_id, sum(list_price * count - amount) as discount from ${orderItems}
          where ${tenantIn(sql`tenant_id`, tenantIds)} group by order_id) d
        join ${orders} o on o.id = d.order_id
        left join (select order_id, sum(discount) as discount from ${activityUses} group by order_id) u on u.order_id = o.id
        where not o.customer_staff and d.discount <> coalesce(u.discount, 0)
        order by o.id limit ${limit}`,
      ),
  },
  {
    key: 'activity.coupons',
    run: (db, tenantIds, limit) =>
      rowsOf<Difference>(
        db,
        sql`select u.tenant_id as "tenantId", 'coupon' as subject, u.coupon_id as "subjectId", o.number as label,
          o.id as expected, coalesce(c.order_id, 0) as actual
        from ${activityUses} u join ${orders} o on o.id = u.order_id left join ${coupons} c on c.id = u.coupon_id
        where u.coupon_id is not null and ${tenantIn(sql`u.tenant_id`, tenantIds)} and ${stands}
          and c.order_id is distinct from u.order_id
        order by u.id limit ${limit}`,
      ),
  },
  {
    key: 'activity.budgets',
    run: (db, tenantIds, limit) =>
      rowsOf<Difference>(
        db,
        sql`select a.tenant_id as "tenantId", 'activity' as subject, a.id as "subjectId", a.name as label,
          coalesce(a.budget_uses, a.budget_amount)::int as expected,
          (case when a.budget_uses is not null and s.uses > a.budget_uses then s.uses else s.discount end)::int as actual
        from ${activities} a
        join lateral (select count(*) as uses, coalesce(sum(u.discount), 0) as discount
          from ${activityUses} u join ${orders} o on o.id = u.order_id where u.activity_id = a.id and ${stands}) s on true
        where ${tenantIn(sql`a.tenant_id`, tenantIds)}
          and (s.uses > a.budget_uses or s.discount > a.budget_amount)
        order by a.id limit ${limit}`,
      ),
  },
  {
    key: 'activity.limits',
    run: (db, tenantIds, limit) =>
      rowsOf<Difference>(
        db,
        sql`select a.tenant_id as "tenantId", 'activity' as subject, a.id as "subjectId", a.name as label,
          a.participation_limit as expected, count(*)::int as actual
        from ${activities} a join ${activityUses} u on u.activity_id = a.id join ${orders} o on o.id = u.order_id
        where a.participation_limit is not null and u.member_id is not null and ${tenantIn(sql`a.tenant_id`, tenantIds)} and ${stands}
        group by a.id, u.member_id having count(*) > a.participation_limit
        order by a.id limit ${limit}`,
      ),
  },
];
