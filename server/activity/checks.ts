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
import { statementCheck, tenantIn, type BookCheck } from '../db/checks.js';
import { orderItems, orders } from '../order/index.js';
import { activities, activityUses, coupons } from './schema.js';
import { stands } from './uses.js';

export const activityChecks: BookCheck[] = [
  statementCheck(
    'activity.discounts',
    (tenantIds, limit) =>
      sql`with d as (select order_id, sum(list_price * count - amount) as discount from ${orderItems}
            where ${tenantIn(sql`tenant_id`, tenantIds)} group by order_id having sum(list_price * count - amount) <> 0),
          u as (select order_id, sum(discount) as discount from ${activityUses}
            where ${tenantIn(sql`tenant_id`, tenantIds)} group by order_id)
        -- Only the orders that gave a discount or record a use are looked up (by id: few of a tenant's orders).
        select o.tenant_id as "tenantId", 'order' as subject, o.id as "subjectId", o.number as label,
          coalesce(u.discount, 0)::int as expected, coalesce(d.discount, 0)::int as actual
        from d full join u on u.order_id = d.order_id
        join ${orders} o on o.id = coalesce(d.order_id, u.order_id)
        where not o.customer_staff and coalesce(d.discount, 0) <> coalesce(u.discount, 0)
        order by o.id limit ${limit}`,
  ),
  statementCheck(
    'activity.coupons',
    (tenantIds, limit) =>
      sql`select u.tenant_id as "tenantId", 'coupon' as subject, u.coupon_id as "subjectId", o.number as label,
          o.id as expected, coalesce(c.order_id, 0) as actual
        from ${activityUses} u join ${orders} o on o.id = u.order_id left join ${coupons} c on c.id = u.coupon_id
        where u.coupon_id is not null and ${tenantIn(sql`u.tenant_id`, tenantIds)} and ${stands}
          and c.order_id is distinct from u.order_id
        order by u.id limit ${limit}`,
  ),
  statementCheck(
    'activity.budgets',
    (tenantIds, limit) =>
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
  statementCheck(
    'activity.limits',
    (tenantIds, limit) =>
      sql`select a.tenant_id as "tenantId", 'activity' as subject, a.id as "subjectId", a.name as label,
          a.participation_limit as expected, count(*)::int as actual
        from ${activities} a join ${activityUses} u on u.activity_id = a.id join ${orders} o on o.id = u.order_id
        where a.participation_limit is not null and u.member_id is not null and ${tenantIn(sql`a.tenant_id`, tenantIds)} and ${stands}
        group by a.id, u.member_id having count(*) > a.participation_limit
        order by a.id limit ${limit}`,
  ),
];
