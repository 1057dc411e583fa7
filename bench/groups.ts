/**
 * Behaviour groups at size: tenant A with BENCH_GROUP_MEMBERS members (default
 * 100 000) and a database of BENCH_ORDERS orders over a year (default
 * 1 000 000, loaded by `seedOrders`), four in five of tenant A's naming one
 * of its members. Each kind of rule — bought at a point, spent at least ¥50,
 * bought a product, each over 30 days; stopped buying for 30 days; two
 * conditions together — is computed into a group the way the job does it
 * (server/group/behaviour.ts `computeGroup`: the rule's one statement writing
 * the group), first into an empty group and then again over its members.
 * Budget on PostgreSQL (BENCH_DATABASE_URL): each ≤ 2 s. PGlite's figures
 * are printed beside, without a budget: it runs in this process, one
 * statement at a time.
 */
import { performance } from 'node:perf_hooks';
import { eq, sql } from 'drizzle-orm';
import type { BehaviourRule } from '../shared/group/index.js';
import { setPasswordCostForTests } from '../server/account/passwords.js';
import { computeGroup } from '../server/group/behaviour.js';
import { groupMembers, groups } from '../server/group/index.js';
import { members } from '../server/member/index.js';
import { orderItems, orders, seedOrders } from '../server/order/index.js';
import { tenants } from '../server/identity/schema.js';
import { startServer } from '../server/start.js';
import { Budgets, emptyPostgres } from './support.js';

const ORDERS = Number(process.env.BENCH_ORDERS ?? 1_000_000);
const MEMBERS = Number(process.env.BENCH_GROUP_MEMBERS ?? 100_000);
const pgUrl = process.env.BENCH_DATABASE_URL;
const BUDGET_MS = 2_000;

setPasswordCostForTests({ N: 2 ** 12, r: 8, p: 1 });
if (pgUrl) await emptyPostgres(pgUrl);
const budgets = new Budgets();
const server = await startServer({ port: 0, databaseUrl: pgUrl ?? 'memory://', demoData: true, background: false });
const db = server.db;
try {
  const [a] = await db.select({ id: tenants.id }).from(tenants).where(eq(tenants.name, '华东智售科技有限公司'));
  const tenantId = a!.id;
  const t0 = performance.now();
  await db.execute(sql`insert into ${members} (tenant_id, openid, nickname)
    select ${tenantId}, 'bench-' || g, '会员' || g from generate_series(1, ${MEMBERS}) g`);
  const made = await seedOrders(db, { count: ORDERS, days: 365, now: Date.now() });
  const [range] = (
    (await db.execute(sql`select min(id)::int as first, count(*)::int as n from ${members}
      where tenant_id = ${tenantId} and openid like 'bench-%'`)) as unknown as { rows: { first: number; n: number }[] }
  ).rows;
  // Four in five of tenant A's orders name one of its members, spread over all of them.
  await db.execute(sql`update ${orders} set member_id = ${range!.first} + ((id::bigint * 7919) % ${range!.n})::int
    where tenant_id = ${tenantId} and id % 5 <> 0`);
  await db.execute(sql`vacuum analyze`);
  if (pgUrl) await db.execute(sql`checkpoint`);
  const [counted] = (
    (await db.execute(
      sql`select count(*)::int as n from ${orders} where tenant_id = ${tenantId} and member_id is not null`,
    )) as unknown as { rows: { n: number }[] }
  ).rows;
  console.log(
    `load: ${MEMBERS} members, ${made} orders (${counted!.n} of tenant A's naming a member) in ${((performance.now() - t0) / 1000).toFixed(1)} s on ${pgUrl ? 'PostgreSQL' : 'PGlite'}`,
  );

  const [sample] = (
    (await db.execute(sql`select o.point_id as point, i.product_id as product from ${orders} o
      join ${orderItems} i on i.order_id = o.id
      where o.tenant_id = ${tenantId} and o.point_id is not null and i.product_id is not null limit 1`)) as unknown as {
      rows: { point: number; product: number }[];
    }
  ).rows;
  const rules: [string, BehaviourRule][] = [
    [
      'bought at a point, 30 days',
      { days: 30, conditions: [{ kind: 'boughtAt', deviceIds: [], pointIds: [sample!.point] }] },
    ],
    ['spent ≥ ¥50, 30 days', { days: 30, conditions: [{ kind: 'spent', minFen: 5_000 }] }],
    ['bought a product, 30 days', { days: 30, conditions: [{ kind: 'boughtProduct', productIds: [sample!.product] }] }],
    ['no purchase for 30 days', { days: 30, conditions: [{ kind: 'lapsed' }] }],
    [
      'bought at a point and spent ≥ ¥20, 90 days',
      {
        days: 90,
        conditions: [
          { kind: 'boughtAt', deviceIds: [], pointIds: [sample!.point] },
          { kind: 'spent', minFen: 2_000 },
        ],
      },
    ],
  ];
  for (const [label, behaviour] of rules) {
    const [group] = await db
      .insert(groups)
      .values({
        tenantId,
        name: `bench ${label}`,
        definition: label,
        identifier: 'cardNumber',
        importMethod: 'behaviour',
        behaviour,
      })
      .returning({ id: groups.id });
    const timed = async () => {
      const start = performance.now();
      const result = await computeGroup(db, group!.id);
      return { ms: performance.now() - start, result };
    };
    const first = await timed();
    const again = await timed();
    const [size] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(groupMembers)
      .where(eq(groupMembers.groupId, group!.id));
    const line = `${label}: ${size!.n} members; computed into an empty group ${first.ms.toFixed(0)} ms, again ${again.ms.toFixed(0)} ms`;
    if (pgUrl)
      budgets.check(
        `${label} (${size!.n} members), the slower computation`,
        Math.max(first.ms, again.ms),
        BUDGET_MS,
        'ms',
      );
    else console.log(`PGlite, ${line}`);
  }
} finally {
  await server.close();
}
budgets.finish('behaviour groups');
