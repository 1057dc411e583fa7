/**
 * The shrink report at a fleet's scale (docs/domains/fresh-shrink.md#shrink):
 * BENCH_SHRINK_MOVES stock moves (default 1 000 000 on PostgreSQL, 200 000 on
 * in-memory PGlite — one a sale, like the orders) of tenant A's machines and
 * products in this business month, loaded by SQL, besides a month before of
 * the same size (the report reads the month's moves by their time index).
 *
 * Measured, turn about on the same connection, medians of ROUNDS: the
 * tenant's month as its first page (`fresh.shrink`: the grouped moves with
 * the machines', products' and tenant's names and the product's cost, most
 * value lost first, and the count of groups) against its bare statement (the
 * same month's moves grouped by machine, product and cause, nothing joined,
 * nothing counted); the report's totals printed beside.
 *
 * Budget: the page ≤ 3× its bare statement.
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { businessDay, businessInstant, nextMonth } from '../shared/business-time.js';
import { shrinkPage, shrinkTotal } from '../server/fresh/shrink.js';
import { scopeOf } from '../server/scope.js';
import { rowsOf } from '../server/db/sql.js';
import { Budgets, demoServer, median } from './support.js';

const pgUrl = process.env.BENCH_DATABASE_URL;
const MOVES = Number(process.env.BENCH_SHRINK_MOVES ?? (pgUrl ? 1_000_000 : 200_000));
const RATIO = 3;
const ROUNDS = 21;

const server = await demoServer(pgUrl);
const db = server.db;
const budgets = new Budgets();

try {
  const [tenant] = await rowsOf<{ id: number }>(
    db,
    sql`select tenant_id as id from devices where serial = 'VM2026000101'`,
  );
  const tenantId = tenant!.id;
  const month = businessDay().slice(0, 7);
  const start = businessInstant(`${month}-01 00:00`)!;
  const end = businessInstant(`${nextMonth(`${month}-01`)} 00:00`)!;
  const span = Math.max(60_000, Math.min(Date.now(), end.getTime()) - start.getTime());
  const t0 = performance.now();
  // The tenant's channels with goods, each move one of them: mostly sales, refills, now and then a count.
  const causes = sql`(array['sale','sale','sale','sale','sale','sale','refill','count','visit','empty'])[1 + (n % 10)]`;
  for (const [from, size] of [
    [new Date(start.getTime() - 31 * 86_400_000), span],
    [start, span],
  ] as const) {
    await db.execute(sql`insert into stock_moves (device_id, channel, product_id, tenant_id, delta, cause, at)
      with ch as (select row_number() over (order by device_id, number) - 1 as rn, device_id, number, product_id, tenant_id
          from device_channels where tenant_id = ${tenantId} and product_id is not null),
        k as (select count(*) as c from ch)
      select ch.device_id, ch.number, ch.product_id, ch.tenant_id,
        case when ${causes} = 'refill' then 6 when ${causes} = 'sale' then -1 else -(n % 2) end,
        ${causes}, ${from.toISOString()}::timestamptz + make_interval(secs => (n::float8 * ${size / 1000}) / ${MOVES})
      from generate_series(0, ${MOVES - 1}) n cross join k join ch on ch.rn = n % k.c`);
  }
  await db.execute(sql`analyze stock_moves`);
  const loadS = (performance.now() - t0) / 1000;
  console.log(`loaded ${(2 * MOVES).toLocaleString()} stock moves (two months) in ${loadS.toFixed(1)} s`);

  const children = await rowsOf<{ id: number }>(db, sql`select id from tenants where parent_id = ${tenantId}`);
  const scope = scopeOf({ kind: 'tenant', tenantId, parentTenantId: null, childTenantIds: children.map((c) => c.id) });
  const bare = () =>
    rowsOf(
      db,
      sql`select device_id, product_id, cause, sum(delta) from stock_moves
        where tenant_id = ${tenantId} and at >= ${start.toISOString()}::timestamptz and at < ${end.toISOString()}::timestamptz
        group by device_id, product_id, cause`,
    );
  const page = () => shrinkPage(db, scope, { pageNum: 1, pageSize: 20 }, { month });
  await bare();
  await page();
  const times = { bare: [] as number[], page: [] as number[] };
  for (let i = 0; i < ROUNDS; i++) {
    let t = performance.now();
    await bare();
    times.bare.push(performance.now() - t);
    t = performance.now();
    const shown = await page();
    times.page.push(performance.now() - t);
    if (!shown.total) throw new Error('the month showed no rows');
  }
  const t = performance.now();
  const total = await shrinkTotal(db, scope, { month });
  const totalMs = performance.now() - t;
  const bareMs = median(times.bare);
  const pageMs = median(times.page);
  console.log(
    `the month's first page ${pageMs.toFixed(1)} ms; its bare statement ${bareMs.toFixed(1)} ms; the totals ${totalMs.toFixed(1)} ms (${total.missing.toLocaleString()} missing)`,
  );
  budgets.check("the shrink report's month over its bare statement", pageMs / bareMs, RATIO, '×');
} finally {
  await server.close();
}
budgets.finish('shrink');
