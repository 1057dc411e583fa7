/**
 * Revenue shares at a distributor's scale: tenant A with 2 000 more points
 * (a machine at each), 40 hosts holding 50 points each, 100 points with a
 * rule of their own, and 50 second-level tenants with two machines and a
 * rule each; BENCH_ORDERS orders (default 1 000 000) over a year, loaded by
 * `seedOrders` with their rollups.
 *
 * - Closing last month (server/share/close.ts), from the day rollups: ≤ 10 s
 *   on PostgreSQL (budget of the issue; PGlite printed). Beside it, the same
 *   sums computed from the raw orders and refunds of the month, and their
 *   ratio; then the second close, which finds everything as it was and
 *   writes nothing.
 * - A statement's page (`share.statementInfo` over HTTP, the largest host's:
 *   50 lines) and its first page of days: p95 ≤ 50 ms.
 *
 * In-memory PGlite by default; with BENCH_DATABASE_URL=postgres://… on
 * PostgreSQL (the database there is emptied first).
 */
import { performance } from 'node:perf_hooks';
import { desc, eq, sql } from 'drizzle-orm';
import { seedOrders } from '../server/order/index.js';
import { closeMonth } from '../server/share/index.js';
import { shareStatements } from '../server/share/schema.js';
import { BUSINESS_TIME_ZONE, businessDay } from '../shared/business-time.js';
import { endedMonths } from '../shared/share/index.js';
import { Budgets, demoServer, percentiles, signIn } from './support.js';

const ORDERS = Number(process.env.BENCH_ORDERS ?? 1_000_000);
const pgUrl = process.env.BENCH_DATABASE_URL;
const POINTS = 2_000;
const HOSTS = 40;
const SUB_TENANTS = 50;
const BUDGET = { closeSeconds: pgUrl ? 10 : 30, pageP95: 50 };
const TEMPLATE = 'VM2026000101';

const server = await demoServer(pgUrl);
const db = server.db;
const budgets = new Budgets();
const one = async <T>(q: ReturnType<typeof sql>) => ((await db.execute(q)) as unknown as { rows: T[] }).rows[0]!;

/** A table's columns but those skipped, quoted, each prefixed with `alias.` when one is given. */
async function columnsOf(table: string, skip: string[], alias = ''): Promise<string> {
  const rows = (
    (await db.execute(sql`select column_name as c from information_schema.columns
      where table_schema = 'public' and table_name = ${table} and is_generated = 'NEVER' and identity_generation is null`)) as unknown as {
      rows: { c: string }[];
    }
  ).rows;
  return rows
    .map((r) => r.c)
    .filter((c) => !skip.includes(c))
    .map((c) => `${alias && `${alias}.`}"${c}"`)
    .join(', ');
}

try {
  const { id: tenantA } = await one<{ id: number }>(sql`select tenant_id as id from users where username = 'tenant1'`);
  const t0 = performance.now();
  // Second-level tenants, then the points (A's and one per second-level tenant), a machine at each (two at a
  // second-level tenant's), copies of the template with its channels.
  await db.execute(sql`insert into tenants (parent_id, name, contact)
    select ${tenantA}, '分成压测二级' || g, '138' || lpad(g::text, 8, '0') from generate_series(1, ${SUB_TENANTS}) g`);
  await db.execute(sql`insert into points (tenant_id, name, area, area_code, address)
    select ${tenantA}, '分成压测点位 ' || g, '上海市 上海市 黄浦区', '310101', '压测路 ' || g || ' 号' from generate_series(1, ${POINTS}) g`);
  await db.execute(sql`insert into points (tenant_id, name, area, area_code, address)
    select id, name || ' 站点', '江苏省 苏州市 姑苏区', '320508', '压测街 1 号' from tenants where name like '分成压测二级%'`);
  const skipped = ['id', 'serial', 'name', 'secret_hash', 'tenant_id', 'point_id'];
  const deviceColumns = await columnsOf('devices', skipped);
  const templateColumns = await columnsOf('devices', skipped, 'd');
  await db.execute(
    sql.raw(`insert into devices ("serial", "name", "tenant_id", "point_id", ${deviceColumns})
      select 'VMSH' || lpad(p.id::text, 6, '0') || k, '分成压测机 ' || p.id || '-' || k, p.tenant_id, p.id, ${templateColumns}
      from points p cross join generate_series(1, 2) k, devices d
      where d.serial = '${TEMPLATE}' and (p.name like '分成压测点位%' and k = 1 or p.name like '分成压测二级%')`),
  );
  const channelColumns = await columnsOf('device_channels', ['device_id']);
  const templateChannels = await columnsOf('device_channels', ['device_id'], 'c');
  await db.execute(
    sql.raw(`insert into device_channels ("device_id", ${channelColumns})
      select n.id, ${templateChannels} from devices n, device_channels c
      where n.serial like 'VMSH%' and c.device_id = (select id from devices where serial = '${TEMPLATE}')`),
  );
  // Hosts holding 50 points each for two years; tiers for every host, a minimum guarantee at 100 points, a
  // percentage for every second-level tenant, all from two years ago.
  await db.execute(
    sql`insert into share_hosts (tenant_id, name) select ${tenantA}, '压测场地方 ' || g from generate_series(1, ${HOSTS}) g`,
  );
  await db.execute(sql`
    insert into share_point_hosts (point_id, from_day, host_id, tenant_id)
    select p.id, (now() - interval '2 years')::date, h.id, ${tenantA}
    from (select id, row_number() over (order by id) - 1 as k from points where name like '分成压测点位%') p
    join (select id, row_number() over (order by id) - 1 as k from share_hosts where name like '压测场地方%') h
      on h.k = p.k % ${HOSTS}`);
  const from = sql`date_trunc('month', now() - interval '2 years')::date`;
  await db.execute(sql`insert into share_rules (tenant_id, subject, subject_id, from_month, kind, tiers)
    select ${tenantA}, 'host', id, ${from}, 'percent', '[{"upTo": 2000000, "rate": 500}, {"upTo": null, "rate": 700}]'::jsonb
    from share_hosts where name like '压测场地方%'`);
  await db.execute(sql`insert into share_rules (tenant_id, subject, subject_id, from_month, kind, tiers, rent)
    select ${tenantA}, 'point', id, ${from}, 'greater', '[{"upTo": null, "rate": 800}]'::jsonb, 30000
    from points where name like '分成压测点位%' order by id limit 100`);
  await db.execute(sql`insert into share_rules (tenant_id, subject, subject_id, from_month, kind, tiers)
    select ${tenantA}, 'tenant', id, ${from}, 'percent', '[{"upTo": null, "rate": 8500}]'::jsonb
    from tenants where name like '分成压测二级%'`);
  const made = await seedOrders(db, { count: ORDERS, days: 365, now: Date.now() });
  console.log(
    `world: ${POINTS} points, ${HOSTS} hosts, ${SUB_TENANTS} second-level tenants; ${made} orders seeded in ${((performance.now() - t0) / 1000).toFixed(0)} s on ${pgUrl ? 'PostgreSQL' : 'PGlite'}`,
  );
  await db.execute(sql`vacuum analyze`);
  if (pgUrl) await db.execute(sql`checkpoint`);

  const month = endedMonths(businessDay(), 1)[0]!;
  const c0 = performance.now();
  const first = await closeMonth(db, tenantA, month);
  const closeSeconds = (performance.now() - c0) / 1000;
  const c1 = performance.now();
  const second = await closeMonth(db, tenantA, month);
  const againSeconds = (performance.now() - c1) / 1000;
  const { days } = await one<{ days: number }>(sql`select count(*)::int as days from share_line_days`);
  // The same sums from the raw orders: a device's day of paid orders, and its refunds by the day they settled.
  const r0 = performance.now();
  const monthStart = `${month}-01`;
  await db.execute(sql`
    with m as (select ${monthStart}::timestamp as a, (${monthStart}::date + interval '1 month')::timestamp as b),
    s as (
      select o.device_id, date_trunc('day', o.created_at at time zone ${BUSINESS_TIME_ZONE}) as day, sum(o.received_amount) as sales
      from orders o, m where o.root_tenant_id = ${tenantA} and o.payment_state in ('success', 'completed')
        and o.created_at >= (m.a at time zone ${BUSINESS_TIME_ZONE}) and o.created_at < (m.b at time zone ${BUSINESS_TIME_ZONE})
      group by 1, 2),
    r as (
      select o.device_id, date_trunc('day', f.settled_at at time zone ${BUSINESS_TIME_ZONE}) as day, sum(f.amount) as refunds
      from refunds f join orders o on o.id = f.order_id, m where o.root_tenant_id = ${tenantA} and f.state = 'success'
        and f.settled_at >= (m.a at time zone ${BUSINESS_TIME_ZONE}) and f.settled_at < (m.b at time zone ${BUSINESS_TIME_ZONE})
      group by 1, 2)
    select count(*) from s full join r using (device_id, day)`);
  const rawSeconds = (performance.now() - r0) / 1000;
  console.log(
    `close ${month}: ${first.statements} statements, ${first.written} written, ${days} device-days kept; from the orders the same sums took ${rawSeconds.toFixed(2)} s (${(rawSeconds / closeSeconds).toFixed(2)}× the close)`,
  );
  budgets.check(
    `close of a month (${ORDERS} orders, ${POINTS} points)`,
    closeSeconds * 1000,
    BUDGET.closeSeconds * 1000,
    'ms',
  );
  console.log(`second close: ${second.written} written in ${againSeconds.toFixed(2)} s`);
  if (second.written !== 0) budgets.check('second close writes nothing', second.written, 0, 'statements');

  const [largest] = await db
    .select({ id: shareStatements.id })
    .from(shareStatements)
    .where(eq(shareStatements.party, 'host'))
    .orderBy(desc(shareStatements.sales))
    .limit(1);
  const token = await signIn(server.url, 'tenant1');
  const get = (path: string, body?: object) =>
    fetch(`${server.url}${path}`, {
      method: body ? 'POST' : 'GET',
      headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    }).then(async (r) => {
      if (r.status !== 200) throw new Error(`${path}: HTTP ${r.status}`);
      return r.json();
    });
  const page = await percentiles(() => get(`/share/statements/${largest!.id}`), 200, 20);
  budgets.check('statement page p95', page.p95, BUDGET.pageP95, 'ms');
  const dayPage = await percentiles(
    () => get(`/share/statements/${largest!.id}/days?pageNum=1&pageSize=50`, {}),
    200,
    20,
  );
  budgets.check('statement days, first page p95', dayPage.p95, BUDGET.pageP95, 'ms');
} finally {
  await server.close();
}
budgets.finish('shares');
