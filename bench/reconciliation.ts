/**
 * A day's bill matched at a distributor's scale (docs/domains/reconciliation.md):
 * BENCH_ORDERS orders (default 1 000 000) over a year, loaded by `seedOrders`;
 * BENCH_LINES (default 100 000) of tenant A's paid WeChat orders moved into one
 * business day and written as that day's WeChat bill lines, a few of them
 * changed so that every kind of difference is found. The match (`matchDay`:
 * the lines in, four set statements, the totals) is timed against the bare
 * work it cannot do without, on the same rows and connection, turn about: the
 * same lines put in a table by the same `unnest`, joined to the orders by
 * number, and the day's orders anti-joined to the lines.
 *
 * Budget: the match ≤ 3× the bare join (the issue's), medians of three. In-memory
 * PGlite by default; with BENCH_DATABASE_URL=postgres://… on PostgreSQL (the
 * database there is emptied first).
 */
import { performance } from 'node:perf_hooks';
import { and, eq, sql } from 'drizzle-orm';
import { seedOrders } from '../server/order/index.js';
import { reconDays } from '../server/reconciliation/index.js';
import { arrayParam, dayBounds, matchDay } from '../server/reconciliation/match.js';
import type { BillLine } from '../server/reconciliation/formats.js';
import { addDays, businessDay } from '../shared/business-time.js';
import { Budgets, demoServer, median } from './support.js';

const ORDERS = Number(process.env.BENCH_ORDERS ?? 1_000_000);
const LINES = Number(process.env.BENCH_LINES ?? 100_000);
const pgUrl = process.env.BENCH_DATABASE_URL;
const RATIO = 3;
const ROUNDS = 3;

const server = await demoServer(pgUrl);
const db = server.db;
const budgets = new Budgets();
const rows = async <T>(q: ReturnType<typeof sql>) => ((await db.execute(q)) as unknown as { rows: T[] }).rows;

try {
  const [a] = await rows<{ id: number }>(sql`select tenant_id as id from users where username = 'tenant1'`);
  const owner = a!.id;
  const tenants = (
    await rows<{ id: number }>(sql`select id from tenants where id = ${owner} or parent_id = ${owner} order by id`)
  ).map((t) => t.id);
  const ids = sql`${`{${tenants.join(',')}}`}::int[]`;
  const t0 = performance.now();
  const made = await seedOrders(db, { count: ORDERS, days: 365, now: Date.now() });
  // A day of its own, far from the demo's: its bill is the bench's lines and nothing else.
  const day = addDays(businessDay(), -400);
  const { from } = dayBounds(day);
  const chosen = await rows<{ id: number; number: string; amount: number }>(sql`
    update orders set paid_at = ${from.toISOString()}::timestamptz + (id % 86000) * interval '1 second'
    where id in (select id from orders where tenant_id = any(${ids}) and platform = 'wechat'
      and payment_state = 'success' and received_amount > 0 order by id limit ${LINES})
    returning id, number, received_amount as amount`);
  await db.execute(sql`vacuum analyze`);
  if (pgUrl) await db.execute(sql`checkpoint`);
  console.log(
    `load: ${made} orders, ${chosen.length} of tenant A's WeChat payments moved into ${day}, in ${((performance.now() - t0) / 1000).toFixed(1)} s on ${pgUrl ? 'PostgreSQL' : 'PGlite'}`,
  );
  // The bill: every chosen payment but the last ten (only here), ten amounts off by a fen, ten sales only at the platform.
  const lines: BillLine[] = [
    ...chosen.slice(0, -10).map((o, i) => ({
      subject: 'payment' as const,
      number: o.number,
      platformNumber: `4200${String(o.id).padStart(24, '0')}`,
      amount: i < 10 ? o.amount + 1 : o.amount,
      fee: Math.round((o.amount * 6) / 1000),
    })),
    ...Array.from({ length: 10 }, (_, i) => ({
      subject: 'payment' as const,
      number: `OFFLINE${i}`,
      platformNumber: `4299${i}`,
      amount: 300,
      fee: 2,
    })),
  ];
  const scope = { ownerId: owner, tenantIds: tenants, platform: 'wechat' as const, day };

  /** The bare work: the same lines in by the same unnest, joined to the orders by number, the day's orders anti-joined. */
  const bareRun = async () => {
    await db.execute(sql`drop table if exists bench_lines`);
    await db.execute(sql`create table bench_lines (number text, amount int)`);
    for (let i = 0; i < lines.length; i += 5_000) {
      const batch = lines.slice(i, i + 5_000);
      await db.execute(sql`insert into bench_lines select n, a from unnest(
        ${arrayParam(
          batch.map((l) => l.number),
          'text',
        )}, ${arrayParam(
          batch.map((l) => l.amount),
          'int',
        )}) as t(n, a)`);
    }
    await db.execute(sql`create index on bench_lines (number)`);
    await db.execute(sql`select count(*) from bench_lines l left join orders o on o.number = l.number
      where o.id is null or o.received_amount <> l.amount`);
    await db.execute(sql`select count(*) from orders o where o.tenant_id = any(${ids}) and o.platform = 'wechat'
      and o.paid_at >= ${from.toISOString()}::timestamptz and o.paid_at < ${dayBounds(day).to.toISOString()}::timestamptz
      and not exists (select 1 from bench_lines l where l.number = o.number)`);
  };
  const matchRun = async () => {
    await db.delete(reconDays).where(and(eq(reconDays.tenantId, owner), eq(reconDays.day, day)));
    const [row] = await db
      .insert(reconDays)
      .values({ tenantId: owner, platform: 'wechat', day, state: 'waiting', source: 'bench' })
      .returning({ id: reconDays.id });
    await matchDay(db, { dayId: row!.id, ...scope }, lines);
    return row!.id;
  };
  const bares: number[] = [];
  const matches: number[] = [];
  let dayId = 0;
  for (let round = -1; round < ROUNDS; round++) {
    const b0 = performance.now();
    await bareRun();
    const b = performance.now() - b0;
    const m0 = performance.now();
    dayId = await matchRun();
    const m = performance.now() - m0;
    // The first round warms the caches and plans, unmeasured.
    if (round >= 0) {
      bares.push(b);
      matches.push(m);
    }
  }
  const [result] = await db.select().from(reconDays).where(eq(reconDays.id, dayId));
  console.log(
    `match: ${lines.length} lines in ${median(matches).toFixed(0)} ms against the bare join's ${median(bares).toFixed(0)} ms; ${result!.matched} matched, ${result!.differences} differences`,
  );
  budgets.check('reconciliation: a day matched against the bare join', median(matches) / median(bares), RATIO, '×');
  budgets.check('reconciliation: the differences made', Math.abs(result!.differences - 30), 0, '');
} finally {
  await server.close();
}
budgets.finish('reconciliation');
