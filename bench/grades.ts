/**
 * The nightly regrade at an operator's scale (docs/domains/member.md
 * "Grades"): BENCH_GRADE_MEMBERS members of tenant A (default 100 000) and
 * BENCH_GRADE_ORDERS of its year's orders (default 300 000) spread over them,
 * loaded by SQL, graded by the demo's ladder. The regrade (`regrade`, one
 * statement: the spends, each member's grade, the rows that moved written)
 * against the bare aggregate it cannot do without — each member's spend over
 * the window — on the same connection, turn about: once when every member
 * moves (the first night), then when nobody does (every night after).
 *
 * Budget: a night when nobody moves ≤ 3× the bare aggregate, medians of five.
 * In-memory PGlite by default; with BENCH_DATABASE_URL=postgres://… on
 * PostgreSQL (the database there is emptied first).
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../server/db/sql.js';
import { regrade } from '../server/member/index.js';
import { seedOrders } from '../server/order/index.js';
import { Budgets, demoServer, median } from './support.js';

const MEMBERS = Number(process.env.BENCH_GRADE_MEMBERS ?? 100_000);
const ORDERS = Number(process.env.BENCH_GRADE_ORDERS ?? 300_000);
const pgUrl = process.env.BENCH_DATABASE_URL;
const RATIO = 3;
const ROUNDS = 5;

const server = await demoServer(pgUrl);
const db = server.db;
const budgets = new Budgets();

try {
  const t0 = performance.now();
  const [{ tenantId }] = (await rowsOf<{ tenantId: number }>(
    db,
    sql`select tenant_id as "tenantId" from users where username = 'tenant1'`,
  )) as [{ tenantId: number }];
  await db.execute(sql`insert into members (tenant_id, openid, nickname)
    select ${tenantId}, 'bench-grade-' || g, '等级会员' || g from generate_series(1, ${MEMBERS}) g`);
  await seedOrders(db, { count: ORDERS, days: 365, now: Date.now(), seed: 0.82 });
  // The seeded orders spread over the bench's members, one in a hundred bought by nobody known.
  await db.execute(sql`update orders o set member_id = m.id
    from (select id, row_number() over (order by id) as n from members where openid like 'bench-grade-%') m
    where o.sale_id like 'seed-%' and o.id % 100 <> 0 and m.n = o.id % ${MEMBERS} + 1`);
  for (const table of ['members', 'orders', 'member_grades']) await db.execute(sql.raw(`analyze ${table}`));
  console.log(`loaded ${MEMBERS} members and ${ORDERS} orders in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

  const since = new Date(Date.now() - 365 * 86_400_000);
  const bare = () =>
    db.execute(sql`select member_id, sum(received_amount - refund_amount) from orders
      where member_id in (select id from members where tenant_id = ${tenantId} and erased_at is null)
        and payment_state = 'success' and created_at >= ${since.toISOString()}::timestamptz group by member_id`);
  const night = () => db.transaction((tx) => regrade(tx, tenantId));

  let t = performance.now();
  const first = await night();
  console.log(`first night: ${first} members moved in ${(performance.now() - t).toFixed(0)} ms`);
  const times = { bare: [] as number[], night: [] as number[] };
  for (let i = 0; i < ROUNDS; i++) {
    t = performance.now();
    await bare();
    times.bare.push(performance.now() - t);
    t = performance.now();
    const moved = await night();
    times.night.push(performance.now() - t);
    if (moved !== 0) throw new Error(`a night after the first moved ${moved} members`);
  }
  const bareMs = median(times.bare);
  const nightMs = median(times.night);
  console.log(`regrade (nobody moves) ${nightMs.toFixed(0)} ms; bare aggregate ${bareMs.toFixed(0)} ms`);
  budgets.check('regrade over its bare aggregate', nightMs / bareMs, RATIO, '×');
} finally {
  await server.close();
}
budgets.finish('grades');
