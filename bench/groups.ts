/**
 * Behaviour groups at size: tenant A with BENCH_GROUP_MEMBERS members (default
 * 100 000) and a database of BENCH_ORDERS orders over a year (default
 * 1 000 000, loaded by `seedOrders`), four in five of tenant A's naming one
 * of its members. Each kind of rule — bought at a point, spent at least ¥50,
 * bought a product, each over 30 days; stopped buying for 30 days; two
 * conditions together — is computed into a group the way the job does it
 * (server/group/behaviour.ts `computeGroup`: the rule's one statement writing
 * the group), first into an empty group and then again over its members.
 * Budget on PostgreSQL (BENCH_DATABASE_URL): the slower of the two ≤ 2× the
 * bare work in the same run — the rule's finding query writing its members
 * into an empty scratch table shaped like the group's (same columns, indexes,
 * unique key and foreign keys; the better of two) — the milliseconds printed beside. It
 * was 2 s flat, which a slower machine missed at 2.8 s with its bare work
 * slower in the same proportion. PGlite's figures
 * are printed, without a budget: it runs in this process, one statement at a
 * time.
 */
import { performance } from 'node:perf_hooks';
import { eq, sql } from 'drizzle-orm';
import type { BehaviourRule } from '../shared/group/index.js';
import { buyers, computeGroup } from '../server/group/behaviour.js';
import { groupMembers, groups } from '../server/group/index.js';
import { members } from '../server/member/index.js';
import { orderItems, orders, seedOrders } from '../server/order/index.js';
import { tenants } from '../server/identity/schema.js';
import { Budgets, demoServer } from './support.js';

const ORDERS = Number(process.env.BENCH_ORDERS ?? 1_000_000);
const MEMBERS = Number(process.env.BENCH_GROUP_MEMBERS ?? 100_000);
const pgUrl = process.env.BENCH_DATABASE_URL;
/** The computation into a group against its finding query writing its members bare. */
const BUDGET_RATIO = 2;

const budgets = new Budgets();
const server = await demoServer(pgUrl);
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
  // The bare work's table: the group's columns, indexes, unique key and the foreign keys a written row is checked
  // against (each row's check is a good part of writing 50 000 of them).
  await db.execute(sql`create table bench_group_members (like ${groupMembers} including all)`);
  await db.execute(sql`alter table bench_group_members add foreign key (group_id) references ${groups} (id),
    add foreign key (tenant_id) references ${tenants} (id), add foreign key (member_id) references ${members} (id)`);
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
    // The bare work: the finding query writing its members into the empty scratch table, the better of two (the first
    // may read from disk what the group's runs then find cached).
    const bareRun = async () => {
      await db.execute(sql`truncate bench_group_members`);
      const start = performance.now();
      await db.execute(sql`insert into bench_group_members (group_id, tenant_id, identifier, state, member_id, claimed_at)
        select ${group!.id}, ${tenantId}, found.card, 'activated', found.id, now() from (${buyers(tenantId, behaviour)}) found`);
      return performance.now() - start;
    };
    const bareMs = Math.min(await bareRun(), await bareRun());
    const first = await timed();
    const again = await timed();
    const [size] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(groupMembers)
      .where(eq(groupMembers.groupId, group!.id));
    const line = `${label}: ${size!.n} members; computed into an empty group ${first.ms.toFixed(0)} ms, again ${again.ms.toFixed(0)} ms; the same members found and written bare ${bareMs.toFixed(0)} ms`;
    console.log(pgUrl ? line : `PGlite, ${line}`);
    if (pgUrl)
      budgets.check(
        `${label} (${size!.n} members), the slower computation ÷ the bare work`,
        Math.max(first.ms, again.ms) / bareMs,
        BUDGET_RATIO,
        '×',
      );
  }
} finally {
  await server.close();
}
budgets.finish('behaviour groups');
