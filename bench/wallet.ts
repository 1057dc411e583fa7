/**
 * The wallets' monthly liability report at an operator's scale
 * (docs/domains/wallet.md): BENCH_WALLETS members of tenant A (default
 * 100 000), each with a top-up the month before and a spend, half of them a
 * refund of part of it, in the month reported — loaded by SQL, the wallets'
 * rows their moves' sums. The report (`liability`) against the bare
 * aggregate it cannot do without — the moves up to the month's end summed
 * by tenant — on the same connection, turn about.
 *
 * Budget: the report ≤ 3× the bare aggregate (the issue's), medians of five.
 * In-memory PGlite by default; with BENCH_DATABASE_URL=postgres://… on
 * PostgreSQL (the database there is emptied first).
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { platformScope } from '../server/scope.js';
import { liability } from '../server/wallet/liability.js';
import { businessDay, businessInstant, monthStart, nextMonth } from '../shared/business-time.js';
import { Budgets, demoServer, median } from './support.js';

const WALLETS = Number(process.env.BENCH_WALLETS ?? 100_000);
const pgUrl = process.env.BENCH_DATABASE_URL;
const RATIO = 3;
const ROUNDS = 5;

const server = await demoServer(pgUrl);
const db = server.db;
const budgets = new Budgets();

try {
  const month = monthStart(businessDay()).slice(0, 7);
  const start = businessInstant(`${month}-01 00:00`)!;
  const end = businessInstant(`${nextMonth(`${month}-01`)} 00:00`)!;
  const t0 = performance.now();
  await db.execute(sql`insert into members (tenant_id, openid, nickname)
    select (select tenant_id from users where username = 'tenant1'), 'bench-wallet-' || g, '储值会员' || g
    from generate_series(1, ${WALLETS}) g`);
  // Per member: ¥100 + ¥10 topped up last month; ¥30 spent (bonus first) this month; every other one ¥6 of it back.
  await db.execute(sql`insert into wallet_moves (tenant_id, member_id, kind, principal, bonus, key, order_id, created_at)
    select m.tenant_id, m.id, x.kind::wallet_move_kind, x.principal, x.bonus, x.kind || ':bench:' || m.id, m.id,
      case x.kind when 'topUp' then ${start.toISOString()}::timestamptz - interval '3 days'
        else ${start.toISOString()}::timestamptz + interval '2 days' end
    from members m
    cross join (values ('topUp', 10000, 1000), ('spend', -2000, -1000), ('refund', 400, 200)) x(kind, principal, bonus)
    where m.openid like 'bench-wallet-%' and (x.kind <> 'refund' or m.id % 2 = 0)`);
  await db.execute(sql`insert into wallets (member_id, tenant_id, principal, bonus)
    select member_id, min(tenant_id), sum(principal), sum(bonus) from wallet_moves
    where key like '%:bench:%' group by member_id`);
  for (const table of ['members', 'wallet_moves', 'wallets']) await db.execute(sql.raw(`analyze ${table}`));
  console.log(`loaded ${WALLETS} wallets and their moves in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

  const bare = () =>
    db.execute(sql`select tenant_id, sum(principal), sum(bonus) from wallet_moves
      where created_at < ${end.toISOString()}::timestamptz group by tenant_id`);
  const report = () => liability(db, platformScope, { month });
  const times = { bare: [] as number[], report: [] as number[] };
  for (let i = 0; i < ROUNDS; i++) {
    let t = performance.now();
    await bare();
    times.bare.push(performance.now() - t);
    t = performance.now();
    const rows = await report();
    times.report.push(performance.now() - t);
    if (i === 0) {
      const a = rows.find((r) => r.closing.principal >= WALLETS * 8_000)!;
      console.log(`the month ${month}: closing principal ${a.closing.principal}, bonus ${a.closing.bonus}`);
    }
  }
  const bareMs = median(times.bare);
  const reportMs = median(times.report);
  console.log(`liability report ${reportMs.toFixed(0)} ms; bare aggregate ${bareMs.toFixed(0)} ms`);
  budgets.check('liability report over its bare aggregate', reportMs / bareMs, RATIO, '×');
} finally {
  await server.close();
}
budgets.finish('wallet');
