/**
 * The operation log's list at size: BENCH_OPLOG records (default 1 000 000)
 * over the last twelve months, three in five in tenant A's chain, the rest in
 * tenant B's and the platform's. As tenant1 (its chain and its second-level
 * tenants'): the first page unfiltered, by a user, by a domain's operations,
 * by one target (an order's history panel), and over the last week, each
 * with its count (up to 10 000). Each request's median is budgeted at most 2×
 * that of its own statements — the page and the count, caught from the
 * list's handler run in this process — run bare on the same database in the
 * same run (bench/bare.ts), their milliseconds printed beside. On
 * PostgreSQL with BENCH_DATABASE_URL; PGlite otherwise. Measured on this
 * 2-core machine on PostgreSQL: 10–34 ms a page, 1.25–1.80× its statements.
 */
import { eq, sql } from 'drizzle-orm';
import { tenants } from '../server/identity/schema.js';
import { ensureOplogMonths, opRecords } from '../server/oplog/index.js';
import { oplogPage } from '../server/oplog/list.js';
import { scopeOf } from '../server/scope.js';
import { bare, statementsOf } from './bare.js';
import { Budgets, demoServer, percentiles, signIn } from './support.js';

const RECORDS = Number(process.env.BENCH_OPLOG ?? 1_000_000);
const pgUrl = process.env.BENCH_DATABASE_URL;
const RATIO = 2;
const RUNS = 60;
const WARM_UP = 10;
const CHUNK = 100_000;
const DAY = 86_400_000;

const budgets = new Budgets();
const server = await demoServer(pgUrl);
const db = server.db;
try {
  const chainOf = async (name: string) =>
    (await db.select({ id: tenants.id }).from(tenants).where(eq(tenants.name, name)))[0]!.id;
  const a = await chainOf('华东智售科技有限公司');
  const b = await chainOf('华南智慧零售有限公司');
  const scope = scopeOf({
    kind: 'tenant',
    tenantId: a,
    parentTenantId: null,
    childTenantIds: [await chainOf('苏州地铁零售有限公司')],
  });
  const now = Date.now();
  await ensureOplogMonths(db, new Date(now - 366 * DAY), new Date(now));
  const started = performance.now();
  // Spread over the year, oldest first; ops and users from a few, targets over 50 000 orders.
  for (let from = 1; from <= RECORDS; from += CHUNK) {
    const to = Math.min(RECORDS, from + CHUNK - 1);
    await db.execute(sql`insert into ${opRecords}
      (at, chain, kind, op, user_id, username, role, tenant_id, install, address, targets, input, result, prev_hash, hash)
      select to_timestamp((${now - 365 * DAY} + g::bigint * ${Math.floor((365 * DAY) / RECORDS)}) / 1000.0),
        case when g % 5 < 3 then ${a} when g % 5 = 3 then ${b} else 0 end,
        'operation',
        (array['order.export', 'refund.create', 'point.update', 'price.create', 'activity.setState', 'payment.save'])[1 + g % 6],
        null,
        (array['tenant1', 'ops01', 'ops02', 'finance01'])[1 + (g / 7) % 4],
        'tenant', null, 'bench', '127.0.0.1',
        jsonb_build_array(jsonb_build_object('entity', 'order', 'id', g % 50000)),
        '{}'::jsonb,
        case when g % 50 = 0 then 920 else 0 end,
        'bench', md5(g::text)
      from generate_series(${from}::int, ${to}::int) g`);
  }
  await db.execute(sql`vacuum analyze`);
  if (pgUrl) await db.execute(sql`checkpoint`);
  console.log(
    `load: ${RECORDS} records in ${((performance.now() - started) / 1000).toFixed(1)} s on ${pgUrl ? 'PostgreSQL' : 'PGlite'}`,
  );

  const token = await signIn(server.url, 'tenant1');
  const request = async (body: object) => {
    const res = await fetch(`${server.url}/oplog/page?pageNum=1&pageSize=20`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const answer = (await res.json()) as {
      code: number;
      content: { list: unknown[]; total: number; capped: boolean };
    };
    if (answer.code !== 200) throw new Error(`oplog.page: code ${answer.code}`);
    return answer.content;
  };
  const scenarios: [string, Record<string, unknown>][] = [
    ['unfiltered', {}],
    ['by a user', { username: 'ops02' }],
    ["by a domain's operations", { op: 'refund.' }],
    ["by one target (an order's history)", { entity: 'order', targetId: 4242 }],
    ['the last week', { from: new Date(now - 7 * DAY).toISOString() }],
  ];
  // One pass unmeasured: the process's code and the database's pages are cold right after the load.
  for (const [, body] of scenarios) await request(body);
  for (const [label, body] of scenarios) {
    let content = { list: [] as unknown[], total: 0, capped: false };
    const timed = await percentiles(
      async () => {
        content = await request(body);
      },
      RUNS,
      WARM_UP,
    );
    // The handler's own statements: run in this process outside the request's transaction, so the driver sees them.
    const statements = await statementsOf(db, () => oplogPage(db, scope, { pageNum: 1, pageSize: 20 }, body));
    const raw = await bare(db, statements, RUNS, WARM_UP);
    console.log(
      `oplog.page ${label}: ${content.list.length} rows of ${content.total}${content.capped ? '+' : ''}, p50 ${timed.p50.toFixed(1)} ms`,
    );
    // The median: what opening the page takes; a 2-core machine's p95 of a 10 ms request is its neighbours' noise.
    console.log(`  p95 ${timed.p95.toFixed(1)} ms, its statements bare p95 ${raw.p95.toFixed(1)} ms`);
    budgets.check(
      `  p50 ${timed.p50.toFixed(1)} ms ÷ its ${statements.length} statements bare p50 ${raw.p50.toFixed(1)} ms`,
      timed.p50 / raw.p50,
      RATIO,
      '×',
    );
  }
} finally {
  await server.close();
}
budgets.finish('oplog');
