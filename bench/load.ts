/**
 * `npm run load` — a benchmark, not a test: the console's back office and its
 * fleet at once, through the whole stack as deployed with several instances.
 * Two upstream processes on one PostgreSQL behind nginx (bench/load-stack.ts;
 * TRUST_PROXY set, as docs/operations.md says), 200 signed-in sessions —
 * each its own clerk at its own address — driven by autocannon for 60 s:
 * order pages with filters and their counts, device lists, the dashboard,
 * point pages and a few refunds, each session at a clerk's pace, while the
 * simulator's machines sell through the device-facing API. Prints throughput,
 * p50 / p99 and errors per kind of request. Then the stack's overhead:
 * `point.page` against a bare Fastify + pg route sending exactly its
 * statements (bench/load-bare.ts), both under the same autocannon load.
 * Budgets: no errors, p99 ≤ 200 ms per kind; point.page ≥ 70 % of the bare
 * route's throughput. Everything — PostgreSQL, nginx, both upstreams, the
 * machines and autocannon — shares this machine's cores.
 *   LOAD_SECONDS  how long the mixed load runs (default 60)
 *   LOAD_ORDERS   orders seeded over the last 90 days first (default 300 000)
 *   BENCH_DATABASE_URL  an empty PostgreSQL database to use (default: a throwaway cluster)
 *   LOAD_PROFILE  a directory: the first instance writes its CPU profile there (.cpuprofile, for Chrome's
 *                 DevTools) when the run ends
 */
import { writeFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer } from '../server/start.js';
import { sql } from 'drizzle-orm';
import { seedOrders } from '../server/order/index.js';
import { sweepAlerts } from '../server/dashboard/index.js';
import { spawnUpstream, type UpstreamProcess } from '../scripts/upstream-process.js';
import { statementsOf } from './bare.js';
import { Budgets, emptyPostgres, signIn } from './support.js';
import { busiestStatements, nginx, throwawayPostgres, type Stopping } from './load-stack.js';
import { loadFleet, refundableOrders } from './load-data.js';
import { mixedLoad } from './load-sessions.js';
import { overhead } from './load-overhead.js';

const SECONDS = Number(process.env.LOAD_SECONDS ?? 60);
const ORDERS = Number(process.env.LOAD_ORDERS ?? 300_000);

const budgets = new Budgets();
const stops: Stopping[] = [];
const upstreams: UpstreamProcess[] = [];
const work = mkdtempSync(join(tmpdir(), 'vend-load-'));
try {
  const pgUrl = process.env.BENCH_DATABASE_URL;
  if (pgUrl) await emptyPostgres(pgUrl);
  let database = pgUrl;
  if (!database) {
    const cluster = await throwawayPostgres();
    stops.push(cluster);
    database = cluster.url;
  }

  // The data, once, from an upstream in this process: the demo, a fleet of tenant A's, a quarter of orders.
  const seeder = await startServer({ port: 0, databaseUrl: database, demoData: true, background: false });
  let bareStatements = '';
  let serials: string[] = [];
  let refundable: number[] = [];
  try {
    serials = await loadFleet(seeder.db);
    const t0 = performance.now();
    const made = await seedOrders(seeder.db, { count: ORDERS, days: 90, now: Date.now() });
    console.log(
      `seed: ${made} orders in ${((performance.now() - t0) / 1000).toFixed(1)} s; ${serials.length} machines`,
    );
    // What autovacuum would do after a bulk load, before anyone lists the orders.
    await seeder.db.execute(sql`vacuum analyze`);
    refundable = await refundableOrders(seeder.db);
    // The alert sweep opens the new fleet's alerts once, here, as it would have over the fleet's first days: the
    // load then meets the minute's sweep as it runs every day (its two passes' cost printed).
    for (const pass of ['first', 'second']) {
      const t = performance.now();
      const swept = await sweepAlerts(seeder.db);
      console.log(`alert sweep (${pass}): ${(performance.now() - t).toFixed(0)} ms, ${JSON.stringify(swept)}`);
    }
    // point.page as the overhead's run asks it, its statements caught at the driver to be sent bare.
    const token = await signIn(seeder.url, 'tenant1');
    const statements = await statementsOf(seeder.db, () => pointPage(seeder.url, token));
    bareStatements = join(work, 'point-page.json');
    writeFileSync(bareStatements, JSON.stringify(statements));
    console.log(
      `point.page sends ${statements.length} statements:\n  ${statements.map((s) => s.text.replace(/\s+/g, ' ').slice(0, 160)).join('\n  ')}`,
    );
  } finally {
    await seeder.close();
  }

  // Two instances behind nginx, which adds each clerk's address to X-Forwarded-For.
  const profile = process.env.LOAD_PROFILE;
  for (let i = 0; i < 2; i++)
    upstreams.push(
      await spawnUpstream(database, {
        TRUST_PROXY: '127.0.0.1',
        LOG_LEVEL: 'warn',
        ...(profile && i === 0 && { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${profile}` }),
      }),
    );
  const proxy = await nginx(upstreams.map((u) => u.port));
  stops.push(proxy);

  if (SECONDS > 0) {
    await busiestStatements(database, true);
    await mixedLoad({ url: proxy.url, seconds: SECONDS, serials, refundable, budgets });
    console.log(
      `\nPostgreSQL's busiest statements during the mixed load:\n${(await busiestStatements(database)).join('\n')}\n`,
    );
  }
  await overhead({ upstream: upstreams[0]!.url, database, statementsFile: bareStatements, budgets });
  for (const u of upstreams) if (u.child.exitCode !== null) throw new Error(`load: an upstream died: ${u.stderr()}`);
} finally {
  // Stopped, not killed: the profile is written as the process exits.
  for (const u of upstreams) await u.stop();
  for (const s of stops.reverse()) await s.stop().catch(() => {});
  rmSync(work, { recursive: true, force: true });
}
budgets.finish('load');

/** point.page as the overhead's run asks it: tenant A's first page, no filter. */
async function pointPage(url: string, token: string): Promise<void> {
  const res = await fetch(`${url}/point/page?pageNum=1&pageSize=20`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: '{}',
  });
  if (!res.ok) throw new Error(`load: point.page answered ${res.status}`);
  await res.text();
}
