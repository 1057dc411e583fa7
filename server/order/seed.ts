/**
 * Orders in bulk (`npm run seed -- --orders N`, and the demo's history): set
 * statements over generate_series, never a row at a time, so a million
 * orders load in about a minute and a half on PGlite. Each order is sold by an
 * activated machine of some tenant (a payment box takes an amount, a selling
 * machine vends one to three of its stocked channels at their prices, the
 * staff price for staff), in business hours (07:00–22:00 China time) spread
 * over the days asked for, with the mix a network of machines sees: most paid
 * and delivered, some unpaid or timed out, a few delivery failures, partial
 * and full refunds whose amounts agree with their items, each with its
 * settled refund. The sales rollups take each batch as it is written.
 */
import { sql } from 'drizzle-orm';
import type { Queryable } from '../db/index.js';
import { affectedRows, drawnAt, notInFuture, orderNumber, resumeOrderIds } from './seed-sql.js';
import { rollOrders } from './rollup.js';
import { rowsOf } from '../db/sql.js';
import { refundRows } from './ports.js';
import { products } from '../product/schema.js';
import { deviceChannels, devices } from '../device/schema.js';
import { ensureOrderMonths } from './months.js';
import { customerStaff, customers } from '../customer/schema.js';

export interface SeedOptions {
  /** Orders to create. */
  count: number;
  /** Spread over the days up to `now` (China-time days, today included). */
  days: number;
  /** The newest an order may be (ms since the epoch). */
  now: number;
  /** Orders per set of statements: bounds the temporary rows held at once. */
  batch?: number;
  /** Makes the dice repeat (PostgreSQL's setseed, -1…1): the demo's history is the same on every load. */
  seed?: number;
}

/**
 * The months a seed's orders fall in, made before they are written: into
 * `orders_default` they would have to move again. (Seeded orders name no
 * machine's sale id — theirs is `seed-<id>` — so `order_sales` does not hold
 * them: no machine retries them.)
 */
export async function ensureSeedMonths(db: Queryable, { days, now }: { days: number; now: number }) {
  await ensureOrderMonths(db, new Date(now - (days + 1) * 86_400_000), new Date(now));
}

/** Creates `count` orders with their items; answers how many were made (none when no tenant has a stocked activated machine). */
export async function seedOrders(db: Queryable, options: SeedOptions): Promise<number> {
  const batch = options.batch ?? 100_000;
  await ensureSeedMonths(db, options);
  if (options.seed !== undefined) await db.execute(sql`select setseed(${options.seed})`);
  let made = 0;
  while (made < options.count) {
    const n = Math.min(batch, options.count - made);
    const done = await seedBatch(db, n, options);
    if (done === 0) break;
    made += done;
  }
  return made;
}

async function seedBatch(db: Queryable, n: number, { days, now }: SeedOptions): Promise<number> {
  const until = new Date(now).toISOString();
  await db.execute(sql`drop table if exists seed_orders, seed_items`);
  // The machines that sell: their owner, root tenant, point and stocked channels.
  // One row per order: its machine, day and hour, and the dice deciding its fate.
  await db.execute(sql`
    create temp table seed_orders as
    with dev as (
      select d.id, d.tenant_id, coalesce(t.parent_id, t.id) as root, d.name, d.point_id, d.type,
        array(select c.number from ${deviceChannels} c where c.device_id = d.id and c.product_id is not null order by c.number) as chans,
        -- The staff of the tenant's enterprise customers, who buy here with their cards.
        array(select s.id from ${customerStaff} s join ${customers} cu on cu.id = s.customer_id where s.tenant_id = d.tenant_id and cu.state = 'normal' order by s.id) as customer_staff_ids,
        (row_number() over (order by d.id) - 1)::int as k
      from ${devices} d join tenants t on t.id = d.tenant_id
      where d.activated and d.tenant_id is not null and (d.type = 'paymentBox'
        or exists (select 1 from ${deviceChannels} c where c.device_id = d.id and c.product_id is not null))
    ), counted as (select count(*)::int as c from dev),
    picked as (
      select (select coalesce(max(id), 0) from orders) + g as id, floor(random() * counted.c)::int as k,
        random() as fate, random() as r2, random() as r3,
        ${drawnAt(until, days, 15)} as drawn
      from generate_series(1, ${n}) g, counted where counted.c > 0
    )
    select p.id, ${notInFuture(until)}, p.fate, p.r2, p.r3, dev.id as device_id, dev.tenant_id, dev.root, dev.name as device_name, dev.point_id, dev.type, dev.chans,
      (dev.type = 'selling' and cardinality(dev.customer_staff_ids) > 0 and p.r3 < 0.05) as customer_staff,
      -- Below 0.05, r3 × 20 is as good a die as any to pick which staff member bought.
      case when dev.type = 'selling' and p.r3 < 0.05 then dev.customer_staff_ids[1 + floor(p.r3 * 20 * cardinality(dev.customer_staff_ids))::int] end as customer_staff_id,
      case when p.fate < 0.015 then 'unpaid' when p.fate < 0.025 then 'timeout' else 'success' end::payment_state as payment_state
    from picked p join dev on dev.k = p.k`);
  // One to three different stocked channels of each selling machine's order.
  await db.execute(sql`
    create temp table seed_items as
    select o.id as order_id, o.tenant_id, c.number as channel, c.product_id, pr.name,
      case when o.customer_staff then c.customer_staff_price else c.price end as unit_price, pr.price as list_price,
      1 + (j = 1 and o.r3 > 0.8)::int as count, j
    from seed_orders o
    cross join lateral generate_series(1, least(cardinality(o.chans), 1 + floor(o.r2 * 2.6)::int)) j
    join ${deviceChannels} c on c.device_id = o.device_id
      and c.number = o.chans[1 + (floor(o.r2 * 997)::int + (j - 1) * 7) % cardinality(o.chans)]
    join ${products} pr on pr.id = c.product_id
    where o.type = 'selling'`);
  const inserted = await db.execute(sql`
    with totals as (
      select order_id, sum(unit_price * count)::int as amount, sum(list_price * count)::int as original,
        string_agg(case when count > 1 then name || '×' || count else name end, '、' order by j) as title
      from seed_items group by order_id
    ), shaped as (
      select o.*, coalesce(t.amount, 100 * (5 + floor(o.r2 * 120)::int)) as amount, coalesce(t.original, t.amount, 100 * (5 + floor(o.r2 * 120)::int)) as original,
        coalesce(t.title, o.device_name) as title,
        -- Paid orders: 1.5 % partly and 1 % fully refunded; 1 % with a delivery failure.
        case when o.payment_state <> 'success' then 'none' when o.fate > 0.99 then 'full' when o.fate > 0.975 then 'partial' else 'none' end as refund,
        cs.name as customer_staff_name, cs.phone as customer_staff_phone, cs.card_id as customer_staff_card, cu.name as customer_name
      from seed_orders o left join totals t on t.order_id = o.id
        left join ${customerStaff} cs on cs.id = o.customer_staff_id left join ${customers} cu on cu.id = cs.customer_id
    )
    insert into orders (id, number, third_party_number, tenant_id, root_tenant_id, kind, device_id, device_name, point_id, sale_id, title,
      amount, original_amount, received_amount, refund_amount, refund_reason, platform, payment_type, payment_state, delivery_state, delivery_end,
      refund_state, customer_staff, customer_staff_id, customer_staff_name, customer_staff_phone, customer_staff_card, customer_name, paid_at, created_at)
    select id,
      ${orderNumber(sql`created_at`)},
      case when payment_state = 'success' then (case when r3 < 0.55 then '4200' else '2026' end) || lpad(id::text, 24, '0') end,
      tenant_id, root, case when type = 'paymentBox' then 'payment' else 'sale' end::order_kind, device_id, device_name, point_id, 'seed-' || id, left(title, 60),
      amount, original, case when payment_state = 'success' then amount else 0 end,
      case refund when 'full' then amount when 'partial' then 0 else 0 end,
      case when refund <> 'none' then '商品未出货，用户申请退款' end,
      case when r3 < 0.55 then 'wechat' when r3 < 0.95 then 'alipay' else 'digitalRmb' end::pay_platform,
      case when r2 < 0.5 then 'scan' when r2 < 0.8 then 'program' when r2 < 0.95 then 'face' else 'app' end::pay_type,
      payment_state,
      case when payment_state <> 'success' or type = 'paymentBox' then 'notStarted' when fate between 0.9 and 0.91 then 'allFailed'
        when fate between 0.91 and 0.92 then 'partial' else 'allDelivered' end::delivery_state,
      case when payment_state = 'unpaid' then 'notEnded' when payment_state = 'timeout' then 'timeout'
        when fate between 0.9 and 0.92 then 'error' else 'complete' end::delivery_end,
      case refund when 'full' then 'full' when 'partial' then 'partial' else 'none' end::refund_state,
      customer_staff, customer_staff_id, customer_staff_name, customer_staff_phone, customer_staff_card, customer_name,
      case when payment_state = 'success' then created_at + interval '3 seconds' end, created_at
    from shaped order by created_at`);
  await db.execute(sql`
    insert into order_items (order_id, tenant_id, channel, product_id, name, unit_price, count, list_price, amount, state, refund_amount, outcome, failure, outcome_at)
    select i.order_id, i.tenant_id, i.channel, i.product_id, i.name, i.unit_price, i.count, i.unit_price, i.unit_price * i.count,
      case when o.payment_state <> 'success' then 'normal'
        when o.refund_state = 'full' or (o.refund_state = 'partial' and i.j = 1 and i.lines > 1) then 'refundSuccess'
        when o.delivery_state = 'allFailed' or (o.delivery_state = 'partial' and i.j = 1) then 'deliveryFailed'
        else 'deliverySuccess' end::order_item_state,
      case when o.refund_state = 'full' or (o.refund_state = 'partial' and i.j = 1 and i.lines > 1) then i.unit_price * i.count else 0 end,
      -- What the machine reported a few seconds after the payment (server/delivery): the failed ones mostly jams.
      case when o.payment_state <> 'success' then null
        when o.delivery_state = 'allFailed' or (o.delivery_state = 'partial' and i.j = 1) then 'failed' else 'delivered' end::item_outcome,
      case when o.payment_state = 'success' and (o.delivery_state = 'allFailed' or (o.delivery_state = 'partial' and i.j = 1))
        then (array['jam', 'jam', 'motor', 'empty', 'door', 'timeout'])[1 + o.id % 6] end::delivery_failure,
      case when o.payment_state = 'success' then o.created_at + interval '15 seconds' end
    from (select *, count(*) over (partition by order_id) as lines from seed_items) i join orders o on o.id = i.order_id`);
  // A partial refund gives back its first item, or half the amount of an order of one line (a payment box's too).
  await db.execute(sql`
    update orders o set refund_amount = coalesce(nullif((select sum(refund_amount) from order_items i where i.order_id = o.id), 0), o.received_amount / 2)
    where o.id in (select id from seed_orders) and o.refund_state = 'partial'`);
  // The batch's ids are one run (max(id) + 1…): ranges let the indexes find its rows among the million before it.
  const [ids] = await rowsOf<{ first: number; last: number }>(
    db,
    sql`select coalesce(min(id), 0)::int as first, coalesce(max(id), -1)::int as last from seed_orders`,
  );
  const { first, last } = ids!;
  // Each refund as the provider settled it, 20 minutes after the sale (on its day: the shop is shut after 22:00),
  // with the products it gave money back for; asked by the tenant.
  await refundRows.use().seed(db, first, last, until);
  await rollOrders(db, first, last);
  await db.execute(sql`drop table seed_orders, seed_items`);
  await resumeOrderIds(db);
  return affectedRows(inserted);
}
