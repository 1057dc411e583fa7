/**
 * The books at a distributor's scale (docs/domains/books.md): BENCH_ORDERS orders
 * (default 1 000 000) over a year, loaded by `seedOrders` with their
 * refunds and rollups; tenant A's books (its own and its second-level
 * tenants') checked by every domain's checks, against the bare aggregate
 * statements the checks cannot do without — each table they compare summed
 * once, grouped as they group it — run on the same connection, turn about.
 *
 * Budget: the checks ≤ 3× the bare aggregates (the issue's), medians of
 * three. In-memory PGlite by default; with BENCH_DATABASE_URL=postgres://…
 * on PostgreSQL (the database there is emptied first).
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { reconcile } from '../server/books/index.js';
import { seedOrders } from '../server/order/index.js';
import { BUSINESS_TIME_ZONE } from '../shared/business-time.js';
import { Budgets, demoServer, median } from './support.js';

const ORDERS = Number(process.env.BENCH_ORDERS ?? 1_000_000);
const pgUrl = process.env.BENCH_DATABASE_URL;
const RATIO = 3;
const ROUNDS = 3;

const server = await demoServer(pgUrl);
const db = server.db;
const budgets = new Budgets();
const rows = async <T>(q: ReturnType<typeof sql>) => ((await db.execute(q)) as unknown as { rows: T[] }).rows;

try {
  const [a] = await rows<{ id: number }>(sql`select tenant_id as id from users where username = 'tenant1'`);
  const tenants = (
    await rows<{ id: number }>(sql`select id from tenants where id = ${a!.id} or parent_id = ${a!.id} order by id`)
  ).map((t) => t.id);
  const t0 = performance.now();
  const made = await seedOrders(db, { count: ORDERS, days: 365, now: Date.now() });
  await db.execute(sql`vacuum analyze`);
  if (pgUrl) await db.execute(sql`checkpoint`);
  const [mine] = await rows<{ n: number; refunds: number }>(
    sql`select count(*)::int as n, (select count(*)::int from refunds r join orders o on o.id = r.order_id
      where o.tenant_id = any(${`{${tenants.join(',')}}`}::int[])) as refunds
    from orders where tenant_id = any(${`{${tenants.join(',')}}`}::int[])`,
  );
  console.log(
    `load: ${made} orders, ${mine!.n} of them tenant A's (${mine!.refunds} refunds) in ${((performance.now() - t0) / 1000).toFixed(1)} s on ${pgUrl ? 'PostgreSQL' : 'PGlite'}`,
  );

  const ids = sql`${`{${tenants.join(',')}}`}::int[]`;
  const Z = sql.raw(`'${BUSINESS_TIME_ZONE}'`);
  /** Each table the checks compare, summed once as they group it: what no check of them could skip. */
  const bare = [
    sql`select tenant_id, date_trunc('day', created_at at time zone ${Z}), sum(received_amount), sum(refund_amount), count(*)
      from orders where tenant_id = any(${ids}) group by 1, 2`,
    sql`select order_id, sum(list_price * count - amount), sum(refund_amount) from order_items where tenant_id = any(${ids}) group by 1`,
    sql`select r.order_id, sum(r.amount) from refunds r where r.tenant_id = any(${ids}) group by 1`,
    sql`select l.order_item_id, sum(l.amount) from refund_lines l group by 1`,
    sql`select tenant_id, bucket, sum(sales), sum(refunds) from sales_rollups
      where grain = 'day' and product_id = 0 and device_id > 0 and tenant_id = any(${ids}) group by 1, 2`,
    sql`select order_id, sum(discount) from activity_uses where tenant_id = any(${ids}) group by 1`,
    sql`select member_id, sum(points) from point_entries where tenant_id = any(${ids}) group by 1`,
    sql`select line_id, sum(sales) from share_line_days group by 1`,
    sql`select device_id, channel, sum(delta) from stock_moves group by 1, 2`,
  ];
  const checks: number[] = [];
  const bares: number[] = [];
  let perCheck: { key: string; ms: number; differences: unknown[] }[] = [];
  for (let round = -1; round < ROUNDS; round++) {
    const b0 = performance.now();
    for (const q of bare) await db.execute(q);
    const b = performance.now() - b0;
    const c0 = performance.now();
    perCheck = await reconcile(db, tenants);
    const c = performance.now() - c0;
    // The first round warms the caches and plans, unmeasured.
    if (round >= 0) {
      bares.push(b);
      checks.push(c);
    }
  }
  console.log(
    `checks: ${perCheck.map((c) => `${c.key} ${c.ms} ms`).join(', ')}; differences ${perCheck.reduce((s, c) => s + c.differences.length, 0)}`,
  );
  console.log(
    `books: checks ${median(checks).toFixed(0)} ms against the bare aggregates' ${median(bares).toFixed(0)} ms`,
  );
  budgets.check('books: every check against the bare aggregates', median(checks) / median(bares), RATIO, '×');
  budgets.check(
    'books: differences on seeded orders',
    perCheck.reduce((s, c) => s + c.differences.length, 0),
    0,
    '',
  );
} finally {
  await server.close();
}
budgets.finish('books');
