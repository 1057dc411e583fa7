/**
 * Linked orders in bulk (the demo's, and `npm run seed`'s share of them):
 * a customer's order at a scene (server/scene) served by several of its
 * devices — one stocked channel of each — paid once, with the scene's
 * progress: most ended, a few force-interrupted with the last device's item
 * not delivered, the latest hour's still in progress. Set statements, like
 * seed.ts.
 */
import { sql } from 'drizzle-orm';
import type { Queryable } from '../db/index.js';
import { affectedRows, drawnAt, notInFuture, orderNumber, resumeOrderIds } from './seed-sql.js';
import { rollOrders } from './rollup.js';
import { BUSINESS_ZONE, rowsOf } from '../db/sql.js';
import { sceneDevices, scenes } from '../scene/schema.js';
import { products } from '../product/schema.js';
import { deviceChannels, devices } from '../device/schema.js';
import { ensureSeedMonths } from './seed.js';

export async function seedLinkedOrders(
  db: Queryable,
  { count, days, now }: { count: number; days: number; now: number },
): Promise<number> {
  const until = new Date(now).toISOString();
  await ensureSeedMonths(db, { days, now });
  await db.execute(sql`drop table if exists seed_linked, seed_linked_items`);
  await db.execute(sql`
    create temp table seed_linked as
    with sc as (
      select s.id, s.name, s.tenant_id, coalesce(t.parent_id, t.id) as root,
        array(select sd.device_id from ${sceneDevices} sd join ${devices} d on d.id = sd.device_id
          where sd.scene_id = s.id and d.activated and exists (select 1 from ${deviceChannels} c where c.device_id = d.id and c.product_id is not null)
          order by sd.device_id) as devs
      from ${scenes} s join tenants t on t.id = s.tenant_id
    ), usable as (select *, (row_number() over (order by id) - 1)::int as k from sc where cardinality(devs) >= 2),
    counted as (select count(*)::int as c from usable),
    picked as (
      select (select coalesce(max(id), 0) from orders) + g as id, floor(random() * counted.c)::int as k, random() as fate, random() as r2,
        ${drawnAt(until, days, 3)} as drawn
      from generate_series(1, ${count}) g, counted where counted.c > 0
    )
    select p.id, ${notInFuture(until)}, p.fate, p.r2,
      u.id as scene_id, u.name as scene_name, u.tenant_id, u.root, u.devs
    from picked p join usable u on u.k = p.k`);
  // One stocked channel of each scene device, a different one order by order.
  await db.execute(sql`
    create temp table seed_linked_items as
    select o.id as order_id, o.tenant_id, j, cardinality(o.devs) as devices, d.id as device_id, d.name as device_name, ch.number as channel,
      ch.product_id, pr.name, ch.price as unit_price, pr.price as list_price
    from seed_linked o
    cross join lateral generate_subscripts(o.devs, 1) j
    join ${devices} d on d.id = o.devs[j]
    cross join lateral (
      select c.number, c.product_id, c.price from ${deviceChannels} c
      where c.device_id = d.id and c.product_id is not null order by md5(o.id::text || '-' || c.number) limit 1
    ) ch
    join ${products} pr on pr.id = ch.product_id`);
  const inserted = await db.execute(sql`
    with totals as (
      select order_id, sum(unit_price)::int as amount, sum(list_price)::int as original, string_agg(name, '、' order by j) as title
      from seed_linked_items group by order_id
    ), shaped as (
      select o.*, t.amount, t.original, t.title,
        case when o.created_at > ${until}::timestamptz - interval '1 hour' then 'inProgress' when o.fate < 0.06 then 'interrupted' else 'ended' end as scene
      from seed_linked o join totals t on t.order_id = o.id
    )
    insert into orders (id, number, third_party_number, tenant_id, root_tenant_id, kind, device_id, device_name, point_id, sale_id, title,
      amount, original_amount, received_amount, platform, payment_type, payment_state, delivery_state, delivery_end, customer_staff, paid_at, created_at,
      linkage_number, scene_id, scene_name, scene_state)
    select s.id,
      ${orderNumber(sql`s.created_at`)},
      '4200' || lpad(s.id::text, 24, '0'), s.tenant_id, s.root, 'scene', s.devs[1], s.scene_name, d.point_id, 'seed-' || s.id, left(s.title, 60),
      s.amount, s.original, s.amount, case when s.r2 < 0.6 then 'wechat' else 'alipay' end::pay_platform, 'program', 'success',
      case s.scene when 'ended' then 'allDelivered' when 'interrupted' then 'partial' else 'delivering' end::delivery_state,
      case s.scene when 'ended' then 'complete' when 'interrupted' then 'error' else 'notEnded' end::delivery_end,
      false, s.created_at + interval '3 seconds', s.created_at,
      'LD' || to_char(s.created_at at time zone ${BUSINESS_ZONE}, 'YYYYMMDD') || lpad(s.id::text, 8, '0'), s.scene_id, s.scene_name, s.scene::scene_order_state
    from shaped s join ${devices} d on d.id = s.devs[1] order by s.created_at`);
  await db.execute(sql`
    insert into order_items (order_id, tenant_id, channel, device_id, device_name, product_id, name, unit_price, count, list_price, amount, state)
    select i.order_id, i.tenant_id, i.channel, i.device_id, i.device_name, i.product_id, i.name, i.unit_price, 1, i.unit_price, i.unit_price,
      case when o.scene_state = 'interrupted' and i.j = i.devices then 'deliveryFailed'
        when o.scene_state = 'inProgress' and i.j > 1 then 'normal' else 'deliverySuccess' end::order_item_state
    from seed_linked_items i join orders o on o.id = i.order_id`);
  const [ids] = await rowsOf<{ first: number | null; last: number | null }>(
    db,
    sql`select min(id)::int as first, max(id)::int as last from seed_linked`,
  );
  const { first, last } = ids!;
  if (first !== null && last !== null) await rollOrders(db, first, last);
  await db.execute(sql`drop table seed_linked, seed_linked_items`);
  await resumeOrderIds(db);
  return affectedRows(inserted);
}
